"""Shared fixtures: Postgres (embedded by default, external with FESTINGER_TEST_DSN).

Every test that needs the database gets a fresh schema on the session's server, so the suite
runs the same against the embedded server and an external one, and tests never see each
other's rows.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import uuid
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
if str(REPO / "plugin") not in sys.path:  # tests run against the working tree
    sys.path.insert(0, str(REPO / "plugin"))

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


@pytest.fixture(scope="session")
def pg_server():
    """(dsn, description) of the session's PostgreSQL server."""
    dsn = os.environ.get("FESTINGER_TEST_DSN")
    if dsn:
        yield dsn, "external"
        return
    from festinger.db.embedded import EmbeddedServer

    # Under /tmp: the wheel makes the data folder's parents world-traversable when run as root.
    home = Path(tempfile.mkdtemp(prefix="festinger-test-pg-"))
    server = EmbeddedServer(home)
    dsn = server.start()
    yield dsn, "embedded"
    server.stop()


@pytest.fixture(scope="session")
def pg_dsn(pg_server) -> str:
    return pg_server[0]


def new_schema_name() -> str:
    return "t_" + uuid.uuid4().hex[:12]


@pytest.fixture
async def database(pg_dsn):
    """An open, migrated Database in a throwaway schema."""
    from festinger.db.database import Database

    db = await Database(dsn=pg_dsn, schema=new_schema_name()).open()
    yield db
    try:
        async with db.pool.acquire() as conn:
            await conn.execute(f'DROP SCHEMA IF EXISTS "{db.schema}" CASCADE')
    finally:
        await db.close()


@pytest.fixture
def service_factory(pg_dsn, tmp_path):
    """Build FestingerService objects on the test server, each in its own schema; closed after."""
    from festinger.config import load_config
    from festinger.service import FestingerService

    made = []

    def make(**settings) -> FestingerService:
        loaded = load_config(file_layer=settings, environ={})
        svc = FestingerService(loaded, home=tmp_path / f"home{len(made)}", dsn=pg_dsn,
                               schema=new_schema_name())
        made.append(svc)
        return svc

    yield make
    from tests.fakes.graph_env import drop_schema

    for svc in made:
        drop_schema(svc)
        svc.close()


def pytest_collection_modifyitems(config, items):
    """Tests that load the real embedding model carry the ``model`` marker, whichever way
    they get it, so ``-m "not model"`` runs the suite where torch is not installed."""
    for item in items:
        if "minilm" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.model)
