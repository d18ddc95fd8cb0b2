"""Values from a closed set whose members exclude each other, compared by what they mean (pure logic).

The grammar reads "I'm vegetarian" or "My timezone is UTC-3" as a bare phrase, and a phrase only
ever equals itself; but a time zone is one value at a time (`timezones`), and so is the one word
for what a person eats ("vegetarian" / "pescatarian"; `lexicon.DIET_GROUPS`). Whether the slot is
the same is decided before (same key, same relation); here only the two values are judged.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.timezones import compare_timezones, zone_may_follow_travel
from festinger.core.contradiction.grammar.values import Relation, Statement, Value

__all__ = ["closed_value_relation", "needs_news"]


def closed_value_relation(va: Value, vb: Value) -> Relation | None:
    """How two values of a closed set relate, or None when they are not both of one. A bare phrase
    that is an identifier ("7KLM392", "B12", "A+") is one too: it has no synonyms (the grammar's
    own kinds, terms and versions, keep their comparisons)."""
    a, b = va.display, vb.display
    zones = compare_timezones(a, b)
    if zones is not None:
        return zones
    x, y = (_SPELLINGS.get(v, v) for v in (a.strip().lower(), b.strip().lower()))
    if any(x in g and y in g for g in lx.DIET_GROUPS):
        return Relation.SAME if x == y else Relation.CONFLICT
    if va.kind == vb.kind == "phrase" and _identifier(a) and _identifier(b):
        return Relation.SAME if _plain(a) == _plain(b) else Relation.CONFLICT
    return None


# "7KLM392", "B12", "A+", "hunter2": one token of letters with digits or a sign, no synonyms to it.
_IDENTIFIER_RE = re.compile(r"^(?=[\w+-]*[\d+])(?=[\w+-]*[A-Za-z])[A-Za-z0-9][\w+-]{0,11}$")


def _plain(text: str) -> str:
    return re.sub(r"[\s_-]", "", text.lower())  # "GPT-4" is "GPT4"; "A+" is not "A"


def _identifier(text: str) -> bool:
    return bool(_IDENTIFIER_RE.match(text.strip()))


def needs_news(a: Statement, b: Statement) -> bool:
    """Whether two conflicting values of one slot only replace each other when the incoming memory
    announces or corrects the value: a trip's time zone (`timezones`), and an identifier ("The meeting
    room is B12" / "... is B21": two meetings as often as one room changed)."""
    if len(a.values) != 1 or len(b.values) != 1:
        return False
    x, y = a.values[0].display, b.values[0].display
    if compare_timezones(x, y) is not None:
        return zone_may_follow_travel(a, b)
    return _identifier(x) and _identifier(y) and not (b.update or b.correction)


_SPELLINGS = {"pescetarian": "pescatarian", "omnivorous": "omnivore"}
