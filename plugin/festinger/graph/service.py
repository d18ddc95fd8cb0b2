"""The concept graph of one process: in-memory cache, Postgres write-through, journal.

    service.graph -> GraphService

Hot path (every intercepted prompt, `process_prompt`): tokenise, count encounters, decide the
cue facts whose tokens are all known, render the `<recollection>` block -- in memory only,
under a short lock (hooks of several chats run on several threads). Everything that must
reach Postgres becomes a journal *operation* handed to the I/O loop without waiting:

    intern            tokens the cache does not know: INSERT ... RETURNING id (ids always
                      come from Postgres), then they are counted in the cache
    encounters        saliency deltas, one batch every `saliency_flush_seconds` and at close
    edge              a URD insert or re-confirmation decided in memory (the cache already
                      shows it); a UniqueViolation (another process won the race) reloads
                      that row and turns the fact into a queued collision
    conflict          a collision queued in memory under a provisional negative id; the
                      queue row's id replaces it once Postgres answers
    fact              a fact naming a token the cache does not know yet: interned, decided
                      and written on the I/O loop (it shows from the next prompt on)
    write_candidates  concepts that crossed the write threshold, for the LLM write path

The I/O loop appends operations to the on-disk journal (fsync), then applies them in order,
each in one transaction with its id (exactly-once replay, see journal.py). Postgres
unreachable at start: the cache comes from the last snapshot on disk (or starts empty), and
the database is retried in the background; lost mid-run: recollections keep being served
from the cache, operations accumulate in the journal and are replayed on reconnect.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import json
import threading
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Callable, Optional

from ..logs import log
from . import snapshot as snapshot_file
from . import store
from .bootstrap import bootstrap_dictionary, bootstrapped, dictionary_words
from .cache import (ALREADY_PENDING, COLLISION, CONFIRM, CONFIRMING_SOURCES, INSERT, REFUSED,
                    GraphCache, InsertDecision, gc_paused)
from .cues import scan_prompt
from .journal import Journal, Op, crash_point
from .models import (PENDING, SOURCE_IKNOWTHAT, QueueEntry, SoasRow, Triple, UrdEdge,
                     utcnow)
from .recollection import RecollectionConfig, RecollectionRenderer
from .saliency import SaliencyPolicy, english_common_words

# A prompt longer than this is a pasted document or an attack, not a message: the hook reads
# its first MAX_PROMPT_CHARS characters, the CLI and the HTTP API refuse it.
MAX_PROMPT_CHARS = 100_000
MAX_BACKLOG = 50  # prompts seen before the cache is loaded, processed once it is
SNAPSHOT_WAIT_S = 3.0  # how long start waits for Postgres before serving from the snapshot
CONNECT_TIMEOUT_S = 60.0  # the embedded server's first start (initdb) takes a while
RECONNECT_MAX_DELAY_S = 15.0
SNAPSHOT_MAX_AGE_S = 300.0  # a full load rewrites a snapshot older than this


def _iso(dt: Optional[datetime]) -> Optional[str]:
    return None if dt is None else dt.isoformat()


def _dt(text: Optional[str]) -> Optional[datetime]:
    return None if text is None else datetime.fromisoformat(text)


def database_key(service: Any) -> str:
    """Names the database a journal or snapshot belongs to (no password)."""
    from ..db.database import redact_dsn

    where = redact_dsn(service.dsn) if service.dsn else f"embedded:{service.home / 'pgdata'}"
    return f"{where}#{service.schema}"


@dataclass
class FactDecision:
    """What the graph did with one fact right away (before Postgres answered)."""

    triple: Triple
    kind: str  # insert / confirm / collision / already_pending / refused / deferred
    reason: str = ""
    conflict: Optional[QueueEntry] = None
    op_id: Optional[str] = None  # the operation that writes it, if any
    journaled: Optional[concurrent.futures.Future] = None  # done once it is on disk


@dataclass
class PromptResult:
    block: str
    tokens: list[str]
    triples: list[Triple] = field(default_factory=list)
    decisions: list[FactDecision] = field(default_factory=list)
    new_tokens: list[str] = field(default_factory=list)
    write_candidates: list[str] = field(default_factory=list)
    truncated: bool = False
    deferred: bool = False  # the cache was still loading: counted once it is, no block now


class GraphService:
    def __init__(self, service: Any) -> None:
        self.service = service
        cfg = service.config
        self.lock = threading.RLock()  # guards the cache: hooks run on several chat threads
        self.cache = GraphCache(self._policy(frozenset()))
        self.renderer = RecollectionRenderer(RecollectionConfig(
            read_threshold=cfg.saliency_read_threshold,
            confidence_floor=cfg.recollection_confidence_floor,
            recency_days=cfg.recollection_recency_days,
            max_concepts=cfg.recollection_max_concepts))
        self.key = database_key(service)
        self.journal = Journal(service.home / "journal", self.key)
        self.snapshot_path = service.home / snapshot_file.FILE_NAME
        self.snapshots = True  # CLI commands switch this off: short processes, no rewrite
        self.auto_bootstrap = True  # load the English dictionary on a new database
        self.source: Optional[str] = None  # where the cache came from: postgres/snapshot/empty
        self.db_up = False
        self.last_error: Optional[str] = None
        self.counters: dict[str, int] = {"applied": 0, "duplicates": 0, "rejected": 0,
                                         "journaled_while_down": 0, "reconnects": 0}
        self._state = "new"
        self._loaded = threading.Event()  # the cache can serve (from Postgres or a snapshot)
        self._first_attempt = threading.Event()  # the first connection attempt has finished
        self._backlog: list[tuple[str, datetime]] = []
        self._provisional = itertools.count(-1, -1)
        self._waiters: dict[str, concurrent.futures.Future] = {}
        self._wake: Optional[asyncio.Event] = None
        # Serialises every writer of this process's cache against Postgres: the journal
        # drain, full reloads and the resolution job. Lock order: this lock FIRST, then a
        # pool connection (never wait for it while holding a connection: the pool is small).
        self.write_lock: Optional[asyncio.Lock] = None
        self._tasks: list[asyncio.Task] = []
        self._reconnect_task: Optional[asyncio.Task] = None
        self._closing = False
        self._changed = 0  # operations since the last snapshot
        self._start_future: Optional[concurrent.futures.Future] = None
        self.last_load: dict = {}  # sizes and timings of the last full load from Postgres
        # Other processes on the same database (the CLI, other containers, the resolution
        # job) announce their writes with NOTIFY; this process applies them to its cache.
        self.origin = uuid.uuid4().hex
        self.channel = store.channel_name(service.schema)
        self._listener: Any = None  # a dedicated connection (outside the pool) while listening
        self._relisten_task: Optional[asyncio.Task] = None
        self._remote: list[dict] = []
        self._remote_task: Optional[asyncio.Task] = None

    def _policy(self, common: frozenset) -> SaliencyPolicy:
        cfg = self.service.config
        return SaliencyPolicy(read_threshold=cfg.saliency_read_threshold,
                              write_threshold=cfg.saliency_write_threshold,
                              common_words=common)

    # ================================================================== lifecycle
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
            self.last_error = f"start failed: {exc}"
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
            cache.load_queue(QueueEntry(*r[:7], None, r[7], None, *r[8:]) for r in snap.queue)
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

        dirty = old.take_dirty()
        for soas_id, delta, seen, sal, nov in dirty:
            bump(soas_id, delta, seen, sal, nov)
        new.restore_dirty(dirty)
        for op in self.journal.pending():
            d = op.data
            if op.kind == "encounters":
                for soas_id, delta, seen, sal, nov in d.get("rows", ()):
                    bump(soas_id, delta, _dt(seen), sal, nov)
            elif op.kind == "edge":
                key = (d["concept_id"], d["dim_id"])
                if key not in new.urd_by_concept_dim and all(
                        i in by_id for i in (d["concept_id"], d["parent_id"], d["dim_id"])):
                    new.apply_edge(_edge_from(d))
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

    # ================================================================== hot path
    def process_prompt(self, text: str, now: Optional[datetime] = None) -> PromptResult:
        """One intercepted prompt: count its tokens, store its cue facts, render the block.

        Runs in memory under the lock; what must reach Postgres is handed to the I/O loop.
        """
        now = now or utcnow()
        truncated = len(text) > MAX_PROMPT_CHARS
        if truncated:
            text = text[:MAX_PROMPT_CHARS]
        self.start()
        scan = scan_prompt(text)
        if not self._loaded.is_set():
            with self.lock:
                if not self._loaded.is_set():
                    if len(self._backlog) < MAX_BACKLOG:
                        self._backlog.append((text, now))
                    return PromptResult("", scan.tokens, scan.triples, truncated=truncated,
                                        deferred=True)
        ops: list[Op] = []
        with self.lock:
            cache = self.cache
            known = cache.soas_by_token
            new_tokens = cache.tokens_to_intern(scan.tokens)
            enc = cache.encounter([t for t in scan.tokens if t in known], now)
            decisions = [self._decide_locked(t, now, ops) for t in scan.triples]
            if new_tokens:
                ops.insert(0, Op("intern", {"tokens": new_tokens, "encounter": 1,
                                            "at": _iso(now)}))
            if enc.write_candidates:
                ops.append(Op("write_candidates",
                              {"ids": [r.id for r in enc.write_candidates]}))
            block = self.renderer.render(cache, enc.rows, now)
        self._submit(ops)
        return PromptResult(block, scan.tokens, scan.triples, decisions, new_tokens,
                            [r.token for r in enc.write_candidates], truncated)

    def render_tokens(self, tokens: list[str], now: Optional[datetime] = None) -> str:
        """The block for tokens already counted (later iterations of the same message)."""
        if not self._loaded.is_set():
            return ""
        now = now or utcnow()
        with self.lock:
            get = self.cache.soas_by_token.get
            rows = [r for r in (get(t) for t in tokens) if r is not None]
            return self.renderer.render(self.cache, rows, now)

    def _decide_locked(self, triple: Triple, now: datetime, ops: list[Op]) -> FactDecision:
        cache = self.cache
        get = cache.soas_by_token.get
        rows = [get(triple.concept), get(triple.parent), get(triple.dimension)]
        if any(r is None for r in rows):
            op = Op("fact", _triple_data(triple, now))
            ops.append(op)
            return FactDecision(triple, "deferred", op_id=op.id)
        c, p, d = (r.id for r in rows)  # type: ignore[union-attr]
        dec = cache.decide(c, p, d, triple.is_isa, triple.confidence, triple.source, now)
        if dec.kind in (INSERT, CONFIRM):
            cache.apply(dec, now)
            op = Op("edge", _edge_data(dec.edge, now))  # type: ignore[arg-type]
            ops.append(op)
            return FactDecision(triple, dec.kind, op_id=op.id)
        if dec.kind == COLLISION:
            assert dec.conflict is not None
            dec.conflict.id = next(self._provisional)
            cache.apply(dec, now)
            op = Op("conflict", _conflict_data(dec.conflict))
            ops.append(op)
            return FactDecision(triple, "collision", conflict=dec.conflict, op_id=op.id)
        if dec.kind == ALREADY_PENDING:
            entry = dec.conflict
            if entry is not None and triple.source == SOURCE_IKNOWTHAT and not entry.priority:
                entry.priority = True  # a human/agent restating it: review it first
                op = Op("conflict", _conflict_data(entry))
                ops.append(op)
                return FactDecision(triple, ALREADY_PENDING, conflict=entry, op_id=op.id)
            return FactDecision(triple, ALREADY_PENDING, conflict=entry)
        return FactDecision(triple, REFUSED, reason=dec.reason)

    def submit_fact(self, triple: Triple, now: Optional[datetime] = None
                    ) -> tuple[FactDecision, Optional[concurrent.futures.Future]]:
        """Store one fact (iknowthat, the write path). The decision is immediate when its
        tokens are known; the future resolves with Postgres's outcome once written."""
        now = now or utcnow()
        ops: list[Op] = []
        with self.lock:
            decision = self._decide_locked(triple, now, ops)
            fut: Optional[concurrent.futures.Future] = None
            if decision.op_id is not None:
                fut = concurrent.futures.Future()
                self._waiters[decision.op_id] = fut
        decision.journaled = self._submit(ops)
        return decision, fut

    # ================================================================== write pipeline
    def _submit(self, ops: list[Op]) -> Optional[concurrent.futures.Future]:
        if ops and not self._closing:
            return self.service.io.submit(self._enqueue(ops))
        return None

    async def _enqueue(self, ops: list[Op]) -> None:
        self._enqueue_now(ops)

    def _enqueue_now(self, ops: list[Op]) -> None:
        """On the I/O loop: journal (fsync) and wake the writer."""
        if not ops:
            return
        try:
            self.journal.append(ops)
        except OSError as exc:  # a full or read-only disk: keep going, unjournaled
            log.error("graph: journal write failed (%s); %d operation(s) kept in memory only",
                      exc, len(ops))
            self.journal.keep_unjournaled(ops)
        if not self.db_up:
            self.counters["journaled_while_down"] += len(ops)
        self._changed += len(ops)
        if self._wake is not None:
            self._wake.set()

    def _flush_ops(self) -> list[Op]:
        with self.lock:
            batch = self.cache.take_dirty()
        if not batch:
            return []
        return [Op("encounters", {"rows": [[i, d, _iso(s), sal, nov]
                                           for i, d, s, sal, nov in batch]})]

    async def flush(self) -> None:
        """Hand the encounter deltas to the writer now (normally every flush interval)."""
        self._enqueue_now(self._flush_ops())

    async def _flush_loop(self) -> None:
        interval = float(self.service.config.saliency_flush_seconds)
        while not self._closing:
            await asyncio.sleep(interval)
            try:
                self._enqueue_now(self._flush_ops())
            except Exception as exc:
                log.warning("graph: saliency flush failed: %s", exc)

    async def _drain_loop(self) -> None:
        assert self._wake is not None
        while not self._closing:
            await self._wake.wait()
            self._wake.clear()
            try:
                await self._drain()
            except Exception as exc:
                log.error("graph: writer failed: %s: %s", type(exc).__name__, exc)

    async def _drain(self) -> bool:
        """Apply the journal's pending operations in order; False if Postgres went away."""
        assert self.write_lock is not None
        async with self.write_lock:
            while self.db_up and self.journal.pending():
                for op in self.journal.pending():
                    if not self.db_up:
                        return False
                    try:
                        db = await self.service.db(timeout=10)
                        result = await self._apply(db, op)
                    except Exception as exc:
                        if store.is_connection_error(exc):
                            self._db_lost(exc)
                            return False
                        result = self._reject(op, exc)
                    crash_point("after_apply")
                    self.journal.applied(op.id)
                    self._resolve(op.id, result)
            return True

    async def settle(self, timeout: float = 30.0) -> bool:
        """Wait until everything handed to the writer so far is in Postgres (CLI, tests).
        False when the database is unreachable (the operations stay journaled)."""
        deadline = time.monotonic() + timeout
        await self.flush()
        while time.monotonic() < deadline:
            if not self.journal.pending():
                return True
            if not self.db_up:
                return False
            await self._drain()
            await asyncio.sleep(0.01)
        return not self.journal.pending()

    def _resolve(self, op_id: str, result: dict) -> None:
        fut = self._waiters.pop(op_id, None)
        if fut is not None and not fut.done():
            fut.set_result(result)

    def _reject(self, op: Op, exc: BaseException) -> dict:
        """An operation Postgres refuses for what it is (not for being unreachable): logged
        with its content, dropped from the journal so it cannot block the ones after it."""
        self.counters["rejected"] += 1
        log.error("graph: operation %s (%s) rejected by PostgreSQL: %s: %s; data=%s",
                  op.id, op.kind, type(exc).__name__, exc, op.data)
        self.journal.record_rejected(op, f"{type(exc).__name__}: {exc}")
        return {"outcome": "error", "reason": f"{type(exc).__name__}: {exc}"}

    def _db_lost(self, exc: BaseException) -> None:
        reason = f"{type(exc).__name__}: {exc}"
        was_up = self.db_up
        self.db_up = False
        self.last_error = reason
        listener, self._listener = self._listener, None
        if listener is not None:  # the reconnect loop listens again once the database is back
            try:
                listener.terminate()
            except Exception:
                pass
        if was_up:
            log.warning("graph: PostgreSQL lost (%s); recollections are served from the cache "
                        "and writes are journaled until it is back", reason)
            try:
                self.service.mark_db_lost(reason)
            except Exception:
                pass
        # Whoever waits for a write (iknowthat) learns now that it is journaled, not in 15 s.
        for op_id in list(self._waiters):
            self._resolve(op_id, {"outcome": "journaled", "reason": reason})
        if not self._closing and (self._reconnect_task is None or self._reconnect_task.done()):
            self._reconnect_task = asyncio.ensure_future(self._reconnect_loop())

    async def _reconnect_loop(self) -> None:
        delay = 0.5
        while not self._closing and not self.db_up:
            await asyncio.sleep(delay)
            delay = min(delay * 2, RECONNECT_MAX_DELAY_S)
            try:
                db = await self.service.db(timeout=30)
                if self.source != "postgres":
                    await self._reload(db)
                else:
                    async with db.pool.acquire() as conn:
                        await conn.fetchval("SELECT 1")
            except Exception as exc:
                self.last_error = f"{type(exc).__name__}: {exc}"
                if not store.is_connection_error(exc):
                    log.warning("graph: reconnect failed: %s", self.last_error)
                continue
            self.db_up = True
            self.last_error = None
            self.counters["reconnects"] += 1
            await self._listen_or_retry(db)
            log.info("graph: PostgreSQL is back; replaying %d journaled operation(s)",
                     len(self.journal))
            if self._wake is not None:
                self._wake.set()

    # ================================================================== operations
    async def _apply(self, db, op: Op) -> dict:
        handler: Optional[Callable] = getattr(self, f"_op_{op.kind}", None)
        if handler is None:
            raise ValueError(f"unknown journal operation kind {op.kind!r}")
        async with db.pool.acquire(timeout=store.ACQUIRE_TIMEOUT_S) as conn:
            result = await handler(conn, op)
        self.counters["applied"] += 1
        if result.get("outcome") == "duplicate":
            self.counters["duplicates"] += 1
        return result

    def _common(self) -> frozenset:
        return self.cache.policy.common_words

    async def _op_intern(self, conn, op: Op) -> dict:
        d = op.data
        tokens, count, at = list(d["tokens"]), int(d.get("encounter", 0)), _dt(d.get("at"))
        async with conn.transaction():
            fresh = await store.claim_op(conn, op.id)
            if fresh:
                rows = await store.intern_tokens(conn, tokens, count, at, self._common())
        if not fresh:  # applied before a crash: make sure the cache has the rows, count nothing
            rows = await conn.fetch(f"SELECT {store.SOAS_COLUMNS} FROM soas "
                                    "WHERE token = ANY($1::text[])", tokens)
            count = 0
        crossed = self._merge_soas(rows, count, at)
        if crossed:
            self._enqueue_now([Op("write_candidates", {"ids": crossed})])
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
                        row = cache.add_soas(SoasRow(*r))
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

    async def _op_encounters(self, conn, op: Op) -> dict:
        rows = [(i, delta, _dt(seen), sal, nov) for i, delta, seen, sal, nov in op.data["rows"]]
        async with conn.transaction():
            if not await store.claim_op(conn, op.id):
                return {"outcome": "duplicate"}
            n = await store.flush_encounters(conn, rows)
        return {"outcome": "flushed", "rows": n}

    async def _op_write_candidates(self, conn, op: Op) -> dict:
        async with conn.transaction():
            if not await store.claim_op(conn, op.id):
                return {"outcome": "duplicate"}
            n = await store.enqueue_writes(conn, op.data["ids"])
        return {"outcome": "queued", "rows": n}

    async def _op_edge(self, conn, op: Op) -> dict:
        d = op.data
        effects: list[Callable[[], None]] = []
        async with conn.transaction():
            if not await store.claim_op(conn, op.id):
                row = await store.edge_at(conn, d["concept_id"], d["dim_id"])
                if row is not None:
                    effects.append(lambda: self.cache.apply_edge(UrdEdge(*row)))
                result = {"outcome": "duplicate"}
            else:
                result = await self._write_edge(conn, _edge_from(d), effects)
        self._run(effects)
        return result

    async def _write_edge(self, conn, edge: UrdEdge, effects: list) -> dict:
        """Insert/confirm `edge` in Postgres (inside the caller's transaction). A cycle through
        edges this cache does not know, or another parent already stored by another process,
        is caught here: the first is refused, the second queued as a collision."""
        c, p, dim = edge.concept_id, edge.parent_id, edge.dim_id
        if not (c == p == dim) and await store.would_cycle(conn, c, p, dim):
            def undo() -> None:
                cur = self.cache.urd_by_concept_dim.get((c, dim))
                if cur is not None and cur.parent_id == p:
                    self.cache.remove_edge(c, dim)
            effects.append(undo)
            return {"outcome": "refused", "reason": "would close a cycle in that dimension"}
        import asyncpg

        try:
            async with conn.transaction():  # a savepoint: the violation must not end ours
                inserted, row = await store.upsert_edge(
                    conn, c, p, dim, edge.is_isa, edge.confidence,
                    edge.last_confirmed or utcnow(), edge.source)
        except asyncpg.UniqueViolationError:
            existing = await store.edge_at(conn, c, dim)
            if existing is None:
                raise
            now = edge.last_confirmed or utcnow()
            with self.lock:  # Postgres's row (another process's, committed) replaces ours
                self.cache.apply_edge(UrdEdge(*existing))
                dec = self.cache.decide(c, p, dim, edge.is_isa, edge.confidence, edge.source,
                                        now)
            return await self._write_decision(conn, dec, effects, now, raced=True)
        stored = UrdEdge(*row)
        if inserted:
            await self._notify(conn, "edge", c=c, d=dim)

        def put() -> None:
            self.cache.apply_edge(stored)
            if inserted and stored.source in CONFIRMING_SOURCES:
                self.cache.mark_confirmed_concept(stored.concept_id)
        effects.append(put)
        return {"outcome": "inserted" if inserted else "confirmed", "edge": row}

    async def _write_decision(self, conn, dec: InsertDecision, effects: list, now: datetime,
                              raced: bool = False) -> dict:
        if dec.kind in (INSERT, CONFIRM) and dec.edge is not None:
            if raced:  # the row Postgres holds is this very fact after all
                return {"outcome": "confirmed", "edge": _edge_tuple(dec.edge)}
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
            return {"outcome": "conflict", "conflict_id": qid, **_conflict_info(entry)}
        if dec.kind == ALREADY_PENDING and dec.conflict is not None:
            return {"outcome": "already_pending", "conflict_id": dec.conflict.id,
                    **_conflict_info(dec.conflict)}
        return {"outcome": "refused", "reason": dec.reason}

    async def _op_conflict(self, conn, op: Op) -> dict:
        d = op.data
        entry = _conflict_from(d)
        provisional = d.get("provisional_id")
        async with conn.transaction():
            fresh = await store.claim_op(conn, op.id)
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
        return {"outcome": outcome, "conflict_id": qid, **_conflict_info(entry)}

    async def _op_fact(self, conn, op: Op) -> dict:
        t = _triple_from(op.data)
        now = _dt(op.data.get("at")) or utcnow()
        # Tokens first, committed on their own: the cache may only learn ids that exist.
        rows = await store.intern_tokens(conn, [t.concept, t.parent, t.dimension], 0, None,
                                         self._common())
        self._merge_soas(rows, 0, None)
        effects: list[Callable[[], None]] = []
        async with conn.transaction():
            if not await store.claim_op(conn, op.id):
                return {"outcome": "duplicate"}
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

    # ================================================================== other processes
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
        delay = 0.2
        while not self._closing and self._listener is None:
            if not self.db_up:
                return  # the reconnect loop listens again once the database is back
            try:
                db = await self.service.db(timeout=10)
                ok = await self._listen(db, quiet=True)
            except Exception:
                ok = False
            if ok:
                # Notices sent while nobody listened are lost: re-read everything once.
                try:
                    await self._reload(db)
                except Exception as exc:
                    log.warning("graph: reload after listening again failed: %s", exc)
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
            ids = {i for _, _, r in edges if r for i in r[:3]}
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
                elif all(i in cache.soas_by_id for i in row[:3]):
                    cache.apply_edge(UrdEdge(*row))
            for e in queue:
                known = cache.queue.entries.get(e.id)
                if e.status == PENDING:
                    if known is None and cache.queue.find_pending(
                            e.concept_id, e.dim_id, e.incoming_parent_id) is None:
                        cache.record_conflict(e)
                elif known is not None and known.status == PENDING:
                    cache.close_conflict(e.id, e.status, e.resolution, e.resolved_at or now,
                                         e.error)

    # ================================================================== reads
    async def reload(self) -> dict:
        """Re-read the whole graph from Postgres (after the resolution job, `/reload`)."""
        db = await self.service.db(timeout=30)
        await self._reload(db)
        return self.stats()

    async def conflicts(self, status: Optional[str] = "pending", limit: int = 100) -> list[dict]:
        """The resolution queue with tokens; from the cache when Postgres is unreachable."""
        if self.db_up:
            try:
                db = await self.service.db(timeout=10)
                async with db.pool.acquire() as conn:
                    return await store.list_conflicts(conn, status, limit)
            except Exception as exc:
                if not store.is_connection_error(exc):
                    raise
                self._db_lost(exc)
        with self.lock:
            tok = self.cache.soas_by_id.get
            out = []
            if status in (None, PENDING):
                for e in self.cache.queue.pending()[:limit]:
                    out.append({"id": e.id, "status": e.status,
                                "collision_type": e.collision_type, "priority": e.priority,
                                "concept": tok(e.concept_id), "dimension": tok(e.dim_id),
                                "existing_parent": tok(e.existing_parent_id or -1),
                                "incoming_parent": tok(e.incoming_parent_id),
                                "incoming_is_isa": e.incoming_is_isa,
                                "incoming_confidence": e.incoming_confidence,
                                "incoming_source": e.incoming_source,
                                "created_at": e.created_at, "from_cache": True})
            return out

    async def write_queue(self, status: Optional[str] = "pending", limit: int = 100) -> list[dict]:
        db = await self.service.db(timeout=10)
        async with db.pool.acquire() as conn:
            return await store.list_write_queue(conn, status, limit)

    def stats(self) -> dict:
        with self.lock:
            cache = self.cache.stats()
        return {"state": self._state, "source": self.source, "database": self.db_up,
                "last_error": self.last_error, "cache": cache,
                "journal": {"pending": len(self.journal), "file": str(self.journal.path)},
                "last_load": self.last_load,
                **self.counters}


