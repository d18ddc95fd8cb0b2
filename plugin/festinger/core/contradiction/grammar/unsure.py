"""Sentences the grammar never reads as a fact that holds now: the past, a time-scoped moment, a
possibility, an addition, or a state from an event on (pure logic).

`is_unsure` used to run four word-list patterns under re.IGNORECASE one after the other on every
sentence (~25 us). The lists are one `Cue` here: a single case-sensitive scan of the lowered
sentence (`cues`), which finds a match exactly where one of the four would (an alternation tries
every branch at every position, so the union of the patterns matches where any one does). Only
"may" stays case-sensitive ("May 3" is a date, "may use" a hedge): it is looked for in the sentence
as written. `from_an_event_on` first asks, by `in`, whether the sentence holds one of the five
words its patterns need at all.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.moment import about_a_moment
from festinger.core.contradiction.text.cues import Cue
from festinger.core.contradiction.text.literal import ODD_CASE_RE, said_alone
from festinger.core.contradiction.text.normalise import alternation, expand_contractions

__all__ = ["LAUGH_RE", "MODAL_RE", "from_an_event_on", "is_unsure"]


def _words_re(words) -> re.Pattern[str]:
    # Whole words only: "must" never matches "mustard", "was" never matches "wasabi".
    return re.compile(r"(?<![\w'])(?:" + alternation(words) + r")(?![\w'])", re.I)


_HISTORY = list(lx.HISTORY_WORDS) + list(lx.HISTORY_PHRASES)
_MODAL = [w for w in list(lx.MODAL_WORDS) + list(lx.MODAL_PHRASES) if w != "may"]
_ADDITIVE = list(lx.ADDITIVE_WORDS) + list(lx.ADDITIVE_PHRASES)
_YEAR_TAIL = r"\s+(?:the\s+)?(?:year\s+)?(?:1[89]\d\d|20\d\d)(?!\d)"
# "may" only in lower case: "May 3" is a date, "may use" a hedge.
MODAL_RE = re.compile(r"(?<![\w'])(?:" + alternation(_MODAL) + r"|(?-i:may))(?![\w'])", re.I)
# The history, modal and additive words (whole words), a year scope ("in 2019"), "e.g.", "i.e.".
_UNSURE = Cue(r"(?<![\w'])(?:(?:" + alternation(sorted(set(_HISTORY + _MODAL + _ADDITIVE))) + r")(?![\w'])"
              r"|(?:" + alternation(lx.YEAR_SCOPE_WORDS) + r")" + _YEAR_TAIL + r")|e\.g\.|i\.e\.")

# "... is main after Friday's cutover": from an event on, which may not have happened yet.
_EVENT_SCOPE_RE = re.compile(
    r"\s(?:after|before|once|until)\s+(?:the|a|an|this|that|next|[A-Z][\w-]*'s)\s+[\w-]+", re.I)
# ... unless the sentence announces the change itself: "switched to Oak Hill after the move".
_ANNOUNCED_RE = _words_re(
    "now switched moved changed upgraded migrated raised lowered increased reduced dropped went grew fell rose "
    "transferred relocated stopped quit ceased left joined became promoted renamed started cancelled canceled".split())
# "moved to Munich after college", "switched to Vim after graduating": a change dated by a stage of
# life (a bare noun or a gerund, no determiner) is a past event, like "in 2009", not the news of
# a change; "after the move" / "after Friday's cutover" name the very event the memory reports.
_LIFE_STAGE_RE = re.compile(
    r"\s(?i:after|when)\s+(?!(?:the|a|an|this|that|these|those|next|my|his|her|their|our|its|some|each|every)\b)"
    r"[a-z]")
_STILL_NEWS_RE = re.compile(r"(?<![\w'])(?:now|recently|just|last\s+(?:week|month|year)|this\s+(?:week|month|year)"
                            r"|yesterday|today)(?![\w'])", re.I)
_EVENT_WORDS = ("after", "before", "once", "until", "when")  # one of them is in every match of the two above


# Laughter said in the sentence itself: "my favorite food is now sadness lol" is a joke, not a value.
LAUGH_RE = re.compile(r"(?<![\w'@./-])(?:lol|lmao|lmfao|rofl|haha\w*|hehe\w*|jk)(?![\w'@/-])|\U0001F602|\U0001F923", re.I)


def is_unsure(sentence: str) -> bool:
    """Whether a sentence speaks of the past, a time-scoped moment (also a state of today or of right
    now: `moment`), a possibility or an addition, or laughs at itself: what the grammar never reads
    as a fact that holds now (and neither does any other rule)."""
    s = expand_contractions(sentence)
    return bool(_UNSURE.search(s) or ("may" in s and said_alone(s, "may", ignore_case=False))
                or from_an_event_on(s) or about_a_moment(s) or (("l" in s or "h" in s or "j" in s or not s.isascii()) and LAUGH_RE.search(s)))


def from_an_event_on(s: str) -> bool:
    """"moved to Munich after college", "... is main after Friday's cutover": a change long past, or
    a state from an event on that may not have happened yet."""
    low = s.lower()
    if not any(w in low for w in _EVENT_WORDS) and (s.isascii() or not ODD_CASE_RE.search(s)):
        return False  # none of the words both patterns need (a text with "\u0131" or "\u017f" is read in full)
    if _LIFE_STAGE_RE.search(s) and _ANNOUNCED_RE.search(s) and not _STILL_NEWS_RE.search(s):
        return True  # "moved to Munich after college": a change long past
    return bool(_EVENT_SCOPE_RE.search(s)) and not _ANNOUNCED_RE.search(s)
