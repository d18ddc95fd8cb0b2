"""BM25 terms: how a memory or a query is cut into the words the BM25 index counts.

Kept apart from the index so the recall pipeline and query weighting can use the same
terms without the index (and its numpy postings) in view."""

from __future__ import annotations

import re
from functools import lru_cache

_CHUNK = re.compile(r"\w[\w.\-/:@]*\w|\w", re.UNICODE)
_PART = re.compile(r"[^\W_]+|_", re.UNICODE)
_JOINERS = re.compile(r"[.\-/:@]")


def _stopwords() -> frozenset[str]:
    try:  # the list bm25s uses for English, so both tokenize alike
        from bm25s.stopwords import STOPWORDS_EN

        return frozenset(STOPWORDS_EN)
    except Exception:  # bm25s missing: a short built-in list keeps the index usable
        return frozenset("a an and are as at be but by for if in into is it no not of on or "
                         "such that the their then there these they this to was will with".split())


STOPWORDS = _stopwords()


def bm25_terms(text: str) -> list[str]:
    """The BM25 terms of a text: lower-case words, stopwords dropped, identifiers kept whole as well as split.

    ``db-prod-07.internal`` yields ``db-prod-07.internal``, ``db``, ``prod``, ``07``,
    ``internal``; ``3.11.4`` yields ``3.11.4``, ``3``, ``11``, ``4``. The whole form is rare,
    so an exact identifier in a query matches strongly; the parts keep partial matches.
    """
    out: list[str] = []
    for chunk in _CHUNK.findall((text or "").lower()):
        if _JOINERS.search(chunk):
            out.append(chunk)
            parts = [p for p in _PART.findall(chunk) if p != "_"]
        else:
            parts = [chunk]
        for p in parts:
            if p in STOPWORDS or (len(p) == 1 and not p.isdigit()):
                continue
            out.append(p)
    return out


def is_identifier(token: str) -> bool:
    """Tokens that name one specific thing: versions, hostnames, paths, codes, ports."""
    if _JOINERS.search(token):
        return True
    has_digit = any(ch.isdigit() for ch in token)
    if has_digit and any(ch.isalpha() for ch in token):
        return True
    return token.isdigit() and len(token) >= 3


def _english_stemmer():
    try:  # Snowball's English (Porter 2) stemmer; PyStemmer's C build is used when installed
        import snowballstemmer

        return snowballstemmer.stemmer("english")
    except Exception:  # missing: terms stay unstemmed (BM25 still works, matches fewer forms)
        return None


_STEMMER = _english_stemmer()


@lru_cache(maxsize=65_536)  # a store's vocabulary is small and Zipfian: most words repeat
def stem(term: str) -> str:
    """The Snowball stem of a plain word ("recommended", "recommendations" -> "recommend");
    identifiers, numbers and non-ASCII words are kept as they are (a version or hostname must
    match exactly, and the English rules would mangle other languages' words)."""
    if _STEMMER is None or not term.isascii() or not term.isalpha() or len(term) <= 3:
        return term
    return _STEMMER.stemWord(term)


def stemmed_terms(text: str) -> list[str]:
    """:func:`bm25_terms`, each plain word reduced to its stem (what the BM25 index counts)."""
    return [stem(t) for t in bm25_terms(text)]
