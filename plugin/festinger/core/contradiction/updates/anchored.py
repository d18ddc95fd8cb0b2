"""A new typed value for the same anchored slot, announced as a change (pure logic).

"Team sync: Mondays 2pm" / "Team sync is now Wednesdays at 11am", "Our monthly marketing budget is
€5,000." / "The marketing budget got cut to €3,500 a month.", "The ORM is SQLAlchemy 1.4." / "We're
on SQLAlchemy 2.0 now.": the grammar cannot read every way a slot is named (a key line, a head noun
without its owner, an actor who set it), so this rule reads each memory as a slot (its anchor: the
content words left when the value, link verbs and change words are out) holding one value of a
closed type (money, an amount with a unit, a bare number, a time, weekday or date, a rate, a product
version, a host, an email, a phone number). The incoming memory replaces the stored value when
* each memory is one clause holding exactly one typed value (an incoming "from <old> to <new>" or
  "<new> instead of <old>" or a correction "<new>, not <old>" must name the stored one);
* the anchors are one slot: no word in either that the other lacks, except words that name the sort
  of value ("host", "version", "length"), an owner the new one drops ("the app's"), and, against a
  new version of the very product, the kind of software ("The ORM"); synonyms count as one word;
* the values are of one type and frame (one currency and period, one unit, one product) and differ;
* the incoming clause announces the change ("now", "raised/cut/moved ... to", "as of this quarter")
  and is no plan, condition, while, past, addition, denial, hedge, report, example, range or question.
Anchor equality keeps another scope ("the staging DB"), instance ("my work phone"), quantity ("Pro
plan seats" vs its price) and person ("my wife's sertraline") apart; other pronouns refuse.
`slot_reading` widens the reading without loosening these: the actor of a change ("Doctor upped my
sertraline"), a product's other spelling ("Postgres"), a bare hour ("moved the standup to 10"), words
that only say what the value is ("weighs", a date's "target").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.lexicon import changes as ch
from festinger.core.contradiction.text.memo import per_text
from festinger.core.contradiction.text.normalise import alternation, clean, expand_contractions
from festinger.core.contradiction.text.segment import frames_what_follows
from festinger.core.contradiction.updates.held_beside import reverses_roles
from festinger.core.contradiction.updates.typed_values import MONTH, Typed, typed_values
from festinger.core.contradiction.updates.unmade_change import unmade
from festinger.core.contradiction.updates.slot_reading import (as_clock, bare_hour, bare_slot, done_time, lead_actor, one_product,
                                                                 stored_only_words, value_words)
from festinger.core.contradiction.grammar.one_off import one_off_key
from festinger.core.contradiction.grammar.values import singular
from festinger.core.contradiction.verdict import Contradiction, clip

__all__ = ["LABEL_RE", "PRESENT_RE", "announced", "by_anchored_value", "clauses_of", "owner_of", "read_slot", "refused"]

_MAX_CHARS = 300


@dataclass(frozen=True)
class Slot:
    """A clause read as an anchor (its content words), periods and one typed value."""

    value: Typed
    words: frozenset[str]
    periods: frozenset[str]
    owner: str = ""  # whose: "user", "group", "mixed" or "" (not said)
    named_old: Typed | None = None  # the value an incoming "from X to" / "instead of X" says was held
    actor: str = ""  # who an incoming change names as its maker ("Doctor upped my ..."): no part of the slot
    hour: bool = False  # a bare number ending a move ("moved the standup to 10"): an hour of the clock
    bare: bool = False  # the slot named with no article ("Therapy moved to ..."): the speaker's own


PRESENT_RE = re.compile(r"\b(?:from\s+now\s+on|going\s+forward|these\s+days|nowadays|currently|as\s+of\s+(?:now|today|"
                         r"this\s+(?:week|month|quarter|year|sprint|release|morning)|(?:the\s+)?(?:latest|new|current)\s+[\w.-]+))\b",
                         re.I)
# "Move news:", "Reorg update:": a label naming only the life event it reports (never "Switch
# update:", the console's news)
LABEL_RE = re.compile(r"^(?:(?:pricing|price|schedule|policy|quick|small|big|an?|move|reorg|relocation|promotion)\s+)?"
                       r"(?:update|news|fyi|heads\s+up|"
                       r"correction|note|change)\s*[:,-]\s*|^(?:scratch\s+that|sorry|oops|my\s+mistake)\s*[:,-]\s*", re.I)
# "Saturdays at 10": a bare hour after a weekday is that hour of the clock.
_DAY_HOUR_RE = re.compile(r"\b((?:mon|tues|wednes|thurs|fri|satur|sun)days?\s+at\s+)([1-9]|1[0-2])(?![\d:.]|\s*(?:am|pm|a\.m|p\.m))",
                          re.I)
_ACTOR_RE = re.compile(rf"^(?:my|the|our)\s+(?:{'|'.join(sorted(lx.ACTORS))})\s+(?:(?:has|have|just|finally)\s+)*"
                       rf"(?=(?:{'|'.join(sorted(lx.CHANGE_WORDS))})\b)", re.I)
_PERSON_RE = re.compile(r"\b(?:he|him|his|she|her|hers|they|them|their|you|your|yours|its|it)\b", re.I)
_NAMED_OWNER_RE = re.compile(r"\b(?!User's)[A-Z][a-z]+'s\b")
_LEAD_SCOPE_RE = re.compile(r"^(?:on|in|for|at|under|with|inside|within|across|outside)\s", re.I)
_PERIOD_WHILE_RE = re.compile(rf"\bfor\s+(?:a|the|an|this|that|one|two|three|\d+)\s+(?:few\s+)?"
                              rf"(?:{'|'.join(sorted(ch.PERIOD_WORDS))})s?\b", re.I)
_PLAN_RE = re.compile(rf"\b(?:as\s+of|from|starting|beginning|in|by|after|before|since)\s+(?:{MONTH}|(?:19|20)\d\d)(?![a-z])"
                      r"|\b(?:19|20)\d\d\b", re.I)
_PAST_RE = re.compile(rf"\b(?:was|were)\b(?!\s+(?:(?:just|recently|finally)\s+)?(?:{'|'.join(lx.PASSIVE_CHANGE)})\b)", re.I)
# "code freeze starts Dec 18, not the 15th": a correction naming, last, the value it replaces.
_NOT_OLD_RE = re.compile(r",\s*not(?:\s+the)?\s*", re.I)
_NOT_OLD_END_RE = re.compile(r",\s+not\s+(?:the\s+)?[$€£]?\d[\w.:,$€£/ ]{0,20}[.!]?$", re.I)
_UP_TO_RE = re.compile(r"\bup\s+to\b", re.I)
_CHANGE_VERB_RE = re.compile(rf"\b(?:{'|'.join(sorted(lx.CHANGE_WORDS - {'now', 'new', 'latest', 'up', 'down', 'instead'}))}|"
                             r"got\s+me|gave)\b", re.I)
_CORRECTED_RE = re.compile(r"^(?:correction|scratch\s+that|sorry|oops|my\s+mistake)\b|^actually\b", re.I)
# (the words as a tree, `alternation`: the same yes or no as their flat list, ~3x faster)
_SIGNAL_RE = re.compile(rf"\b(?i:{alternation(lx.CHANGE_WORDS - {'up', 'down', 'new'})})\b|\b(?i:down)\s+to\b"
                        r"|\b[Nn]ew\b(?!\s+[A-Z])")  # "New York" is no news
# (a refusing word as the first half of a compound is no refusal: "No-meeting day", "second-hand")
_REFUSED_RE = re.compile(rf"\b(?:{'|'.join(sorted(lx.REFUSED_WORDS))})\b(?!-[a-z])|n't\b|\b(?:{'|'.join(re.escape(p) for p in lx.REFUSED_PHRASES)})\b"
                         r"|[?\"()\[\]~]|(?<=\d)\s*[-–]\s*(?=\d)", re.I)
_WORD_RE = re.compile(r"[a-z][a-z0-9'+#&-]*")


def clauses_of(text: str) -> list[str]:
    """The clauses of a one-sentence memory (a cause before ";" is its own clause), or [] for more."""
    # no markup or spacing makes a pasted page one short clause: not cleaned at all, nor kept
    return list(_clauses(text)) if len(text) <= 4000 else []


@per_text(maxsize=1024)  # asked by anchored and anchored_phrase of the same two memories
def _clauses(text: str) -> tuple[str, ...]:
    text = " ".join(clean(text).split())
    if not text or len(text) > _MAX_CHARS or "\n" in text.strip() or text.lstrip()[:1] in "#>*-":
        return ()
    if re.search(r"[.!?]\s+\S", text):
        return ()  # several sentences: a later one may take it back ("Psych!"), an earlier one scope it
    parts = [p.strip().rstrip(".! ") for p in text.split("; ") if p.strip()]
    if len(parts) > 1 and frames_what_follows(parts[0]):
        return ()  # 'My husband said, "Good news; my new doctor is Dr. Lee."': not the user's own clause
    return tuple(parts) if len(parts) <= 2 else ()


def refused(text: str, *, incoming: bool) -> bool:
    low = expand_contractions(text)
    if _REFUSED_RE.search(low) or _PERSON_RE.search(low) or _NAMED_OWNER_RE.search(text):
        return True
    if _PERIOD_WHILE_RE.search(low) or _LEAD_SCOPE_RE.match(low) or _PAST_RE.search(low) or _PLAN_RE.search(low):
        return True
    if incoming and _UP_TO_RE.search(low) and not _CHANGE_VERB_RE.search(low[:_UP_TO_RE.search(low).start()]):
        return True  # "allows up to 10 users": a maximum, not a value raised up to
    return bool(re.search(r"\b(?:plans?|planning)\s+(?:to|on)\b|\bwants?\s+to\b", low, re.I))


# Versions held side by side: installed ones, and the platforms a thing runs on or supports (a list).
_HELD_RE = re.compile(r"\b(?:has|have|had|install|installs|installed|download|downloaded|keep|keeps|supports?|supported|"
                      r"compatible|available)\b|\b(?:runs?|works?|running|working)\s+(?:on|with)\b", re.I)


_PERFECT_RE = re.compile(r"\b(?:have|has)\s+(?!been\b|got\b)[a-z]+(?:ed|en|wn|ne|ung|ught)\b", re.I)


# "I have a new laptop with 32 GB": another instance; "a new mobile number: ..." is the slot's new value.
_A_NEW_THING_RE = re.compile(r"\b(?:a|an)\s+new\s+(?!(?:[\w-]+\s+)?(?:number|email|address|url|host|domain|handle)\b)", re.I)
# "Bumped the new project to Python 3.12": a new owner is another instance of the slot.
_NEW_OWNER_RE = re.compile(rf"\bnew\s+(?:{'|'.join(sorted(lx.OWNER_WORDS))})s?\b", re.I)


def _names_a_thing(following: list[str]) -> bool:
    """Whether a person word is a compound's first half ("the dentist appointment", "team lead
    sync"): the next word is a content word, not a verb, a stop word or the end."""
    return bool(following) and not (following[0] in lx.ANCHOR_STOP_WORDS or following[0] in lx.LINK_VERBS
                                    or following[0] in lx.CHANGE_WORDS or following[0] in lx.REFUSED_WORDS)


