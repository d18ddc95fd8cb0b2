"""Bookkeeping of the memory service: what waits to be classified, what failed, what was removed.

All structures are guarded by the service's lock; none of them touches a store.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Iterable, Literal, Optional

from .context import MonologueSnapshot
from .lineage import Predecessor

ItemKind = Literal["insert", "update", "retry", "sweep"]


@dataclass(frozen=True)
class RemovalMark:
    """The last deletion made in one task: consolidation deletes, then inserts the new memory."""

    store_key: str
    ids: tuple[str, ...]
    at: float
    retired: bool = False   # kept in the store (to be deprecated), not deleted


@dataclass
class PendingMemory:
    store_key: str
    doc_id: str
    kind: ItemKind
    snapshot: Optional[MonologueSnapshot] = None
    agent_key: Optional[str] = None
    removal: Optional[RemovalMark] = None
    conflict_check: bool = True
    enqueued_at: float = field(default_factory=time.monotonic)
    attempts: int = 0
    reclassify: bool = False      # already classified, but its text changed (a dashboard edit)


@dataclass
class RetryEntry:
    item: PendingMemory
    reason: str
    attempts: int
    first_failed: float
    next_at: float
    permanent: bool = False       # bad input: no retry makes it classifiable


class RetryRegistry:
    """Memories left unclassified, with the reason and when to try again (exponential backoff)."""

    def __init__(self, base_seconds: float = 30.0, max_seconds: float = 3600.0, limit: int = 10_000) -> None:
        self.base, self.max, self.limit = base_seconds, max_seconds, limit
        self._entries: "OrderedDict[tuple[str, str], RetryEntry]" = OrderedDict()

    def fail(self, item: PendingMemory, reason: str, now: Optional[float] = None,
             permanent: bool = False) -> bool:
        """Record a failure; True when this memory had not failed before (log it then).

        A ``permanent`` failure (empty or too large text, ...) is kept with its reason but
        never retried on its own (only a forced retry or a new write of the memory tries it).
        """
        now = time.monotonic() if now is None else now
        key = (item.store_key, item.doc_id)
        entry = self._entries.get(key)
        first = entry is None
        attempts = 1 if first else entry.attempts + 1  # type: ignore[union-attr]
        delay = min(self.max, self.base * (2 ** (attempts - 1)))
        self._entries[key] = RetryEntry(item, reason, attempts, now if first else entry.first_failed,  # type: ignore[union-attr]
                                        float("inf") if permanent else now + delay, permanent)
        self._entries.move_to_end(key)
        while len(self._entries) > self.limit:
            self._entries.popitem(last=False)
        return first

    def succeed(self, store_key: str, doc_id: str) -> None:
        self._entries.pop((store_key, doc_id), None)

    def drop(self, store_key: str, ids: Iterable[str]) -> None:
        for doc_id in ids:
            self._entries.pop((store_key, doc_id), None)

    def due(self, now: Optional[float] = None, force: bool = False) -> list[PendingMemory]:
        now = time.monotonic() if now is None else now
        out = []
        for entry in self._entries.values():
            if force or entry.next_at <= now:
                if not entry.permanent:
                    entry.next_at = now + min(self.max, self.base * (2 ** entry.attempts))  # not twice at once
                out.append(PendingMemory(entry.item.store_key, entry.item.doc_id, "retry",
                                         entry.item.snapshot, entry.item.agent_key, None,
                                         entry.item.conflict_check, attempts=entry.attempts,
                                         reclassify=entry.item.reclassify))
        return out

    def __len__(self) -> int:
        return len(self._entries)

    def reasons(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for e in self._entries.values():
            # Group "text too large (123 chars > ...)" variants under one heading.
            head = e.reason.split(" (")[0]
            out[head] = out.get(head, 0) + 1
        return out

    def entries(self) -> list[dict[str, Any]]:
        now = time.monotonic()
        return [{"store": e.item.store_key, "id": e.item.doc_id, "reason": e.reason,
                 "attempts": e.attempts, "permanent": e.permanent,
                 "retry_in_seconds": None if e.permanent else max(0.0, round(e.next_at - now, 1))}
                for e in self._entries.values()]


class RemovedRegistry:
    """Recently removed memories (id -> lineage), so consolidation can move links to the new id."""

    def __init__(self, ttl_seconds: float = 3600.0, limit: int = 20_000) -> None:
        self.ttl, self.limit = ttl_seconds, limit
        self._entries: "OrderedDict[tuple[str, str], tuple[Predecessor, float]]" = OrderedDict()

    def record(self, store_key: str, docs: Iterable[Any], now: Optional[float] = None) -> list[str]:
        now = time.monotonic() if now is None else now
        ids = []
        for doc in docs:
            meta = getattr(doc, "metadata", None)
            if not isinstance(meta, dict) or not isinstance(meta.get("id"), str):
                continue
            self._entries[(store_key, meta["id"])] = (Predecessor.of(meta["id"], meta), now)
            self._entries.move_to_end((store_key, meta["id"]))
            ids.append(meta["id"])
        self._prune(now)
        return ids

    def take(self, store_key: str, ids: Iterable[str]) -> list[Predecessor]:
        """The removed memories among ``ids``, each handed out once (a memory is consumed by
        one consolidation; stale ids copied along by a later one find nothing)."""
        out = []
        for doc_id in ids:
            entry = self._entries.pop((store_key, doc_id), None)
            if entry is not None:
                out.append(entry[0])
        return out

    def _prune(self, now: float) -> None:
        while self._entries:
            key, (_, at) = next(iter(self._entries.items()))
            if len(self._entries) > self.limit or now - at > self.ttl:
                self._entries.popitem(last=False)
            else:
                break

    def __len__(self) -> int:
        return len(self._entries)
