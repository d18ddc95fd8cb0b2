"""Fixtures for the health tests: a simulated Agent Zero running the pack's real hook files.

The pack service gets its own FESTINGER_HOME and a DSN nobody listens on: the health
component must never need the database, and nothing here may touch a real one.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from langchain_core.documents import Document

from festinger.config import load_config
from festinger.embeddings import HashEmbeddings
from festinger.service import FestingerService, set_service
from festinger_testkit.simulator import SimAgentZero
from tests.fakes.pack_hooks import HEALTH_HOOK_FILES, PACK_EXT, install_hook_files

from . import exocortex_dispatcher

DEAD_DSN = "postgresql://postgres@127.0.0.1:9/festinger_unreachable"

@pytest.fixture
def health_only(tmp_path) -> Path:
    """An extension folder with the pack's health hook files only (the other parts are
    tested on their own)."""
    return install_hook_files(tmp_path / "pack-ext", HEALTH_HOOK_FILES)


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
        health = service.health
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
        from festinger_testkit.simulator import respond

        from festinger.service import get_service

        result = await self.sim.communicate(agent, text, [respond(r) for r in replies])
        # the state file is written in the background after a turn: a user's next look
        # (the CLI) comes after it landed
        await get_service().health.state_saved()
        return result


@pytest.fixture
def world(tmp_path, make_service, health_only):
    """``world(**settings)`` -> World; ``dispatcher=True`` also installs the org-kernel fixture,
    ``full_pack=True`` every hook file of the pack instead of the health ones."""
    sims: list[SimAgentZero] = []

    def make(dispatcher: bool = False, home: Path | None = None, full_pack: bool = False,
             **settings) -> World:
        root = tmp_path / f"a0-{len(sims)}"
        ext = root / "usr" / "extensions"          # legacy user hook folder, as Exocortex installs
        ext.mkdir(parents=True)
        if dispatcher:
            exocortex_dispatcher.install(ext, root / "usr" / "organizations")
        sim = SimAgentZero(root, embeddings=HashEmbeddings(), extension_dirs=[PACK_EXT if full_pack else health_only, ext],
                           stock_memory=False, utility_latency=0.0, recall_delay=0.0).start()
        sims.append(sim)
        return World(sim, make_service(home=home, **settings))

    yield make
    for sim in reversed(sims):
        sim.close()
