"""Resolution queue items in Postgres: reading one with the graph around it, the review
order, and the note left on an item that could not be applied."""

from __future__ import annotations

from typing import Optional

from ..core.graph.resolution_items import Item
from ..llm.prompts import EdgeView
from . import store

MAX_ERROR_CHARS = 500


_ITEM_SQL = (
    "SELECT q.id, q.status, q.concept_id, q.dim_id, q.incoming_parent_id, "
    "  q.existing_parent_id, q.collision_type, q.priority, q.incoming_is_isa, "
    "  q.incoming_confidence, q.incoming_source, c.token AS concept, d.token AS dimension, "
    "  i.token AS incoming_parent "
    "FROM resolution_queue q JOIN soas c ON c.id = q.concept_id "
    "JOIN soas d ON d.id = q.dim_id JOIN soas i ON i.id = q.incoming_parent_id "
    "WHERE q.id = $1")


async def load_item(conn, entry_id: int, *, lock: bool = False) -> Optional[Item]:
    row = await conn.fetchrow(_ITEM_SQL + (" FOR UPDATE OF q" if lock else ""), entry_id)
    if row is None:
        return None
    item = Item.from_row(row)
    cur = await store.edge_at(conn, item.concept_id, item.dim_id)
    if cur is not None:
        item.current = cur
        item.current_parent = await conn.fetchval("SELECT token FROM soas WHERE id = $1",
                                                  item.current.parent_id)
    rows = await conn.fetch(
        "SELECT d.token AS dimension, p.token AS parent, u.is_isa FROM urd u "
        "JOIN soas d ON d.id = u.dim_id JOIN soas p ON p.id = u.parent_id "
        "WHERE u.id = $1 AND u.dim_id <> $2 AND NOT (u.parent_id = u.id AND u.dim_id = u.id) "
        "ORDER BY d.token", item.concept_id, item.dim_id)
    item.other_edges = [EdgeView(r["dimension"], r["parent"], r["is_isa"]) for r in rows]
    item.dimensions = await dimension_tokens(conn)
    return item


async def dimension_tokens(conn, limit: int = 60) -> list[str]:
    rows = await conn.fetch(
        "SELECT s.token FROM urd u JOIN soas s ON s.id = u.id "
        "WHERE u.id = u.parent_id AND u.id = u.dim_id ORDER BY u.id LIMIT $1", limit)
    return [r["token"] for r in rows]


async def pending_ids(conn) -> list[int]:
    """Review order: iknowthat (priority) first, then oldest first."""
    rows = await conn.fetch("SELECT id FROM resolution_queue WHERE status = 'pending' "
                            "ORDER BY priority DESC, created_at, id")
    return [r["id"] for r in rows]


async def record_failure(conn, entry_id: int, message: str) -> None:
    """The item stays pending; its note says why it was not applied."""
    await conn.execute(
        "UPDATE resolution_queue SET attempts = attempts + 1, error = $2, "
        "last_attempt_at = now() WHERE id = $1 AND status = 'pending'",
        entry_id, message[:MAX_ERROR_CHARS])
