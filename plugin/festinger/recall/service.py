"""RecallService: hybrid, role-aware recall over Agent Zero's memory store.

One per process (``service.recall``). It owns the BM25 indexes (kept current
by memory events), the role files, the access tracker and the optional cross-encoder, and
offers two entry points:

* :meth:`retrieve` -- synchronous, everything after the query embedding: dense FAISS search
  (one scan for memories and solutions, deprecated memories filtered inside the search so
  they never take a candidate slot), BM25, and :func:`pipeline.select`. Used by the hooks
  (on a worker thread), the benchmarks and the evaluation.
* :meth:`recall` -- what the hooks call: builds the query the way Agent Zero's recall does
  (user message + the last ``memory_recall_history_len`` characters of history, or the
  utility model's query when ``memory_recall_query_prep`` is on), resolves the role, embeds
  and retrieves off the chat loop.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from ..core.ranking import RankingWeights
from ..core.servable import is_servable
from ..core.roles import ActiveRole, RoleProfile
from ..logs import log, report_exception
from .a0_settings import RecallSettings
from .access_tracker import AccessTracker
from ..core.temporal import time_window
from .bm25_index import StoreIndexes
from .query_weights import query_weights
from .pipeline import Features, Limits, RecallOutcome, Reranker, select
from .time_index import TimeIndexes
from .role_files import RoleFiles

if TYPE_CHECKING:
    from festinger.service import FestingerService

def _is_current(memory: Any) -> bool:
    from ..a0.memory_store import is_current

    return is_current(memory)


def _store_lock(memory: Any) -> Any:
    from ..a0.memory_events import store_lock

    return store_lock(memory)


def user_text_of(loop_data: Any) -> str:
    msg = getattr(loop_data, "user_message", None)
    if msg is None:
        return ""
    try:
        return str(msg.output_text())
    except Exception:
        return str(getattr(msg, "content", "") or "")


class CrossEncoderReranker:
    """A local sentence-transformers cross-encoder (``rerank_model_path``), loaded once."""

    def __init__(self, path: str) -> None:
        from sentence_transformers import CrossEncoder

        self.path = path
        # A local folder: never reach a hub (per model, not the process-wide HF_HUB_OFFLINE,
        # which would also cut Agent Zero's own model downloads off).
        try:
            self.model = CrossEncoder(path, device="cpu", local_files_only=True)
        except TypeError:  # an older sentence-transformers without the keyword
            self.model = CrossEncoder(path, device="cpu")

    def __call__(self, query: str, texts: Sequence[str]) -> list[float]:
        if not texts:
            return []
        scores = self.model.predict([(query, t) for t in texts], show_progress_bar=False)
        return [float(s) for s in (scores.tolist() if hasattr(scores, "tolist") else scores)]


class RecallService:
    def __init__(self, service: FestingerService) -> None:
        self.service = service
        self.roles = RoleFiles.default(getattr(service, "home", None))
        self.indexes = StoreIndexes()
        self.times = TimeIndexes()
        self.access = AccessTracker(is_current=_is_current, store_lock=_store_lock)
        self._events_installed = False
        self._flush_task: Optional[Any] = None
        self._preload_task: Optional[Any] = None
        self._reranker_lock = threading.Lock()
        self._reranker: Optional[Reranker] = None
        self._reranker_path: Optional[str] = None
        self._reranker_failed: Optional[str] = None
        self._roles_lock = threading.Lock()
        self._roles_seen: dict[tuple[str, str], Optional[str]] = {}   # (store, agent) -> role id
        self._relevance_task: Optional[Any] = None

    # --- configuration --------------------------------------------------------------
    @property
    def config(self) -> Any:
        return self.service.config

    def weights(self) -> RankingWeights:
        return RankingWeights(rrf_k=self.config.recall_rrf_k,
                              recency_half_life_days=self.config.recall_recency_half_life_days)

    def limits(self, settings: RecallSettings) -> Limits:
        return Limits(threshold=settings.similarity_threshold,
                      memories=settings.memories_max_result,
                      solutions=settings.solutions_max_result,
                      cap=self.config.max_injected_memories)

    def reranker(self) -> Optional[Reranker]:
        """The configured cross-encoder, loaded once (thread-safe: recall runs on threads)."""
        path = self.config.rerank_model_path
        if not path:
            return None
        if path == self._reranker_path:
            return self._reranker
        with self._reranker_lock:
            if path != self._reranker_path:
                reranker, failed = None, None
                try:
                    reranker = CrossEncoderReranker(path)
                except Exception as exc:  # a bad path must not cost the user their recall
                    failed = f"{type(exc).__name__}: {exc}"
                    log.warning("rerank model %s not loaded: %s (recall continues without rerank)",
                                path, failed)
                self._reranker, self._reranker_failed = reranker, failed
                self._reranker_path = path  # last: readers without the lock see a loaded model
            return self._reranker

    def start_preload_reranker(self) -> None:
        """:meth:`preload_reranker` on the pack's I/O loop, once at a time (never waits)."""
        task = self._preload_task
        if task is None or task.done():
            self._preload_task = self.service.io.submit(self.preload_reranker())

    async def preload_reranker(self) -> None:
        """Load the cross-encoder off the chat loop and outside recall's 30 s timeout."""
        if self.config.rerank_model_path and self.config.rerank_model_path != self._reranker_path:
            try:
                await asyncio.to_thread(self.reranker)
            except Exception as exc:
                report_exception("loading the rerank model", exc)

    # --- memory events --------------------------------------------------------------
    def ensure_events(self) -> None:
        """Subscribe to memory writes once (BM25 upkeep, access-count piggyback saves)."""
        if self._events_installed:
            return
        from ..a0 import memory_events

        memory_events.subscribe(self._on_memory_event)
        try:
            from ..a0.memory_store import memory_class

            memory_events.install(memory_class())
        except Exception as exc:  # outside Agent Zero: events come from whoever publishes
            log.debug("memory events not installed: %s", exc)
        self._events_installed = True

    def _on_memory_event(self, event: Any) -> None:
        self.indexes.on_event(event)
        self.access.on_store_written(event.memory)

    # --- role -----------------------------------------------------------------------
    def resolve_role(self, agent: Any, loop_data: Any = None
                     ) -> tuple[Optional[ActiveRole], dict[str, RoleProfile]]:
        """The agent's role (the resolver the memory snapshot uses too) and all roles."""
        from ..a0.agent_state import resolve_agent_role

        roles = self.roles.roles()
        return resolve_agent_role(agent, loop_data, roles, self.roles.organization()), roles

    # --- retrieval ------------------------------------------------------------------
    def retrieve(self, memory: Any, query_vector: Sequence[float], sparse_text: str, *,
                 limits: Limits, role: Optional[ActiveRole] = None,
                 roles: Mapping[str, RoleProfile] = {}, now: Optional[float] = None,
                 wait_for_index: bool = False, use_sparse: bool = True,
                 tiered: bool = True, features: Features = Features(),
                 time_query: Optional[str] = None) -> RecallOutcome:
        """Dense + sparse search and selection (blocking; no embedding here).

        ``time_query`` is the text read for time cues (default ``sparse_text``: the user's
        message, not the history, whose dates are about other things)."""
        from ..a0.faiss_store import dense_search
        from ..a0.memory_store import all_docs

        docs = all_docs(memory)
        if not docs:
            return RecallOutcome(role=role)
        n = max(1, features.candidates or self.config.recall_candidates)
        k = min(len(docs), 2 * n)
        dense = dense_search(memory.db, query_vector, k, filter=is_servable, fetch_k=min(len(docs), 4 * k))
        index = self.indexes.get(memory, docs, wait=wait_for_index,
                                 stemmed=features.stemming) if use_sparse else None
        weights = query_weights(sparse_text, terms=index.terms) \
            if features.field_weights and index is not None else None
        sparse = index.search(sparse_text, n, weights) if index is not None else []
        now = time.time() if now is None else now
        window = time_window(time_query if time_query is not None else sparse_text, now) \
            if features.temporal else None
        if window is not None:
            # Memories dated in the named time join the pool with their real similarity,
            # also those the dense top-k missed (deprecated ones are dropped by select).
            have = {i for i, _ in dense}
            dated = [i for i in self.times.in_window(memory, docs, window, 4 * n) if i not in have]
            dense = dense + self.times.dense_scores(memory, docs, dated, query_vector)
        near: dict[str, str] = {}
        if features.neighbours or features.replies:
            thr = limits.threshold
            hits = [i for i, s in dense if s >= thr][:3] + [i for i, _ in sparse[:3]]
            near = (self.times.neighbours(memory, docs, hits, 120.0) if features.neighbours
                    else self.times.replies(memory, docs, hits, 120.0, index.overlap)
                    if index is not None else {})
            have = {i for i, _ in dense}
            dense = dense + self.times.dense_scores(memory, docs, [i for i in near if i not in have],
                                                    query_vector)

        def run(sparse: Sequence[tuple[str, float]]) -> RecallOutcome:
            return select(docs, dense, sparse, sparse_text, limits=limits, role=role, roles=roles,
                          weights=self.weights(), now=now, reranker=self.reranker(),
                          rerank_query=sparse_text, tiered=tiered, features=features,
                          window=window, neighbours=near)

        outcome = run(sparse)
        if features.prf and index is not None and outcome.order:
            from .feedback import expansion_weights, merged_weights

            texts = [docs[i].page_content for i in outcome.order[:3] if i in docs]
            q_terms = index.terms(sparse_text)
            extra = expansion_weights(texts, q_terms, index.terms, index.idf)
            if extra:
                tokens, w = merged_weights(q_terms, weights, extra)
                outcome = run(index.search(tokens, n, w))
        return outcome

    async def build_query(self, agent: Any, loop_data: Any, settings: RecallSettings
                          ) -> Optional[tuple[str, str]]:
        """(dense query, sparse query) as Agent Zero builds its recall query; None = skip."""
        user_text = user_text_of(loop_data) or "None"
        history = ""
        try:
            history = agent.history.output_text()[-settings.history_len:] if settings.history_len else ""
        except Exception:
            pass
        if settings.query_prep:
            try:
                query = (await agent.call_utility_model(
                    system=agent.read_prompt("memory.memories_query.sys.md"),
                    message=agent.read_prompt("memory.memories_query.msg.md",
                                              history=history, message=user_text))).strip()
            except Exception as exc:
                report_exception("recall query preparation", exc, agent)
                return None
            if not query or len(query) <= 3:
                return None
            return query, query + "\n" + user_text
        dense = user_text + "\n\n" + history
        if len(dense.strip()) <= 3:
            return None
        return dense, user_text

    async def recall(self, agent: Any, loop_data: Any, settings: RecallSettings
                     ) -> Optional[RecallOutcome]:
        from ..a0.memory_store import all_docs, embed_query, memory_for

        self.ensure_events()
        queries = await self.build_query(agent, loop_data, settings)
        if queries is None:
            return None
        dense_text, sparse_text = queries
        memory = await memory_for(agent)
        if not all_docs(memory):
            return RecallOutcome()
        role, roles = self.resolve_role(agent, loop_data)
        self.note_role(memory, agent, role, roles)
        limits = self.limits(settings)
        if settings.post_filter:
            # As Agent Zero: the filter sees the search's candidates (max_search), the result
            # limits apply after it.
            limits = Limits(threshold=limits.threshold, memories=settings.memories_max_search,
                            solutions=settings.solutions_max_search,
                            cap=settings.memories_max_search + settings.solutions_max_search)

        def work() -> RecallOutcome:
            vector = embed_query(memory, dense_text)
            return self.retrieve(memory, vector, sparse_text, limits=limits, role=role, roles=roles)

        outcome = await asyncio.to_thread(work)
        if settings.post_filter:
            from . import post_filter

            outcome = await post_filter.apply(agent, outcome, history=self._history(agent, settings),
                                              user_text=user_text_of(loop_data))
            outcome = post_filter.cut(outcome, settings.memories_max_result,
                                      settings.solutions_max_result, self.config.max_injected_memories)
        return outcome

    def note_role(self, memory: Any, agent: Any, role: Optional[ActiveRole],
                  roles: Mapping[str, RoleProfile]) -> None:
        """On a role activation (a change of this agent's role in this store), toggle the
        store's relevance axis in the background (dormant outside the role's domains)."""
        from ..a0.agent_state import agent_key
        from ..a0.memory_store import subdir_of

        key = (subdir_of(memory), agent_key(agent))
        role_id = role.role_id if role is not None else None
        with self._roles_lock:
            first = key not in self._roles_seen
            if not first and self._roles_seen[key] == role_id:
                return
            self._roles_seen[key] = role_id
        if first and role is None:
            return  # nothing was activated: nothing to toggle
        self._relevance_task = self.service.io.submit(self._toggle_relevance(memory, role, dict(roles)))

    async def _toggle_relevance(self, memory: Any, role: Optional[ActiveRole],
                                roles: Mapping[str, RoleProfile]) -> int:
        from .role_relevance import apply_role_relevance

        try:
            return await asyncio.to_thread(apply_role_relevance, memory, role, roles)
        except Exception as exc:
            report_exception("relevance toggle on role activation", exc)
            return 0

    @staticmethod
    def _history(agent: Any, settings: RecallSettings) -> str:
        try:
            return agent.history.output_text()[-settings.history_len:] if settings.history_len else ""
        except Exception:
            return ""

    # --- lifecycle ------------------------------------------------------------------
    async def flush_due(self) -> int:
        """Save stores with old unsaved access counts (off the chat loop)."""
        from ..a0.memory_store import save

        saved = 0
        for memory in self.access.due():
            try:
                if await asyncio.to_thread(self.access.save, memory, save):
                    saved += 1
            except Exception as exc:
                report_exception("saving access counts", exc)
        return saved

    def flush_due_in_background(self) -> None:
        """Start :meth:`flush_due` on the pack's I/O loop and return at once (a whole-store
        save must never sit on the prompt path). One at a time."""
        if not self.access.due():
            return
        task = self._flush_task
        if task is not None and not task.done():
            return
        self._flush_task = self.service.io.submit(self.flush_due())

    def unsubscribe(self) -> None:
        """Stop taking memory events (sync: also for a service closed without its I/O loop)."""
        from ..a0 import memory_events

        memory_events.unsubscribe(self._on_memory_event)

    async def close(self) -> None:
        from ..a0 import memory_events
        from ..a0.memory_store import save

        memory_events.unsubscribe(self._on_memory_event)

        try:
            await asyncio.to_thread(self.access.flush_all, save)
        except Exception as exc:
            report_exception("saving access counts at shutdown", exc)
