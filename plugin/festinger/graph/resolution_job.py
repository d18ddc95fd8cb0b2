"""The resolution job (festinger-concept-graph.md T27-T30, Test C).

For each pending collision the job asks the resolve model for a decision and applies it:

    decompose   (ISA+ISA)     two more specific dimensions: their SOAS rows and root nodes
                              are created, the existing edge migrates to the first, the
                              incoming fact is inserted in the second
    update      (ISPART x2)   the existing edge is replaced by the incoming fact
    dismiss                   the world model stands; the `[dim?]` marker goes away
    reclassify  (ISA+ISPART)  the incoming fact is inserted in the dimension the model names

An item is applied in ONE transaction: the queue row is locked (`FOR UPDATE`, so a human
override and a job never both apply it), the plan is made against the database's current
state (cycle checks through the database, one parent per concept per dimension, roots
intact), executed, the row closed with a JSON record of what was done, and a reload notice
announced row by row with `pg_notify` (delivered on commit only). The in-memory cache of this
process is then updated with exactly the rows written; other processes re-read those rows
when the notices arrive (see `reload.py`).

Anything wrong -- the model unreachable or slow, its answer malformed, oversized, naming an
unusable dimension, a cycle -- leaves the item pending with an error note and the graph as it
was. Only one job runs at a time across every process on the database: a session advisory
lock on a dedicated connection.

The planner works against a small `GraphView` interface with two implementations, the
database (`SqlView`) and an in-memory cache (`CacheView`), so the rules are unit-tested on
plain dicts as the seed's Test C describes.

The parts: core/graph/resolution_items.py and planner.py (pure), resolution_store.py (items
in Postgres), resolution_views.py, resolution_apply.py (applicators), this module (the job).
"""

from __future__ import annotations

import contextlib
import os
import socket
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any, Optional

from ..core.graph.planner import Plan, automatic_decision, plan_decision
from ..core.graph.resolution_items import Item, ItemGone, ResolutionError
from ..llm.prompts import resolution_prompt
from ..llm.providers import LLMProvider, NoProvider, ProviderError
from ..llm.schemas import DECISIONS, AnswerError, parse_decision
from ..logs import log
from . import store
from .models import DISMISSED, PENDING, RESOLVED, utcnow
from .reload import announce
from .resolution_apply import apply_to_cache, execute_plan, lock_and_recheck
from .resolution_store import MAX_ERROR_CHARS, load_item, pending_ids, record_failure
from .resolution_views import SqlView

if TYPE_CHECKING:
    from festinger.service import FestingerService

LOCK_NAMESPACE = 0x7265_736F  # "reso": with hashtext(schema), one job per schema
DEFAULT_LLM_TIMEOUT = 60.0
RECENT_DAYS = 7
NO_MODEL = "no resolve model available"  # the detail of items skipped for want of one
NO_MODEL_HINT = ("no resolve model available: the conflicts that need one were left pending, "
                 "untouched. Add one with `festinger models add --provider claude|openai ... "
                 "--use resolve`, or let Agent Zero's utility model decide (the scheduled job "
                 "runs inside Agent Zero)")
_ANY = object()  # "no expectation" sentinel for ResolutionJob.apply


def runner_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


# ====================================================================== the job
@dataclass
class ItemOutcome:
    id: int
    status: str  # resolved / dismissed / failed / skipped
    decision: Optional[str] = None
    by: Optional[str] = None
    detail: str = ""

    def as_dict(self) -> dict:
        return {"id": self.id, "status": self.status, "decision": self.decision, "by": self.by,
                "detail": self.detail}


@dataclass
class RunReport:
    status: str  # done / busy / no_items / error
    trigger: str
    run_id: Optional[int] = None
    items: list[ItemOutcome] = field(default_factory=list)
    note: str = ""
    started_at: Optional[datetime] = None
    finished_at: Optional[datetime] = None
    model: Optional[str] = None
    no_model: bool = False  # items were left untouched: no resolve model to ask

    def count(self, status: str) -> int:
        return sum(1 for i in self.items if i.status == status)

    def as_dict(self) -> dict:
        return {"status": self.status, "trigger": self.trigger, "run_id": self.run_id,
                "model": self.model, "processed": len(self.items),
                "resolved": self.count(RESOLVED), "dismissed": self.count(DISMISSED),
                "failed": self.count("failed"), "skipped": self.count("skipped"),
                "no_model": self.no_model, "note": self.note,
                "started_at": self.started_at.isoformat() if self.started_at else None,
                "finished_at": self.finished_at.isoformat() if self.finished_at else None,
                "items": [i.as_dict() for i in self.items]}


