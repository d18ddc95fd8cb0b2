"""Fixtures for the concept graph against real PostgreSQL (embedded by default, external with
FESTINGER_TEST_DSN): a loaded GraphService in a throwaway schema, plain SQL helpers."""

from __future__ import annotations

import asyncio
import uuid
from pathlib import Path

import pytest

PLUGIN = str(Path(__file__).resolve().parents[2] / "plugin")


@pytest.fixture
def graph_factory(service_factory):
    """graph_factory(bootstrap=False, **settings) -> (service, graph), loaded from Postgres.

    The dictionary bootstrap (50k words, ~1 s) is off unless asked for: most tests need a
    small, predictable SOAS (the six seed dimensions only)."""
    made = []

    def make(bootstrap: bool = False, **settings):
        svc = service_factory(**settings)
        graph = svc.graph
        graph.auto_bootstrap = bootstrap
        graph.snapshots = False
        assert graph.wait_first_attempt(120), graph.stats()
        assert graph.db_up, graph.stats()
        made.append((svc, graph))
        return svc, graph

    yield make
    for svc, graph in made:  # write everything before service_factory drops the schema
        if not svc.closed and graph.db_up:
            try:
                svc.io.call(graph.settle(10), 20)
            except Exception:
                pass


def sql(svc, query: str, *args):
    """Run one query on the service's database (from the test thread)."""

    async def go():
        db = await svc.db()
        async with db.pool.acquire() as conn:
            return await conn.fetch(query, *args)

    return [dict(r) for r in svc.io.call(go(), 60)]


def scalar(svc, query: str, *args):
    rows = sql(svc, query, *args)
    return next(iter(rows[0].values())) if rows else None


def settle(svc, graph, timeout: float = 30.0) -> bool:
    return svc.io.call(graph.settle(timeout), timeout + 10)


def counts(svc) -> dict:
    """Row counts of every graph table: "the graph unchanged" in one comparable value."""
    return {t: scalar(svc, f"SELECT count(*) FROM {t}")
            for t in ("soas", "urd", "resolution_queue", "write_queue")}


def with_database(dsn: str, name: str) -> str:
    """`dsn` pointing at database `name` (keeps a ?host=/socket/dir query intact)."""
    base, sep, query = dsn.partition("?")
    head, _, _ = base.rpartition("/")
    return f"{head}/{name}{sep}{query}"


@pytest.fixture
def fresh_database(pg_dsn):
    """A new, empty database on the test server (for CLI runs: FESTINGER_DSN points there and
    the CLI uses its default schema)."""
    import asyncpg

    name = "fdb_" + uuid.uuid4().hex[:10]

    async def admin(q):
        conn = await asyncpg.connect(pg_dsn)
        try:
            await conn.execute(q)
        finally:
            await conn.close()

    asyncio.run(admin(f'CREATE DATABASE "{name}"'))
    yield with_database(pg_dsn, name)
    asyncio.run(admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
