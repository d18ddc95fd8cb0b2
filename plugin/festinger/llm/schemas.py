"""What an LLM may answer, validated with pydantic before anything touches the graph.

Two answers exist: the write path's triples about one concept, and the resolution job's
decision about one queued collision. Both are parsed from free text (models wrap JSON in
prose or code fences), checked for size, shape and meaning, and either returned whole or
rejected whole with an `AnswerError` whose message says what was wrong. Nothing is ever
half-applied: a single bad triple rejects the answer.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Annotated, Any, Iterable, Literal, Optional, Union

from pydantic import (BaseModel, ConfigDict, Field, TypeAdapter, ValidationError,
                      field_validator)

from ..graph.tokenizer import single_concept

MAX_ANSWER_CHARS = 20_000  # a longer answer is a runaway model, not a few triples
MAX_TRIPLES = 12
MAX_REASONING_CHARS = 1_000

DECOMPOSE, UPDATE, DISMISS, RECLASSIFY = "decompose", "update", "dismiss", "reclassify"
DECISIONS = (DECOMPOSE, UPDATE, DISMISS, RECLASSIFY)
# What the LLM may answer for each collision type (festinger-concept-graph.md "Nightly
# resolution job"). A human override may apply any decision that fits the graph.
LLM_DECISIONS: dict[str, tuple[str, ...]] = {
    "isa_isa": (DECOMPOSE, DISMISS),
    "ispart_ispart": (UPDATE, DISMISS),
    "misclassification": (RECLASSIFY, DISMISS),
}
_DECISION_ALIASES = {"misclassification": RECLASSIFY, "resolve": UPDATE, "replace": UPDATE}


class AnswerError(ValueError):
    """An LLM answer that cannot be used; the message is one line for the queue's error note."""