class ResolutionJob:
    """Drains the resolution queue. `provider_source(conn)` returns the resolve model's
    provider (raises NoProvider when there is none). When this process serves a loaded graph
    (`service.graph`), its cache is kept in step with every item applied; a
    process without one (the CLI) only announces its changes (reload.py)."""

    def __init__(self, service: FestingerService, provider_source: Any, *, origin: str,
                 llm_timeout: float = DEFAULT_LLM_TIMEOUT) -> None:
        self.service = service
        self.provider_source = provider_source  # async (conn) -> LLMProvider
        self.origin = origin
        self.llm_timeout = llm_timeout
        self.running = False

    # ------------------------------------------------------------------ helpers
    def _graph(self) -> Any:
        """This process's loaded graph, if any (a CLI run has none: it only notifies)."""
        graph = self.service.graph_if_started
        return graph if graph is not None and graph.loaded else None

    def _common(self) -> frozenset:
        graph = self._graph()
        return graph.cache.policy.common_words if graph is not None else frozenset()

    # ------------------------------------------------------------------ one item
    async def apply(self, entry_id: int, decision: Any, *, by: str, model: Optional[str] = None,
                    run_id: Optional[int] = None, extra: Optional[dict] = None,
                    expect_parent: Any = _ANY) -> ItemOutcome:
        """Apply one decision to one pending item, atomically. Raises ItemGone,
        ResolutionError (nothing written). `expect_parent`: the existing parent id the
        decision was made about (None = no edge); if the graph changed since, nothing is
        applied and the item waits for the next run."""
        db = await self.service.db(timeout=30)
        graph = self._graph()
        # The graph's write lock BEFORE a connection (the order the graph's own writers use):
        # no full reload may swap the cache mid-way, and waiting for the lock while holding
        # one of the pool's few connections could starve the writer that holds it.
        write_lock = graph.write_lock if graph is not None else None
        now = utcnow()
        async with write_lock if write_lock is not None else contextlib.nullcontext():
            async with db.pool.acquire(timeout=store.ACQUIRE_TIMEOUT_S) as conn:
                async with conn.transaction():
                    item = await load_item(conn, entry_id, lock=True)
                    if item is None or item.status != PENDING:
                        raise ItemGone(f"no pending conflict #{entry_id}")
                    # The item's dimension is serialised with every other writer's cycle
                    # check + insert there (store.lock_dimension), before it is planned.
                    await store.lock_dimension(conn, self.service.schema, item.dim_id)
                    now_parent = item.current.parent_id if item.current is not None else None
                    if expect_parent is not _ANY and now_parent != expect_parent:
                        raise ResolutionError(f"{item.concept} changed in {item.dimension} "
                                              "while the decision was made; retried next run")
                    plan = await plan_decision(SqlView(conn, self._common()), item, decision,
                                               now)
                    await lock_and_recheck(conn, self.service.schema, item, plan)
                    tokens = {r[0]: r[1] for r in plan.soas}
                    tokens.update({item.concept_id: item.concept, item.dim_id: item.dimension,
                                   item.incoming_parent_id: item.incoming_parent})
                    if item.current is not None and item.current_parent:
                        tokens[item.current.parent_id] = item.current_parent
                    resolution = {"decision": decision.decision, "by": by,
                                  "reasoning": getattr(decision, "reasoning", ""),
                                  **{k: v for k, v in decision.model_dump().items()
                                     if k not in ("decision", "reasoning")},
                                  "applied": plan.describe(tokens),
                                  **({"model": model} if model else {}),
                                  **({"run_id": run_id} if run_id else {}), **(extra or {})}
                    await execute_plan(conn, item, plan, resolution)
                    await announce(conn, self.service.schema, self.origin,
                                   [(e.concept_id, e.dim_id)
                                    for e in plan.deletes + plan.inserts], [entry_id])
            if graph is not None:
                with graph.lock:
                    apply_to_cache(graph.cache, item, plan, resolution, now)
        return ItemOutcome(entry_id, plan.status, decision.decision, by,
                           plan.note or _summary(plan, tokens))

    async def override(self, entry_id: int, data: dict) -> ItemOutcome:
        """A human's decision (force-dismiss, force-resolve with a chosen decision): any
        decision that fits the graph, applied like the job's."""
        try:
            decision = parse_decision(data, allowed=DECISIONS)
        except AnswerError as exc:
            raise ResolutionError(str(exc)) from None
        return await self.apply(entry_id, decision, by="human")

    async def _decide(self, item: Item, provider: LLMProvider) -> Any:
        system, message = resolution_prompt(item.view())
        text = await provider.complete(system, message, timeout=self.llm_timeout)
        return parse_decision(text, item.live_collision_type)

    async def process_item(self, entry_id: int, provider: Optional[LLMProvider],
                           run_id: Optional[int] = None,
                           unavailable: Optional[ProviderError] = None) -> ItemOutcome:
        """Decide and apply one item. `provider` None: `unavailable` says why (NoProvider
        when there is simply no model to ask). With no model to ask the item is skipped
        untouched (no failed attempt recorded: nothing was tried); a failing model counts."""
        db = await self.service.db(timeout=30)
        async with db.pool.acquire(timeout=store.ACQUIRE_TIMEOUT_S) as conn:
            item = await load_item(conn, entry_id)
        if item is None or item.status != PENDING:
            return ItemOutcome(entry_id, "skipped", detail="closed meanwhile")
        auto = automatic_decision(item)
        try:
            if auto is not None:
                decision, by = auto
                model = None
            else:
                if provider is None:
                    raise unavailable or NoProvider("no resolve model available")
                decision = await self._decide(item, provider)
                by, model = "llm", getattr(provider, "label", None)
            seen = item.current.parent_id if item.current is not None else None
            return await self.apply(entry_id, decision, by=by, model=model, run_id=run_id,
                                    expect_parent=seen)
        except ItemGone as exc:
            return ItemOutcome(entry_id, "skipped", detail=str(exc))
        except NoProvider as exc:
            log.debug("resolution: conflict #%s waits for a model: %s", entry_id, exc)
            return ItemOutcome(entry_id, "skipped", detail=NO_MODEL)
        except (ProviderError, AnswerError, ResolutionError) as exc:
            message = f"{type(exc).__name__}: {exc}" if isinstance(exc, AnswerError) else str(exc)
        except Exception as exc:  # a bug or a lost connection: the item waits, the run goes on
            if store.is_connection_error(exc):
                raise
            log.error("resolution: conflict #%s: %s: %s", entry_id, type(exc).__name__, exc)
            message = f"internal error: {type(exc).__name__}: {exc}"
        async with db.pool.acquire(timeout=store.ACQUIRE_TIMEOUT_S) as conn:
            await record_failure(conn, entry_id, message)
        return ItemOutcome(entry_id, "failed", detail=message[:MAX_ERROR_CHARS])

    # ------------------------------------------------------------------ a run
    async def run(self, trigger: str = "manual") -> RunReport:
        """One pass over every pending item. 'busy' when another process is running one."""
        report = RunReport("done", trigger, started_at=utcnow())
        db = await self.service.db(timeout=30)
        schema = self.service.schema
        # The session advisory lock lives on a connection of its own for the whole run: not
        # one of the pool's, which the items (and this process's graph writers) need.
        lock_conn = await store.dedicated_connection(db)
        try:
            got = await lock_conn.fetchval("SELECT pg_try_advisory_lock($1, hashtext($2))",
                                           LOCK_NAMESPACE, schema)
            if not got:
                report.status = "busy"
                report.note = "another process is running the resolution job"
                report.finished_at = utcnow()
                return report
            self.running = True
            provider: Optional[LLMProvider] = None
            unavailable: Optional[ProviderError] = None
            try:
                async with db.pool.acquire(timeout=store.ACQUIRE_TIMEOUT_S) as conn:
                    report.run_id = await conn.fetchval(
                        "INSERT INTO resolution_runs (trigger, runner) VALUES ($1, $2) "
                        "RETURNING id", trigger, runner_name())
                    ids = await pending_ids(conn)
                    if ids:
                        try:
                            provider = await self.provider_source(conn)
                            report.model = getattr(provider, "label", None)
                        except ProviderError as exc:
                            unavailable = exc
                            report.note = str(exc)
                            log.warning("resolution: %s", exc)
                for entry_id in ids:
                    report.items.append(await self.process_item(entry_id, provider,
                                                                report.run_id, unavailable))
                report.no_model = any(i.status == "skipped" and i.detail == NO_MODEL
                                      for i in report.items)
                if report.no_model:
                    report.note = NO_MODEL_HINT + (f" ({report.note})" if report.note else "")
                if not ids:
                    report.status = "no_items"
            except Exception as exc:
                report.status = "error"
                report.note = f"{type(exc).__name__}: {exc}"[:MAX_ERROR_CHARS]
                log.error("resolution job failed: %s", report.note)
            finally:
                self.running = False
                if provider is not None:
                    try:
                        await provider.aclose()
                    except Exception:
                        pass
                report.finished_at = utcnow()
                try:
                    if report.run_id is not None:
                        async with db.pool.acquire(timeout=store.ACQUIRE_TIMEOUT_S) as conn:
                            await conn.execute(
                                "UPDATE resolution_runs SET finished_at = now(), processed = $2, "
                                "failed = $3, note = $4 WHERE id = $1", report.run_id,
                                len(report.items) - report.count("failed")
                                - report.count("skipped"),
                                report.count("failed"), report.note or None)
                finally:
                    await lock_conn.execute("SELECT pg_advisory_unlock($1, hashtext($2))",
                                            LOCK_NAMESPACE, schema)
        finally:
            await _close_quietly(lock_conn)
        if report.items:
            log.info("resolution (%s): %d resolved, %d dismissed, %d failed", trigger,
                     report.count(RESOLVED), report.count(DISMISSED), report.count("failed"))
        return report


async def _close_quietly(conn) -> None:
    try:
        await conn.close(timeout=5)
    except Exception:
        conn.terminate()


def _summary(plan: Plan, tokens: dict[int, str]) -> str:
    d = plan.describe(tokens)
    parts = []
    if d["roots"]:
        parts.append("new dimensions " + ", ".join(map(str, d["roots"])))
    for e in d["deleted"]:
        parts.append(f"removed {e['concept']} -> {e['parent']} [{e['dimension']}]")
    for e in d["inserted"]:
        parts.append(f"added {e['concept']} -> {e['parent']} [{e['dimension']}]")
    return "; ".join(parts) or ("dismissed" if plan.status == DISMISSED else "no change")