def _new_other(rest: str, value: Typed) -> bool:
    """Whether "new" qualifies more than the slot ("a new UK mobile number", "my new colleague's
    email", "my new car gets 45 mpg"): a new slot is fine, a new owner of a measure is another owner."""
    for m in re.finditer(r"\bnew\s+((?:[\w'-]+\s*){1,4})", rest, re.I):
        words = []
        for raw in m.group(1).lower().split():
            if raw.endswith("'s"):
                return True
            if raw in lx.ANCHOR_STOP_WORDS or raw in lx.LINK_VERBS or raw in lx.CHANGE_WORDS:
                break
            if raw not in lx.ANCHOR_GENERIC:
                words.append(raw)
        if len(words) > 1 or (words and value.kind == "amount"):
            return True
    return False


def read_slot(clause: str, *, incoming: bool) -> Slot | None:
    """The clause as a slot holding one typed value (a bare "from <old> to" / "instead of <old>" is
    kept out of the count, to be checked against the stored value), or None."""
    text = _ACTOR_RE.sub("", LABEL_RE.sub("", clause)) if incoming else clause
    actor, done = "", False
    if incoming and unmade(LABEL_RE.sub("", clause)):
        return None  # "gonna change my PIN to 4321", "dont change ...", "change ... on friday": no change made
    if incoming:
        text, actor = lead_actor(text)
        text, done = done_time(text)
    text = _DAY_HOUR_RE.sub(r"\1\2:00", PRESENT_RE.sub(" ", text))
    values = typed_values(text)
    if not values:
        return None
    if incoming and len(values) == 2:
        between = text[values[0].end:values[1].start].lower().strip()
        before = text[:values[0].start].lower()
        if re.search(r"\bfrom\s*$", before) and re.fullmatch(r"to|to\s+.*", between or "x"):
            values = [replace(values[0], kind="old"), values[1]]  # "from Tuesdays to Thursdays"
        elif re.fullmatch(r"(?:now\s+)?instead\s+of", between):
            values = [values[0], replace(values[1], kind="old")]  # "hourly now instead of every 15 minutes"
        elif _NOT_OLD_RE.fullmatch(text, values[0].end, values[1].start) and not text[values[1].end:].strip(" .!"):
            text = text[:values[0].end] + " " * (values[1].start - values[0].end) + text[values[1].start:]
            values = [values[0], replace(values[1], kind="old")]  # "is 100 words, not 200": the value said wrongly
    own = [v for v in values if v.kind != "old"]
    if len(own) != 1:
        return None  # a range, a list, two quantities: not one slot's one value
    value = own[0]
    if done and value.kind != "version":
        return None  # "moved the standup to 10 yesterday": maybe that one day's; an upgrade stays done
    rest, marked = text, text
    for v in sorted(values, key=lambda v: -v.start):
        rest, marked = rest[:v.start] + " " + rest[v.end:], marked[:v.start] + "#" + marked[v.end:]
    if re.search(r"[\d#]\s*[-\u2013]\s*[\d#]", marked) or refused(rest, incoming=incoming):
        return None  # "140-150", "Headcount is now about 145"
    if value.kind == "version" and _HELD_RE.search(rest):
        return None  # "has Python 3.12 installed": versions installed side by side
    if incoming and (_new_other(rest, value) or _A_NEW_THING_RE.search(rest) or _NEW_OWNER_RE.search(rest)):
        return None  # "My new colleague's email", "New deadlift PR": the new thing may be another one
    low = expand_contractions(rest).lower()
    for phrase, word in lx.ANCHOR_PHRASES:
        low = re.sub(rf"\b{phrase}\b", f" {word} ", low)
    low = re.sub(r"\bup\s+to\b|\bdown\s+to\b|\binstead\s+of\b", " ", low)
    words: set[str] = set()
    periods: set[str] = set()
    tokens = _WORD_RE.findall(low)
    for n, raw in enumerate(tokens):
        w = raw[:-2] if raw.endswith("'s") else raw.rstrip("'")
        if w in lx.ANCHOR_STOP_WORDS or w in lx.LINK_VERBS or w in lx.CHANGE_WORDS:
            continue
        if w in lx.PERIOD_NAMES:
            periods.add(lx.PERIOD_NAMES[w])
            continue
        w = lx.ANCHOR_SYNONYMS.get(w, lx.ANCHOR_SYNONYMS.get(singular(w), singular(w)))
        if w in lx.ANCHOR_STOP_WORDS or w in lx.LINK_VERBS or w in lx.CHANGE_WORDS or w in lx.ANCHOR_GENERIC:
            continue
        if w in lx.PERSON_ROLES and (raw.endswith("'s") or raw.endswith("'") or not _names_a_thing(tokens[n + 1:n + 2])):
            return None  # "my wife's sertraline", "my son takes 10 mg": the user's own slots only
        words.add(w)
    counted = value.kind == "amount" and len(value.frame) > 3 and value.frame not in lx.MEASURE_UNITS
    if one_off_key(words):
        return None  # "My (latest) order number is 5678", "My donation is $100": one of many orders, gifts
    if len(words) == 1 and words <= lx.DEICTIC_NOUNS and not periods and not counted:
        return None  # "The file is 2 MB", "The meeting is at 3pm": a thing of one conversation
    if not incoming and _PERFECT_RE.search(expand_contractions(rest)):
        return None  # "I've visited 27 countries": a tally of what was done, not a setting
    if not incoming and re.search(r"\b(?:has|have)\s+(?:a|an)\b", rest, re.I):
        return None  # "User has an appointment on Tuesday": one of many, which a later move may not be
    words -= value_words(value)
    if value.period:
        periods.add(value.period)
    if value.kind == "amount":
        words.add(lx.ANCHOR_SYNONYMS.get(value.frame, value.frame))  # "3 monitors": the monitors are the slot
    named = next((v for v in values if v.kind == "old"), None)
    hour = incoming and bare_hour(text, value)
    return Slot(value, frozenset(words), frozenset(periods), owner_of(rest), named, actor, hour, bare_slot(text))


