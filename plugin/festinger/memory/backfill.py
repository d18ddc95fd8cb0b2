"""Reconcile an existing Agent Zero memory folder (``festinger backfill``).

Two passes, both resumable and idempotent:

1. classify: every memory without a classification gets one (no monologue context survives
   on disk, so nothing is user_asserted: an old memory is trusted no more than the agent's
   own inference; knowledge documents, solutions and URLs are recognised from their
   metadata and text). ``created_at`` comes from Agent Zero's ``timestamp``.
2. replay: the memories are replayed in time order through the SAME conflict check a new
   memory gets when it lands (:func:`festinger.memory.conflicts.decide_conflicts`): each one
   against its nearest EARLIER memories, with the live path's priority order, so a store
   holding "Python 3.9" and, later, "Python 3.11" ends with 3.9 deprecated and linked.
   Each replayed memory is marked (``lineage.conflict_checked``); a second run replays
   nothing and writes nothing.

Progress is saved every ``save_every_seconds``, so an interruption loses at most that much
work. ``dry_run`` works on copies and reports the deprecations it would make. Memories that
cannot be classified (empty, huge, undecodable, foreign metadata) are counted by reason and
left as they are. Nothing is ever deleted.
"""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

from ..clock import utc_now_iso
from ..core.classification import (ClassificationResult, ClassifierSettings, check_input, classify_memory,
                                   origin_of, upgrade_json_fields)
from ..core.metadata import (LINEAGE_KEY, parse_timestamp, read_classification, read_lineage, write_classification)
from ..core.servable import is_servable
from .conflicts import apply_decisions, decide_conflicts
from .folder_store import FolderStore
from ..a0.faiss_store import VectorPositions, nearest, size, vector_of
from ..a0.vector_shadow import VectorShadow

Progress = Callable[[int, int], None]
CHECKED_KEY = "conflict_checked"   # lineage: when backfill replayed this memory's conflict check


@dataclass
class Document:
    """A copy of a stored memory (dry runs change copies only)."""

    page_content: str
    metadata: dict[str, Any]


@dataclass
class BackfillReport:
    folder: str
    total: int = 0
    already_classified: int = 0
    classified: int = 0                  # written (or, in a dry run, that would be)
    unclassifiable: dict[str, int] = field(default_factory=dict)
    by_source: dict[str, int] = field(default_factory=dict)
    by_utility: dict[str, int] = field(default_factory=dict)
    replayed: int = 0                    # memories whose conflict check ran now
    already_checked: int = 0
    deprecations: list[dict[str, Any]] = field(default_factory=list)
    confirmed: list[str] = field(default_factory=list)
    saves: int = 0
    dry_run: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {k: (list(v) if isinstance(v, list) else v) for k, v in self.__dict__.items()}

    def summary(self) -> str:
        """One line: what was classified and what the replay deprecated."""
        would = "would " if self.dry_run else ""
        return (f"{self.total} memories: {would}classify {self.classified} "
                f"({self.already_classified} already classified); conflict check replayed for "
                f"{self.replayed} in time order: {would}deprecate {len(self.deprecations)}"
                + (f", {would}confirm {len(self.confirmed)}" if self.confirmed else ""))


def _count(d: dict[str, int], key: str) -> None:
    d[key] = d.get(key, 0) + 1


class _Saver:
    """Saves the folder at most every ``every`` seconds while work is pending."""

    def __init__(self, store: FolderStore, report: BackfillReport, every: float, dry_run: bool) -> None:
        self.store, self.report, self.every, self.dry_run = store, report, every, dry_run
        self.dirty = 0
        self.last = time.monotonic()

    def changed(self, n: int = 1) -> None:
        if self.dry_run:
            return
        self.dirty += n
        if time.monotonic() - self.last >= self.every:
            self.flush()

    def flush(self) -> None:
        if self.dirty and not self.dry_run:
            self.store.save()
            self.report.saves += 1
        self.dirty, self.last = 0, time.monotonic()


def backfill_folder(folder: Path | str, settings: ClassifierSettings, *, dry_run: bool = False,
                    save_every_seconds: float = 5.0, progress: Optional[Progress] = None,
                    replay_progress: Optional[Progress] = None, conflict_top_k: int = 5,
                    detector: Optional[Callable[[str, str], Any]] = None,
                    embeddings: Optional[Any] = None) -> BackfillReport:
    """``embeddings``: the store's model, only needed for an index whose vectors cannot be read
    back (Agent Zero's IndexFlatIP can: no model is loaded)."""
    store = FolderStore.open(folder, embeddings)
    live = store.docs
    docs: dict[str, Any] = ({i: Document(str(getattr(d, "page_content", "")), copy.deepcopy(d.metadata))
                             for i, d in live.items() if isinstance(getattr(d, "metadata", None), dict)}
                            if dry_run else live)
    report = BackfillReport(str(store.folder), total=len(live), dry_run=dry_run)
    saver = _Saver(store, report, save_every_seconds, dry_run)
    now_iso = utc_now_iso()
    _classify_pass(docs, settings, report, saver, now_iso, progress)
    saver.flush()
    if detector is None:
        from ..core.contradiction import detect_contradiction

        detector = detect_contradiction
    _replay_pass(store, docs, settings, report, saver, now_iso, replay_progress, conflict_top_k, detector)
    saver.flush()
    return report


