"""An event moved to another time: "The standup is at 9am" / "The standup was moved to 10am" (pure logic).

The grammar reads "is at 9am" as a time slot but not every way an event is said to move ("got moved
to May 5", "was rescheduled to Thursday", "has been postponed to September 2025"), and a slot named
"standup time" never met one named "standup". This rule reads the two one-sentence memories whole:

* the existing memory says when one event is ("The user's flight is on 3 May", "The deadline for the
  report is Friday", "User has a standup every day at 9:30");
* the incoming memory says that the SAME event (same words, same "with Tom" / "for the report";
  "the user's", "my" and a bare "the" are one owner, as a bare "the flight" of a one-sentence memory
  is the user's) was moved, rescheduled, postponed or brought forward to another time;
* both times are read completely (a weekday, a time of day, a date, a month, a year, nothing else),
  and they differ on a field both name: a move to 3 pm says nothing of a Tuesday, and a new time
  that names a field the old one lacks ("moved to 10:00 on Fridays") moves only part of the event.

A plan ("might be moved"), a condition, another person's event ("the sister's wedding"), a tail
the rule does not read ("last year", "for the holidays") or a memory of more than one sentence is
left to the grammar, which reads none of them as this move.

Three shapes name another event, or another instance of it (the eleventh attack):
* a "from" time that is not the stored time: "The call is at 2pm" / "was moved from 4pm to 5pm" is
  another call, so the "from" must agree with the stored time on every field both name (and share one);
* an indefinite stored event, "User has a meeting at 3pm": one meeting of many, so a bare "The meeting
  was moved" is not known to be it; it needs a qualifier ("a dentist appointment", "a call with Tom");
* a recurring stored time ("every day at 9am", "on Mondays", "a daily standup"): moving one session
  does not move the series, so the move must name the series too ("the daily standup", "to Tuesdays");
and "our meeting" (a group's) is not "my meeting".

After the sixteenth attack: the active voice ("We've postponed the wedding to May 2026": the actor
owns the event, "I moved our meeting" says no one owner), "Standup has moved to 10:00 starting this
week", a "Team standup" that is the bare "standup", and a "flight to Lisbon" that is the "Lisbon flight".
"""

from __future__ import annotations

import re
from typing import Sequence

from festinger.core.contradiction.text.memo import per_text
from festinger.core.contradiction.text.segment import MAX_SENTENCE_CHARS, split_sentences

__all__ = ["event_moved", "one_sentence", "one_sentence_matches", "when_fields"]

_EVENT_NOUNS = frozenset(
    "meeting standup stand-up sync call appointment flight train wedding deadline interview party dinner lunch "
    "exam surgery operation checkup check-up consultation visit trip vacation holiday launch release demo "
    "review presentation talk class lesson session workshop conference retro retrospective kickoff offsite "
    "ceremony concert hearing delivery reservation booking one-on-one 1:1 huddle catch-up".split())
_USER_OWNERS = ("the user's", "user's", "my", "their", "the", "our")
_EVENT = r"((?:[\w'-]+\s+){0,3}?[\w:'-]+?)(?:\s+((?:with|for|to)\s+[\w' -]{1,30}?))?"
_OLD_IS_RE = re.compile(
    rf"^{_EVENT}\s+(?:is|are)\s+(?:(?:scheduled|planned|set|booked)\s+)?(?:(?:for|on|at|in)\s+)?(.+?)$", re.I)
_OLD_HAS_RE = re.compile(
    rf"^(?:the\s+)?(?:user|i)\s+(?:has|have)\s+an?\s+{_EVENT}\s+(?:every\s+day\s+|daily\s+|every\s+week\s+)?"
    r"(?:at|on)\s+(.+?)$", re.I)
# The active voice of the same move: "We've postponed the wedding to May 2026", "I changed my Lisbon
# flight to June 5". The actor (the user or the user's "we") owns the event: "the" after it is theirs.
_ACTIVE_MOVED_RE = re.compile(
    rf"^(?P<who>i|we|(?:the\s+)?user)(?:'ve|\s+have|\s+has)?\s+(?:(?:just|finally)\s+)?(?:moved|rescheduled|postponed|"
    rf"pushed\s+back|brought\s+forward|changed|delayed)\s+(?P<det>the|my|our|their)\s+{_EVENT}\s+"
    r"(?:from\s+(.+?)\s+)?to\s+(.+?)$", re.I)