def _one_frame(a: Slot, b: Slot, old_text: str) -> tuple[Slot, Slot] | None:
    """The two slots with their values in one frame (a bare stored number read as the incoming
    unit or version its anchor names: "Node version ...: 16" / "Node 20"), or None."""
    x, y = a.value, b.value
    if x.kind == y.kind:
        return (a, b) if x.frame == y.frame or (x.kind == "version" and one_product(x.frame, y.frame)) else None
    if x.kind == "when" and b.hour:
        clock = as_clock(y, eval_fields(x.value))
        return (a, replace(b, value=clock)) if clock is not None else None
    if x.kind == "number" and y.kind == "version" and re.search(rf"\b{re.escape(y.frame)}\s+version\b", old_text, re.I):
        return Slot(Typed("version", y.frame, x.value, x.display, x.start, x.end), a.words - {y.frame}, a.periods,
                    a.owner), b
    for bare, unit, first in ((a, b, True), (b, a, False)):
        if bare.value.kind == "number" and unit.value.kind == "amount" and unit.value.frame in bare.words | {
                lx.ANCHOR_SYNONYMS.get(w, w) for w in bare.words}:
            typed = Typed("amount", unit.value.frame, bare.value.value, bare.value.display, 0, 0)
            read = Slot(typed, bare.words, bare.periods, bare.owner)
            return (read, unit) if first else (unit, read)
    return None


