"""Applying the journal's operations to Postgres: one typed operation (graph/ops.py), one
transaction, its id claimed in the same transaction (exactly-once replay, journal.py).

The results are mirrored in the cache through `effects` run under the graph's lock once
the transaction committed. A UniqueViolation (another process stored another parent
first) turns a fact into a queued collision; the cycle check and the insert are serialised
per dimension across processes (store.lock_dimension).
"""

from __future__ import annotations

from datetime import datetime
from typing import Callable, Optional

from ..logs import log
from . import store
from .cache import ALREADY_PENDING, COLLISION, CONFIRM, CONFIRMING_SOURCES, INSERT, InsertDecision
from .journal import Op
from .models import SOURCE_IKNOWTHAT, SoasRow, UrdEdge, utcnow
from .ops import (ConflictOp, EdgeOp, EncountersOp, FactOp, InternOp, WriteCandidatesOp,
                  conflict_info, decode, to_op)


class OperationsMixin:
    """Part of GraphService (see service.py for the attributes it uses)."""

    async def _apply(self, db, op: Op) -> dict:
        """Apply one journal operation in its own transaction (with its id: exactly once)."""
        operation = decode(op)  # OpDataError (a data error) when the record is unreadable
        async with db.pool.acquire(timeout=store.ACQUIRE_TIMEOUT_S) as conn:
            if isinstance(operation, InternOp):
                result = await self._op_intern(conn, op.id, operation)
            elif isinstance(operation, EncountersOp):
                result = await self._op_encounters(conn, op.id, operation)
            elif isinstance(operation, WriteCandidatesOp):
                result = await self._op_write_candidates(conn, op.id, operation)
            elif isinstance(operation, EdgeOp):
                result = await self._op_edge(conn, op.id, operation)
            elif isinstance(operation, ConflictOp):
                result = await self._op_conflict(conn, op.id, operation)
            else:
                result = await self._op_fact(conn, op.id, operation)
        self.counters["applied"] += 1
        if result.get("outcome") == "duplicate":
            self.counters["duplicates"] += 1
        return result

    def _token_of(self, soas_id: int) -> str:
        with self.lock:
            return self.cache.soas_by_id.get(soas_id) or f"#{soas_id}"

    def _common(self) -> frozenset:
        return self.cache.policy.common_words

    async def _op_intern(self, conn, op_id: str, o: InternOp) -> dict:
        tokens, count, at = list(o.tokens), o.encounter, o.at
        async with conn.transaction():
            fresh = await store.claim_op(conn, op_id)
            if fresh:
                rows = await store.intern_tokens(conn, tokens, count, at, self._common())
        if not fresh:  # applied before a crash: make sure the cache has the rows, count nothing
            rows = await conn.fetch(f"SELECT {store.SOAS_COLUMNS} FROM soas "
                                    "WHERE token = ANY($1::text[])", tokens)
            count = 0
        crossed = self._merge_soas(rows, count, at)
        if crossed:
            self._enqueue_now([to_op(WriteCandidatesOp(tuple(crossed)))])
        return {"outcome": "interned" if fresh else "duplicate", "tokens": len(rows)}

    def _merge_soas(self, rows, count: int, at: Optional[datetime]) -> list[int]:
        """Put Postgres's SOAS rows into the cache; returns ids that crossed the write
        threshold. A token the cache already has is counted `count` more times."""
        crossed: list[int] = []
        with self.lock:
            cache = self.cache
            policy = cache.policy
            for r in rows:
                row = cache.soas_by_token.get(r["token"])
                if row is not None and row.id != r["id"]:
                    log.warning("graph: token %r has id %s in the cache but %s in PostgreSQL; "
                                "using PostgreSQL's", r["token"], row.id, r["id"])
                    cache.soas_by_id.pop(row.id, None)
                    del cache.soas_by_token[r["token"]]
                    row = None
                if row is None:
                    try:
                        row = cache.add_soas(SoasRow.from_row(r))
                    except ValueError as exc:  # the id names another token here: stale data
                        log.warning("graph: %s", exc)
                        continue
                    old = 0.0
                else:
                    old = row.saliency
                    row.encounter_count += count
                    if at is not None and (row.last_seen is None or at > row.last_seen):
                        row.last_seen = at
                s = 0.0 if r["token"] in policy.common_words else policy.score(
                    row.saliency, row.encounter_count)
                if s != row.saliency:
                    row.saliency = s
                    cache.restore_dirty([(row.id, 0)])  # the next flush stores the new score
                if old < policy.write_threshold <= s:
                    crossed.append(row.id)
        return crossed

    async def _op_encounters(self, conn, op_id: str, o: EncountersOp) -> dict:
        async with conn.transaction():
            if not await store.claim_op(conn, op_id):
                return {"outcome": "duplicate"}
            n = await store.flush_encounters(conn, list(o.rows))
        return {"outcome": "flushed", "rows": n}

    async def _op_write_candidates(self, conn, op_id: str, o: WriteCandidatesOp) -> dict:
        async with conn.transaction():
            if not await store.claim_op(conn, op_id):
                return {"outcome": "duplicate"}
            n = await store.enqueue_writes(conn, list(o.ids))
        return {"outcome": "queued", "rows": n}

    async def _op_edge(self, conn, op_id: str, o: EdgeOp) -> dict:
        e = o.edge
        effects: list[Callable[[], None]] = []
        async with conn.transaction():
            if not await store.claim_op(conn, op_id):
                row = await store.edge_at(conn, e.concept_id, e.dim_id)
                if row is not None:
                    effects.append(lambda: self.cache.apply_edge(row))
                result = await self._replayed_outcome(conn, e.concept_id, e.parent_id,
                                                      e.dim_id, row)
            else:
                result = await self._write_edge(conn, e, effects)
        self._run(effects)
        return result

    async def _replayed_outcome(self, conn, c: int, p: int, dim: int,
                                row: Optional[UrdEdge]) -> dict:
        """What an operation applied by an earlier attempt did (its answer was lost with its
        connection): read back from the database, so a refusal stays a refusal."""
        if row is not None and row.parent_id == p:
            return {"outcome": "duplicate"}
        qid = await conn.fetchval(
            "SELECT id FROM resolution_queue WHERE concept_id = $1 AND dim_id = $2 "
            "AND incoming_parent_id = $3 ORDER BY id DESC LIMIT 1", c, dim, p)
        if qid is not None:
            return {"outcome": "duplicate", "conflict_id": qid}
        tok = self._token_of
        return {"outcome": "refused", "reason": (
            f"{tok(c)} in {tok(p)} was not stored in dimension {tok(dim)}: it would close a "
            "cycle there (refused by an earlier attempt of this write)")}

    async def _write_edge(self, conn, edge: UrdEdge, effects: list) -> dict:
        """Insert/confirm `edge` in Postgres (inside the caller's transaction). A cycle through
        edges this cache does not know, or another parent already stored by another process,
        is caught here: the first is refused, the second queued as a collision."""
        c, p, dim = edge.concept_id, edge.parent_id, edge.dim_id
        if not (c == p == dim):
            # The check and the insert below are atomic per dimension across processes.
            await store.lock_dimension(conn, self.service.schema, dim)
        if not (c == p == dim) and await store.would_cycle(conn, c, p, dim):
            def undo() -> None:
                cur = self.cache.urd_by_concept_dim.get((c, dim))
                if cur is not None and cur.parent_id == p:
                    self.cache.remove_edge(c, dim)
            effects.append(undo)
            tok = self._token_of
            return {"outcome": "refused", "reason": (
                f"{tok(c)} in {tok(p)} would close a cycle in dimension {tok(dim)}: "
                f"{tok(p)} is already inside {tok(c)} there (stored meanwhile, possibly by "
                "another process)")}
        import asyncpg

        try:
            async with conn.transaction():  # a savepoint: the violation must not end ours
                inserted, stored = await store.upsert_edge(
                    conn, c, p, dim, edge.is_isa, edge.confidence,
                    edge.last_confirmed or utcnow(), edge.source)
        except asyncpg.UniqueViolationError:
            existing = await store.edge_at(conn, c, dim)
            if existing is None:
                raise
            now = edge.last_confirmed or utcnow()
            with self.lock:  # Postgres's row (another process's, committed) replaces ours
                self.cache.apply_edge(existing)
                dec = self.cache.decide(c, p, dim, edge.is_isa, edge.confidence, edge.source,
                                        now)
            return await self._write_decision(conn, dec, effects, now, raced=True)
        if inserted:
            await self._notify(conn, "edge", c=c, d=dim)

        def put() -> None:
            self.cache.apply_edge(stored)
            if inserted and stored.source in CONFIRMING_SOURCES:
                self.cache.mark_confirmed_concept(stored.concept_id)
        effects.append(put)
        return {"outcome": "inserted" if inserted else "confirmed"}

    async def _write_decision(self, conn, dec: InsertDecision, effects: list, now: datetime,
                              raced: bool = False) -> dict:
        if dec.kind in (INSERT, CONFIRM) and dec.edge is not None:
            if raced:  # the row Postgres holds is this very fact after all
                return {"outcome": "confirmed"}
            e = dec.edge
            if dec.kind == CONFIRM:  # re-stated: refresh last_confirmed, keep the rest
                e = UrdEdge(e.concept_id, e.parent_id, e.dim_id, e.is_isa, e.confidence, now,
                            e.source)
            return await self._write_edge(conn, e, effects)
        if dec.kind == COLLISION and dec.conflict is not None:
            entry = dec.conflict
            qid, inserted = await store.upsert_conflict(conn, entry)
            entry.id = qid
            if inserted:
                await self._notify(conn, "queue", id=qid)
            effects.append(lambda: self.cache.record_conflict(entry))
            return {"outcome": "conflict", "conflict_id": qid, **conflict_info(entry)}
        if dec.kind == ALREADY_PENDING and dec.conflict is not None:
            return {"outcome": "already_pending", "conflict_id": dec.conflict.id,
                    **conflict_info(dec.conflict)}
        return {"outcome": "refused", "reason": dec.reason}

    async def _op_conflict(self, conn, op_id: str, o: ConflictOp) -> dict:
        entry = o.entry
        provisional = o.provisional_id
        async with conn.transaction():
            fresh = await store.claim_op(conn, op_id)
            if fresh:
                qid, inserted = await store.upsert_conflict(conn, entry)
                if inserted:
                    await self._notify(conn, "queue", id=qid)
            else:
                qid = await conn.fetchval(
                    "SELECT id FROM resolution_queue WHERE concept_id = $1 AND dim_id = $2 "
                    "AND incoming_parent_id = $3 AND status = 'pending'",
                    entry.concept_id, entry.dim_id, entry.incoming_parent_id)
                inserted = False
        if qid is not None:
            def put() -> None:
                got = None
                if provisional is not None and provisional < 0:
                    got = self.cache.rekey_conflict(provisional, qid)
                if got is None:
                    entry.id = qid
                    if self.cache.queue.entries.get(qid) is None:
                        self.cache.record_conflict(entry)
            self._run([put])
        outcome = "duplicate" if not fresh else "conflict" if inserted else "already_pending"
        return {"outcome": outcome, "conflict_id": qid, **conflict_info(entry)}

    async def _op_fact(self, conn, op_id: str, o: FactOp) -> dict:
        t = o.triple
        now = o.at or utcnow()
        # Tokens first, committed on their own: the cache may only learn ids that exist.
        rows = await store.intern_tokens(conn, [t.concept, t.parent, t.dimension], 0, None,
                                         self._common())
        self._merge_soas(rows, 0, None)
        effects: list[Callable[[], None]] = []
        async with conn.transaction():
            if not await store.claim_op(conn, op_id):
                with self.lock:
                    get = self.cache.soas_by_token.get
                    ids = [get(t.concept), get(t.parent), get(t.dimension)]
                if any(r is None for r in ids):
                    return {"outcome": "duplicate"}
                c_id, p_id, d_id = (r.id for r in ids)  # type: ignore[union-attr]
                return await self._replayed_outcome(
                    conn, c_id, p_id, d_id, await store.edge_at(conn, c_id, d_id))
            with self.lock:
                get = self.cache.soas_by_token.get
                c, p, dim = get(t.concept), get(t.parent), get(t.dimension)
                if c is None or p is None or dim is None:
                    return {"outcome": "refused", "reason": "a token of the fact has no id"}
                dec = self.cache.decide(c.id, p.id, dim.id, t.is_isa, t.confidence, t.source,
                                        now)
            result = await self._write_decision(conn, dec, effects, now)
            if dec.kind == ALREADY_PENDING and dec.conflict is not None and \
                    t.source == SOURCE_IKNOWTHAT and not dec.conflict.priority:
                entry = dec.conflict
                entry.priority = True
                await store.upsert_conflict(conn, entry)
        self._run(effects)
        return result

    def _run(self, effects: list[Callable[[], None]]) -> None:
        if not effects:
            return
        with self.lock:
            for fn in effects:
                fn()