# ---------------------------------------------------------------------- helpers
async def _quietly(coro) -> None:
    try:
        await coro
    except Exception:
        pass


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


def _edge_data(e: UrdEdge, now: datetime) -> dict:
    return {"concept_id": e.concept_id, "parent_id": e.parent_id, "dim_id": e.dim_id,
            "is_isa": e.is_isa, "confidence": e.confidence,
            "last_confirmed": _iso(e.last_confirmed or now), "source": e.source}


def _edge_from(d: dict) -> UrdEdge:
    return UrdEdge(d["concept_id"], d["parent_id"], d["dim_id"], bool(d["is_isa"]),
                   float(d["confidence"]), _dt(d.get("last_confirmed")), d["source"])


def _edge_tuple(e: UrdEdge) -> tuple:
    return (e.concept_id, e.parent_id, e.dim_id, e.is_isa, e.confidence, e.last_confirmed,
            e.source)


def _conflict_data(e: QueueEntry) -> dict:
    return {"provisional_id": e.id, "concept_id": e.concept_id,
            "existing_parent_id": e.existing_parent_id,
            "incoming_parent_id": e.incoming_parent_id, "dim_id": e.dim_id,
            "collision_type": e.collision_type, "priority": e.priority,
            "incoming_is_isa": e.incoming_is_isa, "incoming_confidence": e.incoming_confidence,
            "incoming_source": e.incoming_source, "created_at": _iso(e.created_at)}


