"""Start-up and loading: the cache from Postgres (or the last snapshot when Postgres does
not answer in time), full reloads, snapshots, shutdown.

Postgres unreachable at start: the cache comes from the snapshot on disk (or starts empty)
and the database is retried in the background; a full load later is rebased on what the
old cache knew and Postgres did not yet (journaled operations, unflushed counts, conflicts
waiting for their queue id).
"""

from __future__ import annotations

import asyncio
import time
from typing import Optional

from ..logs import log
from ..redact import redact_secrets
from . import snapshot as snapshot_file
from . import store
from .bootstrap import bootstrap_dictionary, bootstrapped, dictionary_words
from .cache import GraphCache, gc_paused
from .limits import CONNECT_TIMEOUT_S, SNAPSHOT_MAX_AGE_S, SNAPSHOT_WAIT_S
from .models import PENDING, SoasRow
from .ops import EdgeOp, EncountersOp, decode
from .saliency import english_common_words


def _fill_cache(cache: GraphCache, soas, edges, queue) -> None:
    cache.load_soas(soas)
    cache.load_edges(edges)
    cache.load_queue(queue)


def _age(seconds: float) -> str:
    if seconds < 120:
        return f"{int(seconds)} s"
    if seconds < 7200:
        return f"{int(seconds // 60)} min"
    if seconds < 172800:
        return f"{int(seconds // 3600)} h"
    return f"{int(seconds // 86400)} days"


async def _quietly(coro) -> None:
    try:
        await coro
    except Exception:
        pass