def _classify_pass(docs: dict[str, Any], settings: ClassifierSettings, report: BackfillReport,
                   saver: _Saver, now_iso: str, progress: Optional[Progress]) -> None:
    todo = []
    for doc_id, doc in list(docs.items()):
        meta = getattr(doc, "metadata", None)
        if isinstance(meta, dict) and read_classification(meta) is not None:
            report.already_classified += 1
            continue
        reason = check_input(getattr(doc, "page_content", None), meta, settings.max_text_chars)
        if reason:
            _count(report.unclassifiable, reason.split(" (")[0])
            continue
        todo.append((doc_id, doc))
    for n, (doc_id, doc) in enumerate(todo, 1):
        meta = doc.metadata
        stamp = parse_timestamp(meta.get("timestamp"))
        upgrade_json_fields(meta)
        outcome = classify_memory(doc.page_content, meta, None, settings, now_iso=now_iso,
                                  created_at=stamp.isoformat(timespec="seconds") if stamp else None)
        if isinstance(outcome, ClassificationResult):
            report.classified += 1
            _count(report.by_source, outcome.classification.source.value)
            _count(report.by_utility, outcome.classification.utility.value)
            write_classification(meta, outcome.classification, outcome.lineage)
        else:
            _count(report.unclassifiable, outcome.reason.split(" (")[0])
        if progress is not None:
            progress(n, len(todo))
        if isinstance(outcome, ClassificationResult):
            saver.changed()


def _created(meta: dict[str, Any]) -> float:
    stamp = parse_timestamp(read_lineage(meta).created_at) or parse_timestamp(meta.get("timestamp"))
    return stamp.timestamp() if stamp else 0.0


def _replay_pass(store: FolderStore, docs: dict[str, Any], settings: ClassifierSettings,
                 report: BackfillReport, saver: _Saver, now_iso: str, progress: Optional[Progress],
                 top_k: int, detector: Callable[[str, str], Any]) -> None:
    order = sorted((_created(d.metadata), i) for i, d in docs.items()
                   if isinstance(getattr(d, "metadata", None), dict) and read_classification(d.metadata))
    later = {i for _, i in order}          # not replayed yet: never a neighbour of an earlier one
    todo = []
    for _, doc_id in order:
        if read_lineage(docs[doc_id].metadata).extra.get(CHECKED_KEY):
            report.already_checked += 1
            later.discard(doc_id)
        else:
            todo.append(doc_id)
    positions = VectorPositions()
    shadow = VectorShadow()  # the folder is this process's alone: no writer to stay in step with
    total = size(store.db)
    for n, doc_id in enumerate(todo, 1):
        later.discard(doc_id)
        doc = docs[doc_id]
        meta = doc.metadata
        cls = read_classification(meta)
        if cls is not None and is_servable(meta) and not check_input(doc.page_content, meta, settings.max_text_chars):
            neighbours = _earlier_neighbours(store, docs, doc_id, doc.page_content, positions, shadow, later,
                                                  top_k, total)
            result = ClassificationResult(cls, read_lineage(meta), origin_of(meta))
            decisions = decide_conflicts(doc_id, doc, result, neighbours, top_k=top_k, settings=settings,
                                         detector=detector, now_iso=now_iso, skip_ids=frozenset(later))
            apply_decisions(decisions, docs, now_iso)
            for rec in decisions.records:
                res = rec.resolution
                report.deprecations.append({
                    "deprecated": res.loser.id, "superseded_by": res.winner.id, "rule": res.rule.value,
                    "deprecated_text": rec.loser_text[:200], "current_text": rec.winner_text[:200]})
            report.confirmed.extend(c.doc_id for c in decisions.confirmations)
        _mark_checked(meta, now_iso)
        report.replayed += 1
        if progress is not None:
            progress(n, len(todo))
        saver.changed()


def _earlier_neighbours(store: FolderStore, docs: dict[str, Any], doc_id: str, text: str,
                        positions: VectorPositions, shadow: VectorShadow, later: set[str], top_k: int,
                        total: int) -> list[tuple[str, Any, float]]:
    """The nearest memories of ``doc_id`` among those replayed before it (best first)."""
    vec = vector_of(store.db, doc_id, text, positions)
    want = min(total, 4 * top_k + 1)
    while True:
        found = nearest(store.db, vec, want, shadow)
        earlier = [(i, docs[i], s) for i, _, s in found if i in docs and i not in later]
        if len(earlier) > 4 * top_k or want >= total:
            return earlier
        want = min(total, want * 4)


def _mark_checked(meta: dict[str, Any], now_iso: str) -> None:
    lineage = meta.get(LINEAGE_KEY)
    base = lineage if isinstance(lineage, dict) else read_lineage(meta).to_dict()
    meta[LINEAGE_KEY] = {**base, CHECKED_KEY: now_iso}
