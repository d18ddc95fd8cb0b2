"""The in-memory concept graph (festinger-concept-graph.md "In-Memory Cache Layer").

Every read on the prompt path hits only these structures. The five attributes named in the
seed are kept exactly (tests and the store fill them directly):

    soas_by_token:      dict[str, SoasRow]                  token -> row (UNIQUE token)
    soas_by_id:         dict[int, str]                      id -> token
    urd_by_concept:     dict[int, list[UrdEdge]]            concept -> its edges (depth 1)
    urd_by_concept_dim: dict[tuple[int, int], UrdEdge]      mirrors UNIQUE (id, dim_id)
    pending_conflicts:  set[int]                            concepts with a queued collision

plus `queue`, the in-memory view of resolution-queue entries (which *dimension* is contested,
for `[dim?]`; duplicate suppression), and `dimension_roots`, the dimensions the graph has
(kept up to date by every edge method, so listing them never walks the edges).

With a store (graph/service.py), the prompt path decides AND applies in memory first, under
the service's lock, and only then hands the write to the store as a journal operation: the
prompt that states a fact already sees it. Ids are never invented then: tokens the cache
does not know are interned by the store (INSERT ... RETURNING id) and added afterwards.

    new = cache.tokens_to_intern(tokens)        # the store interns these, then add_soas()
    cache.encounter(known_tokens, now)          # in-memory counts; take_dirty() every 30 s
    d = cache.decide(concept, parent, dim, ...) # changes nothing
    cache.apply(d, now)                         # the prompt sees it now; the store writes it
                                                # later (journaled), and a UniqueViolation
                                                # there (another process won) replaces the
                                                # edge by Postgres's row: apply_edge(), then
                                                # decide again (now a collision)

Without a store (tests, benchmarks, a Postgres-less run), methods that need new ids take an
`allocate(tokens) -> ids` callable and default to a local counter.

Not thread-safe: Agent Zero runs the hooks of several chats on several threads, so every
caller holds its owner's lock (GraphService.lock) around reads and writes.
"""

from __future__ import annotations

import gc
from datetime import datetime
from typing import Callable, Iterable, Optional, Sequence

from . import counting
from .collisions import ResolutionQueue
from .counting import Sighting
from .facts import (ALREADY_PENDING, COLLISION, CONFIRM, CONFIRMING_SOURCES,  # noqa: F401
                    INSERT, MAX_CHAIN_DEPTH, REFUSED, FactRules, InsertDecision)
from .models import (PENDING, SEED_DIMENSIONS, SOURCE_FESTINGER, EncounterResult, QueueEntry,
                     SoasRow, Triple, UrdEdge)
from .saliency import SaliencyPolicy

Allocator = Callable[[Sequence[str]], Sequence[int]]


