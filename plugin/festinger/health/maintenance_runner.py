"""Apply a maintenance plan to one Agent Zero memory store, in one write.

Archival, reactivation and stamps change metadata only, so they are made in place on the
live documents (no re-embedding, which ``update_documents`` would do per document) and the
store is written once. A purge deletes with one ``delete_documents_by_ids`` call, which
writes the index itself -- the in-place changes go out with it, still one write.

Every purge is logged before it happens, with the memory's text and metadata, to
``$FESTINGER_HOME/purged_memories.jsonl``: purging is off by default and irreversible in the
store, so an operator can still see (and re-insert) what went.

Other parts of the pack (recall's sparse index, the classifier's caches) learn about the
in-place changes through an ``update`` memory event published here, as if Agent Zero's
``update_documents`` had been called.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from ..a0 import memory_events
from ..a0.memory_store import all_docs, save
from ..core.actr import CycleClock
from ..core.maintenance import (ARCHIVE, PURGE, REACTIVATE, STAMP, MaintenancePlan,
                                MaintenanceSettings, apply_decision, facts_of, iso,
                                plan_maintenance)
from ..core.metadata import is_deprecated, is_knowledge_document
from ..logs import log

PURGE_LOG = "purged_memories.jsonl"


@dataclass
class MaintenanceResult:
    summary: dict[str, Any]
    changed_ids: list[str] = field(default_factory=list)
    purged_ids: list[str] = field(default_factory=list)
    seconds: float = 0.0
    decisions: list[Any] = field(default_factory=list)


def _append_purge_log(path: Path, docs: list[Any], reasons: dict[str, str], now: float) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as fh:
        for doc in docs:
            meta = doc.metadata
            fh.write(json.dumps({"purged_at": iso(now), "id": meta.get("id"),
                                 "reason": reasons.get(meta.get("id"), ""),
                                 "text": getattr(doc, "page_content", ""), "metadata": meta},
                                ensure_ascii=False, default=str) + "\n")


def _plan(items: list, clock: CycleClock, settings: MaintenanceSettings) -> MaintenancePlan:
    facts = (facts_of(i, d.metadata, clock, settings) for i, d in items)
    return plan_maintenance((f for f in facts if f is not None), settings)


async def run_maintenance(memory: Any, clock: CycleClock, settings: MaintenanceSettings, *,
                          purge_log: Optional[Path] = None, now: Optional[float] = None
                          ) -> MaintenanceResult:
    started = time.perf_counter()
    now = time.time() if now is None else now
    docs = all_docs(memory)
    # list() of a dict is one C-level pass under the GIL: safe against the memorizer thread
    items = [(i, d) for i, d in list(docs.items()) if isinstance(getattr(d, "metadata", None), dict)]
    # Planning is pure CPU (about 10 us a memory): a worker thread keeps the chat's event loop
    # free. It reads the live metadata; the changes are made back here, on the loop.
    frozen = CycleClock(cycle=clock.cycle, checkpoints=list(clock.checkpoints))
    plan = await asyncio.to_thread(_plan, items, frozen, settings)

    changed: list[Any] = []
    applied: dict[str, int] = {}
    for decision in plan.decisions:
        if decision.action == PURGE:
            continue
        doc = docs.get(decision.doc_id)
        # apply_decision re-checks the live metadata: the classifier may have changed it meanwhile
        if doc is not None and apply_decision(doc.metadata, decision, now):
            changed.append(doc)
            applied[decision.action] = applied.get(decision.action, 0) + 1

    purge_docs = []
    reasons = {}
    for decision in plan.of(PURGE):
        doc = docs.get(decision.doc_id)
        # checked again on the live document: never a knowledge document, only deprecated
        if doc is not None and is_deprecated(doc.metadata) and not is_knowledge_document(doc.metadata):
            purge_docs.append(doc)
            reasons[decision.doc_id] = decision.reason

    purged_ids: list[str] = []
    if purge_docs:
        ids = [d.metadata.get("id") for d in purge_docs if isinstance(d.metadata.get("id"), str)]
        if purge_log is not None:
            _append_purge_log(purge_log, purge_docs, reasons, now)
        for d in purge_docs:
            log.info("maintenance: purging deprecated memory %s (%s): %.80r",
                     d.metadata.get("id"), reasons.get(d.metadata.get("id"), ""),
                     getattr(d, "page_content", ""))
        # In a task of its own: subscribers may keep per-task context about a deletion (the
        # classifier pairs a consolidation's delete with its insert); a purge explains nothing.
        # The delete writes the index, the in-place changes included.
        removed = await asyncio.create_task(memory.delete_documents_by_ids(ids))
        purged_ids = [d.metadata.get("id") for d in (removed or []) if isinstance(d.metadata, dict)]
        if not purged_ids and changed:
            save(memory)  # nothing was left to delete, so the delete did not write the index
    elif changed:
        save(memory)

    gone = set(purged_ids)
    still = [d for d in changed if d.metadata.get("id") not in gone]
    changed_ids = [d.metadata.get("id") for d in still]
    if still:
        memory_events.publish(memory_events.MemoryEvent("update", memory, tuple(changed_ids), tuple(still)))
    summary = {"examined": plan.examined, "archived": applied.get(ARCHIVE, 0),
               "reactivated": applied.get(REACTIVATE, 0), "purged": len(purged_ids),
               "stamped": applied.get(STAMP, 0)}
    return MaintenanceResult(summary=summary, changed_ids=changed_ids, purged_ids=purged_ids,
                             seconds=time.perf_counter() - started, decisions=plan.decisions)
