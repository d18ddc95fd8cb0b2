"""Lineage edits on memory metadata: deprecation links and moving links to new ids.

``supersedes`` / ``superseded_by`` are single ids (the Exocortex shape). A memory can
supersede several over time, so the full set is kept in the lineage extra field
``supersedes_all`` and ``supersedes`` holds the latest. All functions edit metadata dicts in
place and return whether anything changed; the caller persists the documents.

Consolidation (merge / replace / update) deletes memories and inserts a new one: the links
that pointed at a consumed memory move to the new one, so chains never dangle:
- a memory the consumed one had superseded now names the new one as ``superseded_by``;
- the memory that had superseded the consumed one now ``supersedes`` the new one;
- the new memory is deprecated (with the same successor) only when everything it was made
  from was deprecated; it inherits the access counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Optional

from ..core.metadata import (CLASSIFICATION_KEY, LINEAGE_KEY, Classification, Lineage, Validity,
                             read_classification, read_lineage, write_classification)

SUPERSEDES_ALL = "supersedes_all"
DERIVED_FROM = "derived_from"


def supersedes_all(lineage: Lineage) -> list[str]:
    raw = lineage.extra.get(SUPERSEDES_ALL)
    ids = [i for i in raw if isinstance(i, str) and i] if isinstance(raw, list) else []
    if lineage.supersedes and lineage.supersedes not in ids:
        ids.append(lineage.supersedes)
    return ids


def _write_lineage(metadata: dict[str, Any], lineage: Lineage) -> None:
    metadata[LINEAGE_KEY] = lineage.to_dict()


def deprecate(metadata: dict[str, Any], classification: Classification, winner_id: str,
              reason: str, now_iso: str) -> None:
    """Mark a memory deprecated in favour of ``winner_id`` (never deletes anything)."""
    lineage = read_lineage(metadata)
    lineage.superseded_by = winner_id
    lineage.deprecated_at = now_iso
    lineage.deprecated_reason = reason
    write_classification(metadata, classification.with_(validity=Validity.DEPRECATED), lineage)


def confirm(metadata: dict[str, Any], by_id: str, now_iso: str) -> bool:
    """Promote an inferred memory to confirmed (the user validated it); False if it was not
    inferred (a deprecated memory stays deprecated)."""
    cls = read_classification(metadata)
    if cls is None or cls.validity is not Validity.INFERRED:
        return False
    lineage = read_lineage(metadata)
    lineage.extra["confirmed_by"] = by_id
    lineage.extra["confirmed_at"] = now_iso
    write_classification(metadata, cls.with_(validity=Validity.CONFIRMED), lineage)
    return True


def add_supersedes(metadata: dict[str, Any], loser_id: str) -> None:
    lineage = read_lineage(metadata)
    ids = [i for i in supersedes_all(lineage) if i != loser_id] + [loser_id]
    lineage.supersedes = loser_id
    lineage.extra[SUPERSEDES_ALL] = ids
    _write_lineage(metadata, lineage)


def replace_supersedes(metadata: dict[str, Any], old_id: str, new_id: str) -> bool:
    lineage = read_lineage(metadata)
    ids = supersedes_all(lineage)
    if old_id not in ids:
        return False
    ids = [new_id if i == old_id else i for i in ids]
    ids = list(dict.fromkeys(ids))  # a merge of two superseded memories leaves one link
    lineage.extra[SUPERSEDES_ALL] = ids
    if lineage.supersedes == old_id or lineage.supersedes not in ids:
        lineage.supersedes = new_id
    _write_lineage(metadata, lineage)
    return True


def replace_superseded_by(metadata: dict[str, Any], old_id: str, new_id: str) -> bool:
    lineage = read_lineage(metadata)
    if lineage.superseded_by != old_id:
        return False
    lineage.superseded_by = new_id
    _write_lineage(metadata, lineage)
    return True


@dataclass(frozen=True)
class Predecessor:
    """A memory consumed by consolidation, as it was when it was removed."""

    id: str
    lineage: Lineage
    classification: Optional[Classification]

    @classmethod
    def of(cls, doc_id: str, metadata: Mapping[str, Any]) -> "Predecessor":
        return cls(doc_id, read_lineage(metadata), read_classification(metadata))

    @property
    def deprecated(self) -> bool:
        return self.classification is not None and self.classification.validity is Validity.DEPRECATED


def move_links(new_id: str, new_metadata: dict[str, Any], predecessors: Iterable[Predecessor],
               live: Mapping[str, Any], now_iso: str) -> set[str]:
    """Point every link to a consumed memory at ``new_id``; returns ids of changed live docs.

    ``live`` is the store's ``{id: Document}``; ``new_metadata`` already holds the new
    memory's fresh classification and lineage.
    """
    preds = [p for p in predecessors if p.id != new_id]
    if not preds:
        return set()
    pred_ids = {p.id for p in preds}
    changed: set[str] = set()
    lineage = read_lineage(new_metadata)
    inherited = [i for i in supersedes_all(lineage) if i not in pred_ids]
    successors: list[str] = []
    for p in preds:
        for q_id in supersedes_all(p.lineage):
            if q_id in pred_ids or q_id == new_id:
                continue
            q = live.get(q_id)
            if q is not None and isinstance(getattr(q, "metadata", None), dict):
                if replace_superseded_by(q.metadata, p.id, new_id):
                    changed.add(q_id)
                if q_id not in inherited:
                    inherited.append(q_id)
        s_id = p.lineage.superseded_by
        if s_id and s_id not in pred_ids and s_id != new_id:
            s = live.get(s_id)
            if s is not None and isinstance(getattr(s, "metadata", None), dict):
                if replace_supersedes(s.metadata, p.id, new_id):
                    changed.add(s_id)
                if s_id not in successors:
                    successors.append(s_id)
        _inherit_access(lineage, p.lineage)
    if inherited:
        lineage.extra[SUPERSEDES_ALL] = inherited
        lineage.supersedes = inherited[-1]
    lineage.extra[DERIVED_FROM] = [p.id for p in preds]
    stale_successor = successors[0] if successors and all(p.deprecated for p in preds) else None
    _write_merged(new_metadata, lineage, stale_successor, now_iso)
    return changed


def strip_carried(metadata: dict[str, Any]) -> None:
    """Drop the classification/lineage consolidation copied from the consumed memories."""
    metadata.pop(CLASSIFICATION_KEY, None)
    metadata.pop(LINEAGE_KEY, None)


def retire_into(new_id: str, new_metadata: dict[str, Any], retired_ids: Iterable[str],
                live: Mapping[str, Any], now_iso: str, action: str,
                fallback: Callable[[str, dict[str, Any]], Optional[Classification]]) -> set[str]:
    """Keep the memories consolidation consumed, deprecated in favour of ``new_id``.

    Agent Zero's consolidation deletes what it merges or replaces; the pack keeps those
    memories instead (nothing stored is lost) and links them: each consumed live memory is
    deprecated with ``superseded_by = new_id`` and the new memory ``supersedes`` it, so its
    own older chain (``Q -> consumed``) continues to the new memory unchanged. A consumed
    memory that was already deprecated keeps its successor. When everything consumed was
    deprecated, the new memory carries only stale text and is deprecated too (in favour of
    the first consumed memory's successor). ``fallback`` classifies an old unclassified
    memory so it can be deprecated. Returns the ids of the consumed documents changed.
    """
    changed: set[str] = set()
    consumed: list[str] = []
    stale_successors: list[str] = []
    all_deprecated = True
    for pid in dict.fromkeys(retired_ids):
        doc = live.get(pid)
        meta = getattr(doc, "metadata", None)
        if pid == new_id or not isinstance(meta, dict):
            continue
        consumed.append(pid)
        cls = read_classification(meta)
        if cls is not None and cls.validity is Validity.DEPRECATED:
            succ = read_lineage(meta).superseded_by
            if succ and succ != new_id:
                stale_successors.append(succ)
            continue
        all_deprecated = False
        cls = cls or fallback(str(getattr(doc, "page_content", "")), meta)
        if cls is None:
            continue
        deprecate(meta, cls, new_id, f"consolidated into {new_id} ({action})", now_iso)
        add_supersedes(new_metadata, pid)
        changed.add(pid)
    if not consumed:
        return changed
    lineage = read_lineage(new_metadata)
    lineage.extra[DERIVED_FROM] = consumed
    for pid in consumed:
        _inherit_access(lineage, read_lineage(live[pid].metadata))
    stale_successor = stale_successors[0] if all_deprecated and stale_successors else None
    if stale_successor is not None and read_classification(new_metadata) is not None:
        succ = live.get(stale_successor)
        if succ is not None and isinstance(getattr(succ, "metadata", None), dict):
            add_supersedes(succ.metadata, new_id)
            changed.add(stale_successor)
    _write_merged(new_metadata, lineage, stale_successor, now_iso)
    return changed


def _inherit_access(lineage: Lineage, prev: Lineage) -> None:
    """A memory made from others is as used as they were: counts add, the latest access wins."""
    lineage.access_count += prev.access_count
    if prev.last_accessed and (not lineage.last_accessed or prev.last_accessed > lineage.last_accessed):
        lineage.last_accessed = prev.last_accessed


def _write_merged(metadata: dict[str, Any], lineage: Lineage, stale_successor: Optional[str],
                  now_iso: str) -> None:
    """Store the merged memory's lineage; made only from deprecated memories (``stale_successor``
    is then their successor), it carries only stale text and is deprecated too."""
    classification = read_classification(metadata)
    if classification is None:
        _write_lineage(metadata, lineage)
        return
    if stale_successor is not None:
        lineage.superseded_by = stale_successor
        lineage.deprecated_at = now_iso
        lineage.deprecated_reason = "made from memories that were all deprecated"
        classification = classification.with_(validity=Validity.DEPRECATED)
    write_classification(metadata, classification, lineage)
