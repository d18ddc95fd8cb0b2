"""Escalating mitigations for a detected loop, as plain data the fronts apply.

Level 1 is the first detection of a loop, each further detection of the same loop (the model
ignored the last mitigation) raises the level:

- (a) forbidden-action note: from level 1, in the next prompt;
- (b) temperature boost: from level 2, for the next few model calls;
- (c) history truncation: from level 3, the repeated exchanges collapse to one line in what
  the model is sent;
- (d) circuit breaker: once ``breaker_after`` mitigated repeats were ignored, the monologue
  ends with a message to the user instead of another model call.

A disabled mitigation is skipped; the levels of the others do not move, so the breaker's
bound on model calls holds with any combination.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .actions import describe, excerpt
from .detect import Detection
from .settings import LoopSettings

LEVEL_TEMPERATURE = 2
LEVEL_TRUNCATE = 3

_KIND_WORDS = {
    "exact": "the same action {count} times in a row",
    "near": "the same action {count} times in a row, changing only numbers, ids or timestamps",
    "cycle": "the same sequence of {steps} actions {count} times in a row",
    "stagnation": "actions that returned the same result {count} times in a row",
}


@dataclass(frozen=True)
class TruncationPlan:
    """Collapse the exchanges whose action key is in ``keys`` (all but the first) to ``summary``."""

    keys: frozenset[str]
    summary: str
    keep_one: bool = False   # keep only the first exchange of any key (the keys differ: stagnation)


@dataclass(frozen=True)
class MitigationPlan:
    level: int = 0
    inject_text: Optional[str] = None
    temperature_boost: float = 0.0
    temperature_calls: int = 0
    truncation: Optional[TruncationPlan] = None
    stop_message: Optional[str] = None   # set: end the monologue with this message
    applied: tuple[str, ...] = field(default_factory=tuple)  # names, for logs and events

    @property
    def empty(self) -> bool:
        return not (self.inject_text or self.temperature_boost or self.truncation
                    or self.stop_message)


def what_repeated(d: Detection) -> str:
    """Plain words for the repeated action(s)."""
    if d.kind == "cycle":
        return " -> ".join(describe(a, 100) for a in d.actions)
    if d.members:  # stagnation: different attempts, one result
        distinct = list(dict.fromkeys(describe(a, 80) for a in d.members))
        more = f" (and {len(distinct) - 3} more)" if len(distinct) > 3 else ""
        return ", ".join(distinct[:3]) + more
    return describe(d.actions[-1])


def summary_line(d: Detection) -> str:
    words = _KIND_WORDS[d.kind].format(count=d.count, steps=len(d.actions))
    return f"You issued {words}: {what_repeated(d)}."


def forbidden_text(d: Detection) -> str:
    """The note for the next prompt: what was repeated, that it must stop, what it produced."""
    return (
        "LOOP WARNING (Festinger loop guard): " + summary_line(d) + "\n"
        f"It produced: {excerpt(d.outcome)}\n"
        "Do NOT issue this action again: repeating it will not give a different result. "
        "Take a different approach, or if you are stuck, answer the user now with what you "
        "found and what is blocking you."
    )


def stop_message(d: Detection, tried: tuple[str, ...]) -> str:
    """What the user reads when the breaker ends the monologue."""
    tried_text = ", ".join(tried) if tried else "no mitigation (all disabled)"
    return (
        "I stopped because I was repeating myself without making progress. "
        + summary_line(d).replace("You issued", "I issued")
        + f" The last result was: {excerpt(d.outcome, 200)} "
        f"The loop guard tried: {tried_text}; the repetition continued. "
        "Please tell me how to proceed (for example a different approach or more information)."
    )


def plan_for(d: Detection, level: int, s: LoopSettings, tried: tuple[str, ...]) -> MitigationPlan:
    """The mitigation for detection number ``level`` (1-based) of one loop."""
    if s.circuit_breaker and level > s.breaker_after:
        return MitigationPlan(level=level, stop_message=stop_message(d, tried),
                              applied=("circuit breaker",))
    applied: list[str] = []
    inject = None
    if s.inject_forbidden:
        inject = forbidden_text(d)
        applied.append("forbidden-action note")
    boost, calls = 0.0, 0
    if s.temperature_boost > 0 and level >= LEVEL_TEMPERATURE:
        boost, calls = s.temperature_boost, s.temperature_boost_calls
        applied.append(f"temperature +{s.temperature_boost:g}")
    truncation = None
    if s.truncate_history and level >= LEVEL_TRUNCATE:
        keys = frozenset(_action_keys(d))
        truncation = TruncationPlan(keys=keys, summary="[Festinger loop guard] " + summary_line(d)
                                    + " The repeated exchanges were collapsed into this line.",
                                    keep_one=bool(d.members))
        applied.append("history truncation")
    return MitigationPlan(level=level, inject_text=inject, temperature_boost=boost,
                          temperature_calls=calls, truncation=truncation, applied=tuple(applied))


def _action_keys(d: Detection) -> tuple[str, ...]:
    return d.loop_keys


def boosted_temperature(current: Optional[float], s: LoopSettings,
                        default: float = 0.7) -> float:
    """The boosted value; ``default`` stands for a model without an explicit temperature."""
    base = current if current is not None else default
    return round(min(s.temperature_cap, base + s.temperature_boost), 3)
