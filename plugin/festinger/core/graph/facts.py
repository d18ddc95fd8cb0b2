"""Deciding what a fact does to the graph (festinger-concept-graph.md "URD insert flow",
"Collision Semantics"): insert, re-confirm, collide (queue it) or refuse -- decided on the
in-memory graph, changing nothing until `apply`. Part of GraphCache (cache.py)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Optional

from .collisions import classify
from .models import (PENDING, SOURCE_CLOUD_LLM, SOURCE_IKNOWTHAT, SOURCES, QueueEntry,
                     UrdEdge)

INSERT = "insert"
CONFIRM = "confirm"  # the exact edge already exists: refresh last_confirmed
COLLISION = "collision"
ALREADY_PENDING = "already_pending"  # the same collision is already queued
REFUSED = "refused"  # self-loop, cycle, unknown id, bad value: never stored, never queued

# Sources whose insert confirms a concept as domain-specific (seed: novelty = 1.0 "when first
# confirmed by cloud LLM write path"; an explicit iknowthat is at least as strong).
CONFIRMING_SOURCES = frozenset({SOURCE_CLOUD_LLM, SOURCE_IKNOWTHAT})
MAX_CHAIN_DEPTH = 10_000  # a longer parent chain means the loaded data already loops


@dataclass(slots=True)
class InsertDecision:
    kind: str
    edge: Optional[UrdEdge] = None  # INSERT: the edge to store; CONFIRM: the existing edge
    conflict: Optional[QueueEntry] = None  # COLLISION: to queue; ALREADY_PENDING: the queued one
    reason: str = ""  # REFUSED: one line a user can act on


class FactRules:
    """The fact-deciding half of GraphCache (the attributes are the cache's)."""

    def would_cycle(self, concept_id: int, parent_id: int, dim_id: int) -> bool:
        """True if `concept IN parent` within `dim` would close a loop: walk the parent chain
        from `parent` upward inside the dimension; reaching `concept` means a cycle. A root
        (id = parent = dim) is the one allowed self-reference and ends every chain."""
        if concept_id == parent_id:
            return concept_id != dim_id
        get = self.urd_by_concept_dim.get
        node = parent_id
        for _ in range(MAX_CHAIN_DEPTH):
            if node == concept_id:
                return True
            e = get((node, dim_id))
            if e is None or e.parent_id == node:
                return False
            node = e.parent_id
        return True  # refuse rather than extend a chain that is already broken

    def decide(self, concept_id: int, parent_id: int, dim_id: int, is_isa: bool,
               confidence: float, source: str, now: datetime) -> InsertDecision:
        """What inserting `concept IN parent` within `dim` should do; changes nothing."""
        if source not in SOURCES:
            return InsertDecision(REFUSED, reason=f"unknown source {source!r}")
        if not (0.0 <= confidence <= 1.0):
            return InsertDecision(REFUSED, reason=f"confidence {confidence} is outside 0..1")
        for soas_id in (concept_id, parent_id, dim_id):
            if soas_id not in self.soas_by_id:
                return InsertDecision(REFUSED, reason=f"unknown concept id {soas_id}")
        is_root = concept_id == parent_id == dim_id
        if concept_id == parent_id and not is_root:
            return InsertDecision(
                REFUSED, reason=f"{self.soas_by_id[concept_id]} cannot be inside itself")
        existing = self.urd_by_concept_dim.get((concept_id, dim_id))
        if existing is not None:
            if existing.parent_id == parent_id:
                return InsertDecision(CONFIRM, edge=existing)
            if existing.is_root or is_root:
                return InsertDecision(REFUSED, reason=(
                    f"{self.soas_by_id[dim_id]} is the root of its dimension and has no parent "
                    "there"))
            queued = self.queue.find_pending(concept_id, dim_id, parent_id)
            if queued is not None:
                return InsertDecision(ALREADY_PENDING, conflict=queued)
            return InsertDecision(COLLISION, conflict=QueueEntry(
                id=None, concept_id=concept_id, existing_parent_id=existing.parent_id,
                incoming_parent_id=parent_id, dim_id=dim_id,
                collision_type=classify(existing.is_isa, is_isa), status=PENDING,
                created_at=now, priority=source == SOURCE_IKNOWTHAT, incoming_is_isa=is_isa,
                incoming_confidence=confidence, incoming_source=source))
        if not is_root and self.would_cycle(concept_id, parent_id, dim_id):
            t = self.soas_by_id
            return InsertDecision(REFUSED, reason=(
                f"{t[concept_id]} in {t[parent_id]} would close a cycle in dimension "
                f"{t[dim_id]}: {t[parent_id]} is already inside {t[concept_id]} there"))
        return InsertDecision(INSERT, edge=UrdEdge(concept_id, parent_id, dim_id, is_isa,
                                                   confidence, now, source))

    def apply(self, decision: InsertDecision, now: datetime) -> InsertDecision:
        """Apply a decision the store has persisted (or that needs no store)."""
        if decision.kind == INSERT and decision.edge is not None:
            edge = self.apply_edge(decision.edge)
            if edge.source in CONFIRMING_SOURCES:
                self.mark_confirmed_concept(edge.concept_id)
        elif decision.kind == CONFIRM and decision.edge is not None:
            decision.edge.last_confirmed = now
        elif decision.kind == COLLISION and decision.conflict is not None:
            self.record_conflict(decision.conflict)
        return decision

    def mark_confirmed_concept(self, concept_id: int) -> None:
        """A write path confirmed the concept as domain-specific: novelty 1.0."""
        row = self.soas_by_token.get(self.soas_by_id.get(concept_id, ""))
        if row is not None and row.novelty < 1.0:
            row.novelty = 1.0
            self._dirty[row.id] = self._dirty.get(row.id, 0)
