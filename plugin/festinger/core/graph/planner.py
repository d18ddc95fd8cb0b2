"""The resolution planner (festinger-concept-graph.md T28-T30, Test C): what applying one
decision to one queue item writes, checked against a `GraphView` -- the database inside the
item's transaction (graph/resolution_views.SqlView) or an in-memory cache (CacheView, the
seed's Test C on plain dicts). Pure: it reads the view and returns a Plan; it writes
nothing, knows no clock (`now` is passed in) and no connection.

    decompose   (ISA+ISA)     two more specific dimensions: their SOAS rows and root nodes
                              are created, the existing edge migrates to the first, the
                              incoming fact is inserted in the second
    update      (ISPART x2)   the existing edge is replaced by the incoming fact
    dismiss                   the world model stands; the `[dim?]` marker goes away
    reclassify  (ISA+ISPART)  the incoming fact is inserted in the dimension the model names
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Optional, Protocol, Sequence

from .models import DISMISSED, RESOLVED, SOURCE_FESTINGER, UrdEdge
from ...llm.schemas import DecomposeDecision, DismissDecision, ReclassifyDecision, UpdateDecision
from .resolution_items import Item, ResolutionError


class GraphView(Protocol):
    async def intern(self, tokens: Sequence[str]) -> list[tuple]: ...
    async def edge_at(self, concept_id: int, dim_id: int) -> Optional[UrdEdge]: ...
    async def would_cycle(self, concept_id: int, parent_id: int, dim_id: int) -> bool: ...


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
