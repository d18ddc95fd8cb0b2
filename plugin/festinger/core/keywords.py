"""Whole-word signals in memory text: load-bearing keywords, hedges and stated facts (pure).

The Exocortex classifier matched keywords as substrings, so "must" fired on "mustard" and
"never" on "nevertheless". Here every keyword or phrase is matched on word boundaries, with
any run of whitespace between the words of a phrase, after contractions are spelled out (so
"don't" matches the default phrase "do not"). Contractions and correction openings come from
the pack's one table (`festinger.core.contradiction.text.normalise`). Every pattern here runs in
linear time: memories are user input of any size (a 100 KB paste must not stall the writer).
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Sequence

from festinger.core.contradiction.text.normalise import expand_contractions
from festinger.core.contradiction.text.normalise import is_correction as _is_correction

_WORD_EDGE_BEFORE = r"(?<![\w])"
_WORD_EDGE_AFTER = r"(?![\w])"


@lru_cache(maxsize=8)  # one memory is matched by several checks in a row: spell it out once
def normalize_for_matching(text: str) -> str:
    """Lower case with contractions spelled out ("Don't" -> "do not")."""
    return expand_contractions(text).lower()


def _phrase_body(phrase: str) -> str:
    return r"\s+".join(re.escape(w) for w in phrase.split())


class KeywordMatcher:
    """Finds which configured keywords/phrases occur in a text as whole words."""

    def __init__(self, keywords: Iterable[object]) -> None:
        cleaned: list[str] = []
        for kw in keywords or ():
            # Config from older tools may hold non-text entries: skip them, never fail.
            if isinstance(kw, str):
                norm = " ".join(normalize_for_matching(kw).split())
                if norm and norm not in cleaned:
                    cleaned.append(norm)
        self.keywords: tuple[str, ...] = tuple(cleaned)
        if cleaned:
            # Longest first so "do not" is reported rather than a shorter overlapping entry.
            ordered = sorted(cleaned, key=len, reverse=True)
            # One word-edge check around the whole alternation (not one per keyword): the engine
            # then tests the edges once per position, which keeps a 100 KB memory cheap.
            self._regex = re.compile(_WORD_EDGE_BEFORE + "(?:" + "|".join(f"({_phrase_body(k)})" for k in ordered)
                                     + ")" + _WORD_EDGE_AFTER)
            self._group_to_kw = ordered
        else:
            self._regex = None
            self._group_to_kw = []

    def find(self, text: str) -> list[str]:
        """The keywords present in ``text`` (each once, in the configured order)."""
        if self._regex is None or not text:
            return []
        found = set()
        for m in self._regex.finditer(normalize_for_matching(text)):
            found.add(self._group_to_kw[m.lastindex - 1])  # type: ignore[operator]
        return [k for k in self.keywords if k in found]


@lru_cache(maxsize=32)
def matcher_for(keywords: tuple[str, ...]) -> KeywordMatcher:
    """Compiled matchers are cached per keyword list (the config rarely changes)."""
    return KeywordMatcher(keywords)


# Words that mark a statement as a guess: a guess is never structural.
_HEDGES = re.compile(
    _WORD_EDGE_BEFORE
    + r"(probably|maybe|perhaps|possibly|presumably|likely|unlikely|might|may be|could be|"
      r"seems?|seemingly|appears? to|i think|i guess|i believe|not sure|unsure|assum(?:e|es|ed|ing)|"
      r"suppos(?:e|edly)|guess(?:ed)?|apparently|hopefully|roughly|approximately)"
    + _WORD_EDGE_AFTER)


def is_hedged(text: str) -> bool:
    return bool(_HEDGES.search(normalize_for_matching(text)))


# A stated fact about the user's setup ("My project uses Python 3.11"): a structural verb and
# a concrete value (version, number, path, URL or a proper name). The spec's first test wants
# such user statements load_bearing even without a keyword.
_FACT_VERBS = re.compile(
    _WORD_EDGE_BEFORE
    + r"(uses?|using|is|are|was|runs?(?: on)?|written in|built (?:with|on)|based on|depends? on|"
      r"deployed (?:on|to|with)|hosted (?:on|at|by)|lives? (?:in|at)|located (?:in|at)|"
      r"stored (?:in|at)|installed|listens? on|targets?|version|named|called|name is)"
    + _WORD_EDGE_AFTER)
_VALUE_DIGIT = re.compile(r"\d")
# A path: "/etc/x", "./x", "~/x", "src/app", "main.py". Only existence matters here, so each
# alternative is a fixed-width window (no "+" before the "/"): a long run such as "a.a.a.a..."
# would otherwise make the engine rescan the run from every start, quadratic in the length.
_VALUE_PATH = re.compile(
    r"(?:^|\s)(?:~|\.{0,2})/[\w.\-]|\w[.\-]{0,3}/[\w.\-/]|\w\.(?:py|js|ts|json|ya?ml|toml|sh|md|txt|cfg|ini|sql)\b")
_VALUE_URL = re.compile(r"https?://|www\.", re.I)
_WORDS = re.compile(r"[A-Za-z][\w+#'’.\-]*")


def _starts_sentence(text: str, pos: int) -> bool:
    j = pos - 1
    while j >= 0 and text[j] in " \t\r":
        j -= 1
    return j < 0 or text[j] in ".!?:;\n\"'(["
# Capitalized words that are sentence furniture, not values.
_NOT_NAMES = frozenset(
    "I I'm I've My The A An This That These Those It Its User User's Users Agent Assistant "
    "We Our Their They He She You Your".split())


def _has_concrete_value(text: str) -> bool:
    if _VALUE_DIGIT.search(text) or _VALUE_URL.search(text) or _VALUE_PATH.search(text):
        return True
    for m in _WORDS.finditer(text):
        word = m.group(0).rstrip(".")
        if not word[0].isupper() or word in _NOT_NAMES:
            continue
        # The first word of a sentence is capitalized for grammar, not because it is a name.
        if _starts_sentence(text, m.start()):
            continue
        return True
    return False


# A stated fact is a statement, not a document: only the opening of a long memory is read.
STATED_FACT_MAX_CHARS = 4000


def is_stated_fact(text: str) -> bool:
    """A declarative statement with a structural verb and a concrete value, not a guess or question."""
    stripped = text[:STATED_FACT_MAX_CHARS].strip()
    if not stripped or stripped.endswith("?") or is_hedged(stripped):
        return False
    if not _FACT_VERBS.search(normalize_for_matching(stripped)):
        return False
    return _has_concrete_value(stripped)


def is_correction(text: str) -> bool:
    """An explicit correction ("actually, it's X", "no, the correct answer is Y"). Used only to let
    an already-detected contradiction from the user win outright, never to detect one."""
    return _is_correction(text or "")


def find_keywords(text: str, keywords: Sequence[str]) -> list[str]:
    return matcher_for(tuple(k for k in keywords if isinstance(k, str))).find(text)
