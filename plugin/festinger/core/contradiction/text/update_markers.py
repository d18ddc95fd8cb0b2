"""Words that date a value to the present, read as the "now" they mean (pure logic).

People and memorizers announce a new value of a slot without "now": "These days my favorite band
is Big Thief", "The Docker image is on Python 3.11 as of this release", "Please reply in Spanish
from now on", "My title changed to Marketing Manager this week". The grammar strips such words as
filler, so the sentence read as a plain restatement, and a restatement of a slot that may hold two
values (plain words, people) is never allowed to replace the stored one. Each marker here is
rewritten to a trailing "now", which the rest of the pipeline already reads as an announced change
(`rephrase`), so no new path decides anything: the marker only says the value is the current one.

Only markers that point at the present are read: "as of 2019" or "as of last year" date a value
to the past; "from May" or "starting next week" may be a plan, and stay as they are.
"""

from __future__ import annotations

import re

from festinger.core.contradiction.text.cues import Says
from festinger.core.contradiction.updates.addressing import as_address_slot
from festinger.core.contradiction.updates.due_dates import as_date_slot
from festinger.core.contradiction.updates.environment_slot import environment_first
from festinger.core.contradiction.updates.paraphrase import paraphrase
from festinger.core.contradiction.updates.slot_change import at_bare_hour, set_slot
from festinger.core.contradiction.grammar.timezones import as_timezone_slot

__all__ = ["mark_present", "reword"]

# "as of this release", "as of this quarter", "as of last week": the value holds from then on, and the
# sentence says it in the present ("is", "runs"), so from now on as well. A date ("as of June 1", "as
# of July") may lie ahead: the stored value holds until then (the ninth attack).
_AS_OF = (r"as\s+of\s+(?:now|today|this\s+(?:week|month|quarter|year|sprint|release|morning)|"
          r"last\s+(?:week|month|quarter)|(?:the\s+)?(?:latest|new|current)\s+[\w.-]+(?:\s+[\w.-]+)?|"
          r"v?\d+(?:\.\d+){1,2})")
_PRESENT = rf"(?:these\s+days|nowadays|from\s+now\s+on|going\s+forward|{_AS_OF})"
# "These days, my favorite band is Big Thief", "As of this month, rent is $1,900".
_LEAD_RE = re.compile(rf"^{_PRESENT}\s*,?\s+(?=\S)", re.I)
# "... instead of iTerm2 these days", "... is $59/month as of July" (the marker closes the clause).
_TAIL_RE = re.compile(rf",?\s+{_PRESENT}\s*(?=$|[.!]$)", re.I)


def mark_present(sentence: str) -> str:
    """The sentence with a marker of the present rewritten as a trailing "now" (or unchanged)."""
    if not Says(sentence)("these", "nowadays", "from", "going", "of"):
        return sentence  # none of the markers' words
    s, n = _LEAD_RE.subn("", sentence, count=1)
    if n:
        return s.rstrip(" .!") + " now"
    s, n = _TAIL_RE.subn(" now", sentence, count=1)
    return s if n else sentence


# "Lena left, so I report to Marcus now", "We hired two more, so the team is 10 engineers now": the
# cause, then what holds now. Only the second clause states a fact, and its "now" announces it.
_SO_NOW_RE = re.compile(r"^[^,;:]{3,120}?,\s+(?:and\s+)?so\s+(?=[^,;:]*(?<![\w'])now(?![\w']))", re.I)


def reword(sentence: str, *, incoming: bool) -> str:
    """The sentence with its present marked, and, in an incoming memory, the consequence of a
    "..., so X now" and a slot set by a change verb read as its new value (`slot_change`)."""
    s = at_bare_hour(as_address_slot(environment_first(as_timezone_slot(mark_present(sentence)))))
    if not incoming:
        return as_date_slot(s, incoming=False)
    s = _SO_NOW_RE.sub("", s, count=1) if Says(s)("so") else s
    return set_slot(as_date_slot(paraphrase(s), incoming=True))