def _differ(x: Typed, y: Typed) -> bool:
    if x.alt or y.alt:
        # "1.500 euros" is 1.5 or 1500: two values differ only when no reading of the one is the other's
        if {x.value, x.alt} & {y.value, y.alt} - {""}:
            return False
    if x.kind in ("version", "number"):
        p, q = x.value.split("."), y.value.split(".")
        n = min(len(p), len(q))
        return p[:n] != q[:n]  # "Python 3" / "Python 3.11": the same line, one said closer
    if x.kind == "when":
        was, now = dict(eval_fields(x.value)), dict(eval_fields(y.value))
        shared = set(was) & set(now)
        if not shared or not set(now) <= set(was) or (x.recurring and not y.recurring):
            return False  # a field the old time lacks, or one session of a weekly habit
        return any(was[k] != now[k] for k in shared)
    if x.kind == "phone":  # "+1 (646) 555-0100" is "646-555-0100" without its country code
        return not (x.value.endswith(y.value) or y.value.endswith(x.value))
    return x.value != y.value


def eval_fields(text: str) -> list[tuple[str, int]]:
    """The sorted fields `_values` wrote for a time ("[('minute', 840), ('weekday', 0)]")."""
    return [(k, int(v)) for k, v in re.findall(r"\('(\w+)', (\d+)\)", text)]


