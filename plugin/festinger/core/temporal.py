"""Time cues in a recall query ("on May 2nd", "last June", "two weeks ago", "before March"),
read as a window of time to match against memory timestamps.

Pure: the caller passes ``now`` (epoch seconds); no clock here. Windows are UTC calendar
spans, because the pack stores creation times in UTC. A date without a year means its most
recent occurrence not after ``now`` (asked in May, "December 3rd" is last December).
Relative spans are generous on purpose ("two weeks ago" is 10-18 days back): people round,
and a window that misses the memory costs more than one that also holds a few neighbours,
which the other rankings still order.

Not read: events as anchors ("before she moved" needs the event's date from memory, which is
a second lookup, not a parse) and vague words ("recently", "lately") that would cover most of
a young store and so tell nothing apart.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Optional

DAY = 86_400.0

MONTHS = {name: i + 1 for i, name in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september",
     "october", "november", "december"])}
MONTHS.update({name[:3]: num for name, num in list(MONTHS.items())})
MONTHS["sept"] = 9
_MONTH = r"(january|february|march|april|may|june|july|august|september|october|november|" \
         r"december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
_DAYNUM = r"(\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"((?:19|20)\d{2})"
NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
           "a couple of": 2, "a few": 3, "several": 4}
_COUNT = r"(\d{1,3}|a couple of|a few|several|an|a|one|two|three|four|five|six|seven|eight|" \
         r"nine|ten|eleven|twelve)"

_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_MONTH_DAY = re.compile(rf"\b{_MONTH}\.?\s+{_DAYNUM}\b(?:,?\s+{_YEAR})?", re.I)
_DAY_MONTH = re.compile(rf"\b{_DAYNUM}\s+(?:of\s+)?{_MONTH}\b(?:,?\s+{_YEAR})?", re.I)
_MONTH_YEAR = re.compile(rf"\b{_MONTH}\s+(?:of\s+)?{_YEAR}\b", re.I)
# A month alone only after a word that makes it a time ("May I" is not a month).
_MONTH_ALONE = re.compile(rf"\b(last|this|in|during|since|before|after|early|late|mid)\s+(?:in\s+)?"
                          rf"{_MONTH}\b(?!\s+\d)", re.I)
_AGO = re.compile(rf"\b{_COUNT}\s+(day|week|month|year)s?\s+ago\b", re.I)
_NAMED = re.compile(r"\b(yesterday|today|tonight|this morning|last night|last week|this week|"
                    r"last month|this month|last year|this year|the other day)\b", re.I)
_DIRECTION = re.compile(r"\b(before|after|since|until|prior to)\s*$", re.I)


@dataclass(frozen=True)
class TimeWindow:
    """[start, end) in epoch seconds, and the words it was read from."""

    start: float
    end: float
    phrase: str

    def contains(self, ts: Optional[float]) -> bool:
        return ts is not None and self.start <= ts < self.end


def _utc(ts: float) -> datetime:
    return datetime.fromtimestamp(ts, tz=timezone.utc)


def _day(y: int, m: int, d: int) -> Optional[tuple[datetime, datetime]]:
    try:
        start = datetime(y, m, d, tzinfo=timezone.utc)
    except ValueError:
        return None
    return start, start + timedelta(days=1)


def _month(y: int, m: int) -> tuple[datetime, datetime]:
    start = datetime(y, m, 1, tzinfo=timezone.utc)
    end = datetime(y + (m == 12), m % 12 + 1, 1, tzinfo=timezone.utc)
    return start, end


def _latest_year(now: datetime, month: int, day: int = 1) -> int:
    """The year of the most recent (month, day) not after ``now``."""
    try:
        this_year = datetime(now.year, month, day, tzinfo=timezone.utc)
    except ValueError:
        return now.year - 1
    return now.year if this_year <= now else now.year - 1


def _spans(text: str, now: datetime) -> list[tuple[int, int, datetime, datetime, str]]:
    """Every time expression found: (match start, match end, window start, window end, words)."""
    out: list[tuple[int, int, datetime, datetime, str]] = []

    def add(m: re.Match, span: Optional[tuple[datetime, datetime]]) -> None:
        if span is not None and not any(m.start() < e and s < m.end() for s, e, *_ in out):
            out.append((m.start(), m.end(), span[0], span[1], m.group(0)))

    for m in _ISO.finditer(text):
        add(m, _day(int(m.group(1)), int(m.group(2)), int(m.group(3))))
    for m in _MONTH_DAY.finditer(text):
        month, day = MONTHS[m.group(1).lower()], int(m.group(2))
        year = int(m.group(3)) if m.group(3) else _latest_year(now, month, day)
        add(m, _day(year, month, day) if 1 <= day <= 31 else None)
    for m in _DAY_MONTH.finditer(text):
        month, day = MONTHS[m.group(2).lower()], int(m.group(1))
        year = int(m.group(3)) if m.group(3) else _latest_year(now, month, day)
        add(m, _day(year, month, day) if 1 <= day <= 31 else None)
    for m in _MONTH_YEAR.finditer(text):
        add(m, _month(int(m.group(2)), MONTHS[m.group(1).lower()]))
    for m in _MONTH_ALONE.finditer(text):
        lead, month = m.group(1).lower(), MONTHS[m.group(2).lower()]
        year = _latest_year(now, month)
        if lead == "last" and year == now.year and month == now.month:
            year -= 1  # "last May", said in May, is a year ago
        add(m, _month(year, month))
    for m in _AGO.finditer(text):
        n = NUMBERS.get(m.group(1).lower()) or int(m.group(1))
        unit = {"day": 1, "week": 7, "month": 30, "year": 365}[m.group(2).lower()]
        centre = now - timedelta(days=n * unit)
        slack = timedelta(days=max(1.0, 0.3 * n * unit, 2.0 if m.group(1).lower() in
                                   ("a few", "several", "a couple of") else 0.0))
        add(m, (centre - slack, min(now, centre + slack + timedelta(days=1))))
    today = datetime(now.year, now.month, now.day, tzinfo=timezone.utc)
    for m in _NAMED.finditer(text):
        w = m.group(1).lower()
        if w in ("today", "tonight", "this morning"):
            span = (today, today + timedelta(days=1))
        elif w in ("yesterday", "last night"):
            span = (today - timedelta(days=1), today)
        elif w == "the other day":
            span = (today - timedelta(days=6), today)
        elif w == "this week":
            span = (today - timedelta(days=7), today + timedelta(days=1))
        elif w == "last week":
            span = (today - timedelta(days=14), today - timedelta(days=5))
        elif w == "this month":
            span = _month(now.year, now.month)
        elif w == "last month":
            span = _month(now.year - (now.month == 1), (now.month - 2) % 12 + 1)
        elif w == "this year":
            span = (datetime(now.year, 1, 1, tzinfo=timezone.utc), now + timedelta(days=1))
        else:  # last year
            span = (datetime(now.year - 1, 1, 1, tzinfo=timezone.utc),
                    datetime(now.year, 1, 1, tzinfo=timezone.utc))
        add(m, span)
    return sorted(out)


def time_window(text: str, now: float) -> Optional[TimeWindow]:
    """The time the query points at, or None. Several expressions: the span covering them
    all ("between March 3 and March 9"). "before X"/"until X" open the window to the past,
    "after X"/"since X" to ``now``."""
    if not text:
        return None
    now_dt = _utc(now)
    spans = _spans(text, now_dt)
    if not spans:
        return None
    start = min(s[2] for s in spans)
    end = max(s[3] for s in spans)
    first = spans[0]
    lead = _DIRECTION.search(text[: first[0]])
    if lead is None and first[4].split()[0].lower() in ("before", "after", "since"):
        lead = re.match(r"(before|after|since)", first[4], re.I)
    phrase = " .. ".join(s[4] for s in spans)
    if lead is not None:
        word = lead.group(1).lower()
        if word in ("before", "until", "prior to"):
            return TimeWindow(float("-inf"), first[2].timestamp(), f"{word} {phrase}")
        return TimeWindow(first[3].timestamp() if word == "after" else first[2].timestamp(),
                          now + DAY, f"{word} {phrase}")
    if start >= now_dt + timedelta(days=1):
        return None  # only future dates: a plan, not a memory to find
    return TimeWindow(start.timestamp(), end.timestamp(), phrase)
