"""Processing of one landing (worker thread, no awaits): classify each new memory with its
monologue's context, keep what consolidation consumed (deprecated, linked to the new memory)
or move the links of what was deleted, and run the conflict check, whose decisions
(:func:`conflicts.decide_conflicts`) are applied before the next memory is judged. Everything
changed is collected in a :class:`BatchResult` for the persistence step."""

from __future__ import annotations

from typing import Any, Callable, Optional

from ..a0 import memory_events
from ..a0.faiss_store import nearest, vector_of
from ..a0.memory_store import all_docs
from ..clock import utc_now_iso
from ..core.classification import (
    MemoryOrigin,
    Unclassified,
    check_input,
    classify_memory,
    default_for_resolution,
    iter_consolidation_ids,
    origin_of,
    upgrade_json_fields,
)
from ..core.metadata import (
    LINEAGE_KEY,
    Classification,
    parse_timestamp,
    read_classification,
    read_lineage,
    write_classification,
)
from ..logs import log
from .conflicts import apply_decisions, decide_conflicts
from .lineage import Predecessor, move_links, retire_into, strip_carried
from .queue import PendingMemory
from .state import TEXT_HASH_KEY, BatchResult, StoreState, _Base, stamp_text, text_hash


class Processing(_Base):
    """One landing in the worker thread: classify, keep consolidation's history, conflict-check."""

    def _detect(self) -> Callable[[str, str], Any]:
        if self._detector is None:
            from ..core.contradiction import detect_contradiction

            self._detector = detect_contradiction
        return self._detector

    def _work(self, st: StoreState, items: list[PendingMemory]) -> BatchResult:
        """Classify, re-link and conflict-check one landing (worker thread, no awaits)."""
        result = BatchResult()
        memory = st.memory
        live = all_docs(memory)
        now_iso = utc_now_iso()
        unprocessed = {i.doc_id for i in items}
        for item in items:
            unprocessed.discard(item.doc_id)
            doc = live.get(item.doc_id)
            if doc is None:
                result.done.append(item)  # deleted before we got to it
                continue
            try:
                with memory_events.store_lock(memory):  # no save pickles while we write
                    self._work_one(st, item, doc, live, now_iso, frozenset(unprocessed), result)
            except Exception as exc:
                log.debug("classifying %s failed", item.doc_id, exc_info=True)
                result.failures.append((item, f"internal error: {type(exc).__name__}: {exc}"))
        return result

    def _work_one(self, st: StoreState, item: PendingMemory, doc: Any, live: dict, now_iso: str,
                  unprocessed: frozenset, result: BatchResult) -> None:
        meta = getattr(doc, "metadata", None)
        text = getattr(doc, "page_content", None)
        reason = check_input(text, meta, self.settings.max_text_chars)
        if reason:
            result.failures.append((item, reason))
            return
        current = read_classification(meta)
        if item.reclassify:
            lin = meta.get(LINEAGE_KEY)
            if isinstance(lin, dict) and lin.get(TEXT_HASH_KEY) == text_hash(text):
                result.done.append(item)  # reclassified meanwhile (or edited back)
                return
        fresh = False
        preds: list[Predecessor] = []
        retired: list[str] = []
        if item.kind == "insert":
            retired = self._retired(item, meta)
            preds = [] if retired else self._predecessors(st.key, item, meta)
            # Anything consolidation wrote carries the consumed memories' classification.
            fresh = bool(preds) or bool(retired) or "consolidation_action" in meta
            if (current is not None and not fresh and read_lineage(meta).extra.get("classified_by")
                    and item.doc_id not in st.swept_ids):
                result.done.append(item)  # inserted already classified (a restore or a move)
                return
            st.swept_ids.discard(item.doc_id)  # its own event's context replaces the sweep's guess
        elif current is not None and not item.reclassify:
            result.done.append(item)  # someone classified it meanwhile
            return
        result.before.setdefault(item.doc_id, None if fresh else current)
        if fresh:
            strip_carried(meta)
        upgrade_json_fields(meta)
        created = now_iso if item.kind == "insert" else None
        if created is None:
            stamp = parse_timestamp(meta.get("timestamp"))
            created = stamp.isoformat(timespec="seconds") if stamp else None
        outcome = classify_memory(text, meta, item.snapshot.context if item.snapshot else None,
                                  self.settings, now_iso=now_iso, created_at=created, fresh=fresh)
        if isinstance(outcome, Unclassified):
            result.failures.append((item, outcome.reason))
            return
        write_classification(meta, outcome.classification, outcome.lineage)
        stamp_text(meta, text)
        result.changed[item.doc_id] = doc
        result.classified.append((item, outcome))
        if retired:
            for rid in retired:
                if rid in live:
                    result.before.setdefault(rid, read_classification(live[rid].metadata))
            action = str(meta.get("consolidation_action") or "replace")
            for changed_id in retire_into(item.doc_id, meta, retired, live, now_iso, action,
                                          lambda t, m: self._fallback_classification(t, m, now_iso)):
                # consumed ones were captured above; a re-linked successor keeps its class
                result.before.setdefault(changed_id, read_classification(live[changed_id].metadata))
                result.changed[changed_id] = live[changed_id]
        if preds:
            for changed_id in move_links(item.doc_id, meta, preds, live, now_iso):
                result.before.setdefault(changed_id, read_classification(live[changed_id].metadata))
                result.changed[changed_id] = live[changed_id]
                result.relinked.add(changed_id)
        if not item.conflict_check or not (item.kind in ("insert", "retry") or item.reclassify):
            return
        db = getattr(st.memory, "db", None)
        if db is None:
            return
        top_k = self.config.conflict_top_k
        try:
            vec = vector_of(db, item.doc_id, text, st.positions)
            neighbours = nearest(db, vec, min(4 * top_k + len(unprocessed) + 1, 200), st.shadow)
            for nid, ndoc, _ in neighbours:
                nmeta = getattr(ndoc, "metadata", None)
                if isinstance(nmeta, dict) and nid not in result.before:
                    result.before[nid] = read_classification(nmeta)
            decisions = decide_conflicts(
                item.doc_id, doc, outcome, neighbours, top_k=top_k, settings=self.settings,
                detector=self._detect(), now_iso=now_iso, skip_ids=unprocessed)
        except Exception as exc:
            # The classification stands; a failed conflict check only risks a redundant
            # memory (a false negative), never a wrong deprecation.
            with self._lock:
                self.counters["conflict_check_failures"] += 1
            log.warning("conflict check of memory %s failed: %s: %s", item.doc_id, type(exc).__name__, exc)
            return
        # Applied now (the caller holds the store's lock), so the next memory of this landing
        # is judged against these decisions; persisted with the rest of the landing.
        changed = apply_decisions(decisions, live, now_iso)
        for cid in changed:
            if cid in live:
                result.changed[cid] = live[cid]
        result.conflicts.extend((item, r) for r in decisions.records)
        result.confirmed.extend(c.doc_id for c in decisions.confirmations if c.doc_id in changed)

    def _retired(self, item: PendingMemory, meta: dict) -> list[str]:
        """The memories this insert replaces that the pack kept (a retire mark of this task)."""
        mark = item.removal
        if (mark is None or not mark.retired or item.enqueued_at - mark.at > self.removal_mark_seconds
                or origin_of(meta) not in (MemoryOrigin.CONSOLIDATION, MemoryOrigin.FRAGMENT,
                                           MemoryOrigin.SOLUTION)):
            return []
        return list(mark.ids)

    def _fallback_classification(self, text: str, meta: dict, now_iso: str) -> Optional[Classification]:
        """Classify an old unclassified memory (context-free) so it can be deprecated."""
        found = default_for_resolution(text, meta, self.settings, now_iso=now_iso)
        if found is None:
            return None
        write_classification(meta, found.classification, found.lineage)
        return found.classification

    def _predecessors(self, key: str, item: PendingMemory, meta: dict) -> list[Predecessor]:
        """The memories this insert replaced (consolidation, or the memorizer's replace path)."""
        origin = origin_of(meta)
        ids: list[str] = []
        mark = item.removal
        if (mark is not None and not mark.retired and item.enqueued_at - mark.at <= self.removal_mark_seconds
                and origin in (MemoryOrigin.CONSOLIDATION, MemoryOrigin.FRAGMENT, MemoryOrigin.SOLUTION)):
            ids = list(mark.ids)  # exact: the deletion this very task made just before
        elif origin is MemoryOrigin.CONSOLIDATION:
            ids = list(iter_consolidation_ids(meta))  # may be stale copies: take() filters
        if not ids:
            return []
        with self._lock:
            return self._removed.take(key, ids)
