"""The LLM write path (festinger-concept-graph.md "Writing", T23-T24): the `write_queue`
consumer.

Concepts whose saliency crossed the write threshold sit in `write_queue` (the graph service
puts them there from the prompt path, which never waits for an LLM). This consumer, in the
background on the service's I/O loop, takes one due item at a time:

1. asks the write model "what is <concept>?" with the current dimension taxonomy as a
   closed list (`prompts.write_prompt`);
2. validates the whole answer (`schemas.parse_write_answer`) and dry-runs every triple
   against the cache (a cycle, a self-loop, a root's key): one bad triple drops the answer,
   nothing is half-applied;
3. inserts the triples through the same pipeline as `iknowthat` (`GraphService.submit_fact`,
   source `cloud_llm`): collisions go to the resolution queue like any other;
4. marks the concept confirmed (novelty 1.0) and the item done, with what happened.

Claiming an item moves its `next_attempt_at` forward (a lease), so a process killed mid-call
leaves the item to be retried later, and several processes never take the same item
(`FOR UPDATE SKIP LOCKED`). A failed attempt (model unreachable, timeout, malformed answer)
is retried with exponential backoff; after `max_attempts` the item is marked failed with
the last error.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Optional

from ..graph.cache import REFUSED
from ..graph.models import SOURCE_CLOUD_LLM, Triple, utcnow
from ..logs import log
from .prompts import edges_view, taxonomy, write_prompt
from .providers import LLMProvider, NoProvider, ProviderError
from .schemas import AnswerError, ProposedEdge, WriteContext, parse_write_answer

if TYPE_CHECKING:
    from ..service import FestingerService

POLL_INTERVAL_S = 10.0
LLM_TIMEOUT_S = 60.0
MAX_ATTEMPTS = 5
BASE_BACKOFF_S = 30.0
MAX_BACKOFF_S = 6 * 3600.0
INSERT_WAIT_S = 15.0
NOT_RETRYABLE_DELAY_S = 3600.0  # e.g. a model id without a key: waits for an operator
MAX_ERROR_CHARS = 500

ProviderSource = Callable[[Any], Awaitable[LLMProvider]]


def backoff_seconds(attempts: int, base: float = BASE_BACKOFF_S,
                    cap: float = MAX_BACKOFF_S) -> float:
    """Delay before attempt `attempts + 1`: base, 2*base, 4*base, ... capped."""
    return min(cap, base * (2 ** max(0, attempts - 1)))


@dataclass
class WriteOutcome:
    id: int
    concept: str
    status: str  # done / retry / failed
    detail: str = ""
    triples: list[dict] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {"id": self.id, "concept": self.concept, "status": self.status,
                "detail": self.detail, "triples": self.triples}


class WritePath:
    def __init__(self, service: FestingerService, provider_source: ProviderSource, *,
                 poll_interval: float = POLL_INTERVAL_S, llm_timeout: float = LLM_TIMEOUT_S,
                 max_attempts: int = MAX_ATTEMPTS, base_backoff: float = BASE_BACKOFF_S,
                 insert_wait: float = INSERT_WAIT_S) -> None:
        self.service = service
        self.provider_source = provider_source
        self.poll_interval = poll_interval
        self.llm_timeout = llm_timeout
        self.max_attempts = max_attempts
        self.base_backoff = base_backoff
        self.insert_wait = insert_wait
        self.processed = 0
        self.last_error: Optional[str] = None
        self._wake: Optional[asyncio.Event] = None

    def kick(self) -> None:
        """Look at the queue now instead of at the next poll (call on the I/O loop)."""
        if self._wake is not None:
            self._wake.set()

    # ------------------------------------------------------------------ loop
    async def run_forever(self) -> None:
        self._wake = asyncio.Event()
        while True:
            try:
                while await self.process_due(limit=10):
                    pass
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self.last_error = f"{type(exc).__name__}: {exc}"
                log.debug("write path: %s", self.last_error)
            try:
                await asyncio.wait_for(self._wake.wait(), self.poll_interval)
            except asyncio.TimeoutError:
                pass
            self._wake.clear()

    def _graph(self) -> Any:
        graph = self.service.graph_if_started
        if graph is None or not graph.loaded or not graph.db_up:
            return None
        return graph

    async def process_due(self, limit: int = 10) -> list[WriteOutcome]:
        """Process up to `limit` due items; [] when none is due or nothing can run yet (no
        loaded graph, no provider)."""
        graph = self._graph()
        if graph is None:
            return []
        db = await self.service.db(timeout=30)
        async with db.pool.acquire() as conn:
            due = await conn.fetchval("SELECT count(*) FROM write_queue WHERE status = 'pending' "
                                      "AND next_attempt_at <= now()")
            if not due:
                return []
            try:
                provider = await self.provider_source(conn)
            except NoProvider as exc:
                self.last_error = str(exc)
                return []  # wait for an agent (the utility model) without spending attempts
            except ProviderError as exc:
                provider, self.last_error = None, str(exc)
        out: list[WriteOutcome] = []
        try:
            for _ in range(limit):
                claimed = await self._claim(db)
                if claimed is None:
                    break
                out.append(await self._process(db, graph, provider, *claimed))
        finally:
            if provider is not None:
                try:
                    await provider.aclose()
                except Exception:
                    pass
        return out

    async def _claim(self, db) -> Optional[tuple[int, int, int, str]]:
        lease = self.llm_timeout + self.insert_wait + 60.0
        async with db.pool.acquire() as conn:
            row = await conn.fetchrow(
                "UPDATE write_queue w SET attempts = w.attempts + 1, "
                "  next_attempt_at = now() + make_interval(secs => $1) "
                "FROM soas s WHERE s.id = w.concept_id AND w.id = ("
                "  SELECT id FROM write_queue WHERE status = 'pending' AND next_attempt_at <= now() "
                "  ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED) "
                "RETURNING w.id, w.concept_id, w.attempts, s.token", lease)
        return tuple(row) if row is not None else None  # type: ignore[return-value]

    # ------------------------------------------------------------------ one item
    async def _process(self, db, graph: Any, provider: Optional[LLMProvider], item_id: int,
                       concept_id: int, attempts: int, concept: str) -> WriteOutcome:
        try:
            if provider is None:
                raise ProviderError(self.last_error or "no write model available")
            triples = await self._ask(graph, provider, concept_id, concept)
            results = await self._insert(graph, triples)
        except (ProviderError, AnswerError) as exc:
            return await self._failed(db, item_id, concept, attempts, exc)
        label = getattr(provider, "label", "?")
        if triples:
            with graph.lock:
                graph.cache.mark_confirmed_concept(concept_id)
        summary = [{"concept": t.concept, "parent": t.parent, "dimension": t.dimension,
                    "is_isa": t.is_isa, "confidence": t.confidence, "outcome": r}
                   for t, r in zip(triples, results)]
        async with db.pool.acquire() as conn:
            async with conn.transaction():
                if triples:
                    await conn.execute("UPDATE soas SET novelty = 1.0 WHERE id = $1 AND "
                                       "novelty < 1.0", concept_id)
                await conn.execute(
                    "UPDATE write_queue SET status = 'done', processed_at = now(), error = NULL, "
                    "result = $2::jsonb WHERE id = $1", item_id,
                    json.dumps({"model": label, "triples": summary}))
        self.processed += 1
        detail = f"{len(triples)} fact(s) from {label}" if triples else f"{label} knows nothing"
        return WriteOutcome(item_id, concept, "done", detail, summary)

    async def _ask(self, graph: Any, provider: LLMProvider, concept_id: int,
                   concept: str) -> list[ProposedEdge]:
        with graph.lock:
            dims = taxonomy(graph.cache)
            known = edges_view(graph.cache, concept_id)
        system, message = write_prompt(concept, dims, known)
        text = await provider.complete(system, message, timeout=self.llm_timeout)
        triples = parse_write_answer(text, WriteContext(concept, frozenset(d.token for d in dims)))
        self._dry_run(graph, triples)
        return triples

    def _dry_run(self, graph: Any, triples: list[ProposedEdge]) -> None:
        """Refuse the whole answer if any triple is one the graph would refuse (a cycle...)."""
        now = utcnow()
        with graph.lock:
            cache = graph.cache
            get = cache.soas_by_token.get
            for i, t in enumerate(triples):
                c, p, d = get(t.concept), get(t.parent), get(t.dimension)
                if c is None or p is None or d is None:
                    continue  # a new token cannot close a cycle
                dec = cache.decide(c.id, p.id, d.id, t.is_isa, t.confidence, SOURCE_CLOUD_LLM,
                                   now)
                if dec.kind == REFUSED:
                    raise AnswerError(f"triple {i}: {dec.reason}")

    async def _insert(self, graph: Any, triples: list[ProposedEdge]) -> list[str]:
        """Through the iknowthat pipeline; returns each triple's outcome."""
        futures, outcomes = [], []
        for t in triples:
            decision, fut = graph.submit_fact(Triple(t.concept, t.parent, t.dimension, t.is_isa,
                                                     t.confidence, SOURCE_CLOUD_LLM))
            outcomes.append(decision.kind)
            futures.append(fut)
        for i, fut in enumerate(futures):
            if fut is None:
                continue
            try:
                res = await asyncio.wait_for(asyncio.wrap_future(fut), self.insert_wait)
                outcomes[i] = str(res.get("outcome", outcomes[i]))
            except asyncio.TimeoutError:
                outcomes[i] = "journaled"
        return outcomes

    async def _failed(self, db, item_id: int, concept: str, attempts: int,
                      exc: Exception) -> WriteOutcome:
        message = (f"{type(exc).__name__}: {exc}" if isinstance(exc, AnswerError)
                   else str(exc))[:MAX_ERROR_CHARS]
        retryable = getattr(exc, "retryable", True)
        final = attempts >= self.max_attempts
        delay = backoff_seconds(attempts, self.base_backoff)
        if not retryable:  # the same call would fail the same way: look again in an hour
            delay = max(delay, NOT_RETRYABLE_DELAY_S)
        async with db.pool.acquire() as conn:
            if final:
                await conn.execute("UPDATE write_queue SET status = 'failed', error = $2, "
                                   "processed_at = now() WHERE id = $1", item_id, message)
            else:
                await conn.execute(
                    "UPDATE write_queue SET error = $2, "
                    "next_attempt_at = now() + make_interval(secs => $3) WHERE id = $1",
                    item_id, message, delay)
        self.last_error = message
        log.info("write path: %s: %s (%s)", concept, message,
                 "given up" if final else f"retry in {delay:.0f} s")
        return WriteOutcome(item_id, concept, "failed" if final else "retry", message)
