"""Text normalisation shared by the whole pack: control characters, quotes, contractions, correction leads.

This is the ONE contraction table and the ONE table of correction openings: the contradiction
detector, the keyword matcher and the classifier all read them from here, so "doesn't" and
"actually," mean the same thing everywhere. Every pattern is linear (no nested or overlapping
repetition), because memories are user input of any size.
"""

from __future__ import annotations

import re

__all__ = [
    "CONTRACTIONS",
    "CORRECTION_LEADS",
    "clean",
    "expand_contractions",
    "is_correction",
    "strip_correction_lead",
]

_CONTROL_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200b-\u200f\u2028\u2029\ufeff]")
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " ",
                         "\u2013": "-", "\u2014": " - ", "\r": "\n"})


def clean(text: str) -> str:
    """Control characters to spaces, typographic quotes and dashes to ASCII, CR to LF."""
    return _CONTROL_RE.sub(" ", text).translate(_QUOTES)


# (pattern, replacement): spelled out before any matching, so word lists need only the long form.
# "'s" is only expanded after pronouns that cannot be possessives ("it's", "that's"): "user's" stays.
_APOS = "['\u2019]"
CONTRACTIONS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"\bcan{_APOS}t\b", re.I), "can not"),
    (re.compile(rf"\bwon{_APOS}t\b", re.I), "will not"),
    (re.compile(rf"\bshan{_APOS}t\b", re.I), "shall not"),
    (re.compile(rf"\b(\w+)n{_APOS}t\b", re.I), r"\1 not"),
    (re.compile(rf"\b(i){_APOS}m\b", re.I), r"\1 am"),
    (re.compile(rf"\b(i|you|we|they){_APOS}ve\b", re.I), r"\1 have"),
    (re.compile(rf"\b(you|we|they){_APOS}re\b", re.I), r"\1 are"),
    (re.compile(rf"\b(i|you|we|they|he|she|it){_APOS}ll\b", re.I), r"\1 will"),
    (re.compile(rf"\b(it|that|there|what|he|she|who|where|here){_APOS}s\b", re.I), r"\1 is"),
)


def expand_contractions(text: str) -> str:
    """"Doesn't" -> "Does not", "I'm" -> "I am" (case of the first letter kept)."""
    for pattern, repl in CONTRACTIONS:
        text = pattern.sub(repl, text)
    return text


# Openings by which a speaker corrects an earlier statement. Only honoured at the start of a
# sentence of the incoming memory: "actually" in the middle of an old memory corrects nothing.
CORRECTION_LEADS: tuple[str, ...] = (
    "correction", "no", "nope", "scratch that", "i was wrong", "let me correct", "let me correct that",
    "let me correct this", "to correct", "to correct that", "to correct this", "i meant", "wrong",
    "that is wrong", "that is not right", "that is incorrect", "update", "updated",
)
# Leads that need no punctuation after them ("Actually the API uses GraphQL").
CORRECTION_ADVERBS: tuple[str, ...] = ("actually", "in fact", "to be precise", "nope", "i was wrong")


def _alternation(words: tuple[str, ...]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))


_LEAD_RE = re.compile(
    r"^\s*(?:(?:" + _alternation(CORRECTION_ADVERBS) + r")\b[\s,:;.!-]*"
    r"|(?:" + _alternation(CORRECTION_LEADS) + r")\s*[,:;.!-]+\s*)",
    re.I,
)
# Correction phrases that count anywhere in a user's message (for the classifier's "explicit
# correction wins" rule, never for detection).
_ANYWHERE_RE = re.compile(
    r"(?<!\w)(?:the\s+correct\s+(?:answer|value|one)\s+is|i\s+meant|i\s+misspoke)(?!\w)", re.I)


def strip_correction_lead(sentence: str) -> tuple[str, bool]:
    """The sentence without a leading correction marker, and whether there was one."""
    m = _LEAD_RE.match(sentence)
    if m and m.end() < len(sentence):
        return sentence[m.end():], True
    return sentence, False


def is_correction(text: str) -> bool:
    """Whether a message opens as (or states) a correction of an earlier statement."""
    if not text:
        return False
    text = expand_contractions(text[:2000])
    return bool(_LEAD_RE.match(text) or _ANYWHERE_RE.search(text))
