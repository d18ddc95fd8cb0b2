"""The concept graph's SQL (Postgres through asyncpg): every statement in one place.

Functions take an asyncpg connection whose search_path is the pack's schema (see
`db.database.Database`) and never touch the in-memory cache; `graph.service` decides what to
write and applies the results to the cache. Every value is a bind parameter: tokens, facts
and prompt text never become SQL.

Rows come back in the column order the cache's bulk loaders take (`GraphCache.load_soas`,
`load_edges`), edges ORDER BY id, dim_id DESC like the seed's canonical query.
"""

from __future__ import annotations

import asyncio
import json
from datetime import datetime
from typing import Any, Iterable, Optional, Sequence

from .cache import MAX_CHAIN_DEPTH
from .models import QueueEntry, UrdEdge

SOAS_COLUMNS = "id, token, encounter_count, last_seen, saliency, novelty"
EDGE_COLUMNS = "id, parent_id, dim_id, is_isa, confidence, last_confirmed, source"
QUEUE_COLUMNS = ("id, concept_id, existing_parent_id, incoming_parent_id, dim_id, "
                 "collision_type, status, resolution, created_at, resolved_at, priority, "
                 "incoming_is_isa, incoming_confidence, incoming_source, error")

# How long a writer waits for a pooled connection. The pool is small (db/database.py); a
# wait this long means something holds connections it should not, and an error naming it
# beats a silent hang.
ACQUIRE_TIMEOUT_S = 60.0

# Postgres error classes that mean "the server or the connection is gone, or is not taking
# work right now", as opposed to "this statement is wrong": 08 connection exception, 53
# insufficient resources, 57P operator intervention (shutdown, crash, terminated backend,
# cannot connect now), 55000 object not in prerequisite state ("database ... is not
# currently accepting connections" while ALLOW_CONNECTIONS is false), 40 transaction
# rollback (serialization failure, deadlock: retry), 25P02 in failed transaction (a
# connection whose backend died mid-transaction).
_CONNECTION_SQLSTATES = ("08", "53", "57P", "55000", "40", "25P02")
# The only classes that blame the operation itself: 22 data exception (a value Postgres
# cannot take), 23 integrity constraint violation (a CHECK or foreign key the fact truly
# violates). Retrying those can never succeed; everything else eventually can.
_DATA_SQLSTATES = ("22", "23")


class OpDataError(ValueError):
    """A journal operation whose content cannot be read (a hand-edited or corrupt line):
    the operation itself is at fault, like a constraint it violates."""


def is_data_error(exc: BaseException) -> bool:
    """True only when the operation's own data is at fault (retrying cannot help): a
    constraint it violates, a value Postgres refuses, bad input. Every other error --
    connection resets, terminated backends, a database refusing connections, asyncpg's
    protocol state after a killed backend (InternalClientError), timeouts, a pool being
    closed -- is transient: the operation is kept and retried until it lands."""
    import asyncpg
    from asyncpg.exceptions import _base as apg_base

    if isinstance(exc, OpDataError):
        return True
    if isinstance(exc, apg_base.DataError):  # client side: a value asyncpg cannot encode
        return True
    if isinstance(exc, asyncpg.PostgresError):
        state = getattr(exc, "sqlstate", "") or ""
        return state.startswith(_DATA_SQLSTATES)
    return False


def is_connection_error(exc: BaseException) -> bool:
    """True when `exc` means Postgres is unreachable or the connection is unusable (wait
    for the database, then retry), not a bad operation."""
    import asyncpg
    from asyncpg.exceptions import _base as apg_base

    if isinstance(exc, (OSError, asyncio.TimeoutError, ConnectionError,
                        asyncpg.exceptions.InterfaceError,
                        asyncpg.exceptions.ConnectionDoesNotExistError,
                        apg_base.InternalClientError)):
        return not isinstance(exc, apg_base.DataError)
    if isinstance(exc, asyncpg.PostgresError):
        state = getattr(exc, "sqlstate", "") or ""
        return state.startswith(_CONNECTION_SQLSTATES)
    from ..service import DatabaseUnavailable

    return isinstance(exc, DatabaseUnavailable)


async def dedicated_connection(db, timeout: float = 15.0):
    """A connection of its own, outside `db`'s pool, with the pool's DSN and settings
    (search_path = the pack's schema): for a LISTEN that lives as long as the process and
    must not take one of the pool's few connections for good.

    The pool is the only holder of the resolved DSN (the embedded server's is made at
    start), so its connect arguments are reused; asyncpg keeps them on the pool since 0.22."""
    import asyncpg

    pool = db.pool
    args = getattr(pool, "_connect_args", None)
    kwargs = getattr(pool, "_connect_kwargs", None)
    if not args or not isinstance(kwargs, dict):
        raise RuntimeError("this asyncpg pool does not expose its connect arguments")
    return await asyncpg.connect(*args, **{**kwargs, "timeout": timeout})


