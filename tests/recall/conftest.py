"""Fixtures for the recall tests: a simulated Agent Zero running the pack's recall hooks.

Only the recall handlers are dispatched (the other components need Postgres or the
classifier and are tested elsewhere); the hook FILES are the pack's real ones.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from festinger.embeddings import HashEmbeddings

REPO = Path(__file__).resolve().parents[2]
RECALL_HOOK_FILES = [
    ("monologue_start", "_05_festinger_start.py"),
    ("message_loop_prompts_after", "_51_festinger_recall_takeover.py"),
    ("message_loop_prompts_after", "_95_festinger_recall.py"),
]
RECALL_HANDLERS = {
    "monologue_start": ["festinger.recall.hooks:on_monologue_start"],
    "prompts_after_recall_start": ["festinger.recall.hooks:on_prompts_after_recall_start"],
    "prompts_after_recall": ["festinger.recall.hooks:on_prompts_after_recall"],
}


def copy_recall_hooks(dest: Path, takeover: bool = True) -> Path:
    for hook, name in RECALL_HOOK_FILES:
        if not takeover and name.startswith("_51_"):
            continue
        (dest / hook).mkdir(parents=True, exist_ok=True)
        shutil.copy(REPO / "extensions" / hook / name, dest / hook / name)
    return dest


@pytest.fixture
def festinger(tmp_path, monkeypatch):
    """The process service (fresh, recall handlers only), with roles from ``tmp/roles``."""
    from festinger.a0 import hooks
    from festinger.config import load_config
    from festinger.recall.role_files import RoleFiles, shipped_roles_dir
    from festinger.service import FestingerService, set_service

    monkeypatch.setattr(hooks, "HANDLERS", dict(RECALL_HANDLERS))
    svc = FestingerService(load_config(environ={}), home=tmp_path / "home")
    set_service(svc)
    rs = svc.component("recall")
    roles_dir = tmp_path / "roles"
    shutil.copytree(shipped_roles_dir(), roles_dir)
    rs.roles = RoleFiles([roles_dir], org_file=tmp_path / "org" / "active.json")
    yield svc
    set_service(None)
    svc.close()


@pytest.fixture
def make_sim(tmp_path):
    """``make_sim(layout, takeover=True, **SimAgentZero kwargs)``: a started simulator with
    the pack's recall hooks installed the way a user's install has them."""
    from festinger.simulator import SimAgentZero

    made = []

    def make(layout: str = "legacy", takeover: bool = True, **kwargs):
        kwargs.setdefault("embeddings", HashEmbeddings())
        ext = copy_recall_hooks(tmp_path / f"ext-{len(made)}", takeover)
        sim = SimAgentZero(tmp_path / f"a0-{layout}-{len(made)}", layout=layout,
                           extension_dirs=[ext], **kwargs).start()
        made.append(sim)
        return sim

    yield make
    for sim in reversed(made):
        sim.close()
