"""Graph invariants, checked after every resolution run in the tests.

1. one parent per concept per dimension (the database's unique index, re-checked on the rows);
2. no cycles: inside each dimension, following parents from any concept ends at a root or a
   concept without a parent there, never back at itself;
3. roots intact: every root row is a self-reference (id = parent = dim), the seed dimensions'
   roots exist, and no root that existed before a run is gone after it;
4. the cache equals the database: same edges (with is_isa), same concepts marked pending.
"""

from __future__ import annotations

from typing import Optional

from festinger.graph.models import SEED_DIMENSIONS


async def db_edges(conn) -> set[tuple[int, int, int, bool]]:
    rows = await conn.fetch("SELECT id, parent_id, dim_id, is_isa FROM urd")
    return {(r["id"], r["parent_id"], r["dim_id"], r["is_isa"]) for r in rows}


async def db_roots(conn) -> set[int]:
    rows = await conn.fetch("SELECT id FROM urd WHERE id = parent_id AND id = dim_id")
    return {r["id"] for r in rows}


def find_cycle(edges: set[tuple[int, int, int, bool]]) -> Optional[list[int]]:
    parent: dict[tuple[int, int], int] = {}
    for c, p, d, _ in edges:
        if c == p == d:
            continue
        parent[(c, d)] = p
    for (c, d) in parent:
        seen = [c]
        node = parent[(c, d)]
        while True:
            if node in seen:
                return seen + [node]
            seen.append(node)
            nxt = parent.get((node, d))
            if nxt is None:
                break
            node = nxt
    return None


async def check_graph(conn, cache=None, roots_before: Optional[set[int]] = None) -> set[int]:
    """Assert every invariant; returns the current root set (pass it to the next check)."""
    edges = await db_edges(conn)
    keys = [(c, d) for c, _, d, _ in edges]
    assert len(keys) == len(set(keys)), "two parents for one concept in one dimension"
    for c, p, d, _ in edges:
        assert c != p or c == d, f"self loop outside a root: {(c, p, d)}"
    cycle = find_cycle(edges)
    assert cycle is None, f"cycle: {cycle}"
    roots = await db_roots(conn)
    seed = {r["id"] for r in await conn.fetch(
        "SELECT id FROM soas WHERE token = ANY($1::text[])", [d for d, _ in SEED_DIMENSIONS])}
    assert seed <= roots, f"seed roots missing: {seed - roots}"
    if roots_before is not None:
        assert roots_before <= roots, f"roots lost: {roots_before - roots}"
    if cache is not None:
        cached = {(e.concept_id, e.parent_id, e.dim_id, e.is_isa)
                  for lst in cache.urd_by_concept.values() for e in lst}
        assert cached == edges, (f"cache differs from the database: only in cache "
                                 f"{cached - edges}, only in db {edges - cached}")
        assert set(cache.urd_by_concept_dim) == {(c, d) for c, _, d, _ in edges}
        pending = {r["concept_id"] for r in await conn.fetch(
            "SELECT concept_id FROM resolution_queue WHERE status = 'pending'")}
        assert cache.pending_conflicts == pending, (cache.pending_conflicts, pending)
    return roots
