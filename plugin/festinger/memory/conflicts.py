"""Conflict check of one new memory against its nearest neighbours (no I/O of its own).

For each of the ``conflict_top_k`` nearest other memories that is still valid and similar
enough to be about the same thing, the deterministic detector
(:func:`festinger.core.contradiction.detect_contradiction`) says whether the new memory
contradicts it; the resolver (:mod:`festinger.core.resolution`) picks the winner by the
spec's priority order; the loser is deprecated with a pointer to the winner and the winner
records what it supersedes. Once the new memory itself loses, checking stops: a deprecated
memory deprecates nothing. A neighbour the new memory restates without contradiction is
confirmed when it was only inferred and the new one is user-validated.

Deciding (:func:`decide_conflicts`, in the worker thread, reading the live metadata) is
separate from applying (:func:`apply_decisions`, in the persist step, under the store's lock).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Callable, Iterable, Mapping, Optional

from ..core.classification import (ClassificationResult, ClassifierSettings, check_input,
                                   default_for_resolution)
from ..core.confirmation import restates
from ..core.metadata import (Classification, Source, Validity, is_knowledge_document, parse_timestamp,
                             read_classification, read_lineage, write_classification)
from ..core.resolution import Contender, Resolution, resolve
from .lineage import add_supersedes, confirm, deprecate

# Two memories are only compared when Agent Zero itself would call them related: its recall
# threshold is relevance 0.7, i.e. cosine 0.4 on its (1 + cosine) / 2 scale.
MIN_CONFLICT_RELEVANCE = 0.7
MIN_RESTATEMENT_RELEVANCE = 0.85  # cosine 0.7: a restatement is about the same thing, closely
MAX_NEIGHBOUR_CHARS = 20_000  # a huge neighbour (a pasted document) is skipped, not truncated

Detector = Callable[[str, str], Any]


@dataclass
class ConflictRecord:
    incoming_id: str
    existing_id: str
    resolution: Resolution
    contradiction: Any
    similarity: float
    winner_text: str
    loser_text: str
    at: str

    @property
    def incoming_won(self) -> bool:
        return self.resolution.winner.id == self.incoming_id

    def to_log_entry(self, store: str = "", agent: str = "") -> dict[str, Any]:
        c = self.contradiction
        return {
            "timestamp": self.at,
            "winner_id": self.resolution.winner.id,
            "loser_id": self.resolution.loser.id,
            "outcome": "incoming_won" if self.incoming_won else "existing_won",
            "rule": self.resolution.rule.value,
            "explanation": self.resolution.explanation,
            "kind": getattr(c, "kind", None),
            "subject": getattr(c, "subject", None),
            "old_value": getattr(c, "old_value", None),
            "new_value": getattr(c, "new_value", None),
            "contradiction": getattr(c, "explanation", None),
            "similarity": round(self.similarity, 4),
            "winner_text": self.winner_text[:200],
            "loser_text": self.loser_text[:200],
            "store": store,
            "agent": agent,
        }


def created_time(metadata: dict) -> Optional[datetime]:
    lineage = read_lineage(metadata)
    return parse_timestamp(lineage.created_at) or parse_timestamp(metadata.get("timestamp"))


def contender(doc_id: str, metadata: dict, classification: Classification,
              correction: bool = False) -> Contender:
    return Contender(doc_id, classification, created_time(metadata),
                     knowledge=is_knowledge_document(metadata), correction=correction)


@dataclass(frozen=True)
class Deprecate:
    """Mark ``loser_id`` deprecated in favour of ``winner_id`` (the winner records it)."""

    loser_id: str
    winner_id: str
    loser_classification: Classification
    reason: str


@dataclass(frozen=True)
class StoreReading:
    """An old unclassified neighbour took part: store the reading it was judged by."""

    doc_id: str
    result: ClassificationResult


@dataclass(frozen=True)
class Confirm:
    """The user restated an agent-inferred memory: it becomes ``confirmed``."""

    doc_id: str
    by_id: str


@dataclass
class ConflictDecisions:
    """What one conflict check decided; nothing is changed until :func:`apply_decisions`."""

    records: list[ConflictRecord] = field(default_factory=list)
    readings: list[StoreReading] = field(default_factory=list)
    deprecations: list[Deprecate] = field(default_factory=list)
    confirmations: list[Confirm] = field(default_factory=list)

    @property
    def touched(self) -> set[str]:
        ids = {r.doc_id for r in self.readings} | {c.doc_id for c in self.confirmations}
        for d in self.deprecations:
            ids.update((d.loser_id, d.winner_id))
        return ids


def _confirmable(existing: Optional[Classification], incoming: Classification, knowledge: bool) -> bool:
    """An inferred memory may be confirmed by a confirmed (user-validated) incoming one."""
    return (existing is not None and existing.validity is Validity.INFERRED and not knowledge
            and incoming.validity is Validity.CONFIRMED
            and incoming.source is not Source.EXTERNAL_RETRIEVED)


_FIRST_PERSON = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|me|my|mine|myself)\b", re.IGNORECASE)


def _writer_may_not_be_the_user(contradiction: Any, *sides: tuple[str, Optional[Classification]]) -> bool:
    """'I' and 'my' are whoever wrote the memory. The detector reads them as the user, which
    is right only for what the user said: a first-person memory the agent stored ("My name is
    Agent Zero.") is about the agent, and must not deprecate "The user's name is Alice.". A
    slot about the user is therefore judged only when every first-person side is the user's
    own words (source user_asserted); a missed contradiction is tolerable, a wrong one is not."""
    if not str(getattr(contradiction, "subject", "")).startswith("user"):
        return False
    return any(_FIRST_PERSON.search(text or "") and (cls is None or cls.source is not Source.USER_ASSERTED)
               for text, cls in sides)


def decide_conflicts(incoming_id: str, incoming_doc: Any, result: ClassificationResult,
                     neighbours: Iterable[tuple[str, Any, float]], *, top_k: int,
                     settings: ClassifierSettings, detector: Detector, now_iso: str,
                     skip_ids: frozenset[str] = frozenset(),
                     min_relevance: float = MIN_CONFLICT_RELEVANCE) -> ConflictDecisions:
    """Judge the new memory against its neighbours; reads metadata only, never writes it."""
    out = ConflictDecisions()
    incoming_meta = incoming_doc.metadata
    incoming_text = incoming_doc.page_content
    incoming_cls = read_classification(incoming_meta) or result.classification
    considered = 0
    for doc_id, doc, score in neighbours:
        if considered >= top_k:
            break
        if doc_id == incoming_id or doc_id in skip_ids:
            continue
        meta = getattr(doc, "metadata", None)
        text = getattr(doc, "page_content", None)
        if not isinstance(meta, dict) or check_input(text, meta, MAX_NEIGHBOUR_CHARS):
            continue  # malformed or huge: never judged, never edited
        existing_cls = read_classification(meta)
        if existing_cls is not None and existing_cls.validity is Validity.DEPRECATED:
            continue  # already superseded: not one of the k live neighbours
        considered += 1
        if score < min_relevance:
            continue
        knowledge = is_knowledge_document(meta)
        if knowledge and is_knowledge_document(incoming_meta):
            continue
        contradiction = detector(text, incoming_text)
        if contradiction is not None and _writer_may_not_be_the_user(
                contradiction, (text, existing_cls), (incoming_text, incoming_cls)):
            contradiction = None
        if contradiction is None:
            if (score >= MIN_RESTATEMENT_RELEVANCE and _confirmable(existing_cls, incoming_cls, knowledge)
                    and restates(text, incoming_text)):
                out.confirmations.append(Confirm(doc_id, incoming_id))
            continue
        existing_full = None
        if existing_cls is None:  # an old unclassified memory: judge it by a context-free reading
            existing_full = default_for_resolution(text, meta, settings, now_iso=now_iso)
            if existing_full is None:
                continue
            existing_cls = existing_full.classification
        resolution = resolve(contender(doc_id, meta, existing_cls),
                             contender(incoming_id, incoming_meta, incoming_cls, result.correction),
                             getattr(contradiction, "kind", None))
        if resolution is None:
            continue
        loser_is_incoming = resolution.loser.id == incoming_id
        loser_text, winner_text = (incoming_text, text) if loser_is_incoming else (text, incoming_text)
        if existing_full is not None:
            out.readings.append(StoreReading(doc_id, existing_full))
        reason = (f"{getattr(contradiction, 'explanation', 'contradiction')} "
                  f"[{resolution.rule.value}: {resolution.explanation}]")
        out.deprecations.append(Deprecate(resolution.loser.id, resolution.winner.id,
                                          resolution.loser.classification, reason))
        out.records.append(ConflictRecord(incoming_id, doc_id, resolution, contradiction, score,
                                          winner_text, loser_text, now_iso))
        if loser_is_incoming:
            break  # a deprecated memory deprecates nothing (and confirms nothing)
    if any(d.loser_id == incoming_id for d in out.deprecations):
        out.confirmations = []
    return out


def apply_decisions(decisions: ConflictDecisions, docs: Mapping[str, Any], now_iso: str) -> set[str]:
    """Write the decisions into the documents' metadata; returns the ids changed."""
    changed: set[str] = set()
    for reading in decisions.readings:
        doc = docs.get(reading.doc_id)
        if doc is not None:
            write_classification(doc.metadata, reading.result.classification, reading.result.lineage)
            changed.add(reading.doc_id)
    for d in decisions.deprecations:
        loser, winner = docs.get(d.loser_id), docs.get(d.winner_id)
        if loser is None or winner is None:
            continue
        deprecate(loser.metadata, d.loser_classification, d.winner_id, d.reason, now_iso)
        add_supersedes(winner.metadata, d.loser_id)
        changed.update((d.loser_id, d.winner_id))
    for c in decisions.confirmations:
        doc = docs.get(c.doc_id)
        if doc is not None and confirm(doc.metadata, c.by_id, now_iso):
            changed.add(c.doc_id)
    return changed


def check_conflicts(incoming_id: str, incoming_doc: Any, result: ClassificationResult,
                    neighbours: Iterable[tuple[str, Any, float]], *, top_k: int,
                    settings: ClassifierSettings, detector: Detector, now_iso: str,
                    skip_ids: frozenset[str] = frozenset(),
                    min_relevance: float = MIN_CONFLICT_RELEVANCE) -> tuple[list[ConflictRecord], set[str]]:
    """Decide and apply at once (for callers that own the documents outright)."""
    neighbours = list(neighbours)
    decisions = decide_conflicts(incoming_id, incoming_doc, result, neighbours, top_k=top_k,
                                 settings=settings, detector=detector, now_iso=now_iso,
                                 skip_ids=skip_ids, min_relevance=min_relevance)
    docs = {doc_id: doc for doc_id, doc, _ in neighbours}
    docs[incoming_id] = incoming_doc
    return decisions.records, apply_decisions(decisions, docs, now_iso)
