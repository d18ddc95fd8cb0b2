"""Which messages of a conversation a history-truncation plan collapses (pure).

The front describes its conversation as one entry per message: ``(key, starts_turn)`` where
``starts_turn`` is true for an assistant message and ``key`` is the loop key of that turn's
action (the tool results and warnings after it carry the same key and ``starts_turn`` false),
or None for anything not part of a turn (user messages, the system prompt). The first exchange of the repeated action
stays, so the model still sees what it did and what it got; the later ones are replaced by one
summary line where the first dropped message was. Nothing is deleted from the front's own
history: this is only about what the model is sent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from .actions import Action, keys_of
from .mitigation import TruncationPlan


@dataclass(frozen=True)
class Collapse:
    drop: tuple[int, ...]        # message indexes to leave out, ascending
    summary_at: Optional[int]    # index (in the original list) where the summary goes


def exchange_key(tool: Optional[str], args: Optional[dict], response: str = "") -> str:
    """The key a front computes for one assistant turn (same as the detector's near key)."""
    return keys_of(Action(response=response, tool=tool, args=args or {})).near


def collapse(entries: Sequence[tuple[Optional[str], bool]], plan: TruncationPlan) -> Collapse:
    seen: set[str] = set()
    drop: list[int] = []
    dropping = False
    for i, (key, starts_turn) in enumerate(entries):
        if key is None:
            dropping = False
        elif starts_turn:
            if key in plan.keys:
                dropping = bool(seen) if plan.keep_one else key in seen
                seen.add(key)
            else:
                dropping = False
        if dropping:
            drop.append(i)
    return Collapse(tuple(drop), drop[0] if drop else None)
