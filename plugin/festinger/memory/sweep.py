"""The first-sight sweep: once per store and process, older unclassified memories (what
landed while the pack was not listening, e.g. preloaded knowledge) are classified without
conflict checks, bounded by ``sweep_limit``; the rest is for ``festinger backfill``."""

from __future__ import annotations

import asyncio
from typing import Any

from ..a0 import memory_events
from ..a0.memory_store import all_docs, save
from ..clock import utc_now_iso
from ..core.classification import ClassificationResult, check_input, classify_memory, upgrade_json_fields
from ..core.metadata import parse_timestamp, read_classification, write_classification
from ..logs import log, report_exception
from .queue import PendingMemory
from .state import OWN_WRITE, StoreState, _Base, stamp_text


class FirstSightSweep(_Base):
    """Classify older unclassified memories once per store and process."""

    async def _sweep(self, key: str) -> None:
        """Classify (no conflict checks) older unclassified memories once per store and process.

        Catches what landed while the pack was not listening, e.g. knowledge Agent Zero
        preloaded before the first hook ran. Bounded by ``sweep_limit``; the rest is for
        ``festinger backfill``. Written in place and saved once (no re-embedding).
        """
        st = self._stores.get(key)
        if st is None or st.swept or self._closed:
            return
        st.swept = True
        if st.lock is None:
            st.lock = asyncio.Lock()
        async with st.lock:
            if not self._refresh(st):
                st.swept = False  # unloaded: sweep at the next sight of it
                return
            loop = asyncio.get_running_loop()
            try:
                changed, remaining = await loop.run_in_executor(self._executor, self._sweep_work, st)
            except Exception as exc:
                report_exception("memory sweep", exc)
                return
            if not changed:
                return
            token = OWN_WRITE.set(True)
            try:
                save(st.memory)
                memory_events.publish(memory_events.MemoryEvent(
                    "update", st.memory, tuple(changed), tuple(changed.values())))
            except Exception as exc:
                report_exception("memory sweep save", exc)
            finally:
                OWN_WRITE.reset(token)
            with self._lock:
                self.counters["swept"] += len(changed)
            log.info("classified %d older memories in '%s'%s", len(changed), key,
                     f"; {remaining} more unclassified: run `festinger backfill`" if remaining else "")

    def _sweep_work(self, st: StoreState) -> tuple[dict[str, Any], int]:
        live = all_docs(st.memory)
        with self._lock:
            queued = set(self._pending.get(st.key, {})) | {i.doc_id for i in self._awaiting}
        todo, failed = [], []
        for doc_id, doc in list(live.items()):
            meta = getattr(doc, "metadata", None)
            if doc_id in queued or not isinstance(meta, dict) or read_classification(meta) is not None:
                continue
            reason = check_input(getattr(doc, "page_content", None), meta, self.settings.max_text_chars)
            if reason:
                failed.append((doc_id, reason))
                continue
            todo.append((str(meta.get("timestamp", "")), doc_id, doc))
        with self._lock:
            for doc_id, reason in failed[: self.sweep_limit]:
                self._retry.fail(PendingMemory(st.key, doc_id, "sweep", conflict_check=False), reason,
                                 permanent=True)
        if failed:
            log.warning("%d older memories in '%s' cannot be classified as stored (e.g. %s: %s)",
                        len(failed), st.key, failed[0][0], failed[0][1])
        todo.sort(reverse=True)  # newest first
        changed: dict[str, Any] = {}
        now_iso = utc_now_iso()
        for _, doc_id, doc in todo[: self.sweep_limit]:
            meta = doc.metadata
            stamp = parse_timestamp(meta.get("timestamp"))
            with memory_events.store_lock(st.memory):
                upgrade_json_fields(meta)
            outcome = classify_memory(doc.page_content, meta, None, self.settings, now_iso=now_iso,
                                      created_at=stamp.isoformat(timespec="seconds") if stamp else None)
            if isinstance(outcome, ClassificationResult):
                with memory_events.store_lock(st.memory):
                    write_classification(meta, outcome.classification, outcome.lineage)
                    stamp_text(meta, doc.page_content)
                st.swept_ids.add(doc_id)
                changed[doc_id] = doc
        return changed, max(0, len(todo) - self.sweep_limit)
