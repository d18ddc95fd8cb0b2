"""Fixtures for the health tests: a simulated Agent Zero running the pack's real hook files.

The pack service gets its own FESTINGER_HOME and a DSN nobody listens on: the health
component must never need the database, and nothing here may touch a real one.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from langchain_core.documents import Document

from festinger.a0 import hooks
from festinger.config import load_config
from festinger.embeddings import HashEmbeddings
from festinger.service import FestingerService, set_service
from festinger.simulator import SimAgentZero

from . import exocortex_dispatcher

REPO = Path(__file__).resolve().parents[2]
PACK_EXT = REPO / "extensions"
DEAD_DSN = "postgresql://postgres@127.0.0.1:9/festinger_unreachable"

HEALTH_HANDLERS = {
    "before_main_llm_call": ["festinger.health.hooks:on_before_main_llm_call"],
    "monologue_end": ["festinger.health.hooks:on_monologue_end"],
}


@pytest.fixture
def health_only(monkeypatch):
    """Dispatch only the health handlers (the other components are tested on their own)."""
    monkeypatch.setattr(hooks, "HANDLERS", dict(HEALTH_HANDLERS))


@pytest.fixture
def make_service(tmp_path):
    made: list[FestingerService] = []

    def make(home: Path | None = None, **settings) -> FestingerService:
        loaded = load_config(file_layer=settings, environ={})
        svc = FestingerService(loaded, home=home or tmp_path / "home", dsn=DEAD_DSN)
        set_service(svc)
        made.append(svc)
        return svc

    yield make
    set_service(None)
    for svc in made:
        svc.close()


class World:
    """A simulated Agent Zero with the pack installed, and helpers the tests share."""

    def __init__(self, sim: SimAgentZero, service: FestingerService) -> None:
        self.sim, self.service = sim, service
        self.org_dir = sim.root / "usr" / "organizations"
        health = service.component("health")
        health.org_dir, health.a0_root = self.org_dir, sim.root
        self.health = health

    def agent(self, **kw):
        return self.sim.agent(**kw)

    async def memory(self, agent):
        return await self.sim.memory(agent)

    async def add(self, agent, text, validity="inferred", utility="tactical",
                  source="agent_inferred", **lineage) -> str:
        lin = {"created_at": datetime.now(timezone.utc).isoformat(), "access_count": 0,
               "last_accessed": None, "supersedes": None, "superseded_by": None}
        lin.update(lineage)
        doc = Document(page_content=text, metadata={
            "area": "main",
            "classification": {"validity": validity, "relevance": "active", "utility": utility,
                               "source": source},
            "lineage": lin})
        (doc_id,) = await (await self.memory(agent)).insert_documents([doc])
        return doc_id

    async def turn(self, agent, text="hello", replies=("ok",)):
        from festinger.simulator import respond

        from festinger.service import get_service

        result = await self.sim.communicate(agent, text, [respond(r) for r in replies])
        # the state file is written in the background after a turn: a user's next look
        # (the CLI) comes after it landed
        await get_service().component("health").state_saved()
        return result


@pytest.fixture
def world(tmp_path, make_service, health_only):
    """``world(**settings)`` -> World; ``dispatcher=True`` also installs the org-kernel fixture."""
    sims: list[SimAgentZero] = []

    def make(dispatcher: bool = False, home: Path | None = None, **settings) -> World:
        root = tmp_path / f"a0-{len(sims)}"
        ext = root / "usr" / "extensions"          # legacy user hook folder, as Exocortex installs
        ext.mkdir(parents=True)
        if dispatcher:
            exocortex_dispatcher.install(ext, root / "usr" / "organizations")
        sim = SimAgentZero(root, embeddings=HashEmbeddings(), extension_dirs=[PACK_EXT, ext],
                           stock_memory=False, utility_latency=0.0, recall_delay=0.0).start()
        sims.append(sim)
        return World(sim, make_service(home=home, **settings))

    yield make
    for sim in reversed(sims):
        sim.close()
