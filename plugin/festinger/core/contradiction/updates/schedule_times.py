"""When a recurring thing happens, read out of one clause: its time fields and the words left (pure logic).

"Team standup is at 9:30 every day" -> {clock: 9:30}, words {team, standup}; "Book club meets the first
Tuesday of each month" -> {day: (first, tuesday)}, {book, club}; "I go to the gym in the mornings" ->
{part: morning}, {gym}. The words left once the time phrases, owners, link verbs and change words are
out are the thing's anchor (`schedule_change` compares two of them). A phrase read two ways in one
clause ("at 9:30 ... at 10"), or a number that may be a count or a length ("15 minutes", "4 days"),
leaves no reading: the clause is refused, never guessed.
"""

from __future__ import annotations

import re

from festinger.core.contradiction.updates.held_beside import DAY_KIND
from festinger.core.contradiction.updates.typed_values import MONTH

__all__ = ["Reading", "read_clause", "same_field"]

_DAY_NAMES = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_DAY = r"(mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)(?:day|nesday|rsday|sday|urday)?s?"
_FULL_DAY = r"(mon|tues|wednes|thurs|fri|satur|sun)days?"  # a lone day is written out ("sat" is a verb)
_ORDINAL = r"(first|second|third|fourth|last|1st|2nd|3rd|4th)"
_CLOCK = r"(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?"
# A number is a clock time when it has minutes or am/pm, or follows a word that sets a time ("at 6",
# "moved to 10", "pickup is 5"), and no unit follows it ("15 minutes", "4 days", "2 kids").
_NOT_A_TIME = r"(?![:.]?\d)(?!\s*(?:min|mins|minutes?|hours?|hrs?|h\b|days?|weeks?|months?|years?|times?|x\b|%|people|kids?|" \
              r"children|pm\w|am\w))"
_TIME_RE = re.compile(
    rf"\b(?:(?P<drange>{_DAY}\s*(?:-|to|through|thru)\s*{_DAY.replace('(mon', '(?P<dto>mon', 1)})"
    rf"|(?P<hrange>\d{{1,2}}(?::\d{{2}})?\s*(?:am|pm)?\s*-\s*\d{{1,2}}(?::\d{{2}})?\s*(?:am|pm)?)"
    rf"|(?:the\s+)?(?P<ord>{_ORDINAL})\s+(?P<oday>{_FULL_DAY})(?:\s+(?:of|in)\s+(?:the|each|every)\s+month)?"
    rf"|every\s+(?:other|second|alternate)\s+(?P<aday>{_FULL_DAY})|alternate\s+(?P<aday2>{_FULL_DAY})"
    rf"|(?:(?:every|on|each)\s+)?(?P<wday>{_FULL_DAY})"
    rf"|(?:on\s+)?(?P<wk>weekdays|weekends)|on\s+(?P<kind>{DAY_KIND})"
    r"|(?:(?:in|during)\s+the\s+|every\s+|on\s+)?(?P<part>mornings?|afternoons?|evenings?|nights?)"
    rf"|(?P<dmon>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<mon>{MONTH})(?:\s+\d{{4}})?"
    rf"|(?P<mon2>{MONTH})\s+(?P<dmon2>\d{{1,2}})(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?(?![\d:])"
    r"|(?P<noon>noon|midday|midnight)"
    rf"|(?P<clock>\d{{1,2}}(?:[:.]\d{{2}})\s*(?:am|pm|a\.m\.|p\.m\.)?|\d{{1,2}}\s*(?:am|pm|a\.m\.|p\.m\.))"
    rf"|(?P<lead>at|to|is|by|for\s+the|from|until)\s+(?P<bare>\d{{1,2}}){_NOT_A_TIME}"
    rf"(?!(?:st|nd|rd|th)?\s+(?:of\s+)?{MONTH})"
    # ("daily", "weekly", "monthly" stay words: "the weekly meeting" is not "the monthly meeting")
    r"|(?P<rhythm>every\s+(?:single\s+)?day|each\s+day|every\s+week|each\s+month|every\s+month|"
    r"usually|normally|generally|typically|always|most\s+days))\b", re.I)
_ORDINALS = {"1st": "first", "2nd": "second", "3rd": "third", "4th": "fourth", "final": "last"}
_ORDINAL_WORDS = frozenset("first second third fourth last".split())
# Words that may follow a lone day in a time phrase; any other word makes the day a modifier of one
# instance: "the Friday standup", "my Monday yoga class".
_AFTER_DAY = frozenset("at and or to is from now instead then every of in on morning mornings afternoon afternoons "
                       "evening evenings night nights starting this next the".split())
_NEXT_WORD_RE = re.compile(r"\s+([a-z]+)\b")


class Reading:
    """A clause read as time fields ("clock", "hours", "day", "part", "scope", "date") and its other words."""

    __slots__ = ("fields", "words", "since", "instance")

    def __init__(self, fields: dict[str, object], words: list[str], since: dict[str, object], instance: bool) -> None:
        self.fields = fields
        self.words = words
        self.since = since  # fields said after "from" ("moved from 9:30 to 10"): what the clause says was held
        self.instance = instance  # a day that names one of several ("the Friday standup", "my Monday yoga class")


def _day(text: str) -> str:
    return text.lower()[:3]


