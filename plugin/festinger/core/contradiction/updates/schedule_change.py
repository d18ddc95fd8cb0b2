"""A recurring thing's time said anew with a change: "Standup is at 9:30 every day" / "Standup moved to 10:15" (pure logic).

`rescheduled` reads one clean shape ("The X was moved to <time>") and `anchored` one typed value per
clause; everyday updates of a routine are said looser: "after-school club now so pickup is 5:30",
"book club's now last thursday of the month, tuesdays didn't work for people", "I wake up at 7:30
now", "swapped the train for the 11:00, couldn't face 7am". This rule reads both memories as one
sentence each, the stored one as one clause, the incoming one clause by clause (`schedule_times`
takes the time fields out: clock, hour range, day, part of day), and flags the pair when
* exactly one incoming clause names the stored thing: its words (owners, link verbs, change words
  and "team"/"daily"/"school"/"kids" out) are the stored words, or the stored words without a named
  owner the incoming memory also names ("Leo's school pickup" / "Leo's school changed its hours,
  pickup is ...") or a trip's destination ("Train to Edinburgh" / "the train"); an extra word in the
  incoming clause ("the leads standup", "my wife wakes up", "standup is 15 minutes") is another thing;
* that clause names a routine head ("standup", "pickup", "wake", "gym", "book club", "train" ...);
* the change is said in it, or in the clause before it that it follows with "so", or in a
  following "since ..." clause (now, moved, switched, changed, from this week, these days);
* its time fields are some of the stored ones ("moved to 10:00 on Fridays" narrows the series to a
  day: refused) and one of them differs; a "from 9:30" must be the stored time.
Refused on either side: one-offs (today, tomorrow, this week's, only, for now), plans and hedges,
conditions, seasons and holidays, time zones, additions (also, too, another), the past ("used to",
"was at"), denials, questions, and any memory of more than one sentence or line.
"""

from __future__ import annotations

import re

from festinger.core.contradiction.text.normalise import clean, expand_contractions
from festinger.core.contradiction.updates.asides import harmless_aside
from festinger.core.contradiction.updates.rescheduled import one_sentence
from festinger.core.contradiction.updates.schedule_times import Reading, read_clause, same_field
from festinger.core.contradiction.verdict import Contradiction, clip

__all__ = ["by_schedule_change"]

_MAX_CHARS = 300
# The cheap look first: a change word and something that reads as a time.
_GATE_RE = re.compile(r"\b(?:now|moved|switched|changed|shifted|bumped|pushed|swapped|rescheduled|from\s+this|"
                      r"starting|these\s+days|nowadays|since)\b", re.I)
_TIME_GATE_RE = re.compile(r"\d|day|morning|afternoon|evening|night|noon", re.I)
_CHANGE_RE = re.compile(r"\b(?:now|moved|switched|changed|shifted|bumped|pushed|swapped|rescheduled|nowadays|"
                        r"these\s+days)\b")
_REFUSED = (r"today|tonight|tomorrow|yesterday|this\s+(?:time|once|one)|only|just\s+for|one-off|once|for\s+now|"
            r"for\s+a\s+(?:while|bit|few|couple)|for\s+the\s+(?:next|rest)|temporar\w*|until|till|except|unless|if|when|"
            r"whenever|while|during|summer|winter|spring|autumn|holidays?|half-term|term\s*time|christmas|easter|ramadan|"
            r"vacation|think|thinking|might|(?<!\d\s)may(?!\s+\d)|could(?!\s+not)|should|would|will|want|wants|wanted|plans?\s+to|planning\s+(?:to|on)|"
            r"considering|consider|maybe|probably|perhaps|hope|hoping|hopefully|try|trying|propos\w+|suggest\w*|ask\w*|"
            r"wish|going\s+to|gonna|about\s+to|supposed|used\s+to|last\s+(?:year|month|week|term|time)|ago|back\s+when|"
            r"back\s+in|before|previously|originally|also|too|as\s+well|another|extra|additional|(?<!every\s)other|"
            r"(?:my|their|your|his|her|our)\s+time|for\s+them|time\s*zone|local|utc|gmt|bst|cet|cest|est|edt|pst|pdt|"
            r"ist|jst|aest|et|pt|ct|mt|sometimes|occasionally|some\s+(?:days|weeks)|every\s+now|"
            r"jk|j/k|kidding|joking|lol|nah|back\s+to|(?:moved|changed|switched|put|pushed)\s+(?:it|them)\s+back|revert\w*")
