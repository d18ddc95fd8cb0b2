"""Other processes' writes reach this cache through LISTEN/NOTIFY: every notice is applied,
and a LISTEN connection that dies is replaced."""

from __future__ import annotations

import json
import time

import pytest

from festinger.graph import store

from .conftest import scalar, sql

pytestmark = pytest.mark.postgres


def wait_for(cond, timeout=15.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return True
        time.sleep(0.05)
    return cond()


def another_process_writes(svc, concept: str, parent: str, dim: str = "type") -> tuple[int, int]:
    """Rows another process committed (this cache has not seen them): (concept id, dim id)."""
    rows = sql(svc, "INSERT INTO soas (token) SELECT unnest($1::text[]) "
                    "ON CONFLICT (token) DO UPDATE SET token = EXCLUDED.token "
                    "RETURNING id, token", [concept, parent])
    ids = {r["token"]: r["id"] for r in rows}
    d = scalar(svc, "SELECT id FROM soas WHERE token = $1", dim)
    sql(svc, "INSERT INTO urd (id, parent_id, dim_id, is_isa, confidence, source) "
             "VALUES ($1, $2, $3, true, 0.9, 'inferred')", ids[concept], ids[parent], d)
    return ids[concept], d


def in_cache(graph, c: int, d: int) -> bool:
    with graph.lock:
        return (c, d) in graph.cache.urd_by_concept_dim


def test_a_notice_arriving_while_a_batch_is_read_is_applied(graph_factory, monkeypatch):
    svc, graph = graph_factory()
    a = another_process_writes(svc, "alphaweb", "repo")
    b = another_process_writes(svc, "betaweb", "repo")
    notice = lambda c, d: json.dumps({"origin": "elsewhere", "what": "edge", "c": c, "d": d})  # noqa: E731
    real_edge_at = store.edge_at
    injected = []

    async def edge_at(conn, c, d):
        if not injected:  # the second notice arrives while the first batch is being read
            injected.append(1)
            graph._on_notice(None, 0, graph.channel, notice(*b))
        return await real_edge_at(conn, c, d)

    monkeypatch.setattr(store, "edge_at", edge_at)

    async def first():
        graph._on_notice(None, 0, graph.channel, notice(*a))

    svc.io.call(first())
    assert wait_for(lambda: in_cache(graph, *a))
    assert wait_for(lambda: in_cache(graph, *b)), "a notice received mid-batch was dropped"
    assert graph._remote == []


def test_listening_resumes_after_the_connection_dies(graph_factory):
    svc, graph = graph_factory()
    first = graph._listener
    pid = first.get_server_pid()
    # the listener has a connection of its own: not one of the (small) pool's
    pool = svc.io.call(svc.db()).pool
    assert all(h._con is not first for h in pool._holders)

    scalar(svc, "SELECT pg_terminate_backend($1)", pid)  # an idle timeout, a proxy, an admin
    assert wait_for(lambda: graph._listener is not None and graph._listener is not first
                    and not graph._listener.is_closed()), "nobody listens any more"

    c, d = another_process_writes(svc, "gammaweb", "repo")

    async def announce():
        db = await svc.db()
        async with db.pool.acquire() as conn:
            await store.notify_change(conn, svc.schema, "edge", "elsewhere", c=c, d=d)

    svc.io.call(announce())
    assert wait_for(lambda: in_cache(graph, c, d))
    assert graph.db_up
