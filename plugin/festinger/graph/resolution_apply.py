"""Resolution applicators: a committed plan written to Postgres (inside the item's
transaction, under the per-dimension locks every URD writer takes) and mirrored in the
cache of this process."""

from __future__ import annotations

import json
from datetime import datetime

from ..core.graph.planner import Plan
from ..core.graph.resolution_items import Item, ItemGone, ResolutionError
from ..logs import log
from . import store
from .cache import GraphCache
from .models import PENDING, SoasRow, UrdEdge


async def lock_and_recheck(conn, schema: str, item: Item, plan: Plan) -> None:
    """Lock the other dimensions the plan writes (ascending, after the item's own), then
    check its inserts for cycles again: the plan was made before those locks were held, and
    another process may have stored an edge there meanwhile."""
    others = {e.dim_id for e in plan.inserts if not e.is_root} - {item.dim_id}
    await store.lock_dimensions(conn, schema, others)
    for e in plan.inserts:
        if not e.is_root and e.dim_id in others and \
                await store.would_cycle(conn, e.concept_id, e.parent_id, e.dim_id):
            raise ResolutionError(
                f"{item.concept}: placing it in dimension #{e.dim_id} would close a cycle "
                "through an edge stored meanwhile; retried next run")


async def execute_plan(conn, item: Item, plan: Plan, resolution: dict) -> None:
    """Write `plan` and close the item, inside the caller's transaction."""
    for e in plan.deletes:
        res = await conn.execute("DELETE FROM urd WHERE id = $1 AND parent_id = $2 AND "
                                 "dim_id = $3", e.concept_id, e.parent_id, e.dim_id)
        if not res.endswith(" 1"):
            raise ResolutionError("the edge to replace changed meanwhile; try again")
    for e in plan.inserts:
        await conn.execute(
            "INSERT INTO urd (id, parent_id, dim_id, is_isa, confidence, last_confirmed, source) "
            "VALUES ($1, $2, $3, $4, $5, COALESCE($6, now()), $7)",
            e.concept_id, e.parent_id, e.dim_id, e.is_isa, e.confidence, e.last_confirmed,
            e.source)
    res = await conn.execute(
        "UPDATE resolution_queue SET status = $2, resolution = $3::jsonb, resolved_at = now(), "
        "error = NULL, attempts = attempts + 1, last_attempt_at = now() "
        "WHERE id = $1 AND status = 'pending'", item.id, plan.status,
        json.dumps(resolution, default=str))
    if not res.endswith(" 1"):
        raise ItemGone(f"conflict #{item.id} was closed meanwhile")


def apply_to_cache(cache: GraphCache, item: Item, plan: Plan, resolution: dict,
                   now: datetime) -> None:
    """Mirror a committed plan in the cache (caller holds the graph lock)."""
    for row in plan.soas:
        if row[1] not in cache.soas_by_token:
            try:
                cache.add_soas(SoasRow(*row) if isinstance(row, tuple) else SoasRow.from_row(row))
            except ValueError as exc:
                log.warning("resolution: %s", exc)
    for e in plan.deletes:
        cur = cache.urd_by_concept_dim.get((e.concept_id, e.dim_id))
        if cur is not None and cur.parent_id == e.parent_id:
            cache.remove_edge(e.concept_id, e.dim_id)
    for e in plan.inserts:
        cache.apply_edge(UrdEdge(e.concept_id, e.parent_id, e.dim_id, e.is_isa, e.confidence,
                                 e.last_confirmed or now, e.source))
    if item.id in cache.queue.entries:
        if cache.queue.entries[item.id].status == PENDING:
            cache.close_conflict(item.id, plan.status, resolution, now)
    elif not cache.queue.has_pending(item.concept_id):
        cache.pending_conflicts.discard(item.concept_id)
