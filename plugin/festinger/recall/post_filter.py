"""Agent Zero's recall post-filter (``memory_recall_post_filter``), applied to the pack's recall.

With the setting on, Agent Zero asks the utility model which of the found memories and
solutions are relevant (its own ``memory.memories_filter`` prompts: a numbered list in, a JSON
array of indices out) and keeps only those, then cuts to the per-kind result limits. The
pack does the same on its own selection -- which is already free of deprecated and
out-of-role memories, so the model is never asked about a stale one. Like Agent Zero, an
unusable answer (an error, no JSON list) keeps the selection unfiltered: the filter can only
remove, never add. The utility model is only called when the user turned the setting on
(Agent Zero's recall waits for this call too).
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any, Optional, Sequence

from ..core.ranking import fair_split
from ..logs import report_exception
from .pipeline import RecallOutcome, RecalledItem

_ARRAY = re.compile(r"\[[\s\d,]*\]")


def parse_indices(answer: Any) -> Optional[list[int]]:
    """The JSON array of integers in the model's answer (fenced or not), or None."""
    if not isinstance(answer, str):
        return None
    text = answer.strip()
    try:
        value = json.loads(text)
    except ValueError:
        match = _ARRAY.search(text)
        if match is None:
            return None
        try:
            value = json.loads(match.group(0))
        except ValueError:
            return None
    if not isinstance(value, list):
        return None
    return [v for v in value if isinstance(v, int) and not isinstance(v, bool)]


def keep_indices(items: Sequence[RecalledItem], indices: Sequence[int]) -> list[RecalledItem]:
    """``items`` at ``indices`` (in the model's order, each once, out-of-range ignored)."""
    out, seen = [], set()
    for i in indices:
        if 0 <= i < len(items) and i not in seen:
            seen.add(i)
            out.append(items[i])
    return out


def cut(outcome: RecallOutcome, memories_max: int, solutions_max: int, cap: int) -> RecallOutcome:
    mems, sols = fair_split(outcome.memories, outcome.solutions, cap, memories_max, solutions_max)
    ids = {i.id for i in mems} | {i.id for i in sols}
    return replace(outcome, memories=list(mems), solutions=list(sols),
                   order=[i for i in outcome.order if i in ids])


async def apply(agent: Any, outcome: RecallOutcome, *, history: str, user_text: str) -> RecallOutcome:
    """The outcome with only the items the utility model called relevant."""
    items = outcome.memories + outcome.solutions
    if not items:
        return outcome
    numbered = {i: item.text for i, item in enumerate(items)}
    try:
        answer = await agent.call_utility_model(
            system=agent.read_prompt("memory.memories_filter.sys.md"),
            message=agent.read_prompt("memory.memories_filter.msg.md", memories=numbered,
                                      history=history, message=user_text))
    except Exception as exc:
        report_exception("recall post-filter", exc, agent)
        return outcome
    indices = parse_indices(answer)
    if indices is None:
        return outcome
    kept = keep_indices(items, indices)
    ids = {i.id for i in kept}
    return replace(outcome, memories=[i for i in kept if i.kind == "memories"],
                   solutions=[i for i in kept if i.kind == "solutions"],
                   order=[i for i in outcome.order if i in ids])