_NEW_MOVED_RE = re.compile(
    rf"^{_EVENT}\s+(?:was\s+|were\s+|has\s+been\s+|have\s+been\s+|has\s+|have\s+|got\s+)?"
    r"(?:moved|rescheduled|postponed|"
    r"pushed(?:\s+back)?|brought\s+forward|shifted|changed|delayed)\s+(?:from\s+(.+?)\s+)?to\s+(.+?)"
    r"(?:\s+(?:starting|from)\s+(?:this|next)\s+week)?$", re.I)

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_MONTH = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|" \
         r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_TOKENS = [
    ("weekday", re.compile(r"(?:next\s+|this\s+)?(mon|tues|wednes|thurs|fri|satur|sun)days?\b", re.I)),
    ("iso", re.compile(r"(\d{4})-(\d{2})-(\d{2})\b")),
    ("month_day", re.compile(rf"{_MONTH}\s+(\d{{1,2}})(?:st|nd|rd|th)?\b", re.I)),
    ("day_month", re.compile(rf"(?:the\s+)?(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}(?![a-z])", re.I)),
    ("month", re.compile(rf"{_MONTH}(?![a-z])", re.I)),
    ("year", re.compile(r"(\d{4})\b")),
    ("clock", re.compile(r"(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)(?![a-z])", re.I)),
    ("clock24", re.compile(r"(\d{1,2}):(\d{2})\b")),
    ("noon", re.compile(r"(noon|midday|midnight)\b", re.I)),
]
# A time or an event said to recur: "every day", "daily", "on Mondays".
_RECURRING_RE = re.compile(r"\b(?:every|each|daily|weekly|monthly|(?:mon|tues|wednes|thurs|fri|satur|sun)days)\b", re.I)
_JOINER_RE = re.compile(r"(?:\s*,\s*|\s+(?:at|on|in|of)\s+|\s+)", re.I)


def _month(text: str) -> int:
    low = text.lower().rstrip(".")
    return next(i + 1 for i, m in enumerate(_MONTHS) if m.startswith(low[:3]))


def _when(text: str) -> dict[str, int] | None:
    """The fields of a time written out completely ("Tuesday at 2pm", "5 May", "September 2025"), or None."""
    text = text.strip().rstrip(".!").strip()
    fields: dict[str, int] = {}
    pos = 0
    while pos < len(text):
        if pos:
            j = _JOINER_RE.match(text, pos)
            if j is None or j.end() == pos:
                return None
            pos = j.end()
        for kind, rx in _TOKENS:
            m = rx.match(text, pos)
            if m is None:
                continue
            g = m.groups()
            if kind == "weekday":
                fields["weekday"] = next(i for i, d in enumerate(_WEEKDAYS) if d.startswith(g[0].lower()))
            elif kind == "iso":
                fields.update(year=int(g[0]), month=int(g[1]), day=int(g[2]))
            elif kind == "month_day":
                fields.update(month=_month(g[0]), day=int(g[1]))
            elif kind == "day_month":
                fields.update(month=_month(g[1]), day=int(g[0]))
            elif kind == "month":
                fields["month"] = _month(g[0])
            elif kind == "year":
                fields["year"] = int(g[0])
            elif kind == "clock":
                hour = int(g[0]) % 12 + (12 if g[2].lower().startswith("p") else 0)
                fields["minute"] = hour * 60 + int(g[1] or 0)
            elif kind == "clock24":
                fields["minute"] = int(g[0]) * 60 + int(g[1])
            else:
                fields["minute"] = 0 if g[0].lower() == "midnight" else 720
            pos = m.end()
            break
        else:
            return None
    if fields.get("minute", 0) >= 24 * 60 or not 1 <= fields.get("day", 1) <= 31:
        return None
    return fields or None


# The fields of a time written out completely, for the rules that compare two times (`anchored`).
when_fields = _when


def _event(words: str, qualifier: str | None) -> tuple[str, str] | None:
    """("standup", "with tom") for "The user's standup with Tom"; None unless it names an event of the user."""
    low = " ".join(words.lower().split())
    for owner in _USER_OWNERS:
        if low.startswith(owner + " "):
            low = low[len(owner) + 1:]
            break
    parts = [w for w in low.split() if w not in ("daily", "weekly")]
    if parts[:1] == ["team"]:
        parts = parts[1:]  # "Team standup" is the user's team's, as a bare "Standup" is
    qual = " ".join((qualifier or "").lower().split())
    if qual.startswith("to ") and parts:
        parts, qual = qual[3:].split() + parts, ""  # "flight to Lisbon" is the "Lisbon flight"
    if not parts or parts[-1] not in _EVENT_NOUNS or any(w.endswith("'s") or w in _USER_OWNERS for w in parts):
        return None  # "the sister's wedding" is not the user's; "the user's" after a word is a lead we do not read
    return " ".join(parts), qual


def _owner(words: str) -> str:
    low = words.lower().split()
    return low[0] if low else ""


def _user_owner(words: str) -> str:
    """The owner word an event is written with ("the user's", "my", "their", ...), or ""."""
    low = " ".join(words.lower().split())
    return next((owner for owner in _USER_OWNERS if low.startswith(owner + " ")), "")