# ---------------------------------------------------------------------- loading
async def fetch_soas(conn, with_last_seen: bool = False) -> list:
    """Every SOAS row in the cache's column order. `last_seen` is left out (NULL) by default:
    the cache only ever writes it (the flush keeps the later of the two), and decoding half a
    million timestamps is a third of the start-up time."""
    seen = "last_seen" if with_last_seen else "NULL::timestamptz"
    return await conn.fetch(f"SELECT id, token, encounter_count, {seen}, saliency, novelty "
                            "FROM soas")


async def fetch_edges(conn) -> list:
    return await conn.fetch(f"SELECT {EDGE_COLUMNS} FROM urd ORDER BY id, dim_id DESC")


async def fetch_pending_queue(conn) -> list[QueueEntry]:
    rows = await conn.fetch(f"SELECT {QUEUE_COLUMNS} FROM resolution_queue "
                            "WHERE status = 'pending' ORDER BY id")
    return [queue_entry(r) for r in rows]


def queue_entry(r) -> QueueEntry:
    res = r["resolution"]
    if isinstance(res, str):
        try:
            res = json.loads(res)
        except ValueError:
            res = {"raw": res}
    return QueueEntry(id=r["id"], concept_id=r["concept_id"],
                      existing_parent_id=r["existing_parent_id"],
                      incoming_parent_id=r["incoming_parent_id"], dim_id=r["dim_id"],
                      collision_type=r["collision_type"], status=r["status"], resolution=res,
                      created_at=r["created_at"], resolved_at=r["resolved_at"],
                      priority=r["priority"], incoming_is_isa=r["incoming_is_isa"],
                      incoming_confidence=r["incoming_confidence"],
                      incoming_source=r["incoming_source"], error=r["error"])


# ---------------------------------------------------------------------- journal bookkeeping
async def claim_op(conn, op_id: str) -> bool:
    """Record `op_id` as applied (inside the caller's transaction); False if it already was."""
    got = await conn.fetchval("INSERT INTO journal_applied (op_id) VALUES ($1) "
                              "ON CONFLICT DO NOTHING RETURNING op_id", op_id)
    return got is not None


async def prune_applied(conn, days: int = 30) -> None:
    """Forget applied-operation ids old enough that no journal can still hold them."""
    await conn.execute("DELETE FROM journal_applied WHERE applied_at < now() - make_interval("
                       "days => $1)", days)


# ---------------------------------------------------------------------- SOAS
async def intern_tokens(conn, tokens: Sequence[str], encounter: int,
                        seen_at: Optional[datetime], common: Iterable[str] = ()) -> list:
    """Insert missing tokens (ids from Postgres) and count `encounter` on all of them.

    Existing tokens are kept and returned too, so a token another process added is picked up
    with its id. Tokens are sorted: two processes interning overlapping sets then lock rows
    in the same order and cannot deadlock.
    """
    toks = sorted(set(tokens))
    if not toks:
        return []
    return await conn.fetch(
        "INSERT INTO soas AS s (token, encounter_count, last_seen, novelty) "
        "SELECT t, $2::int, $3::timestamptz, CASE WHEN t = ANY($4::text[]) THEN 0 ELSE 0.5 END "
        "FROM unnest($1::text[]) AS t "
        "ON CONFLICT (token) DO UPDATE SET "
        "  encounter_count = s.encounter_count + EXCLUDED.encounter_count, "
        "  last_seen = GREATEST(s.last_seen, EXCLUDED.last_seen) "
        f"RETURNING {SOAS_COLUMNS}",
        toks, encounter, seen_at, [t for t in toks if t in set(common)])


async def flush_encounters(conn, batch: Sequence[Sequence[Any]]) -> int:
    """One UPDATE for every (id, count delta, last_seen, saliency, novelty) of the batch.

    Saliency and novelty only grow (GREATEST) so several processes flushing the same tokens
    never lower each other's values.
    """
    if not batch:
        return 0
    rows = sorted(batch, key=lambda r: r[0])
    result = await conn.execute(
        "UPDATE soas AS s SET encounter_count = s.encounter_count + d.delta, "
        "  last_seen = GREATEST(s.last_seen, d.seen), "
        "  saliency = GREATEST(s.saliency, d.sal), novelty = GREATEST(s.novelty, d.nov) "
        "FROM unnest($1::int[], $2::int[], $3::timestamptz[], $4::float8[], $5::float8[]) "
        "  AS d(id, delta, seen, sal, nov) WHERE s.id = d.id",
        [r[0] for r in rows], [int(r[1]) for r in rows], [r[2] for r in rows],
        [float(r[3]) for r in rows], [float(r[4]) for r in rows])
    return int(result.split()[-1])


