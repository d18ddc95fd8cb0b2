"""A calendar date written in numbers, and how two calendar dates relate (pure logic).

One date is written many ways: "1990-04-03" (ISO 8601), "03.04.1990" (day first, with dots),
"3.IV.1990" (a Roman month), "04/03/1990" (month first in the US), "03.04.90" (a short year). Each is
read into the calendar date `values.date_value` reads from words ("3 April 1990"), so a slot of one
date (`numbered.parse_date`: a birthday, an anniversary, a start date) compares the date, never the
way it is written: "My birthday is 1990-04-03" / "My birthday is 03.04.1990" is one birthday.

The order of day and month is fixed by a year in front (ISO: year, month, day), by a Roman month,
or by a number over 12. Otherwise the date is read both ways (day first, as most of the world writes
it, and month first, as the US does) and two dates conflict only when no reading of the one is a
reading of the other. A two-digit year does not say its century, so it is read as no year at all
("03.04.90" agrees with any 3 April).
"""

from __future__ import annotations

import re

from festinger.core.contradiction.grammar.values import Relation, Value

__all__ = ["date_relation", "numeric_date"]

_YEAR_FIRST_RE = re.compile(r"^(1[89]\d\d|20\d\d)([-/.])(\d{1,2})\2(\d{1,2})$")
_YEAR_LAST_RE = re.compile(r"^(\d{1,2})([-/.])(\d{1,2}|[ivx]{1,4})\2(\d{2}|1[89]\d\d|20\d\d)$", re.I)
_ROMAN = {r: i + 1 for i, r in enumerate("i ii iii iv v vi vii viii ix x xi xii".split())}


def numeric_date(word: str) -> Value | None:
    """"1990-04-03", "03.04.1990", "3.IV.1990", "4/3/90" -> a calendar date, else None."""
    m = _YEAR_FIRST_RE.match(word)
    if m:
        return _date(word, int(m.group(4)), int(m.group(3)), None, m.group(1))
    m = _YEAR_LAST_RE.match(word)
    if m is None:
        return None
    first, middle, year = int(m.group(1)), m.group(3).lower(), m.group(4)
    year = year if len(year) == 4 else ""  # "90": 1990 or 2090, the text does not say
    if middle in _ROMAN:
        return _date(word, first, _ROMAN[middle], None, year)
    if not middle.isdigit():
        return None
    second = int(middle)
    if first > 12:
        return _date(word, first, second, None, year)  # "20.04.1990": the day comes first
    if second > 12:
        return _date(word, second, first, None, year)  # "04/20/1990": the month comes first
    return _date(word, first, second, (first, second) if first != second else None, year)


def _date(text: str, day: int, month: int, other: tuple[int, int] | None, year: str) -> Value | None:
    if not (1 <= day <= 31 and 1 <= month <= 12):
        return None
    # `alt` holds the month-first reading (month * 100 + day) of a date whose order is not fixed
    alt = float(other[0] * 100 + other[1]) if other else None
    return Value("date", f"{month:02d}-{day:02d}", text, unit=year, alt=alt)


def _readings(v: Value) -> set[str]:
    found = {v.norm}
    if v.alt is not None:
        found.add(f"{int(v.alt) // 100:02d}-{int(v.alt) % 100:02d}")
    return found


def date_relation(a: Value, b: Value) -> Relation:
    """Two calendar dates (month-day in `norm`, the year in `unit` when written) conflict when no
    reading of the one is a reading of the other, or when both give a year and the years differ."""
    if not _readings(a) & _readings(b):
        return Relation.CONFLICT
    if a.unit and b.unit and a.unit != b.unit:
        return Relation.CONFLICT
    if a.norm == b.norm and a.alt == b.alt and a.unit == b.unit:
        return Relation.SAME
    return Relation.COMPATIBLE  # "May 3" and "May 3, 1990"; "03/04/1990" and "1990-04-03"