# (a retraction: "moved to 10am, jk", "then back to 9am"; pasted markdown or a table: a scoped line)
_REFUSED_RE = re.compile(rf"\b(?:{_REFUSED})\b|[?\n*#|>]")
# "this week's pickup", "next week the standup ...": one session unless "from/starting/as of this week".
# "from next week": a change that does not hold yet.
_ONE_WEEK_RE = re.compile(r"(?<!from\s)(?<!starting\s)(?<!as\sof\s)\bthis\s+(?:week|month)|\bnext\s+(?:week|month|term)")
_DENIED_RE = re.compile(r"\b(?:not|never|no|cannot|nobody|none)\b")
_PAST_RE = re.compile(r"\b(?:was|were|had|did|went|woke|used)\b")
_CLAUSE_SPLIT_RE = re.compile(r"\s*(?:[,;]|\s-\s|\b(?=so\b)|\b(?=but\b)|\b(?=and\b)|\b(?=because\b)|\b(?=since\b)|"
                              r"\b(?=cos\b)|\b(?=as\b(?!\s+of)))\s*")  # a "Lead: ..." stays in its clause: its words are a scope
# Verbs and phrases a routine is said with, spelled one way: "pick the kids up", "woke"/"waking up".
_REWRITES = (
    (re.compile(r"\bpick(?:s|ing)?\s+(?:(?:the|my|our)\s+)?([a-z]+)\s+up\b"), r"pickup \1"),
    (re.compile(r"\bpick(?:s|ing)?[\s-]*ups?\b|\bpickups\b"), "pickup"),
    (re.compile(r"\bdrop(?:s|ping)?[\s-]*offs?\b|\bdropoffs\b"), "dropoff"),
    (re.compile(r"\b(?:wake|wakes|waking)\s+up\b|\bwakes\b|\bwaking\b"), "wake"),
    (re.compile(r"\b(?:go|goes|going)\s+to\s+(?=the\s+gym\b)"), ""),
    (re.compile(r"\b(?:stand-ups?|standups)\b"), "standup"),
    (re.compile(r"\b(?:from|starting|as\s+of)\s+this\s+(?:week|month|term)\b"), "now"),
    (re.compile(r"\b(swapped|switched|changed|traded)\s+([a-z' ]{1,40}?)\s+for\s+(?=(?:the\s+)?\d)"), r"\1 \2 to "),
    (re.compile(r"\b([a-z]+)'s\s+(?=(?:now|at|on|in|moved|been|switched|changed|the|every|last|first|\d))"), r"\1 is "),
)
_STOP = frozenset(
    "the my our their his her i we me us user user's is are am be been being has have having get gets got at on in to of "
    "by from with this it its now moved move moves switched switch changed change shifted shift bumped pushed back "
    "swapped swap rescheduled these days nowadays anymore starting as officially permanently so then ok okay update "
    "fyi btw week was were meets meet starts start begins begin happens held do does doing go goes there up".split())
# Words the stored memory may say that the incoming one leaves out ("Team standup" / "standup moved"),
# never the other way round ("User's lunch" / "User's team lunch" is another lunch).
_GENERIC = frozenset("team daily weekly monthly usual regular school kids kid children".split())
_OWNERS = {"my": "my", "i": "", "our": "our", "team": "our", "their": "their", "his": "his", "her": "her"}
# Routines of the user's own whose days add up rather than move ("gym on Mondays" / "on Wednesdays now").
_HABITS = frozenset("gym work run running swim swimming workout wake commute walk".split())
_HEADS = frozenset(
    "standup pickup dropoff wake gym club planning retro retrospective sync meeting call class lesson lessons practice "
    "training session train flight bus ferry coach shift therapy appointment 1:1 1-1 one-on-one huddle review demo "
    "service mass rehearsal yoga pilates swim swimming run running workout bedtime lunch dinner breakfast work "
    "commute choir football tennis due deadline".split())
_TRAVEL = frozenset("train flight bus ferry coach".split())


def _prepared(text: str) -> str | None:
    sentence = one_sentence(text) if len(text) <= _MAX_CHARS else None
    if sentence is None:
        return None
    low = expand_contractions(clean(sentence)).lower()
    if _REFUSED_RE.search(low) or _ONE_WEEK_RE.search(low):
        return None
    for rx, repl in _REWRITES:
        low = rx.sub(repl, low)
    return low


def _anchor(reading: Reading) -> frozenset[str]:
    return frozenset(w for w in reading.words if w not in _STOP)


def _owner(reading: Reading) -> str:
    """Whose the thing is said to be: "my", "our" (also a "team" one), "their" ..., or "" when not said."""
    return next((_OWNERS[w] for w in reading.words if _OWNERS.get(w)), "")


def _stored(existing: str) -> tuple[Reading, frozenset[str], str] | None:
    low = _prepared(existing)
    if low is None or _DENIED_RE.search(low) or _PAST_RE.search(low):
        return None
    reading = read_clause(re.sub(r":\s", " ", low))
    if reading is None or not reading.fields or reading.since or reading.instance or {"a", "an"} & set(reading.words):
        return None  # "I have a call at 3pm": one of many, a later "the call" may be another
    return reading, _anchor(reading), low


