"""Other processes on the same database: LISTEN/NOTIFY sync of the cache.

Writers (the CLI, other containers, the resolution job) announce what they changed on the
schema's channel (store.notify_change, reload.py); this process re-reads those rows into
its cache. The LISTEN lives on a connection of its own (never one of the pool's, never used
for a query); when it dies the graph listens again and re-reads everything once, since
notices sent meanwhile are lost.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from ..logs import log
from . import store
from .limits import RECONNECT_MAX_DELAY_S
from .loading import _quietly
from .models import PENDING, utcnow


class SyncMixin:
    """Part of GraphService (see service.py for the attributes it uses)."""

    def _origins(self) -> set[str]:
        """Origins of this process's writers: their notices are already in this cache."""
        out = {self.origin}
        other = self.service.resolution_if_started
        if isinstance(getattr(other, "origin", None), str):
            out.add(other.origin)
        return out

    async def _notify(self, conn, what: str, **data: Any) -> None:
        # Sent under the resolution job's origin when it runs in this process, so its
        # listener (which reloads on other processes' notices) does not reload for ours.
        other = self.service.resolution_if_started
        origin = getattr(other, "origin", None)
        await store.notify_change(conn, self.service.schema, what,
                                  origin if isinstance(origin, str) else self.origin, **data)

    async def _listen(self, db, quiet: bool = False) -> bool:
        """LISTEN on the schema's channel on a connection of its own: held for the life of
        the process, it must not be one of the pool's (the pool is small and the writers
        need it). True when listening."""
        if self._listener is not None:
            return True
        if self._closing:
            return False
        conn = None
        try:
            conn = await store.dedicated_connection(db)
            await conn.add_listener(self.channel, self._on_notice)
            conn.add_termination_listener(self._on_listener_lost)
        except Exception as exc:  # recollections work without it; remote writes show later
            if conn is not None:
                await _quietly(conn.close(timeout=5))
            if not quiet:
                log.warning("graph: not listening for other processes' writes: %s", exc)
            return False
        if self._closing:
            await _quietly(conn.close(timeout=5))
            return False
        self._listener = conn
        return True

    async def _listen_or_retry(self, db) -> None:
        if not await self._listen(db) and not self._closing and (
                self._relisten_task is None or self._relisten_task.done()):
            self._relisten_task = asyncio.ensure_future(self._relisten())

    async def _unlisten(self) -> None:
        conn, self._listener = self._listener, None
        if conn is None:
            return
        try:
            await conn.close(timeout=5)
        except Exception:
            conn.terminate()

    def _on_listener_lost(self, conn) -> None:
        """The LISTEN connection died (server restart, an idle-session timeout, a proxy, an
        administrator's pg_terminate_backend). Unless this process closed it itself, listen
        again with backoff: without it, other processes' writes never reach this cache."""
        if conn is not self._listener or self._closing:
            return  # closed on purpose (close, _db_lost)
        self._listener = None
        log.warning("graph: lost the connection listening for other processes' writes; "
                    "listening again")
        if self._relisten_task is None or self._relisten_task.done():
            self._relisten_task = asyncio.ensure_future(self._relisten())

    async def _relisten(self) -> None:
        """Listen again, then re-read everything once: notices sent while nobody listened
        are lost. Loops until both held at the same time -- the new listener may die
        during the reload (then it is one more round, not a cache left stale)."""
        delay = 0.2
        while not self._closing:
            if not self.db_up:
                return  # the reconnect loop listens again once the database is back
            try:
                db = await self.service.db(timeout=10)
                ok = await self._listen(db, quiet=True)
                if ok:
                    await self._reload(db)
            except Exception as exc:
                log.debug("graph: listening again: %s", exc)
                ok = False
            if ok and self._listener is not None:
                return
            await asyncio.sleep(delay)
            delay = min(delay * 2, RECONNECT_MAX_DELAY_S)

    def _on_notice(self, conn, pid, channel, payload) -> None:
        try:
            msg = json.loads(payload)
        except ValueError:
            return
        if not isinstance(msg, dict) or msg.get("origin") in self._origins():
            return
        self._remote.append(msg)
        if self._remote_task is None or self._remote_task.done():
            self._remote_task = asyncio.ensure_future(self._apply_remote())

    async def _apply_remote(self) -> None:
        """Bring the cache up to date with what other processes wrote, batch after batch:
        notices that arrive while one batch is being read are applied by the next round,
        not left waiting for a later notice."""
        while self._remote and not self._closing:
            await asyncio.sleep(0.05)  # let a burst of notices arrive: one round trip for all
            batch, self._remote = self._remote, []
            try:
                await self._apply_remote_batch(batch)
            except Exception as exc:
                log.warning("graph: could not apply another process's change: %s", exc)

    async def _apply_remote_batch(self, batch: list[dict]) -> None:
        if any(m.get("what") == "reload" for m in batch):
            await self.reload()
            return
        db = await self.service.db(timeout=10)
        async with db.pool.acquire(timeout=store.ACQUIRE_TIMEOUT_S) as conn:
            edges, queue = [], []
            for m in batch:
                if m.get("what") == "edge" and isinstance(m.get("c"), int) and \
                        isinstance(m.get("d"), int):
                    edges.append((m["c"], m["d"], await store.edge_at(conn, m["c"], m["d"])))
                elif m.get("what") in ("queue", "resolution") and isinstance(m.get("id"), int):
                    row = await conn.fetchrow(f"SELECT {store.QUEUE_COLUMNS} FROM "
                                              "resolution_queue WHERE id = $1", m["id"])
                    if row is not None:
                        queue.append(store.queue_entry(row))
            ids = {i for _, _, r in edges if r for i in (r.concept_id, r.parent_id, r.dim_id)}
            ids |= {i for e in queue for i in (e.concept_id, e.incoming_parent_id, e.dim_id,
                                               e.existing_parent_id) if i is not None}
            missing = [i for i in ids if i not in self.cache.soas_by_id]
            if missing:
                self._merge_soas(await conn.fetch(
                    f"SELECT {store.SOAS_COLUMNS} FROM soas WHERE id = ANY($1::int[])",
                    missing), 0, None)
        now = utcnow()
        with self.lock:
            cache = self.cache
            for c, d, row in edges:
                if row is None:
                    cache.remove_edge(c, d)
                elif all(i in cache.soas_by_id for i in (row.concept_id, row.parent_id,
                                                           row.dim_id)):
                    cache.apply_edge(row)
            for e in queue:
                known = cache.queue.entries.get(e.id)
                if e.status == PENDING:
                    if known is None and cache.queue.find_pending(
                            e.concept_id, e.dim_id, e.incoming_parent_id) is None:
                        cache.record_conflict(e)
                elif known is not None and known.status == PENDING:
                    cache.close_conflict(e.id, e.status, e.resolution, e.resolved_at or now,
                                         e.error)
