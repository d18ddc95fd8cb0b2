"""A state said of one day or of this very moment is no lasting fact (pure logic).

"My lunch is at 13:00 today.", "I don't drink coffee today.", "At the moment I don't have my laptop.",
"I'm not wearing my glasses right now.": a state (be, have, use, wear, drink, a slot's value) limited
to today, tonight, this morning, right now, at the moment or for now says what holds for a while, not
what the user's lasting fact is. It never contradicts a standing fact, and a stored one-day state is
never contradicted by one (attack63: 97 false deprecations). `is_unsure` reads such a sentence as it
reads "tomorrow" or "next week": it contributes nothing.

Still news, and left to the rules:
* a lasting change dated today: "From today on my standup is at 10", "Starting today ...", "As of
  today my editor is Helix", "... for good", "... permanently", "I don't eat meat anymore";
* an event of today that changes a state: "I moved to Porto today", "I changed my email today: it's
  now X", "I sold my car this morning" (a change verb, `_EVENT_RE`);
* an age or a birthday: "I'm 35 today!".
"currently" and "now" are not moment words: "I currently live in Porto" is the lasting state. The
one exception is "I don't have my/the X" with "currently": the possessive says the user owns X, so
the sentence can only be about not having it at hand.
"""

from __future__ import annotations

import re

from festinger.core.contradiction.text.cues import Cue, Says

__all__ = ["about_a_moment"]

_W = r"(?<![\w'])"
_E = r"(?![\w'])"
# The words that limit a state to a day or to the moment.
_MOMENT = Cue(_W + r"(?:today|tonight|right\s+now|at\s+the\s+moment|for\s+now|for\s+the\s+moment"
              r"|this\s+(?:morning|afternoon|evening))" + _E)
_MOMENT_GATE = ("today", "tonight", "now", "moment", "this")
# A lasting change from a day on, or an ending said for good.
_LASTING = Cue(_W + r"(?:(?:from|starting|beginning|since|as\s+of|effective)\s+(?:today|tonight|now|this\s+\w+)"
               r"|(?:today|tonight|now)\s+on(?:wards?)?|for\s+good|permanently|anymore|any\s+more|no\s+longer"
               r"|from\s+here\s+on)" + _E)
# A change that happened today and left a state behind: "I moved to Porto today".
_EVENT_RE = re.compile(
    _W + r"(?:switched|moved|changed|upgraded|downgraded|migrated|raised|lowered|increased|reduced|dropped"
    r"|transferred|relocated|stopped|quit|ceased|left|joined|became|promoted|renamed|started|began|cancell?ed"
    r"|sold|bought|got|gave|lost|broke|adopted|married|divorced|signed|hired|fired|retired|graduated|turned"
    r"|updated|replaced|deleted|closed|opened|ended|finished|returned|reset|set|rescheduled|postponed|made"
    r"|decided|bumped|shifted|traded|upped|cut|swapped|sent|went|came|arrived|landed|passed|born)" + _E, re.I)
# An age or a birthday said today is the lasting fact of a year: "I'm 35 today! 🎂".
_AGE_RE = re.compile(_W + r"(?:years?\s+old|birthday|(?:i\s+am|i'm|user\s+is)\s+\d+)" + _E, re.I)
# "I don't have my car", "the user doesn't have the laptop": the possessive says the user owns it.
_NOT_AT_HAND_RE = re.compile(
    r"(?:do\s+not|don't|does\s+not|doesn't|not)\s+(?:have|having|got)\s+(?:my|the|his|her|their)\s", re.I)
_CURRENTLY = Cue(_W + r"(?:currently|now)" + _E)


def about_a_moment(sentence: str) -> bool:
    """Whether a sentence says a state of one day or of the moment only (see the module)."""
    if not Says(sentence)(*_MOMENT_GATE, "currently"):
        return False
    if _LASTING.search(sentence) or _EVENT_RE.search(sentence) or _AGE_RE.search(sentence):
        return False
    if _MOMENT.search(sentence):
        return True
    return bool(_CURRENTLY.search(sentence) and _NOT_AT_HAND_RE.search(sentence))
