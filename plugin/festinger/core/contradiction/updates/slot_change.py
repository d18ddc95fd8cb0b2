"""A slot given a new value with a change verb, read as "the slot is the value now" (pure logic).

`rephrase` reads "The API rate limit was raised to 200" (a definite slot and a verb that sets a
value). Notes and chat drop the article and use more verbs: "Session timeout reduced to 1 hour.",
"UI language switched to English.", "Minimum password length was raised to 12 characters.",
"Standup moved to 10.", "The launch date slipped to April 2." This module rewrites such a
sentence of an incoming memory to "The session timeout is 1 hour now", which the grammar reads as
an announced value of that slot; whether it meets a stored value is then decided as for any slot.

Verbs that say where a thing went ("moved", "switched", "pushed", "slipped") set a value only for a
slot that holds one setting (`lexicon.SETTING_HEADS`: a language, a timeout, a host, a date) or when
the value is a number, a time or a date; "The team moved to Berlin" or "Billing switched to
Stripe" are left to the rules that read moves and replacements. A sentence starting with a person
("I", "she", a name) is never a bare slot.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.text.cues import Says

__all__ = ["at_bare_hour", "set_slot"]

# Verbs that set the value of a slot, whatever the slot is.
_SETTING = (r"raised|lowered|increased|decreased|reduced|cut|bumped(?:\s+up|\s+down)?|upped|changed|updated|set|"
            r"extended|shortened|lengthened|doubled|halved|capped|adjusted|went\s+up|went\s+down|dropped|rose|grew|fell")
# Verbs that may say where a thing went: a value only for a setting slot or a number, time or date.
_MOVING = r"moved|switched|pushed(?:\s+back|\s+out)?|slipped|postponed|delayed|brought\s+forward|rescheduled"
_AUX = r"(?:(?:was|were|has\s+been|have\s+been|got|is|are|has|have)\s+)?"
# "Session timeout reduced to 1 hour", "The launch date slipped to April 2", "UI language switched to
# English" (the slot: up to four words, the first capitalised at the start of the sentence).
_BARE_RE = re.compile(
    rf"^(?:the\s+)?([A-Za-z][\w-]*(?:\s+[\w-]+){{0,3}}?)\s+{_AUX}({_SETTING}|{_MOVING})"
    r"(?:\s+from\s+[^,;:]{1,30}?)?\s+to\s+([^,;:]{1,60}?)\s*[.!]?$", re.I)
# Not a slot: a person, a pronoun, a group; "I moved to Berlin" is a move.
_NOT_SLOT = frozenset("i we you he she they it this that these those user my our his her their your who "
                      "someone everyone everything nothing".split())
_MOVING_RE = re.compile(rf"^(?:{_MOVING})$", re.I)
# A number, a time of day, a date or a weekday as the new value.
_TIMELIKE_RE = re.compile(
    r"^(?:(?:next|this)\s+)?(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d)", re.I)
# "Standup moved to 10": a bare hour after a meeting was moved is a time of day.
_BARE_HOUR_RE = re.compile(r"^(?:[1-9]|1[0-2])$")
_EVENT_HEADS = frozenset("standup stand-up meeting sync call class lesson session review retro demo "
                         "check-in checkin 1:1 one-on-one appointment practice".split())


def set_slot(sentence: str) -> str:
    """The sentence as "The <slot> is <value> now" when it sets a slot with a change verb, else as is."""
    m = _BARE_RE.match(sentence.strip()) if Says(sentence)("to") else None
    if m is None:
        return sentence
    slot, verb, value = m.group(1), m.group(2), m.group(3).strip()
    words = slot.lower().split()
    if words[0] in _NOT_SLOT or words[0] in lx.OTHER_PERSON_WORDS or any(w in _NOT_SLOT for w in words[1:]):
        return sentence
    if slot[:1].isupper() and len(words) == 1 and not sentence.lower().startswith("the ") and (
            words[0] not in _EVENT_HEADS and words[0] not in lx.SETTING_HEADS and words[0] not in _DATED_EVENTS):
        return sentence  # "Anna moved to Berlin", "Stripe switched to ...": a name, not a slot
    if re.search(r"\sfrom\s", m.group(0), re.I):
        return sentence  # "moved from Wednesday to Thursday": the rules that check the old value read it
    timelike = bool(_TIMELIKE_RE.match(value))
    if words[-1] in _EVENT_HEADS:
        # "Standup moved to 10": a bare hour is a time of day; any other move of a meeting is
        # `rescheduled`'s (a class moved to one Thursday is not the weekly class moved)
        return f"The {slot} is at {value}:00 now" if _BARE_HOUR_RE.match(value) and _MOVING_RE.match(verb) else sentence
    day = re.match(r"^(?:(?:next|this)\s+)?((?:mon|tues|wednes|thurs|fri|satur|sun)day)$", value, re.I)
    if words[-1] in ("deadline", "day") and day:
        return f"The {slot} is on {day.group(1)} now"  # "The report deadline was pushed to next Wednesday"
    if words[-1] in _DATED_EVENTS and timelike and not value[:1].isdigit():
        return f"The {slot} date is {value} now"  # "Launch slipped to April 2": the launch date
    if _MOVING_RE.match(verb) and not (words[-1] in _VALUE_HEADS or words[-1] in _DATE_HEADS and timelike):
        return sentence  # "The API server was moved to port 8000": a thing that went somewhere
    return f"The {slot} is {value} now"


# Slots a move can only give a new value, never a new place: "UI language switched to English".
_VALUE_HEADS = frozenset("language level mode theme format currency timezone timeout limit size budget version "
                         "plan tier interval ttl rate schedule frequency".split())
# One-off events of a project, whose date is what a move changes.
_DATED_EVENTS = frozenset("launch release beta freeze cutover rollout kickoff go-live delivery submission handover "
                          "migration demo".split())
_DATE_HEADS = frozenset("date deadline time day start end launch release cutoff due".split())


# "Standup is at 10", "The retro is now at 4": a meeting at a bare hour is at that hour of the clock.
_AT_HOUR_RE = re.compile(r"^((?:the\s+|our\s+|my\s+)?([\w-]+))\s+(is|starts)\s+(now\s+)?at\s+([1-9]|1[0-2])"
                         r"(\s+now)?\s*[.!]?$", re.I)


def at_bare_hour(sentence: str) -> str:
    """"Standup is at 10" as "Standup is at 10:00" (a meeting only), or as it is."""
    m = _AT_HOUR_RE.match(sentence.strip())
    if m is None or m.group(2).lower() not in _EVENT_HEADS:
        return sentence
    return f"{m.group(1)} {m.group(3)} {m.group(4) or ''}at {m.group(5)}:00{m.group(6) or ''}"
