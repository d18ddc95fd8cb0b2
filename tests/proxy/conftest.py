"""Fixtures: loopback fake upstreams of both kinds and a proxy in front of one of them, all on
one background event loop, so the real (sync) `ollama` and `openai` clients can call them."""

from __future__ import annotations

import pytest

from festinger.core.loops import LoopSettings
from festinger.proxy.app import ProxyState
from festinger.proxy.config import ConfigFile, ProxyConfig
from festinger.proxy.server import ProxyServer
from tests.fakes.fake_inference import FakeInference, LoopThread
from tests.fakes.fixtures import fake_llm, graph_env  # noqa: F401


@pytest.fixture(scope="module")
def lt():
    thread = LoopThread()
    yield thread
    thread.close()


@pytest.fixture
def fake_ollama(lt):
    fake = lt.call(FakeInference("ollama").start())
    yield fake
    lt.call(fake.stop())


@pytest.fixture
def fake_openai(lt):
    fake = lt.call(FakeInference("openai").start())
    yield fake
    lt.call(fake.stop())


@pytest.fixture
def start_proxy(lt):
    """start_proxy(upstream_url, graph=None, config_file=None, **settings) -> ProxyServer"""
    servers = []

    def start(upstream: str, graph=None, config_file: ConfigFile = None,
              loops: LoopSettings = None, event_log=None, **settings) -> ProxyServer:
        if config_file is not None:
            cfg = config_file.load()
        else:
            cfg = ProxyConfig(upstream=upstream, listen="127.0.0.1:0", **settings)
        state = ProxyState(cfg, graph=graph, base_loops=loops or LoopSettings(),
                           event_log=event_log)
        server = ProxyServer(state, config_file)
        lt.call(server.start())
        servers.append(server)
        return server

    yield start
    for s in servers:
        lt.call(s.stop())
