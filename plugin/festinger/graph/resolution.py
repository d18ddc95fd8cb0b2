"""The resolution job and its applicators (festinger-concept-graph.md T27-T30, Test C).

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
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Optional, Protocol, Sequence

from ..llm.prompts import ConflictView, EdgeView, resolution_prompt
from ..llm.providers import LLMProvider, NoProvider, ProviderError
from ..llm.schemas import (DECISIONS, AnswerError, DecomposeDecision, DismissDecision,
                           ReclassifyDecision, UpdateDecision, parse_decision)
from ..logs import log
from . import store
from .cache import GraphCache
from .collisions import classify
from .models import (DISMISSED, PENDING, RESOLVED, SOURCE_FESTINGER, SoasRow, UrdEdge,
                     utcnow)
from .reload import announce

LOCK_NAMESPACE = 0x7265_736F  # "reso": with hashtext(schema), one job per schema
MAX_ERROR_CHARS = 500
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


class ResolutionError(ValueError):
    """A decision that cannot be applied to the graph as it is now (one line, for the note)."""


class ItemGone(LookupError):
    """No pending queue item with that id (unknown, or closed meanwhile)."""


# ====================================================================== queue items
@dataclass
class Item:
    """A pending queue row with its tokens and the graph around it, read in one go."""

    id: int
    status: str
    concept_id: int
    dim_id: int
    incoming_parent_id: int
    recorded_existing_parent_id: Optional[int]
    collision_type: str
    priority: bool
    incoming_is_isa: bool
    incoming_confidence: float
    incoming_source: str
    concept: str
    dimension: str
    incoming_parent: str
    current: Optional[UrdEdge] = None  # the edge at (concept, dim) NOW
    current_parent: Optional[str] = None
    other_edges: list[EdgeView] = field(default_factory=list)
    dimensions: list[str] = field(default_factory=list)

    @property
    def live_collision_type(self) -> str:
        """The collision as it stands now (the existing edge may have changed since)."""
        if self.current is None:
            return self.collision_type
        return classify(self.current.is_isa, self.incoming_is_isa)

    def view(self) -> ConflictView:
        return ConflictView(
            concept=self.concept, dimension=self.dimension,
            existing_parent=self.current_parent or "?",
            existing_is_isa=self.current.is_isa if self.current else True,
            incoming_parent=self.incoming_parent, incoming_is_isa=self.incoming_is_isa,
            collision_type=self.live_collision_type, other_edges=tuple(self.other_edges),
            dimensions=tuple(self.dimensions))


_ITEM_SQL = (
    "SELECT q.id, q.status, q.concept_id, q.dim_id, q.incoming_parent_id, "
    "  q.existing_parent_id, q.collision_type, q.priority, q.incoming_is_isa, "
    "  q.incoming_confidence, q.incoming_source, c.token AS concept, d.token AS dimension, "
    "  i.token AS incoming_parent "
    "FROM resolution_queue q JOIN soas c ON c.id = q.concept_id "
    "JOIN soas d ON d.id = q.dim_id JOIN soas i ON i.id = q.incoming_parent_id "
    "WHERE q.id = $1")


async def load_item(conn, entry_id: int, *, lock: bool = False) -> Optional[Item]:
    row = await conn.fetchrow(_ITEM_SQL + (" FOR UPDATE OF q" if lock else ""), entry_id)
    if row is None:
        return None
    item = Item(*row)
    cur = await store.edge_at(conn, item.concept_id, item.dim_id)
    if cur is not None:
        item.current = UrdEdge(*cur)
        item.current_parent = await conn.fetchval("SELECT token FROM soas WHERE id = $1",
                                                  item.current.parent_id)
    rows = await conn.fetch(
        "SELECT d.token AS dimension, p.token AS parent, u.is_isa FROM urd u "
        "JOIN soas d ON d.id = u.dim_id JOIN soas p ON p.id = u.parent_id "
        "WHERE u.id = $1 AND u.dim_id <> $2 AND NOT (u.parent_id = u.id AND u.dim_id = u.id) "
        "ORDER BY d.token", item.concept_id, item.dim_id)
    item.other_edges = [EdgeView(r["dimension"], r["parent"], r["is_isa"]) for r in rows]
    item.dimensions = await dimension_tokens(conn)
    return item


async def dimension_tokens(conn, limit: int = 60) -> list[str]:
    rows = await conn.fetch(
        "SELECT s.token FROM urd u JOIN soas s ON s.id = u.id "
        "WHERE u.id = u.parent_id AND u.id = u.dim_id ORDER BY u.id LIMIT $1", limit)
    return [r["token"] for r in rows]


async def pending_ids(conn) -> list[int]:
    """Review order: iknowthat (priority) first, then oldest first."""
    rows = await conn.fetch("SELECT id FROM resolution_queue WHERE status = 'pending' "
                            "ORDER BY priority DESC, created_at, id")
    return [r["id"] for r in rows]


async def record_failure(conn, entry_id: int, message: str) -> None:
    """The item stays pending; its note says why it was not applied."""
    await conn.execute(
        "UPDATE resolution_queue SET attempts = attempts + 1, error = $2, "
        "last_attempt_at = now() WHERE id = $1 AND status = 'pending'",
        entry_id, message[:MAX_ERROR_CHARS])


# ====================================================================== planning
class GraphView(Protocol):
    async def intern(self, tokens: Sequence[str]) -> list[tuple]: ...
    async def edge_at(self, concept_id: int, dim_id: int) -> Optional[UrdEdge]: ...
    async def would_cycle(self, concept_id: int, parent_id: int, dim_id: int) -> bool: ...


class SqlView:
    """The database inside the item's transaction."""

    def __init__(self, conn, common_words: frozenset = frozenset()) -> None:
        self.conn = conn
        self.common = common_words

    async def intern(self, tokens: Sequence[str]) -> list[tuple]:
        rows = await store.intern_tokens(self.conn, list(tokens), 0, None, self.common)
        by_token = {r["token"]: tuple(r) for r in rows}
        return [by_token[t] for t in tokens]

    async def edge_at(self, concept_id: int, dim_id: int) -> Optional[UrdEdge]:
        row = await store.edge_at(self.conn, concept_id, dim_id)
        return UrdEdge(*row) if row is not None else None

    async def would_cycle(self, concept_id: int, parent_id: int, dim_id: int) -> bool:
        return await store.would_cycle(self.conn, concept_id, parent_id, dim_id)


