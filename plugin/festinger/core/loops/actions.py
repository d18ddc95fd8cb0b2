"""What one model turn did, reduced to comparable keys.

An ``Action`` is plain data (strings and a dict) so any front can feed it: Agent Zero's tool
hooks, or an HTTP proxy reading OpenAI/Ollama tool calls. Its keys are computed once, when it
is recorded, so detection over a long history only compares short strings.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Mapping, Optional, Union

JsonValue = Union[str, int, float, bool, None, list, dict]

# Volatile parts, replaced before comparing near-repeats. Order matters: a UUID or a timestamp
# contains digits and hex that the later, broader patterns would otherwise split apart.
_UUID = re.compile(r"\b[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\b")
_TIMESTAMP = re.compile(
    r"\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b"
    r"|\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\b")
# hex ids: at least 8 hex digits with at least one digit and one letter (so words and plain
# numbers are left to the other rules)
_HEX = re.compile(r"\b(?=[0-9a-fA-F]*\d)(?=[0-9a-fA-F]*[a-fA-F])(?:0x)?[0-9a-fA-F]{8,}\b")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_SPACE = re.compile(r"\s+")

_MAX_KEY_CHARS = 2000  # keys of huge arguments are cut: comparing the head is enough and cheap


def squash_space(text: str) -> str:
    """Whitespace differences never make two actions different."""
    return _SPACE.sub(" ", text).strip()


def normalise_volatile(text: str) -> str:
    """Replace the parts that change between otherwise identical attempts: ids, timestamps,
    counting numbers, whitespace."""
    text = _UUID.sub("<id>", text)
    text = _TIMESTAMP.sub("<time>", text)
    text = _HEX.sub("<id>", text)
    text = _NUMBER.sub("<n>", text)
    return squash_space(text)


def numbers_in(text: str) -> tuple[float, ...]:
    """The numbers of an argument text, in order (used to recognise a growing backoff)."""
    return tuple(float(m) for m in _NUMBER.findall(text))


def canonical_args(args: Optional[Mapping[str, JsonValue]]) -> str:
    """Arguments as one stable string: key order and whitespace do not matter."""
    if not args:
        return ""
    try:
        text = json.dumps(args, sort_keys=True, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        text = str(sorted((str(k), str(v)) for k, v in args.items()))
    return squash_space(text)[:_MAX_KEY_CHARS]


@dataclass(frozen=True)
class Action:
    """One model turn: its text, the tool it called (if any) and what came back."""

    response: str = ""
    tool: Optional[str] = None
    args: Mapping[str, JsonValue] = field(default_factory=dict)
    result: Optional[str] = None
    error: Optional[str] = None

    def outcome(self) -> Optional[str]:
        """What the action produced: the error if it failed, else the result."""
        if self.error:
            return self.error
        return self.result


@dataclass(frozen=True)
class ActionKeys:
    """The comparison keys of one recorded action, computed once."""

    exact: str        # tool + canonical args (or the response text when no tool was called)
    near: str         # the same with volatile parts replaced
    outcome: Optional[str]  # normalised result/error, None when nothing came back
    numbers: tuple[float, ...]  # numbers of the exact key, to tell a backoff from a loop
    tool: Optional[str]


def keys_of(action: Action) -> ActionKeys:
    tool = (action.tool or "").strip() or None
    if tool:
        exact = tool + " " + canonical_args(action.args)
    else:
        exact = "text: " + squash_space(action.response)[:_MAX_KEY_CHARS]
    out = action.outcome()
    outcome = normalise_volatile(out[:_MAX_KEY_CHARS]) if out is not None else None
    return ActionKeys(exact=exact, near=normalise_volatile(exact), outcome=outcome,
                      numbers=numbers_in(exact), tool=tool)


def describe(action: Action, limit: int = 160) -> str:
    """A short human description of an action for prompts, logs and the CLI."""
    if action.tool:
        args = canonical_args(action.args)
        text = f"{action.tool}({args})" if args else f"{action.tool}()"
    else:
        text = squash_space(action.response) or "(empty response)"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def excerpt(text: Optional[str], limit: int = 300) -> str:
    if not text:
        return "(nothing)"
    flat = squash_space(text)
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