class GraphCache(FactRules):
    def __init__(self, policy: Optional[SaliencyPolicy] = None) -> None:
        self.soas_by_token: dict[str, SoasRow] = {}
        self.soas_by_id: dict[int, str] = {}
        self.urd_by_concept: dict[int, list[UrdEdge]] = {}
        self.urd_by_concept_dim: dict[tuple[int, int], UrdEdge] = {}
        self.pending_conflicts: set[int] = set()
        self.queue = ResolutionQueue()
        self.dimension_roots: dict[int, bool] = {}  # dimension id -> its root's is_isa
        self.policy = policy or SaliencyPolicy()
        self._dirty: dict[int, int] = {}  # soas id -> encounter_count delta not yet flushed
        self._max_id = 0

    # ------------------------------------------------------------------ SOAS
    def lookup(self, token: str) -> Optional[SoasRow]:
        return self.soas_by_token.get(token)

    def token_of(self, soas_id: int) -> Optional[str]:
        return self.soas_by_id.get(soas_id)

    def add_soas(self, row: SoasRow) -> SoasRow:
        """Register a row whose id came from the store (or a local allocator)."""
        known = self.soas_by_token.get(row.token)
        if known is not None and known.id != row.id:
            raise ValueError(f"token {row.token!r} already has id {known.id}, not {row.id}")
        other = self.soas_by_id.get(row.id)
        if other is not None and other != row.token:
            raise ValueError(f"SOAS id {row.id} already belongs to {other!r}")
        self.soas_by_token[row.token] = row
        self.soas_by_id[row.id] = row.token
        if row.id > self._max_id:
            self._max_id = row.id
        return row

    def load_soas(self, rows: Iterable[tuple]) -> int:
        """Bulk load (id, token, encounter_count, last_seen, saliency, novelty) tuples."""
        by_token, by_id = self.soas_by_token, self.soas_by_id
        n, top = 0, self._max_id
        with gc_paused():
            for r in rows:
                row = SoasRow(*r)
                by_token[row.token] = row
                by_id[row.id] = row.token
                if row.id > top:
                    top = row.id
                n += 1
        self._max_id = top
        return n

    def _local_allocate(self, tokens: Sequence[str]) -> list[int]:
        # Skips ids already taken: tests and stores may fill soas_by_id directly.
        taken, out, nxt = self.soas_by_id, [], self._max_id + 1
        for _ in tokens:
            while nxt in taken:
                nxt += 1
            out.append(nxt)
            nxt += 1
        return out

    def tokens_to_intern(self, tokens: Iterable[str]) -> list[str]:
        """Tokens an encounter of `tokens` would add to SOAS: unknown, not common English,
        at most `policy.max_new_tokens_per_prompt` of them."""
        known, common = self.soas_by_token, self.policy.common_words
        cap = self.policy.max_new_tokens_per_prompt
        out: list[str] = []
        for t in dict.fromkeys(tokens):
            if t not in known and t not in common:
                if len(out) >= cap:
                    break
                out.append(t)
        return out

    def intern(self, tokens: Sequence[str], allocate: Optional[Allocator] = None) -> list[SoasRow]:
        """Rows for `tokens`, creating missing ones (with ids from `allocate`), common words
        included: a fact needs ids for every token it names."""
        missing = [t for t in dict.fromkeys(tokens) if t not in self.soas_by_token]
        if missing:
            self._create(missing, allocate)
        return [self.soas_by_token[t] for t in tokens]

    def _create(self, tokens: list[str], allocate: Optional[Allocator]) -> list[SoasRow]:
        ids = list((allocate or self._local_allocate)(tokens))
        if len(ids) != len(tokens):
            raise ValueError(f"allocator returned {len(ids)} ids for {len(tokens)} tokens")
        common = self.policy.common_words
        return [self.add_soas(SoasRow(i, t, novelty=0.0 if t in common else 0.5))
                for t, i in zip(tokens, ids)]

    def encounter(self, tokens: Sequence[str], now: datetime,
                  allocate: Optional[Allocator] = None, create: bool = True,
                  unique: bool = False) -> EncounterResult:
        """Count one prompt's distinct tokens: encounter_count, last_seen, saliency.

        Unknown tokens are interned (ids from `allocate`, one batched call) unless they are
        common English (never salient, so not worth a row) or over the per-prompt cap.
        Known rows come first in `rows`, in prompt order, then the new ones. With
        `create=False` the unknown tokens are only listed in `new_tokens` (a store interns
        them and counts them once they have ids): the same list `tokens_to_intern` gives.
        `unique=True` says `tokens` has no repeats (a prompt scan's tokens), so they are
        not deduplicated again. `peek` + `count` in one go (counting.py).
        """
        return self.count(self.peek(tokens, unique), now, allocate, create)

    def peek(self, tokens: Sequence[str], unique: bool = False,
             saliency: bool = False) -> Sighting:
        """What `encounter(tokens)` would touch, changing nothing; with `saliency`, each
        found row's saliency after it (counting.peek)."""
        return counting.peek(self.soas_by_token, self.policy, tokens, unique, saliency)

    def count(self, sighting: Sighting, now: datetime, allocate: Optional[Allocator] = None,
              create: bool = True) -> EncounterResult:
        """Count a peeked prompt (counting.count); `create`: its new tokens get rows."""
        def make(new: list[str]) -> list[SoasRow]:
            return self._create(new, allocate)

        return counting.count(sighting, self.soas_by_token, self.policy, self._dirty, now,
                              make if create else None)

    def take_dirty(self) -> list[tuple[int, int, Optional[datetime], float, float]]:
        """(id, encounter_count delta, last_seen, saliency, novelty) for every row changed
        since the last call, for one batched UPDATE; the deltas are forgotten."""
        dirty, self._dirty = self._dirty, {}
        out = []
        for soas_id, delta in dirty.items():
            token = self.soas_by_id.get(soas_id)
            row = self.soas_by_token.get(token) if token is not None else None
            if row is not None:
                out.append((soas_id, delta, row.last_seen, row.saliency, row.novelty))
        return out

    def restore_dirty(self, batch: Iterable[tuple]) -> None:
        """Put back the deltas of a flush that failed, so the next flush retries them."""
        for soas_id, delta, *_ in batch:
            self._dirty[soas_id] = self._dirty.get(soas_id, 0) + delta

    # ------------------------------------------------------------------ URD
    def edges_of(self, concept_id: int) -> list[UrdEdge]:
        return self.urd_by_concept.get(concept_id, [])

    def apply_edge(self, edge: UrdEdge) -> UrdEdge:
        """Put an edge the store holds into the cache (after an insert, or a row reloaded on a
        UniqueViolation). Replaces whatever edge held the same (concept, dimension) key."""
        key = (edge.concept_id, edge.dim_id)
        old = self.urd_by_concept_dim.get(key)
        edges = self.urd_by_concept.setdefault(edge.concept_id, [])
        if old is not None:
            edges[:] = [e for e in edges if e is not old]
            if old.is_root:
                self.dimension_roots.pop(old.dim_id, None)
        edges.append(edge)
        self.urd_by_concept_dim[key] = edge
        if edge.is_root:
            self.dimension_roots[edge.dim_id] = edge.is_isa
        return edge

    def remove_edge(self, concept_id: int, dim_id: int) -> Optional[UrdEdge]:
        old = self.urd_by_concept_dim.pop((concept_id, dim_id), None)
        if old is not None:
            if old.is_root:
                self.dimension_roots.pop(old.dim_id, None)
            left = [e for e in self.urd_by_concept.get(concept_id, ()) if e is not old]
            if left:
                self.urd_by_concept[concept_id] = left
            else:
                self.urd_by_concept.pop(concept_id, None)
        return old

    def load_edges(self, rows: Iterable[tuple]) -> int:
        """Bulk load (concept_id, parent_id, dim_id, is_isa, confidence, last_confirmed,
        source) tuples, e.g. asyncpg records of the canonical query. Rendering keeps the order
        edges arrive in, so load them ORDER BY id, dim_id DESC like the seed's query."""
        by_concept, by_cd = self.urd_by_concept, self.urd_by_concept_dim
        roots = self.dimension_roots
        n = 0
        with gc_paused():  # a million new objects would trigger dozens of full collections
            for r in rows:
                e = UrdEdge(*r)
                key = (e.concept_id, e.dim_id)
                if key in by_cd:  # the store's unique index makes this rare: keep the last
                    self.apply_edge(e)
                else:
                    by_cd[key] = e
                    lst = by_concept.get(e.concept_id)
                    if lst is None:
                        by_concept[e.concept_id] = [e]
                    else:
                        lst.append(e)
                    if e.concept_id == e.parent_id == e.dim_id:
                        roots[e.dim_id] = e.is_isa
                n += 1
        return n

    # ------------------------------------------------------------------ conflicts
    def record_conflict(self, entry: QueueEntry) -> QueueEntry:
        """Queue a collision (entry.id from the store, or local). The world model is unchanged."""
        self.queue.add(entry)
        if entry.status == PENDING:
            self.pending_conflicts.add(entry.concept_id)
        return entry

    def rekey_conflict(self, old_id: int, new_id: int) -> Optional[QueueEntry]:
        """Give an entry queued under a provisional id (a store records a collision in memory
        first, so the prompt that caused it already shows `[dim?]`) the id the store assigned.
        Returns the entry, or None if no entry has `old_id`."""
        entry = self.queue.entries.pop(old_id, None)
        if entry is None:
            return None
        if entry.status == PENDING:
            self.queue._unindex(entry)
        entry.id = new_id
        self.queue.add(entry)  # replaces an entry the store already reported under new_id
        if entry.status == PENDING:
            self.pending_conflicts.add(entry.concept_id)
        return entry

    def close_conflict(self, entry_id: int, status: str, resolution: Optional[dict],
                       now: datetime, error: Optional[str] = None) -> QueueEntry:
        entry = self.queue.close(entry_id, status, resolution, now, error)
        if not self.queue.has_pending(entry.concept_id):
            self.pending_conflicts.discard(entry.concept_id)
        return entry

    def load_queue(self, entries: Iterable[QueueEntry]) -> None:
        """Rebuild `queue` and `pending_conflicts` from the store's resolution queue."""
        self.queue.replace_all(entries)
        self.pending_conflicts.clear()
        self.pending_conflicts.update(e.concept_id for e in self.queue.pending())

    def pending_dims(self, concept_id: int) -> Optional[frozenset[int]]:
        """Contested dimensions of a concept; None = contested, dimension unknown (the set
        was filled without queue entries), meaning every dimension should be marked."""
        if concept_id not in self.pending_conflicts:
            return frozenset()
        dims = self.queue.pending_dims(concept_id)
        return dims or None

    # ------------------------------------------------------------------ conveniences
    def submit(self, triple: Triple, now: datetime,
               allocate: Optional[Allocator] = None) -> InsertDecision:
        """The whole write of one fact without a store: intern, decide, apply."""
        concept, parent, dim = self.intern([triple.concept, triple.parent, triple.dimension],
                                           allocate)
        decision = self.decide(concept.id, parent.id, dim.id, triple.is_isa,
                               triple.confidence, triple.source, now)
        return self.apply(decision, now)

    def seed_dimensions(self, now: datetime, allocate: Optional[Allocator] = None) -> None:
        """The six seed dimensions and their root nodes (T13), for a cache without a store."""
        rows = self.intern([d for d, _ in SEED_DIMENSIONS], allocate)
        for row, (_, is_isa) in zip(rows, SEED_DIMENSIONS):
            if (row.id, row.id) not in self.urd_by_concept_dim:
                self.apply_edge(UrdEdge(row.id, row.id, row.id, is_isa, 1.0, now,
                                        SOURCE_FESTINGER))

    def stats(self) -> dict:
        return {"soas": len(self.soas_by_token), "urd": len(self.urd_by_concept_dim),
                "pending_conflicts": len(self.pending_conflicts), "queued": len(self.queue),
                "dirty": len(self._dirty)}


class gc_paused:
    """Suspend the cyclic GC during bulk loads (none of the objects built there form
    cycles); restores the previous state, so nesting and callers with GC off are safe."""

    def __enter__(self) -> None:
        self._was = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc) -> None:
        if self._was:
            gc.enable()