class CacheView:
    """An in-memory cache (tests, dry runs); new tokens get local ids."""

    def __init__(self, cache: GraphCache) -> None:
        self.cache = cache

    async def intern(self, tokens: Sequence[str]) -> list[tuple]:
        rows = self.cache.intern(list(tokens))
        return [(r.id, r.token, r.encounter_count, r.last_seen, r.saliency, r.novelty)
                for r in rows]

    async def edge_at(self, concept_id: int, dim_id: int) -> Optional[UrdEdge]:
        return self.cache.urd_by_concept_dim.get((concept_id, dim_id))

    async def would_cycle(self, concept_id: int, parent_id: int, dim_id: int) -> bool:
        return self.cache.would_cycle(concept_id, parent_id, dim_id)


@dataclass
class Plan:
    """What applying one decision writes. Edges are complete rows (ids from the database)."""

    status: str  # resolved / dismissed
    decision: str
    soas: list[tuple] = field(default_factory=list)  # rows of dimension tokens used
    deletes: list[UrdEdge] = field(default_factory=list)
    inserts: list[UrdEdge] = field(default_factory=list)
    note: str = ""

    def describe(self, tokens: dict[int, str]) -> dict:
        def e(x: UrdEdge) -> dict:
            return {"concept": tokens.get(x.concept_id, x.concept_id),
                    "parent": tokens.get(x.parent_id, x.parent_id),
                    "dimension": tokens.get(x.dim_id, x.dim_id), "is_isa": x.is_isa}
        return {"deleted": [e(x) for x in self.deletes],
                "inserted": [e(x) for x in self.inserts if not x.is_root],
                "roots": [tokens.get(x.dim_id, x.dim_id) for x in self.inserts if x.is_root],
                **({"note": self.note} if self.note else {})}


async def _dimension(view: GraphView, item: Item, token: str, is_isa: bool,
                     plan: Plan, forbidden: set[str]) -> int:
    """Id of dimension `token`, creating its SOAS row and root node in `plan` if needed."""
    if token in forbidden:
        raise ResolutionError(f"dimension {token!r} cannot be named like a concept of the "
                              "facts it holds")
    (row,) = await view.intern([token])
    plan.soas.append(row)
    dim_id = row[0]
    own = await view.edge_at(dim_id, dim_id)
    if own is None:
        if any(x.is_root and x.dim_id == dim_id for x in plan.inserts):
            return dim_id
        plan.inserts.append(UrdEdge(dim_id, dim_id, dim_id, is_isa, 1.0, None, SOURCE_FESTINGER))
    elif not own.is_root:
        raise ResolutionError(f"{token!r} is itself placed inside its own dimension, so it "
                              "cannot be a dimension root")
    return dim_id