def _conflict_from(d: dict) -> QueueEntry:
    return QueueEntry(id=None, concept_id=d["concept_id"],
                      existing_parent_id=d.get("existing_parent_id"),
                      incoming_parent_id=d["incoming_parent_id"], dim_id=d["dim_id"],
                      collision_type=d["collision_type"], status=PENDING,
                      created_at=_dt(d.get("created_at")), priority=bool(d.get("priority")),
                      incoming_is_isa=bool(d.get("incoming_is_isa", True)),
                      incoming_confidence=float(d.get("incoming_confidence", 1.0)),
                      incoming_source=d.get("incoming_source", "inferred"))


def _conflict_info(e: QueueEntry) -> dict:
    return {"collision_type": e.collision_type, "priority": e.priority,
            "existing_parent_id": e.existing_parent_id, "dim_id": e.dim_id}


def _triple_data(t: Triple, now: datetime) -> dict:
    return {"concept": t.concept, "parent": t.parent, "dimension": t.dimension,
            "is_isa": t.is_isa, "confidence": t.confidence, "source": t.source,
            "at": _iso(now)}


def _triple_from(d: dict) -> Triple:
    return Triple(d["concept"], d["parent"], d["dimension"], bool(d["is_isa"]),
                  float(d["confidence"]), d["source"])


def open_for_cli(service: Any, timeout: float = CONNECT_TIMEOUT_S) -> GraphService:
    """The graph of a short-lived CLI process: loaded (from Postgres if it answers within
    `timeout`, else from the snapshot), without rewriting the snapshot on exit."""
    graph = service.graph
    graph.snapshots = False
    graph.wait_first_attempt(timeout)
    return graph