# ---------------------------------------------------------------------- URD
async def lock_dimension(conn, schema: str, dim_id: int) -> None:
    """Serialise every cycle check + insert in one dimension of `schema` across processes,
    until the caller's transaction ends (call inside it). Under READ COMMITTED two writers
    could otherwise each check "no cycle" before either inserts, and commit `a IN b` and
    `b IN a` side by side; with the lock the second one's check runs after the first
    committed, and sees its edge."""
    await conn.execute("SELECT pg_advisory_xact_lock(hashtext($1), $2)",
                       f"festinger.urd.{schema}", dim_id)


async def lock_dimensions(conn, schema: str, dim_ids) -> None:
    """`lock_dimension` for several dimensions, in ascending order (no deadlock between two
    writers locking overlapping sets)."""
    for dim_id in sorted(set(dim_ids)):
        await lock_dimension(conn, schema, dim_id)


async def would_cycle(conn, concept_id: int, parent_id: int, dim_id: int) -> bool:
    """The database's own cycle check (another process may hold edges this cache lacks)."""
    return bool(await conn.fetchval(
        "WITH RECURSIVE up(node, depth) AS ("
        "  SELECT $2::int, 0 "
        "  UNION ALL "
        "  SELECT u.parent_id, up.depth + 1 FROM urd u JOIN up ON u.id = up.node "
        "  WHERE u.dim_id = $3 AND u.parent_id <> u.id AND up.depth < $4"
        ") SELECT EXISTS (SELECT 1 FROM up WHERE node = $1)",
        concept_id, parent_id, dim_id, MAX_CHAIN_DEPTH))


async def upsert_edge(conn, concept_id: int, parent_id: int, dim_id: int, is_isa: bool,
                      confidence: float, confirmed_at: datetime, source: str):
    """Insert the edge, or refresh last_confirmed if this exact edge exists.

    Returns (inserted, the stored edge). Raises asyncpg.UniqueViolationError when the concept already has
    another parent in the dimension: run it inside a savepoint.
    """
    row = await conn.fetchrow(
        "INSERT INTO urd AS u (id, parent_id, dim_id, is_isa, confidence, last_confirmed, source) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7) "
        "ON CONFLICT (id, parent_id, dim_id) DO UPDATE SET "
        "  last_confirmed = GREATEST(u.last_confirmed, EXCLUDED.last_confirmed) "
        f"RETURNING (xmax = 0) AS inserted, {EDGE_COLUMNS}",
        concept_id, parent_id, dim_id, is_isa, confidence, confirmed_at, source)
    return bool(row["inserted"]), UrdEdge.from_row(row)


async def edge_at(conn, concept_id: int, dim_id: int) -> Optional[UrdEdge]:
    row = await conn.fetchrow(f"SELECT {EDGE_COLUMNS} FROM urd WHERE id = $1 AND dim_id = $2",
                              concept_id, dim_id)
    return UrdEdge.from_row(row) if row is not None else None


# ---------------------------------------------------------------------- queues
async def upsert_conflict(conn, e: QueueEntry) -> tuple[int, bool]:
    """Queue a collision once while pending; a repeat from iknowthat raises its priority.
    Returns (queue id, inserted)."""
    row = await conn.fetchrow(
        "INSERT INTO resolution_queue AS q (concept_id, existing_parent_id, incoming_parent_id, "
        "  dim_id, collision_type, priority, incoming_is_isa, incoming_confidence, "
        "  incoming_source, created_at) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, COALESCE($10, now())) "
        "ON CONFLICT (concept_id, dim_id, incoming_parent_id) WHERE status = 'pending' "
        "DO UPDATE SET priority = q.priority OR EXCLUDED.priority "
        "RETURNING id, (xmax = 0) AS inserted",
        e.concept_id, e.existing_parent_id, e.incoming_parent_id, e.dim_id, e.collision_type,
        e.priority, e.incoming_is_isa, e.incoming_confidence, e.incoming_source, e.created_at)
    return int(row["id"]), bool(row["inserted"])


async def enqueue_writes(conn, concept_ids: Sequence[int]) -> int:
    """Concepts for the LLM write path (one pending row per concept)."""
    if not concept_ids:
        return 0
    result = await conn.execute(
        "INSERT INTO write_queue (concept_id) SELECT DISTINCT unnest($1::int[]) "
        "ON CONFLICT (concept_id) WHERE status = 'pending' DO NOTHING", list(concept_ids))
    return int(result.split()[-1])