def owner_of(clause: str) -> str:
    """Whose slot a clause names: the user's, a group's ("our", "we"), "mixed", or "" (not said)."""
    said = set(_WORD_RE.findall(expand_contractions(clause).lower()))
    first, third = bool(said & {"my", "i", "me", "mine"}), bool(said & {"user", "user's"})
    group = bool(said & {"our", "we", "us", "ours"})
    if first + third + group > 1:
        return "mixed"  # "User moved my interview": two voices, whose is not certain
    return "user" if first or third else "group" if group else ""


def _same_anchor(a: Slot, b: Slot) -> bool:
    b = replace(b, words=b.words | ({b.actor} & a.words))  # "Netflix raised my price": the maker may own the slot
    old_only, new_only = a.words - b.words, b.words - a.words
    if new_only:
        return False  # "the staging DB", "my wife's sertraline", "Team plan": another slot
    old_only -= lx.OWNER_WORDS | stored_only_words(a.value)
    if a.value.kind == "version":
        return not old_only - lx.TECH_KIND_WORDS  # "The ORM is SQLAlchemy 1.4": the product is the slot
    if old_only or not a.words & b.words:
        return False
    if a.value.kind == "money":
        return a.periods == b.periods  # "€5,000 a month" is not "€60,000 a year" said anew
    return not (a.periods and b.periods and a.periods != b.periods)