async def _place(view: GraphView, concept_id: int, parent_id: int, dim_id: int, edge: UrdEdge,
                 plan: Plan, tokens: dict[int, str], what: str) -> None:
    """Add `edge` (concept IN parent within dim) to the plan after the graph's checks."""
    there = await view.edge_at(concept_id, dim_id)
    if there is not None:
        if there.parent_id == parent_id:
            return  # already true: nothing to write
        raise ResolutionError(
            f"{tokens.get(concept_id)} already has parent {tokens.get(there.parent_id)!r} in "
            f"dimension {tokens.get(dim_id)!r}; {what} would collide again")
    if concept_id == parent_id:
        raise ResolutionError(f"{tokens.get(concept_id)} cannot be inside itself")
    if await view.would_cycle(concept_id, parent_id, dim_id):
        raise ResolutionError(
            f"{what} would close a cycle: {tokens.get(parent_id)} is already inside "
            f"{tokens.get(concept_id)} in dimension {tokens.get(dim_id)!r}")
    plan.inserts.append(edge)


async def plan_decision(view: GraphView, item: Item, decision: Any, now: datetime) -> Plan:
    """The writes that apply `decision` to `item`, or ResolutionError. Changes nothing."""
    name = decision.decision
    if isinstance(decision, DismissDecision):
        return Plan(DISMISSED, name)
    c, dim, inc = item.concept_id, item.dim_id, item.incoming_parent_id
    tokens = {c: item.concept, dim: item.dimension, inc: item.incoming_parent}
    cur = await view.edge_at(c, dim)
    if cur is not None:
        tokens.setdefault(cur.parent_id, item.current_parent or str(cur.parent_id))
        if cur.is_root:
            raise ResolutionError(f"{item.concept} is the root of dimension {item.dimension}")
    incoming = lambda d: UrdEdge(c, inc, d, item.incoming_is_isa, item.incoming_confidence,  # noqa: E731
                                 now, SOURCE_FESTINGER)
    plan = Plan(RESOLVED, name)
    forbidden = {item.concept, item.incoming_parent}
    if cur is not None and item.current_parent:
        forbidden.add(item.current_parent)

    if isinstance(decision, UpdateDecision):
        if cur is not None and cur.parent_id == inc:
            plan.note = "already true"
            return plan
        if await view.would_cycle(c, inc, dim):
            raise ResolutionError(
                f"update would close a cycle: {item.incoming_parent} is already inside "
                f"{item.concept} in dimension {item.dimension!r}")
        if cur is not None:
            plan.deletes.append(cur)
        plan.inserts.append(incoming(dim))
        return plan

    if isinstance(decision, DecomposeDecision):
        d_old, d_new = decision.existing_dimension, decision.new_dimension
        if d_old == d_new:
            raise ResolutionError(f"decompose needs two different dimensions, got {d_old!r} "
                                  "twice")
        if d_new == item.dimension:
            raise ResolutionError(f"the new fact cannot stay in {item.dimension!r}, where it "
                                  "collides")
        is_isa = cur.is_isa if cur is not None else item.incoming_is_isa
        if cur is not None and d_old != item.dimension:
            old_id = await _dimension(view, item, d_old, is_isa, plan, forbidden)
            tokens[old_id] = d_old
            moved = UrdEdge(c, cur.parent_id, old_id, cur.is_isa, cur.confidence,
                            cur.last_confirmed or now, cur.source)
            await _place(view, c, cur.parent_id, old_id, moved, plan, tokens,
                         f"moving {item.concept} -> {tokens[cur.parent_id]} to {d_old!r}")
            plan.deletes.append(cur)
        new_id = await _dimension(view, item, d_new, item.incoming_is_isa, plan, forbidden)
        tokens[new_id] = d_new
        await _place(view, c, inc, new_id, incoming(new_id), plan, tokens,
                     f"placing {item.concept} -> {item.incoming_parent} in {d_new!r}")
        return plan

    if isinstance(decision, ReclassifyDecision):
        d = decision.dimension
        if d == item.dimension:
            raise ResolutionError(f"reclassify must name another dimension than "
                                  f"{item.dimension!r}")
        new_id = await _dimension(view, item, d, item.incoming_is_isa, plan, forbidden)
        tokens[new_id] = d
        await _place(view, c, inc, new_id, incoming(new_id), plan, tokens,
                     f"placing {item.concept} -> {item.incoming_parent} in {d!r}")
        return plan
    raise ResolutionError(f"unknown decision {name!r}")


