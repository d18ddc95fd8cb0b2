"""Conflict check of one new memory against its nearest neighbours (no I/O of its own).

For each of the ``conflict_top_k`` nearest other memories that is still valid and similar
enough to be about the same thing, the deterministic detector
(:func:`festinger.core.contradiction.detect_contradiction`) says whether the new memory
contradicts it; the resolver (:mod:`festinger.core.resolution`) picks the winner by the
spec's priority order; the loser is deprecated with a pointer to the winner and the winner
records what it supersedes. Once the new memory itself loses, checking stops: a deprecated
memory deprecates nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Callable, Iterable, Optional

from ..core.classification import (ClassificationResult, ClassifierSettings, check_input,
                                   default_for_resolution)
from ..core.metadata import (Classification, is_knowledge_document, parse_timestamp,
                             read_classification, read_lineage, Validity, write_classification)
from ..core.resolution import Contender, Resolution, resolve
from .lineage import add_supersedes, deprecate

# Two memories are only compared when Agent Zero itself would call them related: its recall
# threshold is relevance 0.7, i.e. cosine 0.4 on its (1 + cosine) / 2 scale.
MIN_CONFLICT_RELEVANCE = 0.7
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


def check_conflicts(incoming_id: str, incoming_doc: Any, result: ClassificationResult,
                    neighbours: Iterable[tuple[str, Any, float]], *, top_k: int,
                    settings: ClassifierSettings, detector: Detector, now_iso: str,
                    skip_ids: frozenset[str] = frozenset(),
                    min_relevance: float = MIN_CONFLICT_RELEVANCE) -> tuple[list[ConflictRecord], set[str]]:
    """Resolve contradictions between the new memory and its neighbours, editing metadata in
    place. Returns the records and the ids of the documents whose metadata changed."""
    records: list[ConflictRecord] = []
    changed: set[str] = set()
    incoming_meta = incoming_doc.metadata
    incoming_text = incoming_doc.page_content
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
        if is_knowledge_document(meta) and is_knowledge_document(incoming_meta):
            continue
        contradiction = detector(text, incoming_text)
        if contradiction is None:
            continue
        existing_full = None
        if existing_cls is None:  # an old unclassified memory: judge it by a context-free reading
            existing_full = default_for_resolution(text, meta, settings)
            if existing_full is None:
                continue
            existing_cls = existing_full.classification
        current_incoming = read_classification(incoming_meta) or result.classification
        resolution = resolve(contender(doc_id, meta, existing_cls),
                             contender(incoming_id, incoming_meta, current_incoming, result.correction),
                             getattr(contradiction, "kind", None))
        if resolution is None:
            continue
        loser_is_incoming = resolution.loser.id == incoming_id
        loser_meta, winner_meta = (incoming_meta, meta) if loser_is_incoming else (meta, incoming_meta)
        loser_text, winner_text = (incoming_text, text) if loser_is_incoming else (text, incoming_text)
        if existing_full is not None:
            # An old unclassified memory takes part: store the reading it was judged by.
            write_classification(meta, existing_full.classification, existing_full.lineage)
        reason = (f"{getattr(contradiction, 'explanation', 'contradiction')} "
                  f"[{resolution.rule.value}: {resolution.explanation}]")
        deprecate(loser_meta, resolution.loser.classification, resolution.winner.id, reason, now_iso)
        add_supersedes(winner_meta, resolution.loser.id)
        changed.update({doc_id, incoming_id})
        records.append(ConflictRecord(incoming_id, doc_id, resolution, contradiction, score,
                                      winner_text, loser_text, now_iso))
        if loser_is_incoming:
            break
    return records, changed