def _days(first: str, last: str) -> frozenset[str]:
    i, j = _DAY_NAMES.index(_day(first)), _DAY_NAMES.index(_day(last))
    return frozenset(_DAY_NAMES[i:j + 1]) if i < j else frozenset()


def _minutes(text: str) -> tuple[int, bool] | None:
    """(minute of the day, whether am/pm was said) of "9:30", "7am", "3.15pm"; None for a bad time."""
    m = re.fullmatch(_CLOCK, text.strip(), re.I)
    if m is None:
        return None
    hour, minute = int(m.group(1)), int(m.group(2) or 0)
    if hour > 23 or minute > 59:
        return None
    if m.group(3):
        return (hour % 12 + (12 if m.group(3).lower().startswith("p") else 0)) * 60 + minute, True
    return hour * 60 + minute, False


def _field(m: re.Match[str]) -> tuple[str, object] | None:
    g = m.groupdict()
    if g["drange"]:
        days = _days(m.group(2), g["dto"])
        return ("day", ("", days, True)) if days else None
    if g["hrange"]:
        ends = [_minutes(p) for p in g["hrange"].split("-")]
        return None if None in ends else ("hours", tuple(e[0] % 720 for e in ends))  # type: ignore[index]
    if g["ord"]:
        return "day", (_ORDINALS.get(g["ord"].lower(), g["ord"].lower()), frozenset((_day(g["oday"]),)), True)
    if g["aday"] or g["aday2"]:
        return "day", ("other", frozenset((_day(g["aday"] or g["aday2"]),)), True)
    if g["wday"]:
        # "on Tuesdays", "every Tuesday": the series; "Tuesday": one day (one session of a series)
        series = g["wday"].lower().endswith("s") or m.group(0).lower().startswith(("every", "each"))
        return "day", ("", frozenset((_day(g["wday"]),)), series)
    if g["wk"] or g["kind"]:
        # "on weekends", "on shift days" scope the routine; they are no day it moves to (held_beside)
        return "scope", " ".join((g["wk"] or g["kind"]).lower().split())
    if g["part"]:
        return "part", g["part"].lower().rstrip("s")
    if g["dmon"] or g["dmon2"]:
        day = int(g["dmon"] or g["dmon2"])
        return ("date", ((g["mon"] or g["mon2"]).lower()[:3], day)) if 1 <= day <= 31 else None
    if g["noon"]:
        return "clock", ((0 if g["noon"].lower() == "midnight" else 720), True)
    if g["clock"] or g["bare"]:
        found = _minutes(g["clock"] or g["bare"])
        return None if found is None else ("clock", found)
    return "", None  # a rhythm word: no field, only taken out of the words


def read_clause(clause: str) -> Reading | None:
    """The time fields and other words of one clause, or None when a field is said twice or a time is
    malformed ("at 25:00")."""
    fields: dict[str, object] = {}
    since: dict[str, object] = {}
    instance = False
    kept: list[str] = []
    pos = 0
    for m in _TIME_RE.finditer(clause):
        found = _field(m)
        if found is None:
            return None
        kept.append(clause[pos:m.start()])
        if m.groupdict()["lead"] and m.group("lead").lower() in ("is", "to", "until"):
            kept.append(" " + m.group("lead") + " ")  # "is"/"to" are words of the clause too
        pos = m.end()
        kind, value = found
        if not kind:
            continue
        if m.groupdict()["wday"]:
            after = _NEXT_WORD_RE.match(clause, m.end())
            instance = instance or (after is not None and after.group(1).lower() not in _AFTER_DAY)
        if (m.groupdict()["lead"] or "").lower() == "from" or clause[max(0, m.start() - 5):m.start()].lower().endswith(
                "from "):
            if kind in since:
                return None
            since[kind] = value
            continue
        if kind in fields:
            return None  # "at 9:30 ... at 10", "Mon-Thu, fridays off": not one reading
        fields[kind] = value
    kept.append(clause[pos:])
    words = re.sub(r"[^\w'&-]+", " ", " ".join(kept).lower()).split()
    words = [w.lstrip("'").strip("-") for w in words]  # "kids'" keeps its apostrophe: an owner
    return Reading(fields, [w for w in words if w and w != "'"], since, instance)


def same_clock(a: object, b: object) -> bool:
    """Two clock readings agree: exactly when both say am/pm, on a 12-hour dial otherwise ("3:15" is "3:15pm")."""
    (ma, pa), (mb, pb) = a, b  # type: ignore[misc]
    return ma == mb if pa and pb else ma % 720 == mb % 720


def same_field(kind: str, a: object, b: object) -> bool:
    """Two readings of one field agree (a day's mode and days; whether it recurs is not compared)."""
    if kind == "clock":
        return same_clock(a, b)
    return a == b if kind != "day" else not _other_days(a, b)


def _other_days(a: object, b: object) -> bool:
    """Whether two day readings name other days: none in common ("Mondays" / "Wednesdays"), or one day at
    two ordinals ("first Tuesday" / "third Tuesday"). "Thursdays" against "the first Thursday" narrows or
    widens the series and "every other Monday" against "Mondays" changes how often: not judged."""
    (mode_a, days_a, _), (mode_b, days_b, _) = a, b  # type: ignore[misc]
    if not days_a & days_b:
        return True
    return days_a == days_b and mode_a != mode_b and mode_a in _ORDINAL_WORDS and mode_b in _ORDINAL_WORDS
