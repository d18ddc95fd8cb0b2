"""Which words of a recall query name something: people, dates, identifiers.

Used to weight those words up in BM25 ("field-aware" matching without separate fields: a
memory store has one text per memory, but the words that pin a memory down are the names,
the dates and the identifiers, and a query rarely repeats anything else verbatim).

Pure and cheap (regular expressions over one message). Names are capitalised words that do
not start a sentence, or a sentence-initial word followed by ":" or "," (a speaker or an
address: "Emily: ...", "Bruno, ..."); dates are month names, ordinals and years;
identifiers carry digits or joiners (``db-prod-07``, ``3.11.4``).
"""

from __future__ import annotations

import re
from typing import Optional

from .temporal import MONTHS

_WORD = re.compile(r"[^\W_][\w.\-/:@']*[^\W_]|[^\W_]", re.UNICODE)
_SENTENCE_END = re.compile(r"[.!?:;\n]\s*$")
_ORDINAL = re.compile(r"^\d{1,2}(st|nd|rd|th)$", re.I)
_YEAR = re.compile(r"^(19|20)\d{2}$")
# Capitalised for grammar, not because they name anything.
_NOT_NAMES = frozenset("i i'm i've i'd i'll ok okay yes no hi hello hey thanks thank please "
                       "ai monday tuesday wednesday thursday friday saturday sunday".split())


def salient_words(text: str, dates: bool = True) -> set[str]:
    """Lower-cased words of ``text`` that are names, dates (unless ``dates`` is False) or
    identifiers."""
    out: set[str] = set()
    if not text:
        return out
    for m in _WORD.finditer(text):
        word = m.group(0).rstrip(".:-/@'")
        if not word:
            continue
        low = word.lower()
        if low in MONTHS or _ORDINAL.match(word) or _YEAR.match(word):
            if dates:
                out.add(low)
            continue
        if any(ch.isdigit() for ch in word) or re.search(r"\w[.\-/:@]\w", word):
            out.add(low)
            continue
        if not word[0].isupper() or low in _NOT_NAMES or word.isupper() and len(word) > 4:
            continue
        before = text[: m.start()]
        sentence_start = not before.strip() or bool(_SENTENCE_END.search(before))
        after = text[m.end(): m.end() + 1]
        if not sentence_start or after in (":", ","):
            out.add(low)
    return out


def person_pattern(query: str) -> Optional[re.Pattern]:
    """A whole-word pattern (over lower-cased text) for the people the query names, or None.

    People are the query's names (:func:`salient_words`) less what names a thing: all-capital
    acronyms ("API") and a word followed by a version or number ("Kafka 3.1", "Python 3.11")."""
    names = []
    for name in sorted(w for w in salient_words(query, dates=False) if w.isalpha()):
        uses = list(re.finditer(rf"\b{re.escape(name)}\b", query, re.I))
        if any(m.group(0).isupper() or re.match(r"\s+v?\d", query[m.end():]) for m in uses):
            continue
        names.append(name)
    if not names:
        return None
    return re.compile(r"\b(?:" + "|".join(re.escape(n) for n in names) + r")\b")
