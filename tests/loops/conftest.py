"""Fixtures for the loop guard tests: the pack's REAL loop hook files in a simulated Agent Zero
(both layouts), with a scripted tool that returns what each test says."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from festinger.config import load_config
from festinger.embeddings import HashEmbeddings
from festinger.service import FestingerService, set_service
from festinger_testkit.simulator import SimAgentZero
from festinger_testkit.simulator.tools import ToolResponse

REPO = Path(__file__).resolve().parents[2]
DEAD_DSN = "postgresql://postgres@127.0.0.1:9/festinger_unreachable"


def loop_hook_files(dest: Path) -> Path:
    """Copy only the loop guard's hook files (the other families need a database)."""
    for f in (REPO / "extensions").glob("*/*_festinger_loops.py"):
        (dest / f.parent.name).mkdir(parents=True, exist_ok=True)
        shutil.copy(f, dest / f.parent.name / f.name)
    return dest


@pytest.fixture
def festinger(tmp_path, monkeypatch):
    """The process service (loop settings from the environment given by the test)."""
    made = []

    def make(**env: str) -> FestingerService:
        environ = {f"FESTINGER_{k.upper()}": str(v) for k, v in env.items()}
        svc = FestingerService(load_config(environ=environ), home=tmp_path / "home", dsn=DEAD_DSN)
        set_service(svc)
        made.append(svc)
        return svc

    yield make
    set_service(None)
    for svc in made:
        svc.close()


class Shell:
    """A scripted terminal tool: ``outputs(code) -> str`` decides what each command prints."""

    def __init__(self, outputs) -> None:
        self.outputs = outputs
        self.calls: list[str] = []

    async def __call__(self, agent, code: str = "", runtime: str = "terminal", **kwargs) -> ToolResponse:
        self.calls.append(code)
        return ToolResponse(self.outputs(code))


@pytest.fixture
def loop_sim(tmp_path, festinger):
    """``loop_sim(layout, outputs, **settings)`` -> (sim, agent, shell)."""
    sims: list[SimAgentZero] = []

    def make(layout: str = "legacy", outputs=lambda code: "ok", **settings):
        festinger(**settings)
        ext = loop_hook_files(tmp_path / f"ext-{len(sims)}")
        sim = SimAgentZero(tmp_path / f"a0-{layout}-{len(sims)}", layout=layout,
                           extension_dirs=[ext], embeddings=HashEmbeddings()).start()
        sims.append(sim)
        shell = Shell(outputs)
        sim.runner.tools["code_execution_tool"] = shell
        return sim, sim.agent(), shell

    yield make
    for sim in reversed(sims):
        sim.close()
