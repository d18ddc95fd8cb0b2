"""Confirmation by agreement, for memories already in the store.

When the user's message of this monologue agrees with the agent's previous message ("yes,
that's right"), the agent-inferred memories that message covers become ``confirmed`` even
if the memorizer writes nothing new (a new memory made from it is confirmed at
classification, :mod:`core.classification`). Found by the store's own embedding of the
agent's message (nearest memories, then the same coverage rule as source attribution), in
the service's worker thread, persisted like a landing.
"""

from __future__ import annotations

import asyncio
from typing import Any

from ..a0 import memory_events
from ..a0.faiss_store import embed_vector, nearest
from ..clock import utc_now_iso
from ..core.confirmation import affirmed_by_user, latest_affirmation
from ..core.metadata import Source, Validity, is_knowledge_document, read_classification
from ..core.servable import is_servable
from ..core.source_attribution import ContextMessage
from ..logs import report_exception
from .lineage import confirm
from .state import BatchResult, StoreState, _Base

AFFIRMED_CANDIDATES = 20
MIN_AFFIRMED_RELEVANCE = 0.75   # Agent Zero's scale: cosine 0.5 to the agent's message


class Affirmation(_Base):
    """The user agreed with the agent: confirm the inferred memories of what it said."""

    def _note_affirmation(self, key: str, messages: tuple[ContextMessage, ...]) -> None:
        pair = latest_affirmation(messages)
        if pair is not None:
            with self._lock:  # drain() waits for it from now on
                self._affirmations_queued += 1
            self._call_soon(self._start_affirmation, key, pair)

    def _start_affirmation(self, key: str, pair: tuple[str, str]) -> None:
        task = asyncio.ensure_future(self._affirm(key, pair))
        self._track(task)
        task.add_done_callback(self._affirmation_done)

    def _affirmation_done(self, _task: Any) -> None:
        with self._lock:
            self._affirmations_queued -= 1

    async def _affirm(self, key: str, pair: tuple[str, str]) -> None:
        st = self._stores.get(key)
        if st is None or self._closed:
            return
        if st.lock is None:
            st.lock = asyncio.Lock()
        async with st.lock:
            if not self._refresh(st):
                return
            try:
                result = await asyncio.get_running_loop().run_in_executor(
                    self._executor, self._affirm_work, st, pair)
            except Exception as exc:
                report_exception("confirmation by agreement", exc)
                return
            await self._persist(st, result.changed)
            self._finish(st, result)

    def _affirm_work(self, st: StoreState, pair: tuple[str, str]) -> BatchResult:
        agent_text, user_text = pair
        messages = (ContextMessage("agent", agent_text), ContextMessage("user", user_text))
        result = BatchResult()
        db = st.memory.db
        vector = embed_vector(db, agent_text)
        now_iso = utc_now_iso()
        with memory_events.store_lock(st.memory):
            for doc_id, doc, score in nearest(db, vector, AFFIRMED_CANDIDATES):
                meta = getattr(doc, "metadata", None)
                cls = read_classification(meta) if isinstance(meta, dict) else None
                if (score < MIN_AFFIRMED_RELEVANCE or cls is None or cls.validity is not Validity.INFERRED
                        or cls.source is Source.EXTERNAL_RETRIEVED or is_knowledge_document(meta)
                        or not is_servable(meta)):
                    continue
                if not affirmed_by_user(str(getattr(doc, "page_content", "")), messages,
                                        self.settings.source_match_threshold):
                    continue
                result.before[doc_id] = cls
                if confirm(meta, "user affirmation", now_iso):
                    result.changed[doc_id] = doc
                    result.confirmed.append(doc_id)
        return result
