"""Values from a closed set whose members exclude each other, compared by what they mean (pure logic).

The grammar reads "I'm vegetarian" or "My timezone is UTC-3" as a bare phrase, and a phrase only
ever equals itself; but a time zone is one value at a time (`timezones`), and so is the one word
for what a person eats ("vegetarian" / "pescatarian"; `lexicon.DIET_GROUPS`). Whether the slot is
the same is decided before (same key, same relation); here only the two values are judged.
"""

from __future__ import annotations

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.timezones import compare_timezones
from festinger.core.contradiction.values import Relation

__all__ = ["closed_value_relation"]


def closed_value_relation(a: str, b: str) -> Relation | None:
    """How two written values of a closed set relate, or None when they are not both of one."""
    zones = compare_timezones(a, b)
    if zones is not None:
        return zones
    x, y = (_SPELLINGS.get(v, v) for v in (a.strip().lower(), b.strip().lower()))
    if any(x in g and y in g for g in lx.DIET_GROUPS):
        return Relation.SAME if x == y else Relation.CONFLICT
    return None


_SPELLINGS = {"pescetarian": "pescatarian", "omnivorous": "omnivore"}
