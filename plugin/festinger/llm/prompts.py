"""The two prompts Festinger sends an LLM, and the graph facts they are built from.

Write path (festinger-concept-graph.md "Writing"): "What is `concept`?" with the current
dimension taxonomy as a closed list, answered as JSON triples.
Resolution job ("Nightly resolution job"): both facts of one collision, its type, the
decisions that apply and their JSON shape.

Every token put into a prompt is re-normalised with `safe_token` (the same rule as the
`<recollection>` block): graph tokens may come from conversations, and a prompt must not
become an injection channel for them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Optional, Sequence

from ..graph.cache import GraphCache
from ..graph.models import SEED_DIMENSIONS
from ..graph.recollection import safe_token
from .schemas import DECOMPOSE, DISMISS, LLM_DECISIONS, MAX_TRIPLES, RECLASSIFY, UPDATE

MAX_TAXONOMY = 60  # dimensions listed in one prompt; seed dimensions always come first
MAX_CONTEXT_EDGES = 16

_SEED_QUESTIONS = {
    "type": "What kind of thing is this?",
    "membership": "What system or project does this belong to?",
    "runs-on": "What infrastructure hosts or executes this?",
    "tech": "What technology stack is it built with?",
    "owned-by": "Who is responsible for this?",
    "geography": "Where is this spatially or organisationally located?",
}


@dataclass(frozen=True)
class DimensionInfo:
    token: str
    is_isa: bool  # the flag of the dimension's root node: ISA (a kind of) or ISPART (inside)


def taxonomy(cache: GraphCache, limit: int = MAX_TAXONOMY) -> list[DimensionInfo]:
    """The dimensions the graph has (a dimension is a concept with a root node), seed ones
    first in the seed's order, then the others alphabetically. Reads the cache's index of
    roots: O(dimensions), called under the graph lock that the prompt path waits for."""
    roots: dict[str, bool] = {}
    for dim_id, is_isa in cache.dimension_roots.items():
        token = cache.soas_by_id.get(dim_id)
        if token:
            roots[token] = is_isa
    seed = [d for d, _ in SEED_DIMENSIONS if d in roots]
    others = sorted(t for t in roots if t not in set(seed))
    return [DimensionInfo(t, roots[t]) for t in (seed + others)[:limit]]


@dataclass(frozen=True)
class EdgeView:
    dimension: str
    parent: str
    is_isa: bool


def edges_view(cache: GraphCache, concept_id: int,
               skip_dims: Iterable[int] = ()) -> list[EdgeView]:
    skip = set(skip_dims)
    out = []
    for e in cache.edges_of(concept_id):
        if e.is_root or e.dim_id in skip:
            continue
        d, p = cache.soas_by_id.get(e.dim_id), cache.soas_by_id.get(e.parent_id)
        if d and p:
            out.append(EdgeView(d, p, e.is_isa))
    return out[:MAX_CONTEXT_EDGES]


def _t(token: Optional[str]) -> str:
    return safe_token(token or "") or "?"


def _relation(is_isa: bool) -> str:
    return "ISA (is a kind of)" if is_isa else "ISPART (is part of / inside)"


# ---------------------------------------------------------------------- write path
WRITE_SYSTEM = (
    "You maintain a concept graph for a software project. Each fact places a concept inside "
    "one parent concept within one dimension. A concept has at most one parent per "
    "dimension. Answer with JSON only, no prose, no code fences.")


def write_prompt(concept: str, dims: Sequence[DimensionInfo],
                 known: Sequence[EdgeView] = ()) -> tuple[str, str]:
    """(system, message) asking what `concept` is, as triples in the offered dimensions."""
    c = _t(concept)
    lines = [f"What is `{c}`?", "",
             "Dimensions (a closed list: use only these names):"]
    for d in dims:
        q = _SEED_QUESTIONS.get(d.token)
        kind = "is_isa=true" if d.is_isa else "is_isa=false"
        lines.append(f"- {_t(d.token)} ({kind})" + (f": {q}" if q else ""))
    if known:
        lines += ["", f"Already known about `{c}` (do not repeat these dimensions):"]
        lines += [f"- [{_t(e.dimension)}] {_t(e.parent)}" for e in known]
    lines += [
        "",
        f"Return at most {MAX_TRIPLES} facts you are confident about, at most one per "
        "dimension, as:",
        '{"triples": [{"concept": "' + c + '", "parent": "<one concept name>", '
        '"dimension": "<a dimension from the list>", "is_isa": true, "confidence": 0.8}]}',
        "Concept names are lowercase words joined with _ (for example glitch_university). "
        "confidence is between 0 and 1. If you do not know the concept, return "
        '{"triples": []}.',
    ]
    return WRITE_SYSTEM, "\n".join(lines)


# ---------------------------------------------------------------------- resolution
@dataclass(frozen=True)
class ConflictView:
    """One queued collision in token form, for the resolution prompt and the admin page."""

    concept: str
    dimension: str
    existing_parent: str
    existing_is_isa: bool
    incoming_parent: str
    incoming_is_isa: bool
    collision_type: str
    other_edges: tuple[EdgeView, ...] = ()
    dimensions: tuple[str, ...] = field(default_factory=tuple)


RESOLVE_SYSTEM = (
    "You resolve contradictions in a concept graph. Each fact places a concept inside one "
    "parent within one dimension, and a concept has at most one parent per dimension, so "
    "two facts collided. Decide calmly which world model is right. Answer with one JSON "
    "object only, no prose, no code fences.")

_SHAPES = {
    DECOMPOSE: ('{"decision": "decompose", "existing_dimension": "<dimension for the existing '
                'fact>", "new_dimension": "<dimension for the new fact>", "reasoning": "..."}'),
    UPDATE: '{"decision": "update", "reasoning": "..."}',
    DISMISS: '{"decision": "dismiss", "reasoning": "..."}',
    RECLASSIFY: ('{"decision": "reclassify", "dimension": "<the correct dimension for the new '
                 'fact>", "reasoning": "..."}'),
}
_MEANINGS = {
    DECOMPOSE: ("both facts are true at once and the dimension `{d}` is too coarse: name two "
                "more specific dimensions, one where `{c}` is `{e}` and one where `{c}` is "
                "`{i}`. Choose from the existing dimensions where possible; create new names "
                "only if nothing fits."),
    UPDATE: "the new fact is more current: it replaces the existing one.",
    DISMISS: "the existing fact is still correct and the new one is noise or wrong.",
    RECLASSIFY: ("the new fact was put in the wrong dimension: name the dimension it belongs "
                 "in (not `{d}`)."),
}


def resolution_prompt(view: ConflictView) -> tuple[str, str]:
    c, d = _t(view.concept), _t(view.dimension)
    e, i = _t(view.existing_parent), _t(view.incoming_parent)
    kinds = {"isa_isa": "ISA + ISA: both facts classify the concept",
             "ispart_ispart": "ISPART + ISPART: the concept cannot be in two places in one "
                              "dimension",
             "misclassification": "ISA + ISPART in one dimension: one of the facts is in the "
                                  "wrong dimension"}
    lines = [
        f"Concept: `{c}`",
        f"Dimension: `{d}`",
        f"Existing fact: `{c}` {_relation(view.existing_is_isa)} `{e}` in `{d}`",
        f"New fact: `{c}` {_relation(view.incoming_is_isa)} `{i}` in `{d}`",
        f"Collision: {kinds.get(view.collision_type, view.collision_type)}",
    ]
    if view.other_edges:
        lines.append(f"Other facts about `{c}`:")
        lines += [f"- [{_t(x.dimension)}] {_t(x.parent)}" for x in view.other_edges]
    if view.dimensions:
        lines.append("Existing dimensions: " + ", ".join(_t(x) for x in view.dimensions))
    lines += ["", "Possible decisions:"]
    for name in LLM_DECISIONS.get(view.collision_type, (DISMISS,)):
        lines.append(f"- {name}: " + _MEANINGS[name].format(c=c, d=d, e=e, i=i))
        lines.append(f"  {_SHAPES[name]}")
    lines += ["", "Dimension names are lowercase words joined with _ or -."]
    return RESOLVE_SYSTEM, "\n".join(lines)
