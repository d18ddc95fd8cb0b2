"""MemoryService: classifies every new memory and resolves its conflicts, off the chat's path.

How new memories are found: the pack wraps Agent Zero's ``Memory`` write methods
(:mod:`festinger.a0.memory_events`); every insert, from whatever writer (background
memorizers, consolidation, ``memory_save``, knowledge import), is published to
:meth:`MemoryService._on_event`, which only records it and arms a short timer. No turn ever
scans the store.

When they are classified: a moment after they land (``settle_seconds`` after the last
insert of a burst, at most ``max_settle_seconds``), on the pack's I/O loop, with the
CPU work (classification, neighbour search, contradiction checks) in one worker thread.
Everything one landing changed (the new memories, deprecated losers, moved lineage links)
is changed in place in the live store (metadata only: the texts and vectors stay) and
written to disk by the next whole-store save: Agent Zero's own (it saves the store on every
insert, e.g. the next turn's memorization) or, if none comes within ``persist_delay_seconds``,
the service's (also on ``drain`` and ``close``). A save of a store of 10,000 memories
pickles every document for ~0.1-0.5 s holding the GIL; one per landing, started right after
the memorizer's own save, competed with the user's next turn (see the turn benchmark).

With which context: the snapshot of the monologue that produced the memory
(:mod:`festinger.memory.context`), which travels with the memorizer's background task.
A ``memory_save`` made during a monologue waits for that monologue's snapshot.

Bad input (empty, huge, undecodable text; metadata of the wrong type written by older tools)
never raises: the memory stays unclassified, the reason is logged once and kept in
:meth:`unclassified`. Only internal errors are retried (exponential backoff): no retry makes
bad input classifiable, a new write of the memory does. Nothing is ever deleted.

Edits: an update whose text differs from the text that was classified (Agent Zero's memory
dashboard keeps the old metadata) is reclassified and conflict-checked; the classified
text's hash is kept in ``lineage["text_sha1"]``.

Threads: metadata is written under the store's lock (:func:`memory_events.store_lock`),
which Agent Zero's saves take too, so a pickle of the docstore never sees a dict change.

For the health component: :meth:`stats` (``conflicts_resolved_this_session``,
``last_classification_run``, ...) and :meth:`add_listener`, called with a
:class:`MemoryChange` for each memory (re)classified, deprecated or re-linked.
"""

from __future__ import annotations

import asyncio
import contextvars
import hashlib
import threading
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Literal, Optional

from ..a0 import agent_state, memory_events
from ..a0.memory_store import (MemoryUnavailable, all_docs, current_memory, memory_class, memory_for,
                               save, subdir_of)
from ..core.classification import (ClassificationResult, ClassifierSettings, MemoryOrigin,
                                   Unclassified, check_input, classify_memory,
                                   iter_consolidation_ids, origin_of,
                                   upgrade_json_fields)
from ..core.metadata import (LINEAGE_KEY, Classification, is_knowledge_document, parse_timestamp,
                             read_classification, read_lineage, utc_now_iso, Validity,
                             write_classification)
from ..logs import log, report_exception
from . import context as mctx
from .conflicts import ConflictRecord, check_conflicts
from .lineage import Predecessor, move_links, strip_carried
from .neighbours import VectorPositions, nearest, vector_of
from .queue import PendingMemory, RemovalMark, RemovedRegistry, RetryRegistry

# Set while the service itself writes, so its own update events are not taken for news.
OWN_WRITE: contextvars.ContextVar[bool] = contextvars.ContextVar("festinger_own_write", default=False)
# The last deletion made in the current task (consolidation: delete, then insert the new one).
LAST_REMOVAL: contextvars.ContextVar[Optional[RemovalMark]] = contextvars.ContextVar(
    "festinger_last_removal", default=None)

ChangeKind = Literal["classified", "deprecated", "relinked"]
TEXT_HASH_KEY = "text_sha1"   # lineage: hash of the text the classification was made from
SNAPSHOT_KEEP = 256           # latest snapshots kept per (store, agent)


def text_hash(text: Any) -> str:
    """A short hash of a memory's text (tells an edited memory from a metadata update)."""
    return hashlib.sha1(str(text).encode("utf-8", "replace")).hexdigest()[:16]


def _stamp_text(meta: dict, text: Any) -> None:
    lin = meta.get(LINEAGE_KEY)
    if isinstance(lin, dict):
        meta[LINEAGE_KEY] = {**lin, TEXT_HASH_KEY: text_hash(text)}


def _context_of(agent_key: Optional[str]) -> Optional[str]:
    """The chat (context id) part of an agent key "<context id>:<number>"."""
    return agent_key.rsplit(":", 1)[0] if agent_key else None


@dataclass(frozen=True)
class MemoryChange:
    """One memory whose classification or lineage the service changed (for health counters)."""

    kind: ChangeKind
    store: str
    doc_id: str
    before: Optional[Classification]
    after: Optional[Classification]
    knowledge: bool = False


