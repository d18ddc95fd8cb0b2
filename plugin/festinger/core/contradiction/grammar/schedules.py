"""Days of a recurring event as values: "on Mondays", "the first Thursday of the month" (pure logic).

The grammar reads "Book club meets the first Thursday of the month" as a plain phrase, which only
ever equals itself. A recurring event's day is one value at a time once a change is announced
("meets on the last Wednesday of the month now"): two such phrases differ when they say the same
thing but for the days, and their days share none ("Mondays" / "Thursdays", "first Thursday" /
"last Wednesday"). Phrases that say more than days, ordinals and clock times, or share a day
("Mondays and Thursdays" / "Thursdays"), are not judged here.
"""

from __future__ import annotations

import re

from festinger.core.contradiction.grammar.values import Relation

__all__ = ["compare_schedules"]

_DAYS = {d: d for d in "monday tuesday wednesday thursday friday saturday sunday".split()}
_DAYS.update({d + "s": d for d in list(_DAYS)})
_DAYS.update({d[:3]: d for d in set(_DAYS.values())} | {"tues": "tuesday", "thurs": "thursday", "weds": "wednesday"})
_ORDINALS = frozenset("first second third fourth last 1st 2nd 3rd 4th final".split())
# Words that only carry the day: "on", "every", "the ... of the month".
_FILLER = frozenset("on every each the of a at and in from starting".split())
_CLOCK_RE = re.compile(r"^\d{1,2}(?::[0-5]\d)?(?:am|pm)?$|^(?:am|pm|noon|morning|afternoon|evening|evenings|"
                       r"mornings|afternoons|night|nights)$")
_MAX_WORDS = 12


def _shape(text: str) -> tuple[frozenset[str], tuple[str, ...], frozenset[str]] | None:
    """(days, ordinals and times, other words) of a phrase that names a weekday, else None."""
    words = re.sub(r"[^\w:\s]", " ", text.lower()).split()
    if not words or len(words) > _MAX_WORDS:
        return None
    days = frozenset(_DAYS[w] for w in words if w in _DAYS)
    if not days:
        return None
    marks = tuple(w for w in words if w in _ORDINALS or _CLOCK_RE.match(w))
    rest = frozenset(w for w in words if w not in _DAYS and w not in _FILLER and w not in marks)
    return days, marks, rest


def compare_schedules(a: str, b: str) -> Relation | None:
    """How the days of two recurring-event phrases relate, or None when either is no such phrase or
    they differ in more than their days ("at the library on Mondays" / "on Fridays")."""
    sa, sb = _shape(a), _shape(b)
    if sa is None or sb is None or sa[2] != sb[2]:
        return None
    if sa[:2] == sb[:2]:
        return Relation.SAME
    if sa[0] & sb[0]:
        # "Mondays and Thursdays" / "Thursdays", "first Thursday" / "third Thursday": a day kept
        return Relation.CONFLICT if len(sa[0]) == len(sb[0]) == 1 and _ordinals(sa) and _ordinals(sb) and (
            _ordinals(sa) != _ordinals(sb)) else None
    return Relation.CONFLICT if _ordinals(sa) == _ordinals(sb) or (_ordinals(sa) and _ordinals(sb)) else None


def _ordinals(shape: tuple[frozenset[str], tuple[str, ...], frozenset[str]]) -> frozenset[str]:
    return frozenset(w for w in shape[1] if w in _ORDINALS)
