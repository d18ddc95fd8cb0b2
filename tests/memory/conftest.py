"""Fixtures for the memory classification tests: a simulated Agent Zero (real langchain
FAISS, real all-MiniLM-L6-v2 embeddings from the offline wheel, real background memorizers
and consolidation) running the pack's REAL extension files, only the memory ones installed
(recall, graph and health have their own tests)."""

from __future__ import annotations

from pathlib import Path

import pytest

from festinger.config import load_config
from festinger.service import FestingerService, set_service
from festinger_testkit.simulator import SimAgentZero, respond
from tests.fakes.pack_hooks import MEMORY_HOOK_FILES, install_hook_files

DEAD_DSN = "postgresql://postgres@127.0.0.1:9/festinger_unreachable"

@pytest.fixture(scope="session")
def minilm():
    from festinger.embeddings import load_embeddings

    return load_embeddings()


@pytest.fixture
def memory_only(tmp_path) -> Path:
    """An extension folder with the pack's memory hook files only."""
    return install_hook_files(tmp_path / "pack-ext", MEMORY_HOOK_FILES)


@pytest.fixture
def festinger(tmp_path):
    """The process service with fast timers; yields the MemoryService."""
    svc = FestingerService(load_config(environ={}), home=tmp_path / "home", dsn=DEAD_DSN)
    set_service(svc)
    ms = svc.memory
    ms.settle_seconds = 0.05
    ms.max_settle_seconds = 0.5
    ms.sweep_delay_seconds = 0.05
    yield ms
    set_service(None)
    svc.close()


class World:
    def __init__(self, sim: SimAgentZero, ms) -> None:
        self.sim, self.ms = sim, ms

    def agent(self, **kw):
        return self.sim.agent(**kw)

    async def say(self, agent, text: str, reply: str = "ok", fragments=(), solutions=(), replies=None):
        """One user turn whose memorizer will produce ``fragments`` (and ``solutions``)."""
        if fragments:
            self.sim.utility.script_fragments(*fragments)
        if solutions:
            self.sim.utility.script_solutions(*solutions)
        return await self.sim.communicate(agent, text, replies or [respond(reply)])

    async def settle(self):
        """Background memorization has landed and the classifier has processed it."""
        await self.sim.drain()
        assert await self.ms.drain(30)

    async def docs(self, agent) -> dict:
        return (await self.sim.memory(agent)).db.get_all_docs()

    async def find(self, agent, text: str):
        hits = [d for d in (await self.docs(agent)).values() if d.page_content == text]
        assert len(hits) == 1, f"{text!r}: {len(hits)} documents"
        return hits[0]


@pytest.fixture
def world(tmp_path, festinger, minilm, memory_only):
    made = []

    def make(embeddings=None, install: bool = True, extension_dirs=None, **kw) -> World:
        kw.setdefault("utility_latency", 0.05)
        kw.setdefault("recall_delay", 0.0)
        sim = SimAgentZero(tmp_path / f"a0-{len(made)}", embeddings=embeddings or minilm,
                           extension_dirs=extension_dirs or [memory_only], **kw).start()
        made.append(sim)
        if install:
            festinger.ensure_installed(sim.Memory)  # as the first hook of a real run would
        return World(sim, festinger)

    yield make
    for sim in reversed(made):
        sim.close()
