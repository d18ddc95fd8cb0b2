"""Persistence: everything one landing changed is written with ONE ``update_documents`` (a
document replaced meanwhile gets our classification carried over), then counted, logged in
the conflict logs and announced to the listeners (health)."""

from __future__ import annotations

import asyncio
from typing import Any

from ..a0 import agent_state, memory_events
from ..a0.memory_store import all_docs, save, subdir_of
from ..clock import utc_now_iso
from ..core.metadata import (
    CLASSIFICATION_KEY,
    LINEAGE_KEY,
    Validity,
    is_knowledge_document,
    read_classification,
    read_lineage,
)
from ..logs import log, report_exception
from .queue import PendingMemory
from .state import OWN_WRITE, BatchResult, ChangeKind, MemoryChange, StoreState, _Base


class Persistence(_Base):
    """Write a landing's changes once, then count and announce them."""

    async def _persist(self, st: StoreState, changed: dict[str, Any]) -> None:
        """Publish what this landing changed and leave the write to the next whole-store
        save: Agent Zero's own (it saves the store on every insert, e.g. the next turn's
        memorization) or, if none comes within ``persist_delay_seconds``, ours (also on
        ``drain`` and ``close``). Metadata only: re-adding the documents
        (``update_documents``) would re-embed texts that did not change, and a save per
        landing (10,000 memories: 0.1-0.5 s of pickling holding the GIL) competed with the
        user's next turn (the real-Agent-Zero turn benchmark)."""
        if not changed:
            return
        live = all_docs(st.memory)
        docs = []
        for doc_id, doc in changed.items():
            current = live.get(doc_id)
            if current is None:
                continue  # deleted meanwhile: nothing to write
            if current is not doc:
                # Replaced meanwhile (recall's access tracking updates documents too): carry
                # our classification and lineage over, keeping its newer access counters.
                with memory_events.store_lock(st.memory):
                    carry_over(doc.metadata, current.metadata)
                doc = current
            docs.append(doc)
        if not docs:
            return
        st.unsaved = True
        self._arm_save(st)
        token = OWN_WRITE.set(True)
        try:
            memory_events.publish(memory_events.MemoryEvent(
                "update", st.memory, tuple(d.metadata["id"] for d in docs), tuple(docs)))
        finally:
            OWN_WRITE.reset(token)

    def _on_saved(self, memory: Any) -> None:
        """A whole-store save completed (inside the store's lock, so every metadata change
        made before it is on disk now): nothing of ours is left unsaved in that store."""
        try:
            key = subdir_of(memory)
        except Exception:
            return
        st = self._stores.get(key)
        if st is not None and getattr(st.memory, "db", None) is getattr(memory, "db", None):
            st.unsaved = False

    def _arm_save(self, st: StoreState) -> None:
        """Unsaved changes: save them unless Agent Zero's own next save does it first."""
        if st.save_timer is None and not self._closed:
            st.save_timer = asyncio.get_running_loop().call_later(
                self.persist_delay_seconds,
                lambda: self._track(asyncio.ensure_future(self._save_if_unsaved(st))))

    async def _save_if_unsaved(self, st: StoreState) -> None:
        st.save_timer = None
        if not st.unsaved:
            return
        token = OWN_WRITE.set(True)
        try:
            if not await asyncio.to_thread(save, st.memory):
                log.debug("store '%s' was reloaded before its classifications were saved", st.key)
            st.unsaved = False
        except Exception as exc:
            with self._lock:
                self.counters["persist_failures"] += 1
            report_exception("memory classification save", exc)
            self._arm_save(st)  # the changes are still in memory: try again later
        finally:
            OWN_WRITE.reset(token)

    async def _flush_unsaved(self) -> None:
        for st in list(self._stores.values()):
            if st.save_timer is not None:
                st.save_timer.cancel()
                st.save_timer = None
            if st.unsaved:
                await self._save_if_unsaved(st)

    def _finish(self, st: StoreState, result: BatchResult) -> None:
        now_iso = utc_now_iso()
        changes: list[MemoryChange] = []
        with self._lock:
            for item in result.done:
                self._retry.succeed(st.key, item.doc_id)
            for item, outcome in result.classified:
                self._retry.succeed(st.key, item.doc_id)
                self.counters["classified"] += 1
            for item, reason in result.failures:
                self.counters["unclassified_events"] += 1
                permanent = not reason.startswith("internal error")
                if self._retry.fail(item, reason, permanent=permanent):
                    log.warning("memory %s in '%s' left unclassified: %s%s", item.doc_id, st.key, reason,
                                "" if permanent else " (will retry)")
            deprecated_now = set()
            for doc_id, doc in result.changed.items():
                meta = getattr(doc, "metadata", {})
                before, after = result.before.get(doc_id), read_classification(meta)
                if (after is not None and after.validity is Validity.DEPRECATED
                        and (before is None or before.validity is not Validity.DEPRECATED)):
                    kind: ChangeKind = "deprecated"
                    deprecated_now.add(doc_id)
                elif before != after:
                    kind = "classified"
                else:
                    kind = "relinked"
                changes.append(MemoryChange(kind, st.key, doc_id, before, after, is_knowledge_document(meta)))
            self.counters["deprecated"] += len(deprecated_now)
            self.counters["relinked"] += len(result.relinked)
            self.counters["conflicts_resolved"] += len(result.conflicts)
            self.counters["confirmed"] += len(result.confirmed)
            if result.classified or result.conflicts:
                self.last_classification_run = now_iso
            listeners = list(self._listeners)
        for item, record in result.conflicts:
            agent = self._agent_for(st.key, item)
            entry = record.to_log_entry(st.key, agent_state.agent_label(agent) if agent is not None else "")
            with self._lock:
                self._conflict_log.append(entry)
            if agent is not None:
                agent_state.append_conflict_log(agent, entry)
            log.info("memory conflict in '%s': %s deprecated, superseded by %s (%s)", st.key,
                     record.resolution.loser.id, record.resolution.winner.id, record.resolution.rule.value)
        for change in changes:
            for cb in listeners:
                try:
                    cb(change)
                except Exception as exc:
                    report_exception(f"memory change listener {getattr(cb, '__name__', cb)}", exc)

    def _agent_for(self, key: str, item: PendingMemory) -> Any:
        """The agent whose conflict log gets the entry: the memory's own, never another chat's."""
        if item.snapshot is not None and item.snapshot.agent is not None:
            return item.snapshot.agent
        if item.agent_key is None:
            return None
        with self._lock:
            snap = self._last_snapshot.get((key, item.agent_key))
        return snap.agent if snap is not None else None


def carry_over(ours: dict, theirs: dict) -> None:
    """Copy our classification/lineage into a document someone replaced meanwhile."""

    their_lineage = read_lineage(theirs)
    our = dict(ours.get(LINEAGE_KEY) or {})
    our["access_count"] = max(int(our.get("access_count") or 0), their_lineage.access_count)
    if their_lineage.last_accessed and (not our.get("last_accessed") or their_lineage.last_accessed > our["last_accessed"]):
        our["last_accessed"] = their_lineage.last_accessed
    if CLASSIFICATION_KEY in ours:
        theirs[CLASSIFICATION_KEY] = ours[CLASSIFICATION_KEY]
    theirs[LINEAGE_KEY] = our