def _concept_token(value: Any, role: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{role} must be a text")
    text = value.strip()
    if not text:
        raise ValueError(f"{role} is empty")
    token = single_concept(text)
    if token is None:
        raise ValueError(f"{role} {text[:60]!r} is not one concept name")
    return token


class ProposedEdge(BaseModel):
    """One write-path triple: `concept IN parent` within `dimension`."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    concept: str
    parent: str
    dimension: str
    is_isa: bool
    confidence: float = Field(ge=0.0, le=1.0)

    @field_validator("concept", "parent", "dimension", mode="before")
    @classmethod
    def _token(cls, value: Any, info) -> str:
        return _concept_token(value, info.field_name)


class WriteAnswer(BaseModel):
    model_config = ConfigDict(extra="ignore")

    triples: list[ProposedEdge] = Field(default_factory=list, max_length=MAX_TRIPLES)


def _reasoning(value: Any) -> str:
    if value is None:
        return ""
    return str(value).strip()[:MAX_REASONING_CHARS]


class _Decision(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    reasoning: str = ""

    @field_validator("reasoning", mode="before")
    @classmethod
    def _cut(cls, value: Any) -> str:
        return _reasoning(value)


class DecomposeDecision(_Decision):
    """ISA+ISA: the dimension is too coarse; each fact gets a more specific dimension."""

    decision: Literal["decompose"]
    existing_dimension: str
    new_dimension: str

    @field_validator("existing_dimension", "new_dimension", mode="before")
    @classmethod
    def _token(cls, value: Any, info) -> str:
        return _concept_token(value, info.field_name)


class UpdateDecision(_Decision):
    """The incoming fact is more current: it replaces the existing edge."""

    decision: Literal["update"]


class DismissDecision(_Decision):
    """The incoming fact is noise or wrong: the world model stands."""

    decision: Literal["dismiss"]


class ReclassifyDecision(_Decision):
    """ISA+ISPART: the incoming fact belongs in another dimension."""

    decision: Literal["reclassify"]
    dimension: str

    @field_validator("dimension", mode="before")
    @classmethod
    def _token(cls, value: Any, info) -> str:
        return _concept_token(value, info.field_name)


Decision = Annotated[Union[DecomposeDecision, UpdateDecision, DismissDecision,
                           ReclassifyDecision], Field(discriminator="decision")]
_DECISION_ADAPTER: TypeAdapter = TypeAdapter(Decision)


# ---------------------------------------------------------------------- text -> JSON
_FENCE_RE = re.compile(r"```(?:json|JSON)?\s*(.*?)```", re.DOTALL)


def extract_json(text: Any, max_chars: int = MAX_ANSWER_CHARS) -> Any:
    """The JSON value in an LLM answer: the whole text, a fenced block, or the outermost
    {...} / [...] span. Raises AnswerError for empty, oversized, truncated or non-JSON text."""
    if not isinstance(text, str):
        raise AnswerError(f"the model answered {type(text).__name__}, not text")
    if len(text) > max_chars:
        raise AnswerError(f"the answer is {len(text)} characters long (at most {max_chars})")
    body = text.strip()
    if not body:
        raise AnswerError("the answer is empty")
    candidates = [body]
    candidates += [m.group(1).strip() for m in _FENCE_RE.finditer(body)]
    for open_, close in (("{", "}"), ("[", "]")):
        start, end = body.find(open_), body.rfind(close)
        if start != -1 and end > start:
            candidates.append(body[start:end + 1])
    for cand in candidates:
        try:
            return json.loads(cand)
        except ValueError:
            continue
    hint = "truncated" if body.count("{") > body.count("}") or body.count("[") > body.count("]") \
        else "not valid"
    raise AnswerError(f"the answer is {hint} JSON: {body[:80]!r}")


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ()) if p != "triples") or "answer"
    msg = err.get("msg", "invalid").removeprefix("Value error, ")
    return f"{where}: {msg}"


# ---------------------------------------------------------------------- write path
@dataclass(frozen=True)
class WriteContext:
    """What a write-path answer is checked against."""

    concept: str
    dimensions: frozenset[str]  # the closed taxonomy offered in the prompt


def parse_write_answer(text: Any, ctx: WriteContext) -> list[ProposedEdge]:
    """The triples of a write-path answer, or AnswerError. Accepts `{"triples": [...]}` or a
    bare list. Every triple must be about the asked concept, in an offered dimension, with a
    parent other than the concept, and at most one per dimension (two parents in one
    dimension would collide with each other)."""
    data = extract_json(text)
    if isinstance(data, list):
        data = {"triples": data}
    if not isinstance(data, dict):
        raise AnswerError("expected a JSON object with a 'triples' list")
    try:
        answer = WriteAnswer.model_validate(data)
    except ValidationError as exc:
        raise AnswerError(_first_error(exc)) from None
    seen_dims: set[str] = set()
    for i, t in enumerate(answer.triples):
        if t.concept != ctx.concept:
            raise AnswerError(f"triple {i}: about {t.concept!r}, not the asked concept "
                              f"{ctx.concept!r}")
        if t.dimension not in ctx.dimensions:
            raise AnswerError(f"triple {i}: unknown dimension {t.dimension!r} (the list is "
                              "closed)")
        if t.parent == t.concept:
            raise AnswerError(f"triple {i}: {t.concept!r} cannot be inside itself")
        if t.dimension in seen_dims:
            raise AnswerError(f"triple {i}: a second parent in dimension {t.dimension!r}")
        seen_dims.add(t.dimension)
    return list(answer.triples)


# ---------------------------------------------------------------------- resolution
def parse_decision(data: Any, collision_type: Optional[str] = None,
                   allowed: Optional[Iterable[str]] = None):
    """A resolution decision from an LLM answer (text) or a human override (dict).

    `allowed` defaults to what the LLM may answer for `collision_type`; pass DECISIONS for a
    human override. Raises AnswerError."""
    if isinstance(data, str):
        data = extract_json(data)
    if not isinstance(data, dict):
        raise AnswerError("expected a JSON object with a 'decision'")
    raw = data.get("decision")
    if isinstance(raw, str):
        name = raw.strip().lower()
        data = dict(data, decision=_DECISION_ALIASES.get(name, name))
    try:
        decision = _DECISION_ADAPTER.validate_python(data)
    except ValidationError as exc:
        if data.get("decision") not in DECISIONS:
            raise AnswerError(f"unknown decision {raw!r}: expected one of "
                              f"{', '.join(DECISIONS)}") from None
        raise AnswerError(_first_error(exc)) from None
    if allowed is None:
        allowed = LLM_DECISIONS.get(collision_type or "", DECISIONS)
    allowed = tuple(allowed)
    if decision.decision not in allowed:
        raise AnswerError(f"decision {decision.decision!r} does not apply to a "
                          f"{collision_type or 'this'} collision (expected "
                          f"{' or '.join(allowed)})")
    return decision