def announced(clause: str) -> bool:
    return bool(_SIGNAL_RE.search(PRESENT_RE.sub(" now ", clause)) or _CORRECTED_RE.match(clause)
                or _NOT_OLD_END_RE.search(clause))


def by_anchored_value(existing: str, incoming: str) -> Contradiction | None:
    """The stored typed value replaced by an announced new value of the same anchored slot, or None."""
    if not isinstance(existing, str) or not isinstance(incoming, str):
        return None
    old_clauses, new_clauses = clauses_of(existing), clauses_of(incoming)
    if len(old_clauses) != 1 or not new_clauses or not any(map(announced, new_clauses)):
        return None  # (checked first: most pairs announce nothing, and reading slots costs more)
    old = read_slot(old_clauses[0], incoming=False)
    if old is None:
        return None
    found = [(c, read_slot(c, incoming=True)) for c in new_clauses]
    slots = [(c, s) for c, s in found if s is not None]
    if len(slots) != 1:
        return None
    clause, new = slots[0]
    for other in new_clauses:
        said = set(_WORD_RE.findall(other.lower()))
        if other is not clause and (typed_values(other) or refused(other, incoming=True) or said & ch.SCOPE_WORDS
                                    or said & (lx.PERSON_ROLES - lx.ACTORS)
                                    or not (_SIGNAL_RE.search(other) or "extension" in said)):
            return None  # a side clause is the change's cause only ("My advisor got me an extension; ...")
    if not announced(clause):
        return None  # a restatement of the slot says no change
    pair = _one_frame(old, new, old_clauses[0])
    if pair is None:
        return None
    a, b = pair
    owners = {old.owner, new.owner}
    if "mixed" in owners or owners == {"user", "group"}:
        return None  # "my flight" / "we've postponed the flight": whose it is differs
    if reverses_roles(old_clauses[0], clause):
        return None  # "I lent Sam $50" / "Sam now lent me $20": the money going the other way (held_beside)
    if a.value.kind == "when" and owners == {"user", ""} and not (old if old.owner == "" else new).bare:
        return None  # "the weekly sync" is the team's, "my weekly sync" may be one of the user's own
    if a.value.kind == "when" and "user" in owners and "weekday" in a.value.value and "minute" not in a.value.value \
            and new.named_old is None:
        return None  # "I go to the gym on Mondays" / "... on Wednesdays now": a day may be added, not moved
    if not _same_anchor(a, b) or not _differ(a.value, b.value):
        return None
    said = new.named_old
    if said is not None and (said.value != a.value.value or said.frame not in ("", a.value.frame) if said.frame != "when"
                             else not set(eval_fields(said.value)) <= set(eval_fields(a.value.value))):
        return None  # "moved from 4pm to 5pm" against "is at 2pm": another event's move
    slot = " ".join(sorted(a.words)) or a.value.frame
    return Contradiction("value", slot, a.value.display, b.value.display,
                         f"{slot!r} has a new {a.value.kind}: {a.value.display!r} -> {b.value.display!r} "
                         f"(existing: {clip(existing)!r}; incoming: {clip(incoming)!r})")
