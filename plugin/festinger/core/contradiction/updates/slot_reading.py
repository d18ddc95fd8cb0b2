"""Wider readings of one anchored slot for `anchored` (pure logic).

Everyday updates name the slot or its value differently from the stored memory, or say who made the
change: "Doctor upped my sertraline to 100mg", "Finance pushed the Q3 report deadline to Oct 7",
"Upgraded Postgres to 16 over the weekend", "We moved the standup to 10", "Down to 77kg as of this
morning". Each helper here widens one reading and nothing else, so `anchored` keeps its guards (one
clause, equal anchors, refusals, an announced change):
* a one-word actor before a change verb whose object is "my X" is who set the slot, not part of it (the
  possessive, never "his/her/their", makes the slot the user's; pronouns are never actors); before "the X"
  only a body that sets such values (a landlord, a bank, finance) is, never a relative or a name;
* a time the change was done ("over the weekend", "last night") is no scope of a version upgrade;
* a bare hour after "to"/"at" that ends the clause reads as that hour of the stored clock time;
* two spellings of one product ("PostgreSQL" / "Postgres") are one version frame;
* a time slot named bare ("Therapy moved to Tuesdays") is the one the user calls "my therapy";
* a day of the month stored as the day something is "due" or "paid" may be moved without the word ("Rent
  is due on the 1st" / "Rent moved to the 15th"), never to the other word ("due" is not "paid");
* words that only say what a value is ("weighs" for kilograms, "target"/"due" for a date) are no slot.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.lexicon import changes as ch
from festinger.core.contradiction.updates.typed_values import Typed

__all__ = ["as_clock", "bare_hour", "bare_slot", "done_time", "lead_actor", "one_product", "stored_only_words", "value_words"]

# Pronouns are never actors (their owner is unknown), and neither is a scope or a thing ("Staging bumped the
# replicas", "Docker bumped the project"): it says which instance changed, not who changed the user's.
_NOT_ACTORS = (frozenset("i we you he she it they this that there user users so then now just also".split()) | ch.SCOPE_WORDS
               | frozenset(lx.TECH_NAMES) | frozenset(lx.TECH_CATEGORIES) | lx.TECH_KIND_WORDS | lx.OWNER_WORDS
               | lx.SOFTWARE_EXTRAS | frozenset(lx.TECH_ALIASES))
_CHANGE = "|".join(sorted(lx.CHANGE_WORDS - {"now", "new", "latest", "up", "down", "instead", "actually"}))
# "Doctor upped my ...", "The endo adjusted my ...", "Finance pushed the ...": the actor, then the change and its object.
_LEAD_ACTOR_RE = re.compile(rf"^(?:(?:the|my|our)\s+)?(?P<a>[A-Za-z][a-z]+|[A-Z]{2,5})\s+(?:(?:has|have|just|finally)\s+)*"
                            rf"(?=(?:{_CHANGE})\s+(?:(?:up|down|back)\s+)?(?P<det>my|the|our)\s)", re.I)
# Who may change a slot the sentence names with "the" ("Finance pushed the Q3 report deadline"): bodies that
# set it, never a person of the user's life ("My sister raised the rent" may be her own rent).
_BODIES = lx.ACTORS | frozenset("finance marketing legal management leadership payroll accounting sales client customer".split())
_PEOPLE = (lx.ACTORS | lx.PERSON_ROLES | frozenset("client clients customer customers".split())) - {"i", "we", "you", "they"}
_DONE_TIME_RE = re.compile(r"\s+(?:over\s+the\s+weekend|last\s+night|yesterday)\s*$", re.I)
# "Rent is paid on the 1st", "Swim training on Tuesdays": a slot named with no article or owner is the speaker's.
_DETERMINER_RE = re.compile(r"^\W*(?:the|a|an|this|that|these|those|some|every|each)\b", re.I)
_BEFORE_HOUR_RE = re.compile(r"\b(?:to|at)\s*$", re.I)
_AFTER_HOUR_RE = re.compile(r"\s*(?:now)?\s*[.!]?\s*$", re.I)
# Words that say what sort of value an amount or a date is, by the value's unit or type.
_UNIT_WORDS = {"kg": {"weigh", "weight"}, "kilo": {"weigh", "weight"}, "lb": {"weigh", "weight"},
               "pound": {"weigh", "weight"}, "stone": {"weigh", "weight"}, "cm": {"tall", "height"}}
_DAY_ROLE_WORDS = frozenset("due paid".split())
_DAY_ONLY_RE = re.compile(r"\[\('day', \d+\)\]")
_WHEN_WORDS = frozenset("target date time".split())  # never "due" or "paid": a due date is not the day it is paid


def lead_actor(text: str) -> tuple[str, str]:
    """The clause without a leading one-word actor of its change, and that actor ("" if none)."""
    m = _LEAD_ACTOR_RE.match(text)
    who = "" if m is None else m.group("a").lower()
    if m is None or who in lx.CHANGE_WORDS or (who in _NOT_ACTORS and who not in _PEOPLE):
        return text, ""
    if m.group("det").lower() != "my" and who not in _BODIES:
        return text, ""  # "My sister raised the rent": whose rent is not said; "Finance pushed the deadline" is the body's
    return text[m.end():], m.group("a").lower()


def bare_slot(clause: str) -> bool:
    """Whether a clause opens on its slot with no article ("Therapy moved to ...", "Rent is paid on the 1st")."""
    return not _DETERMINER_RE.match(clause)


def done_time(text: str) -> tuple[str, bool]:
    """The clause without a trailing time the change was made ("over the weekend"), and whether one was."""
    stripped = _DONE_TIME_RE.sub("", text)
    return stripped, stripped != text


def bare_hour(text: str, value: Typed) -> bool:
    """Whether a bare number ends a move to a time ("moved the standup to 10"): an hour of the clock."""
    return (value.kind == "number" and value.display.isdigit() and 1 <= int(value.display) <= 23
            and bool(_BEFORE_HOUR_RE.search(text[:value.start])) and bool(_AFTER_HOUR_RE.fullmatch(text[value.end:])))


def as_clock(hour: Typed, stored: list[tuple[str, int]]) -> Typed | None:
    """A bare hour read against a stored clock time (no day): the reading nearest the stored time."""
    if [k for k, _ in stored] != ["minute"]:
        return None
    h, was = int(hour.value), stored[0][1]
    options = [h * 60] + ([(h + 12) * 60] if h < 12 else [])
    minute = min(options, key=lambda m: abs(m - was))
    return Typed("when", "when", repr([("minute", minute)]), hour.display, hour.start, hour.end)


def one_product(x: str, y: str) -> bool:
    return x == y or lx.TECH_ALIASES.get(x, x) == lx.TECH_ALIASES.get(y, y)


def value_words(value: Typed) -> frozenset[str]:
    """Anchor words that only name the sort of this value ("weighs 82kg", "launch target: March 1")."""
    if value.kind == "amount":
        return frozenset(_UNIT_WORDS.get(value.frame, ()))
    return _WHEN_WORDS if value.kind == "when" else frozenset()


def stored_only_words(value: Typed) -> frozenset[str]:
    """Words of the stored slot a new value of a day of the month may leave unsaid (its monthly role)."""
    return _DAY_ROLE_WORDS if value.kind == "when" and _DAY_ONLY_RE.fullmatch(value.value) else frozenset()
