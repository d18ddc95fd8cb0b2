"""A stored habit said with its rhythm, and a denial of the habit (pure logic).

"I drink coffee every morning." / "I don't drink coffee anymore.": the grammar has no slot for "every
morning" after an object, so the stored sentence stated nothing and the denial met nothing. How often
a habit happens is not a thing of its own, and a denial with no scope of its own ends the habit at
any rhythm (as `matching._denied_everywhere` reads "no longer drinks coffee" against "drinks coffee at
work"). So the stored sentence is read without its rhythm, and only a DENIAL may meet it: "I drink
tea every evening now" beside "I drink coffee every morning" is two habits, never a replacement.
Only the stored side is rewritten; an incoming "not every day anymore" (a rarer habit, not none)
keeps its rhythm and stays unread.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.text.normalise import alternation

__all__ = ["without_rhythm"]


# "every morning", "each weekday", "every other day", "daily", "three times a week", "twice per month",
# "most mornings", "on weekdays", optionally "before work" / "after dinner" after it.
_RHYTHM_RE = re.compile(
    rf"\s+(?:(?:every|each)\s+(?:other\s+|single\s+)?(?:{alternation(lx.FREQUENCY_PERIODS)})"
    rf"|most\s+(?:{alternation(lx.FREQUENCY_PERIODS)})|on\s+(?:weekdays|weekends)"
    rf"|{alternation(lx.FREQUENCY_ADVERBS)}"
    rf"|(?:{alternation(lx.FREQUENCY_COUNTS)})(?:\s+times)?\s+(?:a|per|each)\s+(?:day|week|month|year))"
    r"(?:\s+(?:before|after)\s+(?:work|school|breakfast|lunch|dinner|bed))?\s*[.!]?\s*$", re.I)
# A stored sentence that denies or hedges already says something else: left as the grammar reads it.
_NOT_PLAIN_RE = re.compile(r"(?<![\w'])(?:not|never|no|n't|longer|used|if|when|usually|sometimes)(?![\w'])|n't|[?\n;:]",
                           re.I)
_MAX_CHARS = 300  # one plain sentence; a longer text is never read (the work stays bounded)
_SENTENCE_END_RE = re.compile(r"[.!]\s+\S")


def without_rhythm(existing: str) -> str | None:
    """The stored one-sentence habit without how often it happens, or None when it has no rhythm
    at its end, or is not one plain sentence."""
    text = existing.strip()
    if len(text) > _MAX_CHARS or _SENTENCE_END_RE.search(text) or _NOT_PLAIN_RE.search(text):
        return None
    m = _RHYTHM_RE.search(text)
    if m is None or m.start() == 0:
        return None
    return text[:m.start()].rstrip(" ,") + "."
