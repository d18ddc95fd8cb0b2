"""New values that hold beside the stored one, not instead of it (attack69; pure logic).

Four everyday wordings give a new value of what reads as the stored slot, yet say in the same breath
that the stored value is not replaced:

* the money goes the other way: "I lent Sam $50." / "Sam now lent me $20." The user's part in a
  transfer (the one who pays, lends, owes, or the one paid, lent, owed) is part of the slot, so a
  clause with the user as the doer and one with the user as the one it is done to are two slots
  (`reverses_roles`);
* the clocks changed: "My timezone is now UTC-4 because of DST", "Since the clocks changed, my
  timezone is UTC+2". Daylight saving (summer time, the clocks going forward or back) given as the
  reason makes the value the same thing's seasonal shift, and the stored one comes back with the
  clocks (`seasonal_clock_shift`);
* a period after a value said to hold now: "My budget is now $3,500 over the holidays", "My commute
  is now 20 minutes over the weekend". Only a change told in the past ("upgraded to Windows 11 over
  the weekend") is dated by it; a value that holds "now" holds over that period, the period being
  its scope (`holds_over_period`);
* a kind of day: "I now wake up at 5:30 on shift days". "On <kind> days" names the days the time
  holds on, like "on weekends", never a day the routine moved to (`DAY_KIND`).
"""

from __future__ import annotations

import re

from festinger.core.contradiction.lexicon import changes as ch

__all__ = ["DAY_KIND", "holds_over_period", "reverses_roles", "seasonal_clock_shift"]

# -- the user's part in the clause ------------------------------------------------------------------

_USER_HEAD_RE = re.compile(r"^\W*(?:the\s+)?user(?![\w'])(?!'s)", re.I)  # "The user owes ...": the subject
_DOER_RE = re.compile(r"(?<![\w'])(?:i|we)(?![\w'])", re.I)
_DONE_TO_RE = re.compile(r"(?<![\w'])(?:me|us|user)(?![\w'])(?!'s)", re.I)  # "Sam now owes the user $20"


def _part(clause: str) -> str:
    """"doer" (the user is the clause's subject: "I lent Sam $50"), "done to" (the user only as its
    object: "Sam now lent me $20"), or "" (neither or both: "My rent is $900", "I asked Sam to pay me")."""
    head = _USER_HEAD_RE.match(clause)
    rest = clause[head.end():] if head else clause
    doer, done_to = bool(head or _DOER_RE.search(rest)), bool(_DONE_TO_RE.search(rest))
    return "doer" if doer and not done_to else "done to" if done_to and not doer else ""


def reverses_roles(old_clause: str, new_clause: str) -> bool:
    """Whether one clause has the user doing what the other has done to the user ("I lent Sam" /
    "Sam lent me", "The user owes Sam" / "Sam owes the user"): the slot is the other direction's."""
    parts = {_part(old_clause), _part(new_clause)}
    return parts == {"doer", "done to"}


# -- a seasonal shift of the clock -----------------------------------------------------------------

_CLOCKS = (r"(?:daylight[\s-]+sav(?:ing|ings)(?:\s+time)?|dst|summer\s*time|winter\s+time|"
           r"(?:the|our|my|their|its|his|her)\s+clocks?\s+(?:changed|change|changing|went|go|going|sprang|spring|"
           r"fell|fall|moved|shifted|were\s+\w+)|chang\w*\s+(?:the|our|its|their)\s+clocks?)")
# A reason or a cause that names the clocks: "because of DST", "since daylight saving started",
# "Since the clocks changed, ...", "now that summer time is here" ("no daylight saving" says none).
_CLOCK_REASON_RE = re.compile(
    rf"(?<![\w'])(?:because\s+of|because|due\s+to|thanks\s+to|since|now\s+that|with|as|after)\s+"
    rf"(?:[\w'-]+\s+){{0,3}}?{_CLOCKS}(?![\w'])", re.I)


def seasonal_clock_shift(incoming: str) -> bool:
    """Whether the incoming memory gives daylight saving (summer time, the clocks changing) as the
    reason for what it says: the same zone's or the same routine's seasonal shift, not a new value."""
    low = incoming.lower()
    return ("clock" in low or "daylight" in low or "dst" in low or "summer" in low or "winter" in low) and bool(
        _CLOCK_REASON_RE.search(incoming))


# -- a period after a value that holds now --------------------------------------------------------

_PERIOD_TAIL_RE = re.compile(r"\s+over\s+the\s+(?:weekend|holidays)\s*[.!]?\s*$", re.I)
_NOW_RE = re.compile(r"(?<![\w'])now(?![\w'])", re.I)
# A change told in the past: a "-ed" verb or an irregular past ("cut", "set" only as a change verb
# before "to": "is now set for 8" is a state).
_PAST_RE = re.compile(rf"(?<![\w'])(?:[a-z]{{2,}}ed|{'|'.join(sorted(ch.PAST_VERBS))}|rebuilt|broke|"
                      r"(?:cut|set|put)\s+(?:it\s+|them\s+)?(?:to|at|down|up))(?![\w'])", re.I)


def holds_over_period(sentence: str) -> bool:
    """Whether a closing "over the weekend / over the holidays" is the period a value holds for: the
    sentence says the value holds "now" and tells no change in the past that it could date."""
    s = sentence.strip()
    m = _PERIOD_TAIL_RE.search(s)
    if m is None or not _NOW_RE.search(s[:m.start()]):
        return False
    return not any(w.group(0).lower() not in ch.NOT_PAST for w in _PAST_RE.finditer(s[:m.start()]))


# -- a kind of day ---------------------------------------------------------------------------------

# "(on) shift days", "early days", "night-shift days", "my office days": the days the time holds on
# (said after "on"; "most days", "some days" say how often, not which days).
DAY_KIND = r"(?:(?:my|our|the)\s+)?(?!(?:most|some|all|these|those|other|few|many)\s)[a-z][a-z-]*\s+days"
