"""An incoming correction said the way people say it, rewritten to the "Correction: ..." the
grammar reads (pure logic).

People own up to a slip around the corrected fact: "I was wrong about the retries: they're set
to 5, not 3.", "Oops, I mistyped earlier: ...", "I got it wrong earlier: ...", "The user changed
her mind: her favorite season is autumn.", "Correction: I'm allergic to sulfa drugs, not
penicillin. I mixed them up." The confession says nothing of the fact itself; left in place it
makes the sentence unreadable (a lead the grammar does not know) or the memory unsure (a second
sentence it cannot read). This module turns the lead into "Correction:" and drops a trailing
confession, so the usual correction path decides (the corrected value must still meet the stored
one by slot and value).
"""

from __future__ import annotations

import re

from festinger.core.contradiction.updates.paraphrase import new_value_line

__all__ = ["plain_correction"]

_SLIP = (r"(?:was\s+wrong|got\s+(?:it|that|this)\s+wrong|had\s+(?:it|that|this)\s+wrong|misspoke|mistyped|"
         r"misremembered|mixed\s+(?:it|them|that|those)\s+up|made\s+a\s+(?:typo|mistake))")
_WHEN = r"(?:\s+(?:earlier|before|above|last\s+time))?"
# "Oops, I mistyped earlier:", "I got it wrong earlier:", "My mistake -", "Sorry, I misspoke:".
_LEAD_RE = re.compile(
    rf"^(?:(?:oops|whoops|sorry|my\s+bad|my\s+mistake)\s*[,!.]?\s*)?(?:i\s+{_SLIP}{_WHEN}\s*[:;,-]\s*|"
    rf"(?:oops|whoops|my\s+bad|my\s+mistake)\s*[:;,-]\s*)(?=\S)", re.I)
# "I was wrong about the retries: they're set to 5, not 3" -> "Correction: the retries are set to 5, not 3".
_ABOUT_RE = re.compile(
    r"^i\s+was\s+wrong\s+about\s+(?:the\s+)?([\w-]+(?:\s+[\w-]+){0,2})\s*[:;,-]\s*(?:(they)(?:'re|\s+are)|"
    r"(it)(?:'s|\s+is))\s+(?=\S)", re.I)
# "The user changed her mind: her favorite season is autumn": the user's slot, corrected.
_MIND_RE = re.compile(r"^(?:the\s+)?user\s+changed\s+(?:her|his|their)\s+mind\s*[:;,-]\s*(?:her|his|their)\s+(?=\w)",
                      re.I)
# A sentence that only confesses the slip: "I mixed them up.", "My mistake.", "I was off by a year."
_CONFESSION_RE = re.compile(
    rf"^(?:(?:sorry|oops|my\s+(?:bad|mistake|error)|typo)(?:\s+about\s+that|\s+for\s+the\s+confusion)?|"
    rf"i\s+(?:always\s+|keep\s+)?(?:{_SLIP}|mix\s+(?:them|those|the\s+\w+)\s+up|was\s+off\s+by\s+(?:a|an|one|\d+)\s+\w+)"
    rf"{_WHEN})\s*[.!]*$", re.I)
_SENTENCE_END_RE = re.compile(r"(?<=[.!;])\s+(?=\S)")


def plain_correction(incoming: str) -> str:
    """The incoming memory with a confession lead read as "Correction:" and a trailing confession
    dropped (and a "New <slot>: <value>" line read as the slot's new value, `paraphrase`);
    unchanged when it has none of these."""
    text = new_value_line(incoming).strip()
    if len(text) > 400:
        return incoming  # a correction is one short message
    parts = _SENTENCE_END_RE.split(text)
    if len(parts) > 1 and _CONFESSION_RE.match(parts[-1].strip()):
        parts = parts[:-1]
        text = " ".join(parts).rstrip(" ;")
    m = _ABOUT_RE.match(text)
    if m:
        verb = "are" if m.group(2) else "is"
        return f"Correction: the {m.group(1)} {verb} {text[m.end():]}"
    m = _MIND_RE.match(text)
    if m:
        return f"Correction: the user's {text[m.end():]}"
    m = _LEAD_RE.match(text)
    if m:
        return f"Correction: {text[m.end():]}"
    return text if text != incoming.strip() else incoming
