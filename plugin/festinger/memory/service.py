"""MemoryService: classifies every new memory and resolves its conflicts, off the chat's path.

The service is assembled from parts, one job each: :mod:`.intake` (memory events),
:mod:`.batching` (when a landing is processed), :mod:`.processing` (classification, what
consolidation consumed, conflict decisions), :mod:`.persistence` (one write per landing,
counting, announcing), :mod:`.sweep` (first sight of a store) and :mod:`.affirmation`
(the user's agreement confirms stored memories); shared state in :mod:`.state`. This module
holds the hooks, the read API and the lifecycle.

How new memories are found: the pack wraps Agent Zero's ``Memory`` write methods
(:mod:`festinger.a0.memory_events`); every insert, from whatever writer (background
memorizers, consolidation, ``memory_save``, knowledge import), is published to
:meth:`MemoryService._on_event`, which only records it and arms a short timer. No turn ever
scans the store.

When they are classified: a moment after they land (``settle_seconds`` after the last
insert of a burst, at most ``max_settle_seconds``), on the pack's I/O loop, with the
CPU work (classification, neighbour search, contradiction checks) in one worker thread.
Everything one landing changed (the new memories, deprecated losers, moved lineage links)
is persisted with ONE ``update_documents`` call.

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
import threading
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Callable, Optional

from ..a0 import agent_state, memory_events
from ..a0.faiss_store import VectorPositions
from ..a0.vector_shadow import VectorShadow
from ..a0.memory_store import MemoryUnavailable, memory_class, memory_for, subdir_of
from ..core.classification import ClassifierSettings
from ..logs import log, report_exception
from . import context as mctx
from .affirmation import Affirmation
from .batching import Batching
from .intake import Intake
from .persistence import Persistence
from .processing import Processing
from .queue import PendingMemory, RemovedRegistry, RetryRegistry
from .state import (  # noqa: F401 (re-exported)
    LAST_REMOVAL,
    OWN_WRITE,
    SNAPSHOT_KEEP,
    TEXT_HASH_KEY,
    BatchResult,
    ChangeKind,
    MemoryChange,
    StoreState,
    text_hash,
)
from .sweep import FirstSightSweep

if TYPE_CHECKING:
    from festinger.service import FestingerService


class MemoryService(Intake, Batching, Processing, Persistence, FirstSightSweep, Affirmation):
    # Timing knobs (attributes, not user settings: tests and the benchmark change them).
    settle_seconds = 0.3          # quiet time after the last insert of a landing
    max_settle_seconds = 2.0      # a steady trickle of inserts is still handled this often
    context_wait_seconds = 900.0  # a memory_save waits this long for its monologue's snapshot
    memorizer_fallback_seconds = 300.0
    removal_mark_seconds = 10.0   # a delete this recent in the same task was a replacement
    sweep_limit = 2000            # unclassified older memories classified at first sight of a store
    sweep_delay_seconds = 2.0
    persist_delay_seconds = 20.0  # unsaved classifications wait this long for Agent Zero's next save

    def __init__(self, service: FestingerService) -> None:
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
        self._affirmations_queued = 0   # confirmations by agreement not finished yet
        self._detector: Optional[Callable[[str, str], Any]] = None
        self.counters = {"classified": 0, "conflicts_resolved": 0, "deprecated": 0,
                         "relinked": 0, "unclassified_events": 0, "persist_failures": 0,
                         "swept": 0, "conflict_check_failures": 0, "forgotten": 0,
                         "confirmed": 0}
        self.last_classification_run: Optional[str] = None
        memory_events.subscribe(self._on_event)
        memory_events.subscribe_saved(self._on_saved)
        # Inside an agent's work (its monologue, or the memorizers it started) searches serve
        # current memories only; the memorizers' deletions become deprecations.
        memory_events.policy.serve_current_only = mctx.in_agent_work
        memory_events.policy.retire_deletes = mctx.in_memorizer_work

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
                "forgotten_this_session": self.counters["forgotten"],
                "confirmed_this_session": self.counters["confirmed"],
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
                    st.shadow = VectorShadow()  # (it would notice; this frees the old codes now)
                st.memory = memory
            return st

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
            role, _ = self.service.recall.resolve_role(agent, loop_data)
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
        if store_key is not None and not self._closed:
            self._note_affirmation(store_key, tuple(snap.context.messages))
        return snap

    async def on_monologue_end(self, agent: Any, loop_data: Any = None) -> None:
        """monologue_end _55_: leave the snapshot, release stale waits, start due retries."""
        mctx.leave(agent)
        mctx.leave_agent(agent)
        self.kick()

    def unsubscribe(self) -> None:
        """Stop taking memory events (sync: also for a service closed without its I/O loop)."""
        memory_events.unsubscribe(self._on_event)
        memory_events.policy.reset()

    async def close(self) -> None:
        memory_events.unsubscribe(self._on_event)
        memory_events.policy.reset()
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