# The one query for listing queue items with their tokens and the edge they contest now
# (HTTP API, admin page, CLI); callers add WHERE, ORDER BY and LIMIT.
CONFLICT_SELECT = (
    "SELECT q.id, q.status, q.collision_type, q.priority, q.concept_id, c.token AS concept, "
    "  q.dim_id, d.token AS dimension, e.token AS existing_parent, "
    "  i.token AS incoming_parent, q.incoming_is_isa, q.incoming_confidence, "
    "  q.incoming_source, q.created_at, q.resolved_at, q.resolution, q.attempts, q.error, "
    "  q.last_attempt_at, ce.token AS current_parent, cu.is_isa AS current_is_isa, "
    "  cu.confidence AS current_confidence, cu.source AS current_source "
    "FROM resolution_queue q "
    "JOIN soas c ON c.id = q.concept_id JOIN soas d ON d.id = q.dim_id "
    "JOIN soas i ON i.id = q.incoming_parent_id "
    "LEFT JOIN soas e ON e.id = q.existing_parent_id "
    "LEFT JOIN urd cu ON cu.id = q.concept_id AND cu.dim_id = q.dim_id "
    "LEFT JOIN soas ce ON ce.id = cu.parent_id ")


async def conflict_rows(conn, where: str, order: str, limit: int, *args) -> list[dict]:
    """Rows of CONFLICT_SELECT; `where` and `order` are fixed SQL of the caller (never user
    text), their parameters start at $2 ($1 is the limit). `resolution` is decoded."""
    rows = await conn.fetch(f"{CONFLICT_SELECT} WHERE {where} ORDER BY {order} LIMIT $1",
                            limit, *args)
    out = []
    for r in rows:
        d = dict(r)
        if isinstance(d.get("resolution"), str):
            try:
                d["resolution"] = json.loads(d["resolution"])
            except ValueError:
                pass
        out.append(d)
    return out


async def list_conflicts(conn, status: Optional[str] = None, limit: int = 100) -> list[dict]:
    """Queue entries of one status (None: all), pending first (iknowthat priority, then
    oldest)."""
    return await conflict_rows(
        conn, "($2::text IS NULL OR q.status = $2)",
        "(q.status = 'pending') DESC, q.priority DESC, q.created_at, q.id", limit, status)


async def list_write_queue(conn, status: Optional[str] = "pending", limit: int = 100) -> list[dict]:
    rows = await conn.fetch(
        "SELECT w.id, s.token AS concept, w.concept_id, w.status, w.attempts, w.error, "
        "  w.created_at, w.processed_at, s.saliency, s.encounter_count "
        "FROM write_queue w JOIN soas s ON s.id = w.concept_id "
        "WHERE ($1::text IS NULL OR w.status = $1) ORDER BY w.created_at, w.id LIMIT $2",
        status, limit)
    return [dict(r) for r in rows]


# ---------------------------------------------------------------------- config table
async def get_setting(conn, key: str) -> Optional[str]:
    return await conn.fetchval("SELECT value FROM config WHERE key = $1", key)


async def set_setting(conn, key: str, value: Optional[str]) -> None:
    await conn.execute("INSERT INTO config (key, value) VALUES ($1, $2) ON CONFLICT (key) DO "
                       "UPDATE SET value = EXCLUDED.value, updated_at = now()", key, value)


async def clear_setting_if(conn, key: str, value: str) -> bool:
    """Unset `key` only if it still holds `value` (one statement: a concurrent change wins)."""
    res = await conn.execute("UPDATE config SET value = NULL, updated_at = now() "
                             "WHERE key = $1 AND value = $2", key, value)
    return res.endswith(" 1")


# ---------------------------------------------------------------------- change notices
def channel_name(schema: str) -> str:
    """The LISTEN/NOTIFY channel on which graph writers announce changes to a schema (the
    same channel and payload shape as graph/reload.py, the resolution job's side)."""
    return f"festinger_graph_{schema}"[:63]


async def notify_change(conn, schema: str, what: str, origin: str = "", **data: Any) -> None:
    """Tell the other processes on this database that the graph changed (delivered when the
    caller's transaction commits). Payload `{"origin": ..., "what": ..., ...}`; the graph
    service applies these two incrementally:

        what=edge   c=concept_id, d=dim_id    the edge at (c, d) was inserted/replaced/deleted
        what=queue  id=resolution_queue.id    that queue row was added or closed

    and reloads everything for `what=reload`. `origin` lets a process skip its own notices."""
    payload = json.dumps({"origin": origin, "what": what, **data}, separators=(",", ":"))
    await conn.execute("SELECT pg_notify($1, $2)", channel_name(schema), payload)
