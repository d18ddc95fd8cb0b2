"""Everyday wordings of a slot's new value, rewritten into the form the stored fact has (pure logic).

Each rewrite is one grammatical shape with the reason it keeps the meaning:

* "The user raised her hourly rate to $110": in the memorizer's voice, the possessive after "the
  user <verb>" is the user's own ("the user's hourly rate");
* "Redis was moved to port 6380 to avoid a clash with the other instance": a purpose after the new
  value says why, not where or for what ("... for the frontend" still scopes, and is kept);
* "I'm 42 now, had my birthday on Saturday": a subjectless past clause after "now" says what
  brought the change about;
* "I upgraded to Windows 11 over the weekend": after a change, when it happened is no scope;
* "2FA is now mandatory for all staff accounts": "for all X" covers "for X", the stored scope;
* "I report to Marcus Boateng now": whom one reports to is one's manager;
* "The user's new favorite coffee shop is Sightglass": a new favourite replaces the old one;
* "New number: (415) 555-0199, the old one is disconnected", "New marathon PB: 3:52:10": a line
  that opens with "New <slot>:" is the writer's own slot, given its new value;
* "The user got a raise to $104k": the salary is that amount now;
* "The newsletter crossed 15,000 subscribers": it has that many now (at least, so no fewer);
* "The team is 10 engineers now": a group that "is" a number of members "has" them;
* "My favorite movie isn't Alien anymore, it's Arrival": the slot is the second value now, not the first.

These run on incoming memories only (`update_markers.reword`): the stored side keeps its own
wording, and the grammar, the slot and the value comparison decide as before.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.text.cues import Cue, Says
from festinger.core.contradiction.updates.held_beside import holds_over_period

__all__ = ["new_value_line", "paraphrase"]

_SET = (r"raised|lowered|increased|decreased|reduced|cut|bumped|changed|updated|set|switched|moved|upgraded|"
        r"downgraded|renamed")
# "The user raised her hourly rate to $110" -> "The user raised the user's hourly rate to $110".
_OWN_RE = re.compile(rf"^((?:the\s+)?user\s+(?:has\s+|just\s+)?(?:{_SET}))\s+(?:her|his|their)\s+(?=[a-z])", re.I)
# "... to avoid a clash ...", "... to save money", "... so that builds are faster": why, not where.
_PURPOSE_RE = re.compile(
    r",?\s+(?:(?:in\s+order\s+|so\s+as\s+)?to\s+(?:avoid|prevent|reduce|fix|save|match|free\s+up|make\s+room|"
    r"speed\s+up|cut|comply|stay|keep|get\s+around|work\s+around)|so\s+that)\s+[^,;]{1,80}$", re.I)
_CHANGED_RE = re.compile(rf"(?<![\w'])(?:now|{_SET}|pushed|slipped|extended)(?![\w'])", re.I)
_CHANGED = Cue(_CHANGED_RE.pattern)
# "... over the weekend", "... last week": when the change happened ("on Monday" may be the one day it holds).
_WHEN_RE = re.compile(
    r",?\s+(?:over\s+the\s+(?:weekend|holidays)|last\s+(?:week|month|weekend|night)|yesterday|this\s+morning|"
    r"earlier\s+today|recently|(?:a\s+(?:few|couple\s+of)|\d+|two|three)\s+(?:days|weeks|months)\s+ago)$", re.I)
# "for all staff accounts" -> "for staff accounts".
_ALL_RE = re.compile(r"(?<![\w'])(for|on|to|in|across)\s+all\s+(?=[a-z])", re.I)
# "I'm 42 now, had my birthday on Saturday": the clause after "now," has no subject and a past verb.
_PAST_AFTER_NOW_RE = re.compile(
    r"(?<![\w'])now\s*,\s+(?:just\s+)?(?:had|got|turned|celebrated|took|went|made|finished|passed|[a-z]{3,}ed)\s"
    r"[^,;]{1,60}$", re.I)
# ... unless that clause names another person or reports words: "PST now, texted my brother from SF",
# "$120k now, bragged my roommate" give the news to someone else, not its cause.
_NOT_A_CAUSE = lx.PERSON_ROLES | (lx.OTHER_PERSON_WORDS - {"it", "its", "itself"}) | lx.EVENT_FRAME_WORDS
# "I report to Marcus Boateng now" -> "my manager is Marcus Boateng now".
_REPORTS_RE = re.compile(
    r"^((?i:i|(?:the\s+)?user))\s+(?:now\s+)?reports?\s+(?:directly\s+)?to\s+(?=[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+){0,2}"
    r"(?:\s+now)?\s*[.!]?$)")
# "The team is 10 engineers now" -> "The team has 10 engineers now".
_IS_COUNT_RE = re.compile(r"^((?:the|my|our)\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:(?:is|are)\s+(?:now\s+)?(?:down\s+to\s+|up\s+to\s+)?|"
                          r"(?:has\s+)?(?:grew|grown|shrank|shrunk|dropped|fell|rose|went\s+(?:up|down))\s+to\s+)"
                          r"(?=\d+\s+([a-z]+s)(?:\s+now)?\s*[.!]?$)",
                          re.I)


_NEW_FAVORITE_RE = re.compile(r"^((?i:my|our|(?:the\s+)?user's))\s+new\s+(?=favou?rite\s)", re.I)
_RAISE_RE = re.compile(r"^(?i:(i)|(?:the\s+)?user)\s+(?:just\s+)?(?:got|received|was\s+given)\s+(?:a\s+)?"
                       r"(?:raise|pay\s+rise|pay\s+raise|pay\s+cut|salary\s+(?:bump|increase|cut))\s+to\s+"
                       r"(?=[$€£¥]?\d)", re.I)
_CROSSED_RE = re.compile(r"^((?:the\s+|my\s+|our\s+|(?:the\s+)?user's\s+)[\w-]+(?:\s+[\w-]+)?)\s+(?:has\s+|just\s+)?"
                         r"(?:crossed|passed|hit|reached|topped)\s+(?=\d[\d,.]*k?\s+[a-z]+s\s*[.!]?$)", re.I)


# "New number: (415) 555-0199, the old one is disconnected" -> "my phone number is (415) 555-0199 now".
_NEW_LINE_RE = re.compile(r"^new\s+([a-z][\w-]*(?:\s+[\w-]+){0,2}):\s+(?=\S)", re.I)
_OLD_ONE_RE = re.compile(r",?\s+(?:and\s+)?the\s+old\s+one\s+(?:is|was|has\s+been)\s+[^,;]{1,40}$", re.I)
# Slots named by their head alone on such a line.
_NEW_LINE_SLOTS = {"number": "phone number", "mobile": "mobile number", "cell": "cell number"}


# "I have a new manager, Marcus": a new one of a slot held one at a time, named after it.
_ONE_AT_A_TIME = "manager|boss|doctor|dentist|therapist|landlord|mentor|advisor|email|phone\\s+number|number|address|title"
_NEW_ONE_RE = re.compile(rf"^((?i:i|(?:the\s+)?user))\s+(?:has|have|got)\s+a\s+new\s+((?i:{_ONE_AT_A_TIME}))\s*[,:]\s+"
                         r"(?=\S)")
# "My number changed to ...": a person's number is their phone number.
_MY_NUMBER_RE = re.compile(r"^((?i:my|(?:the\s+)?user's))\s+number\b(?!\s+of\b)")


def new_value_line(text: str) -> str:
    """A one-line incoming memory "New <slot>: <value>" as "my <slot> is <value> now" (read before
    the memory is split into lines, where "New marathon PB:" would be a label), or as it is."""
    if "\n" in text.strip():
        return text
    if _NEW_ONE_RE.match(text.strip()):
        return paraphrase(text.strip())  # "The user has a new dentist: Dr. Park" (a colon, not a label)
    m = _NEW_LINE_RE.match(text.strip())
    if m is None:
        return text
    slot = m.group(1).lower()
    value = _OLD_ONE_RE.sub("", text.strip()[m.end():].rstrip(" .!"))
    return f"my {_NEW_LINE_SLOTS.get(slot, slot)} is {value} now"


_NOT_ANYMORE_IT_IS_RE = re.compile(
    r"^(.{3,60}?)\s+(?:is\s+not|isn't|is\s+no\s+longer)\s+([^,;]{1,40}?)(?:\s+any\s*more)?\s*[,;]\s+"
    r"(?:it's|it\s+is|now\s+it's|now\s+it\s+is)\s+([^,;]{1,40}?)(?:\s+now)?\s*[.!]?$", re.I)


def paraphrase(sentence: str) -> str:
    """The incoming sentence in the stored fact's wording, or as it is."""
    says = Says(sentence)
    m = _NOT_ANYMORE_IT_IS_RE.match(sentence.strip()) if says("no", "n't") else None
    if m:
        sentence = f"{m.group(1)} is {m.group(3)} now, not {m.group(2)}"
    s = _OWN_RE.sub(r"\1 the user's ", sentence, count=1) if says("user") else sentence
    if _CHANGED.search(s):
        s = _PURPOSE_RE.sub("", s.rstrip(" .!"), count=1)
        s = s if holds_over_period(s) else _WHEN_RE.sub("", s, count=1)  # "is now $3,500 over the holidays"
        s = _ALL_RE.sub(r"\1 ", s)
    m = _PAST_AFTER_NOW_RE.search(s) if Says(s)("now") else None
    if m and not _NOT_A_CAUSE & {w.lower().strip("'") for w in re.findall(r"[\w']+", m.group())}:
        s = s[:m.start()] + "now" + s[m.end():]
    says = Says(s)
    m = _NEW_FAVORITE_RE.match(s) if says("new") else None
    if m:
        return f"{m.group(1)} {s[m.end():].rstrip(' .!')} now"
    m = _RAISE_RE.match(s) if says("raise", "rise", "cut", "salary") else None
    if m:
        owner = "my" if m.group(1) else "the user's"
        return f"{owner} salary is {s[m.end():].rstrip(' .!')} now"
    m = _CROSSED_RE.match(s) if says("crossed", "passed", "hit", "reached", "topped") else None
    if m:
        return f"{m.group(1)} has {s[m.end():].rstrip(' .!')} now"
    m = _NEW_ONE_RE.match(s) if says("new") else None
    if m:  # "I have a new manager, Marcus", "The user has a new dentist: Dr. Park"
        owner = "my" if m.group(1).lower() == "i" else "the user's"
        return f"{owner} {m.group(2)} is {s[m.end():].rstrip(' .!')} now"
    s = _MY_NUMBER_RE.sub(r"\1 phone number", s, count=1) if says("number") else s
    m = _REPORTS_RE.match(s) if Says(s)("report") else None
    if m:
        owner = "my" if m.group(1).lower() == "i" else "the user's"
        return f"{owner} manager is {s[m.end():]}"
    m = _IS_COUNT_RE.match(s)
    if m and m.group(2).lower() not in lx.UNITS and m.group(2).lower()[:-1] not in lx.UNITS:
        return f"{m.group(1)} has {s[m.end():]}"
    return s
