"""Intake: every write to a store arrives here as a memory event (inline in the writer's
thread and task) and is only recorded -- pending, waiting for its monologue's snapshot, a
removal or retirement mark -- and a timer is armed. Nothing here touches a store's documents."""

from __future__ import annotations

import time
from typing import Optional

from ..a0 import agent_state, memory_events
from ..a0.memory_store import all_docs
from ..core.classification import MemoryOrigin, check_input, origin_of
from ..core.metadata import LINEAGE_KEY, read_classification
from ..logs import log
from . import context as mctx
from .queue import PendingMemory, RemovalMark
from .state import LAST_REMOVAL, OWN_WRITE, TEXT_HASH_KEY, _Base, context_of, text_hash


class Intake(_Base):
    """Memory events, in the writer's thread and task: record what landed, arm a timer."""

    def _on_event(self, event: memory_events.MemoryEvent) -> None:
        """Inline in the writer's thread and task: record and arm a timer, nothing more."""
        if self._closed or OWN_WRITE.get():
            return
        st = self._store(event.memory)
        key = st.key
        if event.kind == "retire":
            # The memorizers replace these (consolidation): kept, deprecated once the
            # replacement lands (see lineage.retire_into).
            if event.ids:
                LAST_REMOVAL.set(RemovalMark(key, tuple(event.ids), time.monotonic(), retired=True))
            return
        if event.kind == "delete":
            if event.ids:  # explicit forgetting (memory_delete/forget, dashboard): privacy wins
                with self._lock:
                    self.counters["forgotten"] += len(event.ids)
                log.info("memory: %d deleted on request in '%s' (%s)", len(event.ids), key,
                         ", ".join(event.ids[:20]))
            with self._lock:
                ids = self._removed.record(key, event.docs)
                self._retry.drop(key, ids)
                pending = self._pending.get(key)
                for doc_id in ids:
                    if pending:
                        pending.pop(doc_id, None)
                self._awaiting = [i for i in self._awaiting if not (i.store_key == key and i.doc_id in ids)]
            if ids:
                LAST_REMOVAL.set(RemovalMark(key, tuple(ids), time.monotonic()))
            return
        if event.kind == "insert":
            snapshot = mctx.CURRENT_SNAPSHOT.get()
            agent = mctx.CURRENT_AGENT.get()
            mark = LAST_REMOVAL.get()
            if mark is not None:
                LAST_REMOVAL.set(None)  # one deletion explains one insert
            items = []
            for doc, doc_id in zip(event.docs, event.ids):
                meta = getattr(doc, "metadata", None)
                items.append((PendingMemory(
                    key, doc_id, "insert", snapshot,
                    snapshot.agent_key if snapshot else (agent_state.agent_key(agent) if agent is not None else None),
                    mark if mark is not None and mark.store_key == key else None),
                    meta if isinstance(meta, dict) else {}))
            self._enqueue_inserts(key, items)
            return
        # update: news when unclassified, or when its text is not the text that was classified
        # (the memory dashboard edits the text and keeps the old metadata). Recall,
        # maintenance and we update a lot otherwise.
        fresh = []
        for doc in event.docs:
            meta = getattr(doc, "metadata", None)
            if not (isinstance(meta, dict) and isinstance(meta.get("id"), str)):
                continue
            if read_classification(meta) is None:
                fresh.append(PendingMemory(key, meta["id"], "update", conflict_check=False))
                continue
            lin = meta.get(LINEAGE_KEY)
            stamp = lin.get(TEXT_HASH_KEY) if isinstance(lin, dict) else None
            if isinstance(stamp, str) and stamp != text_hash(getattr(doc, "page_content", "")):
                fresh.append(PendingMemory(key, meta["id"], "update", reclassify=True))
        if fresh:
            with self._lock:
                for item in fresh:
                    self._add_pending(item)
            self._schedule(key)

    def _enqueue_inserts(self, key: str, items: list[tuple[PendingMemory, dict]]) -> None:
        now = time.monotonic()
        ready = False
        with self._lock:
            for item, meta in items:
                origin = origin_of(meta)
                if item.snapshot is None and origin in (MemoryOrigin.FRAGMENT, MemoryOrigin.CONSOLIDATION):
                    # The memorizer's context did not travel (another Agent Zero build?):
                    # fall back to the latest recent snapshot of the SAME chat in this store.
                    # None found: classified without user context (agent_inferred), since a
                    # wrong user_asserted could deprecate a true memory.
                    snap = self._latest_snapshot(key, context_of(item.agent_key))
                    if snap is not None and now - snap.taken_at <= self.memorizer_fallback_seconds:
                        item.snapshot = snap
                if (item.snapshot is None and item.agent_key is not None and origin is MemoryOrigin.SAVED
                        and not self._bad_input(item, meta)):
                    self._awaiting.append(item)  # memory_save: wait for this monologue's snapshot
                    continue
                self._add_pending(item)
                ready = True
        if ready:
            self._schedule(key)

    def _latest_snapshot(self, key: str, context_id: Optional[str]) -> Optional[mctx.MonologueSnapshot]:
        """The newest snapshot of chat ``context_id`` in store ``key`` (caller holds the lock)."""
        if context_id is None:
            return None
        best = None
        for (store, agent_key), snap in self._last_snapshot.items():
            if store == key and context_of(agent_key) == context_id and (best is None or snap.seq > best.seq):
                best = snap
        return best

    def _bad_input(self, item: PendingMemory, meta: dict) -> bool:
        """Input no context can fix goes straight to processing (and its logged failure)."""
        docs = all_docs(self._stores[item.store_key].memory)
        doc = docs.get(item.doc_id)
        return doc is None or check_input(getattr(doc, "page_content", None), getattr(doc, "metadata", None),
                                          self.settings.max_text_chars) is not None

    def _add_pending(self, item: PendingMemory) -> None:
        queue = self._pending.setdefault(item.store_key, {})
        queue.pop(item.doc_id, None)
        queue[item.doc_id] = item
        st = self._stores.get(item.store_key)
        if st is not None and st.first_pending_at is None:
            st.first_pending_at = time.monotonic()
