"""A verb whose frame holds one value at a time, said anew (pure logic).

The grammar reads "commutes by bike" as a plain verb phrase ("do:commute"), which may gain objects
("reads sci-fi" and "reads fantasy" both hold), so an update of it never replaced the old one. Two
frames hold one value: the means ("commutes by train", "goes by Sasha", "pays by card"), and the
rhythm ("rotates weekly"). An announced change of either replaces the stored value.
"""

from __future__ import annotations

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.objects import ITEM_STOPS
from festinger.core.contradiction.values import Statement

__all__ = ["one_frame"]


def one_frame(a: Statement, b: Statement) -> bool:
    """"commutes by bike" / "commutes by train now", "goes by Alex" / "goes by Sasha now", "rotates
    monthly" / "rotates weekly now": one verb whose frame holds one value at a time, the means
    ("by ...") or the rhythm ("weekly"), said anew. Any other verb phrase may gain an object ("reads
    sci-fi" / "reads fantasy now", "volunteers at the shelter" / "... at the library now")."""
    if len(a.values) != 1 or len(b.values) != 1 or a.negated or b.negated:
        return False
    x, y = a.values[0].display.lower().split(), b.values[0].display.lower().split()
    if len(x) < 2 or len(y) < 2 or x[0] != y[0]:
        return False
    if len(x) == len(y) == 2 and x[1] in lx.FREQUENCY_ADVERBS | _MORE_RHYTHMS and y[1] in lx.FREQUENCY_ADVERBS | _MORE_RHYTHMS:
        return x[1] != y[1]
    if x[1] != "by" or y[1] != "by":
        return False
    x, y = x[2:], y[2:]
    return 0 < len(x) <= 3 and 0 < len(y) <= 3 and not (set(x) & set(y) or (set(x) | set(y)) & ITEM_STOPS)


_MORE_RHYTHMS = frozenset("hourly yearly annually quarterly biweekly fortnightly".split())