class LoadingMixin:
    """Part of GraphService (see service.py for the attributes it uses)."""

    def start(self) -> None:
        """Load the cache in the background (idempotent, never blocks)."""
        with self.lock:
            if self._state != "new" or self._closing:
                return
            self._state = "starting"
        self._start_future = self.service.io.submit(self._startup())

    @property
    def loaded(self) -> bool:
        return self._loaded.is_set()

    def wait_loaded(self, timeout: float) -> bool:
        """Block until the cache can serve (CLI, tests; never from a hook)."""
        self.start()
        return self._loaded.wait(timeout)

    def wait_first_attempt(self, timeout: float) -> bool:
        """Block until the first connection attempt has succeeded or failed (CLI)."""
        self.start()
        ok = self._first_attempt.wait(timeout)
        return ok and self._loaded.wait(max(1.0, timeout))

    async def _startup(self) -> None:
        loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self.write_lock = asyncio.Lock()
        try:
            common = await loop.run_in_executor(None, english_common_words)
            with self.lock:
                self.cache = GraphCache(self._policy(common))
            self.journal.adopt_orphans()
            db_task = asyncio.ensure_future(self.service.db(timeout=CONNECT_TIMEOUT_S))
            await asyncio.wait({db_task}, timeout=SNAPSHOT_WAIT_S)
            if not db_task.done() or db_task.exception() is not None:
                await loop.run_in_executor(None, self._load_snapshot)
                self._set_loaded()
            try:
                db = await db_task
                await self._reload(db)
                self.db_up = True
                self.last_error = None
                await self._listen_or_retry(db)
            except Exception as exc:
                self._db_lost(exc)
            self._set_loaded()
        except Exception as exc:  # never leave callers waiting on a start that died
            log.error("graph: start failed: %s: %s", type(exc).__name__, exc)
            self.last_error = redact_secrets(f"start failed: {exc}")
            self._set_loaded()
        finally:
            self._first_attempt.set()
        self._tasks = [asyncio.ensure_future(self._drain_loop()),
                       asyncio.ensure_future(self._flush_loop())]
        self._wake.set()

    def _set_loaded(self) -> None:
        if self._loaded.is_set():
            return
        with self.lock:
            self._state = "ready"
            self._loaded.set()
            backlog, self._backlog = self._backlog, []
        for text, now in backlog:
            try:
                self.process_prompt(text, now)
            except Exception as exc:
                log.warning("graph: a deferred prompt failed: %s", exc)

    def _load_snapshot(self) -> None:
        snap = snapshot_file.load(self.snapshot_path, self.key)
        cache = None
        if snap is not None:  # built outside the lock: hooks keep running meanwhile
            cache = GraphCache(self.cache.policy)
            cache.load_soas(snap.soas)
            cache.load_edges(snap.edges)
            cache.load_queue(snapshot_file.queue_entry(r) for r in snap.queue)
        with self.lock:
            if self.source == "postgres":
                return
            if snap is None or cache is None:
                self.source = "empty"
                return
            self._rebase(cache, self.cache)
            self.cache = cache
            self.source = "snapshot"
        age = time.time() - snap.taken_at
        log.warning("graph: PostgreSQL unreachable; serving recollections from the snapshot "
                    "of %s ago (%d concepts, %d edges); writes are journaled",
                    _age(age), len(snap.soas), len(snap.edges))

    async def _reload(self, db) -> None:
        """Full load from Postgres into a new cache, swapped in under the lock (the /reload
        path, the first start, and a reconnect after starting without the database)."""
        loop = asyncio.get_running_loop()
        assert self.write_lock is not None
        async with self.write_lock:
            async with db.pool.acquire(timeout=store.ACQUIRE_TIMEOUT_S) as conn:
                if self.auto_bootstrap and not await bootstrapped(conn):
                    words = await loop.run_in_executor(None, dictionary_words)
                    res = await bootstrap_dictionary(conn, words)
                    log.info("graph: English dictionary loaded into SOAS (%d new words)",
                             res.inserted)
                await store.prune_applied(conn)
                # Millions of new objects, none cyclic: with the cyclic GC on, every
                # generation would be rescanned dozens of times while they arrive and while
                # the cache is built from them.
                with gc_paused():
                    t0 = time.perf_counter()
                    soas = await store.fetch_soas(conn)
                    t1 = time.perf_counter()
                    edges = await store.fetch_edges(conn)
                    queue = await store.fetch_pending_queue(conn)
                    t2 = time.perf_counter()
                    new = GraphCache(self.cache.policy)
                    await loop.run_in_executor(None, _fill_cache, new, soas, edges, queue)
            t3 = time.perf_counter()
            self.last_load = {"soas": len(soas), "edges": len(edges), "queue": len(queue),
                              "fetch_soas_ms": round((t1 - t0) * 1000),
                              "fetch_edges_ms": round((t2 - t1) * 1000),
                              "build_ms": round((t3 - t2) * 1000)}
            with self.lock:
                self._rebase(new, self.cache)
                self.cache = new
                self.source = "postgres"
        if self.snapshots and self._snapshot_is_stale():
            self._changed = 0
            loop.run_in_executor(None, self._write_snapshot_of_rows, soas, edges, queue)

    def _rebase(self, new: GraphCache, old: GraphCache) -> None:
        """Carry what the old cache knows and Postgres does not yet into `new` (lock held):
        unflushed encounter deltas, journaled-but-unapplied counts and edges, and conflicts
        still waiting for their queue id."""
        by_token, by_id = new.soas_by_token, new.soas_by_id

        def row_of(soas_id: int) -> Optional[SoasRow]:
            token = by_id.get(soas_id)
            return by_token.get(token) if token is not None else None

        def bump(soas_id: int, delta: int, seen, sal: float, nov: float) -> None:
            row = row_of(soas_id)
            if row is None:
                return
            row.encounter_count += delta
            if seen is not None and (row.last_seen is None or seen > row.last_seen):
                row.last_seen = seen
            row.saliency = max(row.saliency, sal)
            row.novelty = max(row.novelty, nov)

        self._submit(self._settle_locked())  # (counts rows of `old`: carried over below)
        dirty = old.take_dirty()
        for soas_id, delta, seen, sal, nov in dirty:
            bump(soas_id, delta, seen, sal, nov)
        new.restore_dirty(dirty)
        for op in self.journal.pending():
            try:
                operation = decode(op)
            except store.OpDataError:
                continue  # the writer rejects it
            if isinstance(operation, EncountersOp):
                for soas_id, delta, seen, sal, nov in operation.rows:
                    bump(soas_id, delta, seen, sal, nov)
            elif isinstance(operation, EdgeOp):
                e = operation.edge
                if (e.concept_id, e.dim_id) not in new.urd_by_concept_dim and all(
                        i in by_id for i in (e.concept_id, e.parent_id, e.dim_id)):
                    new.apply_edge(e)
        for entry in list(old.queue.entries.values()):
            if entry.id is not None and entry.id < 0 and entry.status == PENDING:
                new.record_conflict(entry)

    def _snapshot_is_stale(self) -> bool:
        try:
            return time.time() - self.snapshot_path.stat().st_mtime > SNAPSHOT_MAX_AGE_S
        except FileNotFoundError:
            return True

    def _write_snapshot(self, soas, edges, queue) -> None:
        try:
            size = snapshot_file.save(self.snapshot_path, self.key, soas, edges, queue)
            log.debug("graph: snapshot written (%d bytes)", size)
        except Exception as exc:
            log.warning("graph: could not write the cache snapshot: %s", exc)

    def _write_snapshot_of_rows(self, soas, edges, queue) -> None:
        """The snapshot of a full load, from the rows Postgres returned (a worker thread)."""
        self._write_snapshot([snapshot_file.soas_tuple(r) for r in soas],
                             [snapshot_file.edge_tuple(r) for r in edges],
                             [snapshot_file.queue_tuple(e) for e in queue])

    def _snapshot_rows_locked(self) -> tuple[list, list, list]:
        c = self.cache
        soas = [(r.id, r.token, r.encounter_count, snapshot_file._epoch(r.last_seen),
                 r.saliency, r.novelty) for r in c.soas_by_token.values()]
        edges = [(e.concept_id, e.parent_id, e.dim_id, e.is_isa, e.confidence,
                  snapshot_file._epoch(e.last_confirmed), e.source)
                 for lst in c.urd_by_concept.values() for e in lst]
        queue = [snapshot_file.queue_tuple(e) for e in c.queue.pending()
                 if e.id is not None and e.id > 0]
        return soas, edges, queue

    async def close(self) -> None:
        """Flush encounters, write what can be written, snapshot, release the journal."""
        if self._closing:
            return
        self._closing = True
        self._cancel_startup()
        for task in self._tasks[1:] + [t for t in (self._reconnect_task, self._relisten_task)
                                       if t is not None]:
            task.cancel()
        if self._loaded.is_set():
            self._enqueue_now(self._flush_ops())
            if self.db_up and self.journal.pending():
                try:
                    await asyncio.wait_for(self._drain(), timeout=15)
                except Exception as exc:
                    log.warning("graph: %d operation(s) left in the journal at shutdown: %s",
                                len(self.journal), exc)
        for task in self._tasks[:1] + ([self._remote_task] if self._remote_task else []):
            task.cancel()
        await self._unlisten()
        if self.snapshots and self.source == "postgres" and self._changed:
            with self.lock:
                rows = self._snapshot_rows_locked()
            await asyncio.get_running_loop().run_in_executor(None, self._write_snapshot, *rows)
        if self.journal.pending():
            log.warning("graph: %d operation(s) stay journaled in %s until the database is back",
                        len(self.journal), self.journal.path)
        self.journal.close()

    def _cancel_startup(self) -> None:
        """A start-up still waiting for the database must not outlive the service."""
        future = self._start_future
        if future is not None and not future.done():
            future.cancel()

    async def abandon(self) -> None:
        """Stop without writing anything (the schema is about to be dropped: benchmarks)."""
        self._closing = True
        self._cancel_startup()
        for task in self._tasks + [t for t in (self._reconnect_task, self._remote_task,
                                               self._relisten_task) if t]:
            task.cancel()
        await self._unlisten()
        self.journal.discard_pending()
        self.journal.close()