@dataclass
class StoreState:
    key: str
    memory: Any
    positions: VectorPositions = field(default_factory=VectorPositions)
    timer: Any = None
    first_pending_at: Optional[float] = None
    lock: Optional[asyncio.Lock] = None
    swept: bool = False
    sweep_timer: Any = None
    unsaved: bool = False         # classifications in memory that no save has written yet
    save_timer: Any = None


@dataclass
class BatchResult:
    changed: dict[str, Any] = field(default_factory=dict)          # id -> live Document
    before: dict[str, Optional[Classification]] = field(default_factory=dict)
    classified: list[tuple[PendingMemory, ClassificationResult]] = field(default_factory=list)
    relinked: set[str] = field(default_factory=set)
    conflicts: list[tuple[PendingMemory, ConflictRecord]] = field(default_factory=list)
    failures: list[tuple[PendingMemory, str]] = field(default_factory=list)
    done: list[PendingMemory] = field(default_factory=list)


class MemoryService:
    # Timing knobs (attributes, not user settings: tests and the benchmark change them).
    settle_seconds = 0.3          # quiet time after the last insert of a landing
    max_settle_seconds = 2.0      # a steady trickle of inserts is still handled this often
    context_wait_seconds = 900.0  # a memory_save waits this long for its monologue's snapshot
    memorizer_fallback_seconds = 300.0
    removal_mark_seconds = 10.0   # a delete this recent in the same task was a replacement
    sweep_limit = 2000            # unclassified older memories classified at first sight of a store
    sweep_delay_seconds = 2.0
    persist_delay_seconds = 20.0  # unsaved classifications wait this long for Agent Zero's next save

    def __init__(self, service: Any) -> None:
        self.service = service
        self.config = service.config
        self.settings = ClassifierSettings.from_config(self.config)
        self._lock = threading.RLock()
        self._stores: dict[str, StoreState] = {}
        self._pending: dict[str, dict[str, PendingMemory]] = {}
        self._awaiting: list[PendingMemory] = []
        self._retry = RetryRegistry()
        self._removed = RemovedRegistry()
        # (store key, agent key) -> that agent's latest snapshot in that store
        self._last_snapshot: dict[tuple[Optional[str], str], mctx.MonologueSnapshot] = {}
        self._listeners: list[Callable[[MemoryChange], None]] = []
        self._conflict_log: deque[dict] = deque(maxlen=agent_state.CONFLICT_LOG_LIMIT)
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="festinger-memory")
        self._tasks: set[asyncio.Future] = set()
        self._installed_on: set[int] = set()
        self._closed = False
        self._detector: Optional[Callable[[str, str], Any]] = None
        self.counters = {"classified": 0, "conflicts_resolved": 0, "deprecated": 0,
                         "relinked": 0, "unclassified_events": 0, "persist_failures": 0,
                         "swept": 0, "conflict_check_failures": 0}
        self.last_classification_run: Optional[str] = None
        memory_events.subscribe(self._on_event)
        memory_events.subscribe_saved(self._on_saved)

    # ------------------------------------------------------------------ public read API
    def stats(self, agent: Any = None) -> dict[str, Any]:
        """Counters for the health component (cheap, no store access)."""
        with self._lock:
            return {
                "conflicts_resolved_this_session": self.counters["conflicts_resolved"],
                "last_classification_run": self.last_classification_run,
                "classified_this_session": self.counters["classified"],
                "deprecated_this_session": self.counters["deprecated"],
                "relinked_this_session": self.counters["relinked"],
                "swept_this_session": self.counters["swept"],
                "persist_failures": self.counters["persist_failures"],
                "conflict_check_failures": self.counters["conflict_check_failures"],
                "pending": sum(len(p) for p in self._pending.values()),
                "awaiting_context": len(self._awaiting),
                "unclassified": len(self._retry),
                "unclassified_reasons": self._retry.reasons(),
            }

    def unclassified(self) -> list[dict[str, Any]]:
        """Memories left unclassified: store, id, reason, attempts, seconds to the next retry."""
        with self._lock:
            return self._retry.entries()

    def conflict_log(self) -> list[dict]:
        """The last 20 resolutions of this process (each agent also has its own)."""
        with self._lock:
            return list(self._conflict_log)

    def add_listener(self, callback: Callable[[MemoryChange], None]) -> None:
        """``callback(MemoryChange)`` after each persisted change, on the I/O loop: keep it O(1)."""
        with self._lock:
            if callback not in self._listeners:
                self._listeners.append(callback)

    def remove_listener(self, callback: Callable[[MemoryChange], None]) -> None:
        with self._lock:
            if callback in self._listeners:
                self._listeners.remove(callback)

    # ------------------------------------------------------------------ wiring
    def ensure_installed(self, memory_cls: Any = None) -> bool:
        """Make Agent Zero's Memory class publish its writes (idempotent)."""
        try:
            cls = memory_cls or memory_class()
            if id(cls) not in self._installed_on:
                memory_events.install(cls)
                self._installed_on.add(id(cls))
        except MemoryUnavailable:
            return False
        except Exception as exc:  # an Agent Zero module that fails to import: keep the chat going
            log.warning("cannot watch Agent Zero's memory writes: %s: %s", type(exc).__name__, exc)
            return False
        return True

    def _detect(self) -> Callable[[str, str], Any]:
        if self._detector is None:
            from ..core.contradiction import detect_contradiction

            self._detector = detect_contradiction
        return self._detector

    def _store(self, memory: Any) -> StoreState:
        key = subdir_of(memory)
        with self._lock:
            st = self._stores.get(key)
            if st is None:
                st = self._stores[key] = StoreState(key, memory)
                if self.sweep_limit > 0 and not self._closed:
                    self._call_soon(self._arm_sweep, key)
            elif st.memory is not memory:
                if getattr(st.memory, "db", None) is not getattr(memory, "db", None):
                    st.positions = VectorPositions()  # Agent Zero reloaded the store
                st.memory = memory
            return st

    # ------------------------------------------------------------------ hooks
    async def on_monologue_start(self, agent: Any, loop_data: Any = None) -> None:
        self.ensure_installed()
        mctx.enter_agent(agent)

    async def on_snapshot(self, agent: Any, loop_data: Any) -> mctx.MonologueSnapshot:
        """monologue_end _45_: capture this monologue's context before the memorizers start."""
        self.ensure_installed()
        store_key = None
        try:
            memory = await memory_for(agent)
            self.ensure_installed(type(memory))
            store_key = self._store(memory).key
        except Exception as exc:
            log.debug("snapshot: no memory store for %s: %s", agent_state.agent_label(agent), exc)
        role_id = None
        try:  # the resolver recall uses, so write-time scope matches read-time filtering
            role, _ = self.service.component("recall").resolve_role(agent, loop_data)
            role_id = role.role_id if role is not None else None
        except Exception as exc:
            log.debug("snapshot: role not resolved: %s", exc)
        try:
            snap = mctx.capture(agent, loop_data, store_key, role_id)
        except Exception as exc:
            # An empty context (memories count as the agent's), never the previous monologue's.
            report_exception("memory snapshot", exc, agent)
            snap = mctx.MonologueSnapshot(agent_state.agent_key(agent), agent_state.agent_label(agent),
                                          mctx.ClassificationContext(), store_key=store_key)
        mctx.enter(agent, snap)
        claimed: set[str] = set()
        with self._lock:
            self._last_snapshot.pop((store_key, snap.agent_key), None)
            self._last_snapshot[(store_key, snap.agent_key)] = snap
            while len(self._last_snapshot) > SNAPSHOT_KEEP:
                self._last_snapshot.pop(next(iter(self._last_snapshot)))
            keep = []
            for item in self._awaiting:
                # Only the same agent's monologue: another chat's user said nothing about it.
                if item.agent_key is not None and item.agent_key == snap.agent_key:
                    item.snapshot = snap
                    self._add_pending(item)
                    claimed.add(item.store_key)
                else:
                    keep.append(item)
            self._awaiting = keep
        for key in claimed:
            self._schedule(key)
        return snap

    async def on_monologue_end(self, agent: Any, loop_data: Any = None) -> None:
        """monologue_end _55_: leave the snapshot, release stale waits, start due retries."""
        mctx.leave(agent)
        mctx.leave_agent(agent)
        self.kick()

    def kick(self, force_retries: bool = False) -> None:
        """Move expired waits and due retries into the queue (never blocks)."""
        now = time.monotonic()
        keys: set[str] = set()
        with self._lock:
            keep = []
            for item in self._awaiting:
                if now - item.enqueued_at >= self.context_wait_seconds:
                    self._add_pending(item)  # classified without a monologue context
                    keys.add(item.store_key)
                else:
                    keep.append(item)
            self._awaiting = keep
            for item in self._retry.due(now, force=force_retries):
                if item.store_key in self._stores:
                    self._add_pending(item)
                    keys.add(item.store_key)
        for key in keys:
            self._schedule(key)

    # ------------------------------------------------------------------ events (writer's thread)
    def _on_event(self, event: memory_events.MemoryEvent) -> None:
        """Inline in the writer's thread and task: record and arm a timer, nothing more."""
        if self._closed or OWN_WRITE.get():
            return
        st = self._store(event.memory)
        key = st.key
        if event.kind == "delete":
            with self._lock:
                ids = self._removed.record(key, event.docs)
                self._retry.drop(key, ids)
                pending = self._pending.get(key)
                for doc_id in ids:
                    if pending:
                        pending.pop(doc_id, None)
                self._awaiting = [i for i in self._awaiting if not (i.store_key == key and i.doc_id in ids)]
            if ids:
                LAST_REMOVAL.set(RemovalMark(key, tuple(ids), time.monotonic()))
            return
        if event.kind == "insert":
            snapshot = mctx.CURRENT_SNAPSHOT.get()
            agent = mctx.CURRENT_AGENT.get()
            mark = LAST_REMOVAL.get()
            if mark is not None:
                LAST_REMOVAL.set(None)  # one deletion explains one insert
            items = []
            for doc, doc_id in zip(event.docs, event.ids):
                meta = getattr(doc, "metadata", None)
                items.append((PendingMemory(
                    key, doc_id, "insert", snapshot,
                    snapshot.agent_key if snapshot else (agent_state.agent_key(agent) if agent is not None else None),
                    mark if mark is not None and mark.store_key == key else None),
                    meta if isinstance(meta, dict) else {}))
            self._enqueue_inserts(key, items)
            return
        # update: news when unclassified, or when its text is not the text that was classified
        # (the memory dashboard edits the text and keeps the old metadata). Recall,
        # maintenance and we update a lot otherwise.
        fresh = []
        for doc in event.docs:
            meta = getattr(doc, "metadata", None)
            if not (isinstance(meta, dict) and isinstance(meta.get("id"), str)):
                continue
            if read_classification(meta) is None:
                fresh.append(PendingMemory(key, meta["id"], "update", conflict_check=False))
                continue
            lin = meta.get(LINEAGE_KEY)
            stamp = lin.get(TEXT_HASH_KEY) if isinstance(lin, dict) else None
            if isinstance(stamp, str) and stamp != text_hash(getattr(doc, "page_content", "")):
                fresh.append(PendingMemory(key, meta["id"], "update", reclassify=True))
        if fresh:
            with self._lock:
                for item in fresh:
                    self._add_pending(item)
            self._schedule(key)

    def _enqueue_inserts(self, key: str, items: list[tuple[PendingMemory, dict]]) -> None:
        now = time.monotonic()
        ready = False
        with self._lock:
            for item, meta in items:
                origin = origin_of(meta)
                if item.snapshot is None and origin in (MemoryOrigin.FRAGMENT, MemoryOrigin.CONSOLIDATION):
                    # The memorizer's context did not travel (another Agent Zero build?):
                    # fall back to the latest recent snapshot of the SAME chat in this store.
                    # None found: classified without user context (agent_inferred), since a
                    # wrong user_asserted could deprecate a true memory.
                    snap = self._latest_snapshot(key, _context_of(item.agent_key))
                    if snap is not None and now - snap.taken_at <= self.memorizer_fallback_seconds:
                        item.snapshot = snap
                if (item.snapshot is None and item.agent_key is not None and origin is MemoryOrigin.SAVED
                        and not self._bad_input(item, meta)):
                    self._awaiting.append(item)  # memory_save: wait for this monologue's snapshot
                    continue
                self._add_pending(item)
                ready = True
        if ready:
            self._schedule(key)

    def _latest_snapshot(self, key: str, context_id: Optional[str]) -> Optional[mctx.MonologueSnapshot]:
        """The newest snapshot of chat ``context_id`` in store ``key`` (caller holds the lock)."""
        if context_id is None:
            return None
        best = None
        for (store, agent_key), snap in self._last_snapshot.items():
            if store == key and _context_of(agent_key) == context_id and (best is None or snap.seq > best.seq):
                best = snap
        return best

    def _bad_input(self, item: PendingMemory, meta: dict) -> bool:
        """Input no context can fix goes straight to processing (and its logged failure)."""
        docs = all_docs(self._stores[item.store_key].memory)
        doc = docs.get(item.doc_id)
        return doc is None or check_input(getattr(doc, "page_content", None), getattr(doc, "metadata", None),
                                          self.settings.max_text_chars) is not None

    def _add_pending(self, item: PendingMemory) -> None:
        queue = self._pending.setdefault(item.store_key, {})
        queue.pop(item.doc_id, None)
        queue[item.doc_id] = item
        st = self._stores.get(item.store_key)
        if st is not None and st.first_pending_at is None:
            st.first_pending_at = time.monotonic()

    # ------------------------------------------------------------------ scheduling (I/O loop)
    def _call_soon(self, fn: Callable, *args: Any) -> None:
        try:
            self.service.io.loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:  # loop closed during shutdown
            pass

    def _schedule(self, key: str, delay: Optional[float] = None) -> None:
        if not self._closed:
            self._call_soon(self._arm, key, delay)

    def _arm(self, key: str, delay: Optional[float]) -> None:
        st = self._stores.get(key)
        if st is None or self._closed:
            return
        if st.timer is not None:
            st.timer.cancel()
        wait = self.settle_seconds if delay is None else delay
        if st.first_pending_at is not None:
            waited = time.monotonic() - st.first_pending_at
            wait = max(0.0, min(wait, self.max_settle_seconds - waited))
        st.timer = asyncio.get_running_loop().call_later(wait, self._start, key)

    def _start(self, key: str) -> None:
        st = self._stores.get(key)
        if st is None:
            return
        st.timer = None
        task = asyncio.ensure_future(self._run_store(key))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _arm_sweep(self, key: str) -> None:
        st = self._stores.get(key)
        if st is not None and not st.swept and st.sweep_timer is None:
            st.sweep_timer = asyncio.get_running_loop().call_later(
                self.sweep_delay_seconds, self._start_sweep, key)

    def _start_sweep(self, key: str) -> None:
        st = self._stores.get(key)
        if st is not None:
            st.sweep_timer = None
            self._track(asyncio.ensure_future(self._sweep(key)))

    def _track(self, task: asyncio.Future) -> None:
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def drain(self, timeout: float = 30.0) -> bool:
        """Process everything queued now (tests, CLI, shutdown). True when all settled."""
        if not self.service.io.in_loop():
            return await self.service.io.wait(self.drain(timeout))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for st in list(self._stores.values()):
                if st.sweep_timer is not None:
                    st.sweep_timer.cancel()
                    self._start_sweep(st.key)
                if st.timer is not None:
                    st.timer.cancel()
                    st.timer = None
                if self._pending.get(st.key):
                    self._start(st.key)
            tasks = [t for t in self._tasks if not t.done()]
            if tasks:
                await asyncio.wait(tasks, timeout=max(0.01, deadline - time.monotonic()))
                continue
            with self._lock:
                if not any(self._pending.values()):
                    break
            await asyncio.sleep(0)
        else:
            return False
        await self._flush_unsaved()
        return True

    def drain_sync(self, timeout: float = 30.0) -> bool:
        return self.service.io.call(self.drain(timeout), timeout + 5)

    # ------------------------------------------------------------------ processing
    async def _run_store(self, key: str) -> None:
        st = self._stores.get(key)
        if st is None:
            return
        if st.lock is None:
            st.lock = asyncio.Lock()
        async with st.lock:
            with self._lock:
                items = list(self._pending.pop(key, {}).values())
                st.first_pending_at = None
            if not items:
                return
            if not self._refresh(st):
                with self._lock:  # Agent Zero is reloading the store: try again later
                    for item in items:
                        self._retry.fail(item, "internal error: store is being reloaded")
                return
            loop = asyncio.get_running_loop()
            try:
                result = await loop.run_in_executor(self._executor, self._work, st, items)
            except Exception as exc:  # a bug in the batch: requeue as retries, never lose items
                report_exception("memory classification batch", exc)
                with self._lock:
                    for item in items:
                        self._retry.fail(item, f"internal error: {type(exc).__name__}: {exc}")
                return
            await self._persist(st, result.changed)
            self._finish(st, result)

    def _refresh(self, st: StoreState) -> bool:
        """Point ``st`` at the store Agent Zero serves now (a reload replaces the FAISS object:
        writing through the old one would overwrite the re-indexed files). False: unloaded."""
        try:
            memory = current_memory(st.memory)
        except Exception:
            return True
        if memory is None:
            return False
        if memory is not st.memory:
            with self._lock:
                if getattr(memory, "db", None) is not getattr(st.memory, "db", None):
                    st.positions = VectorPositions()
                st.memory = memory
        return True

    def _work(self, st: StoreState, items: list[PendingMemory]) -> BatchResult:
        """Classify, re-link and conflict-check one landing (worker thread, no awaits)."""
        result = BatchResult()
        memory = st.memory
        live = all_docs(memory)
        now_iso = utc_now_iso()
        unprocessed = {i.doc_id for i in items}
        for item in items:
            unprocessed.discard(item.doc_id)
            doc = live.get(item.doc_id)
            if doc is None:
                result.done.append(item)  # deleted before we got to it
                continue
            try:
                with memory_events.store_lock(memory):  # no save pickles while we write
                    self._work_one(st, item, doc, live, now_iso, frozenset(unprocessed), result)
            except Exception as exc:
                log.debug("classifying %s failed", item.doc_id, exc_info=True)
                result.failures.append((item, f"internal error: {type(exc).__name__}: {exc}"))
        return result

    def _work_one(self, st: StoreState, item: PendingMemory, doc: Any, live: dict, now_iso: str,
                  unprocessed: frozenset, result: BatchResult) -> None:
        meta = getattr(doc, "metadata", None)
        text = getattr(doc, "page_content", None)
        reason = check_input(text, meta, self.settings.max_text_chars)
        if reason:
            result.failures.append((item, reason))
            return
        current = read_classification(meta)
        if item.reclassify:
            lin = meta.get(LINEAGE_KEY)
            if isinstance(lin, dict) and lin.get(TEXT_HASH_KEY) == text_hash(text):
                result.done.append(item)  # reclassified meanwhile (or edited back)
                return
        fresh = False
        preds: list[Predecessor] = []
        if item.kind == "insert":
            preds = self._predecessors(st.key, item, meta)
            # Anything consolidation wrote carries the consumed memories' classification.
            fresh = bool(preds) or "consolidation_action" in meta
            if current is not None and not fresh and read_lineage(meta).extra.get("classified_by"):
                result.done.append(item)  # inserted already classified (a restore or a move)
                return
        elif current is not None and not item.reclassify:
            result.done.append(item)  # someone classified it meanwhile
            return
        result.before.setdefault(item.doc_id, None if fresh else current)
        if fresh:
            strip_carried(meta)
        upgrade_json_fields(meta)
        created = now_iso if item.kind == "insert" else None
        if created is None:
            stamp = parse_timestamp(meta.get("timestamp"))
            created = stamp.isoformat(timespec="seconds") if stamp else None
        outcome = classify_memory(text, meta, item.snapshot.context if item.snapshot else None,
                                  self.settings, now_iso=now_iso, created_at=created, fresh=fresh)
        if isinstance(outcome, Unclassified):
            result.failures.append((item, outcome.reason))
            return
        write_classification(meta, outcome.classification, outcome.lineage)
        _stamp_text(meta, text)
        result.changed[item.doc_id] = doc
        result.classified.append((item, outcome))
        if preds:
            for changed_id in move_links(item.doc_id, meta, preds, live, now_iso):
                result.before.setdefault(changed_id, read_classification(live[changed_id].metadata))
                result.changed[changed_id] = live[changed_id]
                result.relinked.add(changed_id)
        if not item.conflict_check or not (item.kind in ("insert", "retry") or item.reclassify):
            return
        db = getattr(st.memory, "db", None)
        if db is None:
            return
        top_k = self.config.conflict_top_k
        try:
            vec = vector_of(db, item.doc_id, text, st.positions)
            neighbours = nearest(db, vec, min(4 * top_k + len(unprocessed) + 1, 200))
            for nid, ndoc, _ in neighbours:
                nmeta = getattr(ndoc, "metadata", None)
                if isinstance(nmeta, dict) and nid not in result.before:
                    result.before[nid] = read_classification(nmeta)
            records, changed = check_conflicts(
                item.doc_id, doc, outcome, neighbours, top_k=top_k, settings=self.settings,
                detector=self._detect(), now_iso=now_iso, skip_ids=unprocessed)
        except Exception as exc:
            # The classification stands; a failed conflict check only risks a redundant
            # memory (a false negative), never a wrong deprecation.
            with self._lock:
                self.counters["conflict_check_failures"] += 1
            log.warning("conflict check of memory %s failed: %s: %s", item.doc_id, type(exc).__name__, exc)
            return
        for cid in changed:
            if cid in live:
                result.changed[cid] = live[cid]
        result.conflicts.extend((item, r) for r in records)

    def _predecessors(self, key: str, item: PendingMemory, meta: dict) -> list[Predecessor]:
        """The memories this insert replaced (consolidation, or the memorizer's replace path)."""
        origin = origin_of(meta)
        ids: list[str] = []
        mark = item.removal
        if (mark is not None and item.enqueued_at - mark.at <= self.removal_mark_seconds
                and origin in (MemoryOrigin.CONSOLIDATION, MemoryOrigin.FRAGMENT, MemoryOrigin.SOLUTION)):
            ids = list(mark.ids)  # exact: the deletion this very task made just before
        elif origin is MemoryOrigin.CONSOLIDATION:
            ids = list(iter_consolidation_ids(meta))  # may be stale copies: take() filters
        if not ids:
            return []
        with self._lock:
            return self._removed.take(key, ids)

    def _on_saved(self, memory: Any) -> None:
        """A whole-store save completed (inside the store's lock, so every metadata change
        made before it is on disk now): nothing of ours is left unsaved in that store."""
        try:
            key = subdir_of(memory)
        except Exception:
            return
        st = self._stores.get(key)
        if st is not None and getattr(st.memory, "db", None) is getattr(memory, "db", None):
            st.unsaved = False

    def _arm_save(self, st: StoreState) -> None:
        """Unsaved changes: save them unless Agent Zero's own next save does it first."""
        if st.save_timer is None and not self._closed:
            st.save_timer = asyncio.get_running_loop().call_later(
                self.persist_delay_seconds, lambda: self._track(asyncio.ensure_future(self._save_if_unsaved(st))))

    async def _save_if_unsaved(self, st: StoreState) -> None:
        st.save_timer = None
        if not st.unsaved:
            return
        token = OWN_WRITE.set(True)
        try:
            if not await asyncio.to_thread(save, st.memory):
                log.debug("store '%s' was reloaded before its classifications were saved", st.key)
            st.unsaved = False
        except Exception as exc:
            with self._lock:
                self.counters["persist_failures"] += 1
            report_exception("memory classification save", exc)
            self._arm_save(st)  # the changes are still in memory: try again later
        finally:
            OWN_WRITE.reset(token)

    async def _flush_unsaved(self) -> None:
        for st in list(self._stores.values()):
            if st.save_timer is not None:
                st.save_timer.cancel()
                st.save_timer = None
            if st.unsaved:
                await self._save_if_unsaved(st)

    async def _persist(self, st: StoreState, changed: dict[str, Any]) -> None:
        """Publish what this landing changed and leave the write to the next whole-store
        save (see the module docstring). Metadata only: re-adding the documents
        (``update_documents``) would re-embed texts that did not change."""
        if not changed:
            return
        live = all_docs(st.memory)
        docs = []
        for doc_id, doc in changed.items():
            current = live.get(doc_id)
            if current is None:
                continue  # deleted meanwhile: nothing to write
            if current is not doc:
                # Replaced meanwhile (recall's access tracking updates documents too): carry
                # our classification and lineage over, keeping its newer access counters.
                with memory_events.store_lock(st.memory):
                    _carry_over(doc.metadata, current.metadata)
                doc = current
            docs.append(doc)
        if not docs:
            return
        st.unsaved = True
        self._arm_save(st)
        token = OWN_WRITE.set(True)
        try:
            memory_events.publish(memory_events.MemoryEvent(
                "update", st.memory, tuple(d.metadata["id"] for d in docs), tuple(docs)))
        finally:
            OWN_WRITE.reset(token)

    def _finish(self, st: StoreState, result: BatchResult) -> None:
        now_iso = utc_now_iso()
        changes: list[MemoryChange] = []
        with self._lock:
            for item in result.done:
                self._retry.succeed(st.key, item.doc_id)
            for item, outcome in result.classified:
                self._retry.succeed(st.key, item.doc_id)
                self.counters["classified"] += 1
            for item, reason in result.failures:
                self.counters["unclassified_events"] += 1
                permanent = not reason.startswith("internal error")
                if self._retry.fail(item, reason, permanent=permanent):
                    log.warning("memory %s in '%s' left unclassified: %s%s", item.doc_id, st.key, reason,
                                "" if permanent else " (will retry)")
            deprecated_now = set()
            for doc_id, doc in result.changed.items():
                meta = getattr(doc, "metadata", {})
                before, after = result.before.get(doc_id), read_classification(meta)
                if (after is not None and after.validity is Validity.DEPRECATED
                        and (before is None or before.validity is not Validity.DEPRECATED)):
                    kind: ChangeKind = "deprecated"
                    deprecated_now.add(doc_id)
                elif before != after:
                    kind = "classified"
                else:
                    kind = "relinked"
                changes.append(MemoryChange(kind, st.key, doc_id, before, after, is_knowledge_document(meta)))
            self.counters["deprecated"] += len(deprecated_now)
            self.counters["relinked"] += len(result.relinked)
            self.counters["conflicts_resolved"] += len(result.conflicts)
            if result.classified or result.conflicts:
                self.last_classification_run = now_iso
            listeners = list(self._listeners)
        for item, record in result.conflicts:
            agent = self._agent_for(st.key, item)
            entry = record.to_log_entry(st.key, agent_state.agent_label(agent) if agent is not None else "")
            with self._lock:
                self._conflict_log.append(entry)
            if agent is not None:
                agent_state.append_conflict_log(agent, entry)
            log.info("memory conflict in '%s': %s deprecated, superseded by %s (%s)", st.key,
                     record.resolution.loser.id, record.resolution.winner.id, record.resolution.rule.value)
        for change in changes:
            for cb in listeners:
                try:
                    cb(change)
                except Exception as exc:
                    report_exception(f"memory change listener {getattr(cb, '__name__', cb)}", exc)

    def _agent_for(self, key: str, item: PendingMemory) -> Any:
        """The agent whose conflict log gets the entry: the memory's own, never another chat's."""
        if item.snapshot is not None and item.snapshot.agent is not None:
            return item.snapshot.agent
        if item.agent_key is None:
            return None
        with self._lock:
            snap = self._last_snapshot.get((key, item.agent_key))
        return snap.agent if snap is not None else None

    # ------------------------------------------------------------------ first sight of a store
    async def _sweep(self, key: str) -> None:
        """Classify (no conflict checks) older unclassified memories once per store and process.

        Catches what landed while the pack was not listening, e.g. knowledge Agent Zero
        preloaded before the first hook ran. Bounded by ``sweep_limit``; the rest is for
        ``festinger backfill``. Written in place and saved once (no re-embedding).
        """
        st = self._stores.get(key)
        if st is None or st.swept or self._closed:
            return
        st.swept = True
        if st.lock is None:
            st.lock = asyncio.Lock()
        async with st.lock:
            if not self._refresh(st):
                st.swept = False  # unloaded: sweep at the next sight of it
                return
            loop = asyncio.get_running_loop()
            try:
                changed, remaining = await loop.run_in_executor(self._executor, self._sweep_work, st)
            except Exception as exc:
                report_exception("memory sweep", exc)
                return
            if not changed:
                return
            token = OWN_WRITE.set(True)
            try:
                save(st.memory)
                memory_events.publish(memory_events.MemoryEvent(
                    "update", st.memory, tuple(changed), tuple(changed.values())))
            except Exception as exc:
                report_exception("memory sweep save", exc)
            finally:
                OWN_WRITE.reset(token)
            with self._lock:
                self.counters["swept"] += len(changed)
            log.info("classified %d older memories in '%s'%s", len(changed), key,
                     f"; {remaining} more unclassified: run `festinger backfill`" if remaining else "")

    def _sweep_work(self, st: StoreState) -> tuple[dict[str, Any], int]:
        live = all_docs(st.memory)
        with self._lock:
            queued = set(self._pending.get(st.key, {})) | {i.doc_id for i in self._awaiting}
        todo, failed = [], []
        for doc_id, doc in list(live.items()):
            meta = getattr(doc, "metadata", None)
            if doc_id in queued or not isinstance(meta, dict) or read_classification(meta) is not None:
                continue
            reason = check_input(getattr(doc, "page_content", None), meta, self.settings.max_text_chars)
            if reason:
                failed.append((doc_id, reason))
                continue
            todo.append((str(meta.get("timestamp", "")), doc_id, doc))
        with self._lock:
            for doc_id, reason in failed[: self.sweep_limit]:
                self._retry.fail(PendingMemory(st.key, doc_id, "sweep", conflict_check=False), reason,
                                 permanent=True)
        if failed:
            log.warning("%d older memories in '%s' cannot be classified as stored (e.g. %s: %s)",
                        len(failed), st.key, failed[0][0], failed[0][1])
        todo.sort(reverse=True)  # newest first
        changed: dict[str, Any] = {}
        now_iso = utc_now_iso()
        for _, doc_id, doc in todo[: self.sweep_limit]:
            meta = doc.metadata
            stamp = parse_timestamp(meta.get("timestamp"))
            with memory_events.store_lock(st.memory):
                upgrade_json_fields(meta)
            outcome = classify_memory(doc.page_content, meta, None, self.settings, now_iso=now_iso,
                                      created_at=stamp.isoformat(timespec="seconds") if stamp else None)
            if isinstance(outcome, ClassificationResult):
                with memory_events.store_lock(st.memory):
                    write_classification(meta, outcome.classification, outcome.lineage)
                    _stamp_text(meta, doc.page_content)
                changed[doc_id] = doc
        return changed, max(0, len(todo) - self.sweep_limit)

    # ------------------------------------------------------------------ lifecycle
    def unsubscribe(self) -> None:
        """Stop taking memory events (sync: also for a service closed without its I/O loop)."""
        memory_events.unsubscribe(self._on_event)

    async def close(self) -> None:
        memory_events.unsubscribe(self._on_event)
        with self._lock:
            stores = list(self._stores.values())
        for st in stores:
            st.swept = True  # no first-sight sweep during shutdown
            if st.sweep_timer is not None:
                st.sweep_timer.cancel()
                st.sweep_timer = None
        try:
            await asyncio.wait_for(self.drain(10.0), 12.0)
        except Exception:
            pass
        try:  # drain timed out before saving: what is classified is still written
            await asyncio.wait_for(self._flush_unsaved(), 30.0)
        except Exception as exc:
            report_exception("memory classification save at shutdown", exc)
        self._closed = True
        memory_events.unsubscribe_saved(self._on_saved)
        for st in stores:
            for handle in (st.timer, st.sweep_timer, st.save_timer):
                if handle is not None:
                    handle.cancel()
        self._executor.shutdown(wait=False, cancel_futures=True)


def _carry_over(ours: dict, theirs: dict) -> None:
    """Copy our classification/lineage into a document someone replaced meanwhile."""
    from ..core.metadata import CLASSIFICATION_KEY, LINEAGE_KEY

    their_lineage = read_lineage(theirs)
    our = dict(ours.get(LINEAGE_KEY) or {})
    our["access_count"] = max(int(our.get("access_count") or 0), their_lineage.access_count)
    if their_lineage.last_accessed and (not our.get("last_accessed") or their_lineage.last_accessed > our["last_accessed"]):
        our["last_accessed"] = their_lineage.last_accessed
    if CLASSIFICATION_KEY in ours:
        theirs[CLASSIFICATION_KEY] = ours[CLASSIFICATION_KEY]
    theirs[LINEAGE_KEY] = our
