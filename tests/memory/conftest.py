"""Fixtures for the memory classification tests: a simulated Agent Zero (real langchain
FAISS, real all-MiniLM-L6-v2 embeddings from the offline wheel, real background memorizers
and consolidation) running the pack's REAL extension files, with only the memory handlers
dispatched (recall, graph and health have their own tests)."""

from __future__ import annotations

from pathlib import Path

import pytest

from festinger.a0 import hooks
from festinger.config import load_config
from festinger.service import FestingerService, set_service
from festinger.simulator import SimAgentZero, respond

REPO = Path(__file__).resolve().parents[2]
PACK_EXT = REPO / "extensions"
DEAD_DSN = "postgresql://postgres@127.0.0.1:9/festinger_unreachable"

MEMORY_HANDLERS = {
    "monologue_start": ["festinger.memory.hooks:on_monologue_start"],
    "monologue_end_snapshot": ["festinger.memory.hooks:on_monologue_end_snapshot"],
    "monologue_end": ["festinger.memory.hooks:on_monologue_end"],
}


@pytest.fixture(scope="session")
def minilm():
    from festinger.embeddings import load_embeddings

    return load_embeddings()


@pytest.fixture
def memory_only(monkeypatch):
    monkeypatch.setattr(hooks, "HANDLERS", {k: list(v) for k, v in MEMORY_HANDLERS.items()})


@pytest.fixture
def festinger(tmp_path, memory_only):
    """The process service with fast timers; yields the MemoryService."""
    svc = FestingerService(load_config(environ={}), home=tmp_path / "home", dsn=DEAD_DSN)
    set_service(svc)
    ms = svc.component("memory")
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
def world(tmp_path, festinger, minilm):
    made = []

    def make(embeddings=None, install: bool = True, **kw) -> World:
        kw.setdefault("utility_latency", 0.05)
        kw.setdefault("recall_delay", 0.0)
        sim = SimAgentZero(tmp_path / f"a0-{len(made)}", embeddings=embeddings or minilm,
                           extension_dirs=[PACK_EXT], **kw).start()
        made.append(sim)
        if install:
            festinger.ensure_installed(sim.Memory)  # as the first hook of a real run would
        return World(sim, festinger)

    yield make
    for sim in reversed(made):
        sim.close()