def one_sentence(text: str) -> str | None:
    """The memory's one sentence without its final stop, or None (several sentences, lines, a question)."""
    if len(text) > MAX_SENTENCE_CHARS:
        return None  # a long text is never one sentence; checked first so huge inputs stay linear and cheap
    return _one_sentence(text)


@per_text(maxsize=1024)  # asked of the same two memories by most event and update rules
def _one_sentence(text: str) -> str | None:
    text = text.strip()
    if not text or "\n" in text or "?" in text:
        return None
    pieces = split_sentences(text)
    return pieces[0].rstrip(".!").strip() if len(pieces) == 1 else None


def one_sentence_matches(existing: str, incoming: str, cue: re.Pattern[str], incoming_re: re.Pattern[str],
                         existing_res: Sequence[re.Pattern[str]]) -> tuple[re.Match[str], re.Match[str]] | None:
    """(existing match, incoming match) for the one-sentence rules (jobchange, possessions, migration):
    the incoming memory must show `cue` (a cheap look first: most pairs never reach the segmenter)
    and be one sentence `incoming_re` matches, the existing one a sentence the first of
    `existing_res` that matches reads. None otherwise. `match.string` is the sentence read."""
    if not cue.search(incoming[:2000]):
        return None
    old, new = one_sentence(existing), one_sentence(incoming)
    if old is None or new is None:
        return None
    n = incoming_re.match(new)
    if n is None:
        return None
    o = next((m for m in (rx.match(old) for rx in existing_res) if m is not None), None)
    return None if o is None else (o, n)


_ACTOR_OWNS = {"i": "my", "we": "our", "user": "the user's", "the user": "the user's"}
_ACTOR_DETS = {"my": ("the", "my"), "our": ("the", "our"), "the user's": ("the", "their")}


def _moved(sentence: str) -> tuple[str, ...] | None:
    """(event words with their owner, qualifier, "from" time, new time) of a move said either way:
    "The wedding was postponed to May" or "We've postponed the wedding to May"."""
    m = _NEW_MOVED_RE.match(sentence)
    if m is not None:
        return m.group(1), m.group(2), m.group(3), m.group(4)
    m = _ACTIVE_MOVED_RE.match(sentence)
    if m is None:
        return None
    owner = _ACTOR_OWNS[" ".join(m.group("who").lower().split())]
    if m.group("det").lower() not in _ACTOR_DETS[owner]:
        return None  # "I moved our meeting", "We moved my flight": whose it is is not said once
    return f"{owner} {m.group(3)}", m.group(4), m.group(5), m.group(6)


def event_moved(existing: str, incoming: str) -> tuple[str, str, str] | None:
    """(event, old time, new time) when the incoming memory moves the existing memory's event."""
    old, new = one_sentence(existing), one_sentence(incoming)
    if old is None or new is None:
        return None
    n = _moved(new)
    o = _OLD_IS_RE.match(old) or _OLD_HAS_RE.match(old)
    if n is None or o is None:
        return None
    event = _event(n[0], n[1])
    if event is None or event != _event(o.group(1), o.group(2)):
        return None
    was, now = _when(o.group(3)), _when(n[3])
    if was is None or now is None:
        return None
    if n[2] is not None:
        since = _when(n[2])
        if since is None:
            return None  # "moved from the usual slot to ...": a "from" we cannot read
        if not set(since) & set(was) or any(since[k] != was[k] for k in set(since) & set(was)):
            return None  # "is at 2pm" / "moved from 4pm to 5pm": the "from" names another event
    if o.re is _OLD_HAS_RE and not (event[1] or " " in event[0] or _RECURRING_RE.search(old)):
        return None  # "User has a meeting at 3pm": one of many; "The meeting was moved" may be another
    if _RECURRING_RE.search(old) and not _RECURRING_RE.search(new):
        return None  # "a call every day at 9am" / "The call was moved to 10am": one session, not the series
    if _owner(o.group(1)) != _owner(n[0]) and "our" in (_owner(o.group(1)), _owner(n[0])):
        return None  # "My meeting" / "Our meeting": the user's own and a group's
    owners = {_user_owner(o.group(1)), _user_owner(n[0])}
    if "their" in owners and not owners <= {"their", "the user's", "user's"}:
        return None  # "My standup" / "Their standup": "their" is the user's only in the memorizer's third person
    if not set(now) <= set(was):
        return None  # "moved to 10:00 on Fridays": a field the old time lacks narrows the move to part of it
    shared = set(was) & set(now)
    if not shared or all(was[k] == now[k] for k in shared):
        return None
    return event[0] + (f" {event[1]}" if event[1] else ""), o.group(3), n[3]