def automatic_decision(item: Item) -> Optional[tuple[Any, str]]:
    """A decision that needs no model: the collision no longer exists."""
    if item.current is None:
        return UpdateDecision(decision="update", reasoning=(
            f"{item.concept} no longer has a parent in {item.dimension}: the queued fact "
            "fits without a collision")), "festinger"
    if item.current.parent_id == item.incoming_parent_id:
        return UpdateDecision(decision="update", reasoning=(
            "the queued fact is already the world model's")), "festinger"
    return None


# ====================================================================== executing
async def execute_plan(conn, item: Item, plan: Plan, resolution: dict) -> None:
    """Write `plan` and close the item, inside the caller's transaction."""
    for e in plan.deletes:
        res = await conn.execute("DELETE FROM urd WHERE id = $1 AND parent_id = $2 AND "
                                 "dim_id = $3", e.concept_id, e.parent_id, e.dim_id)
        if not res.endswith(" 1"):
            raise ResolutionError("the edge to replace changed meanwhile; try again")
    for e in plan.inserts:
        await conn.execute(
            "INSERT INTO urd (id, parent_id, dim_id, is_isa, confidence, last_confirmed, source) "
            "VALUES ($1, $2, $3, $4, $5, COALESCE($6, now()), $7)",
            e.concept_id, e.parent_id, e.dim_id, e.is_isa, e.confidence, e.last_confirmed,
            e.source)
    res = await conn.execute(
        "UPDATE resolution_queue SET status = $2, resolution = $3::jsonb, resolved_at = now(), "
        "error = NULL, attempts = attempts + 1, last_attempt_at = now() "
        "WHERE id = $1 AND status = 'pending'", item.id, plan.status,
        json.dumps(resolution, default=str))
    if not res.endswith(" 1"):
        raise ItemGone(f"conflict #{item.id} was closed meanwhile")


def apply_to_cache(cache: GraphCache, item: Item, plan: Plan, resolution: dict,
                   now: datetime) -> None:
    """Mirror a committed plan in the cache (caller holds the graph lock)."""
    for row in plan.soas:
        if row[1] not in cache.soas_by_token:
            try:
                cache.add_soas(SoasRow(*row))
            except ValueError as exc:
                log.warning("resolution: %s", exc)
    for e in plan.deletes:
        cur = cache.urd_by_concept_dim.get((e.concept_id, e.dim_id))
        if cur is not None and cur.parent_id == e.parent_id:
            cache.remove_edge(e.concept_id, e.dim_id)
    for e in plan.inserts:
        cache.apply_edge(UrdEdge(e.concept_id, e.parent_id, e.dim_id, e.is_isa, e.confidence,
                                 e.last_confirmed or now, e.source))
    if item.id in cache.queue.entries:
        if cache.queue.entries[item.id].status == PENDING:
            cache.close_conflict(item.id, plan.status, resolution, now)
    elif not cache.queue.has_pending(item.concept_id):
        cache.pending_conflicts.discard(item.concept_id)


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

    def __init__(self, service: Any, provider_source: Any, *, origin: str,
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
                    now_parent = item.current.parent_id if item.current is not None else None
                    if expect_parent is not _ANY and now_parent != expect_parent:
                        raise ResolutionError(f"{item.concept} changed in {item.dimension} "
                                              "while the decision was made; retried next run")
                    plan = await plan_decision(SqlView(conn, self._common()), item, decision,
                                               now)
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


__all__ = ["CacheView", "Item", "ItemGone", "ItemOutcome", "LOCK_NAMESPACE", "NoProvider",
           "Plan", "ResolutionError", "ResolutionJob", "RunReport", "SqlView",
           "apply_to_cache", "automatic_decision", "execute_plan", "load_item",
           "pending_ids", "plan_decision", "record_failure"]
