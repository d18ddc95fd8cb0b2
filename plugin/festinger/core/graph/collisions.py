"""Collision semantics and the in-memory view of the resolution queue.

festinger-concept-graph.md "Collision Semantics": the unique `(concept, dimension)` key fires
when a concept already has another parent in that dimension; the `is_isa` flags of the two
edges say what the collision means. The world model is never changed by a collision: the
incoming fact waits in the resolution queue, and recollections mark the dimension `[dim?]`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Iterable, Optional

from .models import (DISMISSED, ISA_ISA, ISPART_ISPART, MISCLASSIFICATION, PENDING, RESOLVED,
                     QueueEntry)

CLOSED_STATUSES = frozenset({RESOLVED, DISMISSED})


def classify(existing_is_isa: bool, incoming_is_isa: bool) -> str:
    """ISA+ISA: the dimension is too coarse (decompose). ISPART+ISPART: a factual
    contradiction (arbitrate). Mixed: the fact was put in the wrong dimension."""
    if existing_is_isa and incoming_is_isa:
        return ISA_ISA
    if not existing_is_isa and not incoming_is_isa:
        return ISPART_ISPART
    return MISCLASSIFICATION


class ResolutionQueue:
    """Queue entries the process knows about, indexed for the hot path.

    The store (Postgres) is the source of truth and assigns entry ids; this mirror answers
    the two questions a prompt asks in O(1): "which dimensions of concept C are contested?"
    (for `[dim?]`) and "is this exact collision already queued?" (so a fact repeated in
    every prompt queues once, not once per prompt).
    """

    def __init__(self) -> None:
        self.entries: dict[int, QueueEntry] = {}
        self._pending_key: dict[tuple[int, int, int], int] = {}  # (concept, dim, incoming) -> id
        self._pending_dims: dict[int, dict[int, int]] = {}  # concept -> {dim: open entries}
        self._next_local_id = 1

    def __len__(self) -> int:
        return len(self._pending_key)

    def add(self, entry: QueueEntry) -> QueueEntry:
        """Register an entry (a pending one updates the indexes). Assigns a local id when the
        entry has none, which only happens when no store is attached (pure in-memory use)."""
        if entry.id is None:
            entry.id = self._next_local_id
        self._next_local_id = max(self._next_local_id, entry.id + 1)
        old = self.entries.get(entry.id)
        if old is not None and old.status == PENDING:
            self._unindex(old)
        self.entries[entry.id] = entry
        if entry.status == PENDING:
            self._pending_key[(entry.concept_id, entry.dim_id, entry.incoming_parent_id)] = entry.id
            dims = self._pending_dims.setdefault(entry.concept_id, {})
            dims[entry.dim_id] = dims.get(entry.dim_id, 0) + 1
        return entry

    def _unindex(self, entry: QueueEntry) -> None:
        self._pending_key.pop((entry.concept_id, entry.dim_id, entry.incoming_parent_id), None)
        dims = self._pending_dims.get(entry.concept_id)
        if dims is None:
            return
        left = dims.get(entry.dim_id, 0) - 1
        if left > 0:
            dims[entry.dim_id] = left
        else:
            dims.pop(entry.dim_id, None)
        if not dims:
            del self._pending_dims[entry.concept_id]

    def find_pending(self, concept_id: int, dim_id: int,
                     incoming_parent_id: int) -> Optional[QueueEntry]:
        entry_id = self._pending_key.get((concept_id, dim_id, incoming_parent_id))
        return None if entry_id is None else self.entries[entry_id]

    def pending_dims(self, concept_id: int) -> frozenset[int]:
        return frozenset(self._pending_dims.get(concept_id, ()))

    def has_pending(self, concept_id: int) -> bool:
        return concept_id in self._pending_dims

    def close(self, entry_id: int, status: str, resolution: Optional[dict],
              now: datetime, error: Optional[str] = None) -> QueueEntry:
        """Close an entry and forget it (returned, closed): the prompt path only ever asks
        about pending ones, and a long-running process must not keep every collision it
        ever saw. Postgres keeps the closed rows (the admin page lists them from there)."""
        if status not in CLOSED_STATUSES:
            raise ValueError(f"a queue entry closes as resolved or dismissed, not {status!r}")
        entry = self.entries.pop(entry_id)
        if entry.status == PENDING:
            self._unindex(entry)
        entry.status, entry.resolution, entry.resolved_at, entry.error = (
            status, resolution, now, error)
        return entry

    def pending(self) -> list[QueueEntry]:
        """Pending entries in review order: iknowthat (priority) first, then oldest first."""
        items = [self.entries[i] for i in self._pending_key.values()]
        items.sort(key=lambda e: (not e.priority, e.created_at is None,
                                  e.created_at or datetime.min, e.id))
        return items

    def replace_all(self, entries: Iterable[QueueEntry]) -> None:
        """Rebuild from the store (the `/reload` path)."""
        self.entries.clear()
        self._pending_key.clear()
        self._pending_dims.clear()
        for e in entries:
            self.add(e)