def _droppable(stored_low: str, anchor: frozenset[str], incoming_low: str, head: frozenset[str]) -> frozenset[str]:
    """Stored words the incoming clause may leave out: an owner the incoming memory names elsewhere
    ("Leo's"), and a trip's destination ("Train to Edinburgh" / "the train")."""
    owners = {w for w in anchor if w.endswith("'s") and re.search(rf"\b{re.escape(w[:-2])}\b", incoming_low)}
    places: set[str] = set()
    if head & _TRAVEL:
        places = {m.group(1) for m in re.finditer(r"\bto\s+([a-z][\w-]*)", stored_low)} & anchor
    return frozenset(owners | places) | _GENERIC


def _names_old(clause: str, old: Reading) -> bool:
    """Whether another clause of the incoming memory holds no time, or only the stored one
    ("couldn't face 7am", "tuesdays didn't work for people")."""
    reading = read_clause(clause)
    if reading is None:
        return False
    for kind, value in reading.fields.items():
        was = old.fields.get(kind)
        if was is None:
            return False
        if kind == "day" and not value[1] <= was[1]:  # type: ignore[index]
            return False
        if kind != "day" and not same_field(kind, value, was):
            return False
    return True


def _said_changed(clauses: list[str], at: int) -> bool:
    if _CHANGE_RE.search(clauses[at]):
        return True
    if at and clauses[at].startswith("so ") and _CHANGE_RE.search(clauses[at - 1]):
        return True  # "after-school club now so pickup is 5:30"
    return at + 1 < len(clauses) and clauses[at + 1].startswith("since ")  # "... at 7:30 since I started"


def by_schedule_change(existing: str, incoming: str) -> Contradiction | None:
    """The stored routine's time said anew with a change, or None when unsure."""
    if len(incoming) > _MAX_CHARS or len(existing) > _MAX_CHARS or not _GATE_RE.search(incoming) or (
            not _TIME_GATE_RE.search(incoming)):
        return None
    new_low = _prepared(incoming)
    if new_low is None:
        return None
    stored = _stored(existing)
    if stored is None:
        return None
    old, old_anchor, old_low = stored
    clauses = [c for c in _CLAUSE_SPLIT_RE.split(new_low) if c]
    found: list[tuple[int, Reading, frozenset[str]]] = []
    for at, clause in enumerate(clauses):
        reading = read_clause(clause)
        if reading is None:
            return None  # a clause we cannot read may say anything about the time
        anchor = _anchor(reading)
        if anchor and anchor <= old_anchor and anchor & _HEADS:
            found.append((at, reading, anchor))
    if len(found) != 1:
        return None  # none, or the thing said twice ("standup is at 9:30, the Friday standup at 10")
    at, new, anchor = found[0]
    if new.instance or any(w.endswith("'") or w.endswith("'s") for w in anchor) or _owner(new) not in ("", _owner(old)):
        return None  # "the Friday standup", "the kids' bedtime", "our meeting" against "the meeting"
    if any(not _names_old(c, old) for i, c in enumerate(clauses) if i != at):
        return None  # another time in another clause: a list ("Wednesdays and Fridays") or a second thing
    if any(not harmless_aside(c, existing) for i, c in enumerate(clauses) if i != at):
        return None  # "..., apparently", "not confirmed yet, ...", "..., a girl can dream": chat may take it back
    if old_anchor - anchor - _droppable(old_low, old_anchor, new_low, anchor):
        return None  # the stored thing says more: "the leads standup" is not the bare "standup"
    if _DENIED_RE.search(clauses[at]) or (_PAST_RE.search(clauses[at]) and not _CHANGE_RE.search(clauses[at])):
        return None
    if not _said_changed(clauses, at) or not new.fields or not set(new.fields) <= set(old.fields):
        return None
    if new.since and any(k not in old.fields or not same_field(k, v, old.fields[k]) for k, v in new.since.items()):
        return None  # "is at 2pm" / "moved from 4pm to 5pm": another one
    changed = [k for k in new.fields if not same_field(k, new.fields[k], old.fields[k])]
    if not changed or "scope" in changed or ("day" in changed and anchor & _HABITS):
        return None  # "Weekdays" / "Weekends" scope two routines; a habit on a new day may be one more day
    if "day" in new.fields and new.fields["day"][2] != old.fields["day"][2]:  # type: ignore[index]
        return None  # "Yoga is on Tuesdays" / "moved to Thursday": one session, not the series
    subject = " ".join(sorted(anchor))
    return Contradiction("value", subject, clip(existing), clip(incoming),
                         f"the time of {subject!r} changed ({', '.join(changed)}): {clip(existing)!r} -> "
                         f"{clip(incoming)!r}")
