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

# Volatile parts, replaced before comparing near-repeats: ids and timestamps in one pass (this
# runs on every result of every iteration), then plain numbers. Alternatives are tried in order
# at each position: a UUID or a timestamp contains digits and hex that the hex rule would split.
# Hex ids: at least 8 hex digits with at least one digit and one letter, bounded by anything
# but a letter or digit (so ``out_a1b2c3d4e5.log`` has its id found, words are left alone).
_IDS = re.compile(
    r"(?P<uuid>(?<![0-9A-Za-z])[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}"
    r"-[0-9a-fA-F]{12}(?![0-9A-Za-z]))"
    r"|(?P<time>\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b"
    r"|\b\d{1,2}:\d{2}:\d{2}(?:[.,]\d+)?\b)"
    r"|(?P<hex>(?<![0-9A-Za-z])(?:0x)?[0-9a-fA-F]{8,}(?![0-9A-Za-z]))")
_HAS_DIGIT = re.compile(r"\d")
_HAS_HEX_LETTER = re.compile(r"[a-fA-F]")
_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_SPACE = re.compile(r"\s+")

_MAX_KEY_CHARS = 2000  # keys of huge arguments are cut: comparing the head is enough and cheap


def squash_space(text: str) -> str:
    """Whitespace differences never make two actions different."""
    return _SPACE.sub(" ", text).strip()


def _id_token(m: "re.Match[str]") -> str:
    group = m.lastgroup
    if group == "time":
        return "<time>"
    if group == "hex":
        # checked here, not with lookaheads in the pattern: those ran at every word start
        text = m.group(0)
        if not (_HAS_DIGIT.search(text) and _HAS_HEX_LETTER.search(text.removeprefix("0x"))):
            return text  # a plain number or a word like "deadbeef"/"cafebabe"... kept
    return "<id>"


def normalise_ids(text: str) -> str:
    """Replace ids and timestamps but keep plain numbers: for results, where a number that
    changes (a file name, a percentage, a row count) usually means something different came
    back, while a fresh id or timestamp does not."""
    return squash_space(_IDS.sub(_id_token, text))


def normalise_volatile(text: str) -> str:
    """Replace the parts that change between otherwise identical attempts: ids, timestamps,
    counting numbers, whitespace."""
    return squash_space(_NUMBER.sub("<n>", _IDS.sub(_id_token, text)))


def numbers_in(text: str) -> tuple[float, ...]:
    """The numbers of an argument text, in order (used to recognise a growing backoff)."""
    return tuple(float(m) for m in _NUMBER.findall(text))


def _squash_values(value: JsonValue, depth: int = 0) -> JsonValue:
    if isinstance(value, str):
        return squash_space(value)
    if depth > 20:
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): _squash_values(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_squash_values(v, depth + 1) for v in value]
    return value


def canonical_args(args: Optional[Mapping[str, JsonValue]]) -> str:
    """Arguments as one stable string: key order and whitespace (inside values too) do not matter."""
    if not args:
        return ""
    try:
        text = json.dumps(_squash_values(args), sort_keys=True, ensure_ascii=False, default=str)
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
    # the result/error without ids, timestamps and whitespace; numbers are kept, since a count
    # that changes is new information (fuzzy matching tolerates noise in long texts)
    outcome: Optional[str]
    numbers: tuple[float, ...]  # numbers of the exact key, to tell a backoff from a loop
    tool: Optional[str]
    out_numbers: tuple[float, ...] = ()  # plain numbers of the result (ids/timestamps removed)
    parts: tuple[tuple[str, str], ...] = ()  # (argument name, normalised value), sorted
    out_digest: Optional[int] = None  # the middle of a long result (see _outcome_view)


def keys_of(action: Action) -> ActionKeys:
    tool = (action.tool or "").strip() or None
    if tool:
        exact = tool + " " + canonical_args(action.args)
    else:
        exact = "text: " + squash_space(action.response)[:_MAX_KEY_CHARS]
    out, digest = _outcome_view(action.outcome())
    if tool:
        parts = tuple(sorted((str(k), normalise_volatile(_value_text(v)[:_MAX_KEY_CHARS]))
                             for k, v in (action.args or {}).items()))
        near = tool + " " + json.dumps(parts, ensure_ascii=False)
    else:
        near = normalise_volatile(exact)
        parts = (("", near),)
    out_ids = normalise_ids(out) if out is not None else None
    return ActionKeys(exact=exact, near=near, outcome=out_ids, numbers=_plain_numbers(exact),
                      tool=tool, out_numbers=numbers_in(out_ids) if out_ids else (), parts=parts,
                      out_digest=digest)


_OUTCOME_END = 600  # a long result is compared on its head and tail (where errors and
# summaries are) plus a digest of the middle without digits and whitespace: normalising all of
# a 50 kB listing on every iteration would cost more than the whole rest of the detection
_DROP_NOISE = str.maketrans("", "", "0123456789 \t\r\n")


def _outcome_view(out: Optional[str]) -> tuple[Optional[str], Optional[int]]:
    if out is None or len(out) <= 2 * _OUTCOME_END + 100:
        return out, None
    middle = out[_OUTCOME_END:-_OUTCOME_END][:200_000].translate(_DROP_NOISE)
    return out[:_OUTCOME_END] + " … " + out[-_OUTCOME_END:], hash(middle)


def _plain_numbers(text: str) -> tuple[float, ...]:
    """The plain numbers of a text (not those inside ids and timestamps)."""
    return numbers_in(_IDS.sub(_id_token, text))


def _value_text(value: JsonValue) -> str:
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return str(value)


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
