"""Quitting a thing: "User has quit coffee", "gave up Twitter", "is off sugar now" (pure logic).

The grammar reads "quit smoking" (a gerund: the relation itself stops) but not a quit with a noun,
which names the thing and leaves the verb to the reader: "quit coffee" is "no longer drinks coffee",
"quit Twitter" is "no longer uses Twitter", "the user's son quit soccer" is "no longer plays soccer".
A one-sentence incoming memory of that shape is rewritten as the generic denial "<subject> no longer
uses <thing>", which the comparison already crosses only onto a way of using the very same thing
("drinks coffee", "plays soccer", "uses Twitter"): never onto an employer ("works at Twitter": one
quits the product or the job, the words do not say which), a taste ("likes coffee") or a brand
consumed under another sense.

A quit for a while ("for Lent", "for a month"), a plan ("wants to quit"), an attempt ("tried to
quit"), a job, a team or a school, or any tail the rule does not read is left alone. So is the verb
"quit" with a company whose name is also its product ("quit Google", "quit Uber": a job or the
service, the words do not say which) or with an application one opens and closes ("quit Chrome" is
closing the window), and "is off" an application ("is off Slack now" is offline as often as gone):
the eleventh attack's debatable pairs. "gave up Twitter" or "ditched Chrome" are habit words and read.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.rescheduled import one_sentence

__all__ = ["quit_as_denial"]

_SUBJECT = r"((?:the\s+)?user|i|(?:my|the\s+user's|user's)\s+(?:son|daughter|wife|husband|partner|kid|child))"
_QUIT = r"(?:quit|gave\s+up|given\s+up|cut\s+out|kicked|ditched)"
_THING = r"([A-Za-z][\w+-]*(?:\s+[A-Za-z][\w+-]*){0,2}?)"
# when it happened (not how long for): the quit holds from then on
_WHEN_TAIL = (r"(?:\s+(?:last\s+(?:week|month|year|weekend)|recently|this\s+(?:week|month|year)|yesterday|"
              r"in\s+(?:january|february|march|april|may|june|july|august|september|october|november|december|\d{4})|"
              r"(?:a|one|two|three|four|five|six|\d{1,2})\s+(?:weeks?|months?|years?)\s+ago))?")
_HOW_TAIL = r"(?:\s+(?:entirely|completely|altogether|for\s+good|cold\s+turkey|for\s+good\s+now))?"
_QUIT_RE = re.compile(
    rf"^{_SUBJECT}\s+(?:has\s+|have\s+|had\s+)?(?:just\s+|recently\s+|finally\s+|now\s+)?{_QUIT}\s+{_THING}"
    rf"{_HOW_TAIL}{_WHEN_TAIL}{_HOW_TAIL}$", re.I)
_QUIT_VERB_RE = re.compile(r"\bquit\b", re.I)  # the one verb that is also leaving a job or closing an app
_OFF_RE = re.compile(rf"^{_SUBJECT}\s+(?:is|am|are|'m|'s)\s+(?:now\s+)?off\s+{_THING}(?:\s+now)?$", re.I)
# "quit smoking two years ago": the grammar reads the gerund; only the date of the quit is dropped
_GERUND_RE = re.compile(r"^\w+ing$", re.I)
# Not a thing one uses: a job, a team, a school, a group, a course, a habit of someone else's.
_NOT_A_THING = frozenset(
    "job jobs work school college university uni team band club company firm role position program programme "
    "course class classes degree phd studies it that this them him her me on trying".split())
_DETERMINERS = ("the ", "a ", "an ", "my ", "his ", "her ", "their ", "our ")
# A number in digits right after a name, then "years ago": the number may be the name's version.
_VERSION_AGO_RE = re.compile(r"\s+\d{1,2}\s+(?:weeks?|months?|years?)\s+ago", re.I)



def _named_product(thing: str) -> bool:
    """A name that may carry a version: written with a capital anywhere ("Windows", "iOS",
    "iPhone"), or a known product or tool however written ("php", "vim", "twitter")."""
    low = thing.lower()
    return (any(c.isupper() for c in thing) or low in lx.TECH_NAMES or low in lx.TECH_ALIASES
            or low in lx.DESKTOP_APPS or low in lx.EMPLOYER_BRANDS)


def quit_as_denial(incoming: str) -> str | None:
    """"User has quit coffee." -> "User no longer uses coffee."; None unless the memory is that one quit."""
    sentence = one_sentence(incoming)
    if sentence is None:
        return None
    m = _QUIT_RE.match(sentence) or _OFF_RE.match(sentence)
    if m is None:
        return None
    subject, thing = m.group(1), m.group(2)
    low = thing.lower()
    if _named_product(thing) and _VERSION_AGO_RE.match(sentence, m.end(2)):
        # "gave up Windows 7 years ago", "gave up iOS 6 years ago", "i gave up php 5 years ago": the
        # number may be the name's version, whatever its case ("gave up coffee 3 years ago" has none)
        return None
    if low.startswith(_DETERMINERS) or set(low.split()) & _NOT_A_THING:
        return None  # "quit the band", "gave up on Spanish", "quit her job": not a thing one uses
    if m.re is _OFF_RE and low in lx.DESKTOP_APPS:
        return None  # "is off Slack now": offline, or gone?
    if m.re is _QUIT_RE and _QUIT_VERB_RE.search(sentence) and low in (lx.EMPLOYER_BRANDS | lx.DESKTOP_APPS):
        return None  # "quit Google": the job or the product; "quit Chrome": closed the window
    if _GERUND_RE.match(thing.split()[0]):
        # "quit smoking two years ago": the grammar reads "quit smoking" itself
        return f"{subject} quit {thing}." if _QUIT_RE.match(sentence) and " " not in thing else None
    verb = "use" if subject.lower() == "i" else "uses"
    return f"{subject} no longer {verb} {thing}."
