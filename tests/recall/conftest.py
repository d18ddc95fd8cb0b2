"""Fixtures for the recall tests: a simulated Agent Zero running the pack's recall hooks.

Only the recall hook files are installed (the other parts need Postgres or the classifier
and are tested elsewhere); the hook FILES are the pack's real ones.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from festinger.embeddings import HashEmbeddings
from tests.fakes.pack_hooks import RECALL_HOOK_FILES, install_hook_files


def copy_recall_hooks(dest: Path, takeover: bool = True) -> Path:
    files = [f for f in RECALL_HOOK_FILES if takeover or not f[1].startswith("_51_")]
    return install_hook_files(dest, files)


@pytest.fixture
def festinger(tmp_path):
    """The process service (fresh), with roles from ``tmp/roles``."""
    from festinger.config import load_config
    from festinger.recall.role_files import RoleFiles, shipped_roles_dir
    from festinger.service import FestingerService, set_service

    svc = FestingerService(load_config(environ={}), home=tmp_path / "home")
    set_service(svc)
    rs = svc.recall
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
    from festinger_testkit.simulator import SimAgentZero

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
