"""Access counts of injected memories, counted once per prompt and saved in batches.

Counting: the recall hook calls :meth:`AccessTracker.record` for the memories that are in
the prompt, once per user prompt (monologue) per memory -- the hook keeps the set of ids
already counted for the current monologue, so neither a second iteration with the same
memories nor a second hook call counts again.

Saving: the count is written into the live document's metadata (a new ``lineage`` dict,
under the store's lock, so every reader sees it at once and a concurrent pickle never sees
a dict change size), and the store is marked dirty. Agent Zero's store can only be saved whole
(``index.faiss`` + ``index.pkl``), so saving is batched:
- every write Agent Zero makes to the store (memorization after each monologue, the memory
  tools, consolidation) saves the whole store, our in-place counts included: a memory event
  for the store clears its dirty mark without any extra write;
- otherwise :meth:`due` reports stores whose oldest unsaved count is older than
  ``max_age_s`` or that have ``max_pending`` unsaved counts, and the caller saves them off
  the prompt path; :meth:`flush_all` saves the rest at shutdown.
- a store Agent Zero has reloaded meanwhile (embedding model change: a new FAISS object,
  re-indexed and saved) is never written from the old object: its pending counts are
  dropped (``is_current``).
"""

from __future__ import annotations

import contextlib
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Optional

from ..clock import utc_now_iso
from ..core.metadata import LINEAGE_KEY, Lineage


@dataclass
class _Dirty:
    memory: Any
    pending: int
    since: float


def store_key(memory: Any) -> int:
    """Identity of a store: its FAISS object (replaced when Agent Zero reloads the store)."""
    return id(getattr(memory, "db", memory))


def increment_access(metadata: dict, when_iso: str) -> int:
    """Add one access to ``metadata["lineage"]``; returns the new count.

    Copy-on-write: a new lineage dict replaces the old one (the old one, which a concurrent
    pickle may be walking, is never changed). Callers hold the store lock.
    """
    lin = metadata.get(LINEAGE_KEY)
    lin = dict(lin) if isinstance(lin, dict) else Lineage().to_dict()
    count = lin.get("access_count")
    count = count if isinstance(count, int) and not isinstance(count, bool) and count >= 0 else 0
    lin["access_count"] = count + 1
    lin["last_accessed"] = when_iso
    metadata[LINEAGE_KEY] = lin
    return count + 1


def _no_lock(memory: Any) -> Any:
    return contextlib.nullcontext()


class AccessTracker:
    def __init__(self, max_age_s: float = 120.0, max_pending: int = 500,
                 clock: Callable[[], float] = time.monotonic,
                 is_current: Callable[[Any], bool] = lambda memory: True,
                 store_lock: Callable[[Any], Any] = _no_lock) -> None:
        self.max_age_s = max_age_s
        self.is_current = is_current
        self.store_lock = store_lock
        self.max_pending = max_pending
        self.clock = clock
        self._lock = threading.Lock()
        self._dirty: dict[int, _Dirty] = {}
        self.saves = 0           # explicit saves made by this tracker (tests, health)
        self.piggybacked = 0     # dirty marks cleared by Agent Zero's own writes
        self.dropped = 0         # dirty stores Agent Zero reloaded before we saved them

    def record(self, memory: Any, docs: list[Any], when_iso: Optional[str] = None) -> int:
        """Count one access for each document; returns how many were counted."""
        when = when_iso or utc_now_iso()
        counted = 0
        with self.store_lock(memory):
            for doc in docs:
                meta = getattr(doc, "metadata", None)
                if isinstance(meta, dict):
                    increment_access(meta, when)
                    counted += 1
        if counted:
            with self._lock:
                key = store_key(memory)
                entry = self._dirty.get(key)
                if entry is None:
                    self._dirty[key] = _Dirty(memory, counted, self.clock())
                else:
                    entry.pending += counted
        return counted

    def on_store_written(self, memory: Any) -> None:
        """Agent Zero saved the whole store (memory event): our in-place counts went with it."""
        with self._lock:
            if self._dirty.pop(store_key(memory), None) is not None:
                self.piggybacked += 1

    def pending(self, memory: Any = None) -> int:
        with self._lock:
            if memory is None:
                return sum(d.pending for d in self._dirty.values())
            entry = self._dirty.get(store_key(memory))
            return entry.pending if entry else 0

    def due(self) -> list[Any]:
        now = self.clock()
        with self._lock:
            return [d.memory for d in self._dirty.values()
                    if d.pending >= self.max_pending or now - d.since >= self.max_age_s]

    def save(self, memory: Any, saver: Callable[[Any], Any]) -> bool:
        """Save one store now with ``saver`` (blocking: call it off the chat loop).

        A store Agent Zero reloaded since the counts were taken is dropped, not saved: the old
        object would overwrite the re-indexed files (``saver`` returning False means the same).
        """
        with self._lock:
            entry = self._dirty.pop(store_key(memory), None)
        if entry is None:
            return False
        try:
            current = bool(self.is_current(memory))
        except Exception:
            current = False
        if not current:
            with self._lock:
                self.dropped += 1
            return False
        try:
            if saver(memory) is False:
                with self._lock:
                    self.dropped += 1
                return False
        except Exception:
            with self._lock:  # keep it dirty so a later attempt saves it
                self._dirty.setdefault(store_key(memory), entry)
            raise
        self.saves += 1
        return True

    def flush_all(self, saver: Callable[[Any], Any]) -> int:
        with self._lock:
            memories = [d.memory for d in self._dirty.values()]
        return sum(1 for m in memories if self.save(m, saver))
