"""Classify an existing Agent Zero memory folder (``festinger backfill --memory-dir PATH``).

Every memory without a classification gets one (no monologue context survives on disk, so
nothing is user_asserted: an old memory is trusted no more than the agent's own inference;
knowledge documents, solutions and URLs are recognised from their metadata and text).
``created_at`` comes from Agent Zero's ``timestamp``.

Resumable and idempotent: classified memories are never touched, and progress is saved
every ``save_every_seconds``, so an interrupted run loses at most that much work and a
second run changes nothing. ``dry_run`` reports what would change without writing.
Memories that cannot be classified (empty, huge, undecodable, foreign metadata) are
counted by reason and left as they are. No conflict checks: deprecating old memories
against each other without their context is not a call to make in bulk.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

from ..core.classification import (ClassificationResult, ClassifierSettings, check_input, classify_memory, upgrade_json_fields)
from ..core.metadata import parse_timestamp, read_classification, utc_now_iso, write_classification
from .folder_store import FolderStore

Progress = Callable[[int, int], None]


@dataclass
class BackfillReport:
    folder: str
    total: int = 0
    already_classified: int = 0
    classified: int = 0                  # written (or, in a dry run, that would be)
    unclassifiable: dict[str, int] = field(default_factory=dict)
    by_source: dict[str, int] = field(default_factory=dict)
    by_utility: dict[str, int] = field(default_factory=dict)
    saves: int = 0
    dry_run: bool = False

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _count(d: dict[str, int], key: str) -> None:
    d[key] = d.get(key, 0) + 1


def backfill_folder(folder: Path | str, settings: ClassifierSettings, *, dry_run: bool = False,
                    save_every_seconds: float = 5.0, progress: Optional[Progress] = None) -> BackfillReport:
    store = FolderStore.open(folder)
    docs = store.docs
    report = BackfillReport(str(store.folder), total=len(docs), dry_run=dry_run)
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
    now_iso = utc_now_iso()
    dirty = 0
    last_save = time.monotonic()
    for n, (doc_id, doc) in enumerate(todo, 1):
        meta = dict(doc.metadata) if dry_run else doc.metadata
        stamp = parse_timestamp(meta.get("timestamp"))
        upgrade_json_fields(meta)
        outcome = classify_memory(doc.page_content, meta, None, settings, now_iso=now_iso,
                                  created_at=stamp.isoformat(timespec="seconds") if stamp else None)
        if isinstance(outcome, ClassificationResult):
            report.classified += 1
            _count(report.by_source, outcome.classification.source.value)
            _count(report.by_utility, outcome.classification.utility.value)
            if not dry_run:
                write_classification(meta, outcome.classification, outcome.lineage)
                dirty += 1
        else:
            _count(report.unclassifiable, outcome.reason.split(" (")[0])
        if progress is not None:
            progress(n, len(todo))
        if dirty and time.monotonic() - last_save >= save_every_seconds:
            store.save()
            report.saves += 1
            dirty, last_save = 0, time.monotonic()
    if dirty:
        store.save()
        report.saves += 1
    return report
