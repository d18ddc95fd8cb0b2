"""Real Agent Zero (v1.7 and v0.9.8.2) with its chat model pointed at `festinger proxy` (provider `ollama`,
i.e. LiteLLM's Ollama client) in front of a loopback fake Ollama: a chat turn is answered,
and the upstream receives the `<recollection>` block from the real graph (PostgreSQL) in the
system section of what Agent Zero sent. Agent Zero itself is stock: no pack installed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from fake_models import final_response

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from tests.fakes.fake_inference import FakeInference, LoopThread  # noqa: E402
from tests.fakes.fixtures import graph_env  # noqa: E402,F401

pytestmark = pytest.mark.postgres
ANSWER = "gnommoweb is the Glitch University repo."


def test_agent_zero_through_the_proxy_gets_recollections(a0_copy, fake_llm,
                                                         graph_env):  # noqa: F811
    from festinger.core.loops import LoopSettings
    from festinger.proxy.app import ProxyState
    from festinger.proxy.config import ProxyConfig
    from festinger.proxy.server import ProxyServer

    env = graph_env(saliency_read_threshold=0.2)
    env.fact("gnommoweb -ispart glitch_university")
    for i in range(6):  # make the concept salient, as earlier conversations would have
        if "gnommoweb:" in env.prompt(f"we deployed gnommoweb again ({i})"):
            break
    lt = LoopThread()
    upstream = lt.call(FakeInference("ollama", reply=final_response(ANSWER)).start())
    state = ProxyState(ProxyConfig(upstream=upstream.url, listen="127.0.0.1:0"),
                       graph=env.graph, base_loops=LoopSettings())
    proxy = ProxyServer(state)
    lt.call(proxy.start())
    try:
        run = a0_copy.run_chat(fake_llm, ["What do you know about gnommoweb?"], name="proxy",
                               extra={"chat_model": {"provider": "ollama", "name": "fake",
                                                     "api_base": proxy.url}})
    finally:
        lt.call(proxy.stop())
        lt.call(upstream.stop())
        lt.close()
    assert run.responses[0] and ANSWER in run.responses[0], run.explain("no answer")
    chats = upstream.chats()
    assert chats, run.explain("the chat model never reached the proxy's upstream")
    sent = chats[0].body
    text = sent.get("prompt") or "\n".join(str(m.get("content")) for m in sent["messages"])
    # the block sits at the top of the system section, Agent Zero's own prompt after it
    system = text.split("### System:\n", 1)[1] if "### System:\n" in text else text
    assert system.startswith("<recollection>"), system[:400]
    assert "gnommoweb: [membership] glitch_university" in system.split("</recollection>")[0]
    assert "Agent Zero" in system.split("</recollection>", 1)[1]
