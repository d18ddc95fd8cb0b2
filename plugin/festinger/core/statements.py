"""Memory text -> simple statements (pure logic, no I/O).

A memory such as "User's project uses Python 3.11" becomes statements with a subject key
("project python version"), a relation ("value") and typed values ("3.11"). The parser is a small
closed grammar: a sentence it does not fully understand yields no statement at all, because the
contradiction detector must never act on a guess. Sentences about the past, plans, conditions,
hedges, questions or additions are skipped on purpose, and every keyword matches whole words only.
"""

from __future__ import annotations

import functools
import re

from festinger.core import contradiction_lexicon as lx
from festinger.core.statement_grammar import CORRECTABLE_RELS, parse_clause_statements
from festinger.core.statement_tokens import tokenize
from festinger.core.statement_values import Statement

__all__ = ["CORRECTABLE_RELS", "Statement", "extract_statements", "parse_sentence", "split_sentences"]

# Work caps: memories are short facts, but a pasted log must not cost more than a short memory.
MAX_TEXT_CHARS = 4000
MAX_SENTENCES = 24
MAX_SENTENCE_CHARS = 320
MAX_SENTENCE_TOKENS = 60


def _alternation(words) -> str:
    return "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))


def _words_re(words) -> re.Pattern[str]:
    # Whole words only: "must" never matches "mustard", "was" never matches "wasabi".
    return re.compile(r"(?<![\w'])(?:" + _alternation(words) + r")(?![\w'])", re.I)


_CONTROL_RE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028\u2029\ufeff]")
_SPLIT_RE = re.compile(r"(?<=[.!?])\s+(?=\S)|\s*\n\s*|;\s+")
_CONTRACTIONS = (
    (re.compile(r"\b(does|do|did|is|are|was|were|has|have|had|could|would|should)n't\b", re.I), r"\1 not"),
    (re.compile(r"\bcan't\b", re.I), "can not"),
    (re.compile(r"\bwon't\b", re.I), "will not"),
    (re.compile(r"\b(it|that|there|what|he|she)'s\b", re.I), r"\1 is"),
)
_CORRECTION_LEAD_RE = re.compile(
    r"^\s*(?:(?:actually|in fact|to be precise)\b[\s,:;.!-]*"
    r"|(?:correction|no|nope|scratch that|i was wrong|let me correct(?: that| this)?|to correct(?: that| this)?"
    r"|i meant)\s*[,:;.!-]+\s*)",
    re.I,
)
_CORRECTED_FRAME_RE = re.compile(
    r"^\s*(?:the\s+)?user\s+(?:" + _alternation(lx.CORRECTION_REPORTING) + r")"
    r"(?:\s+(?:this|that|it|themselves|the agent|me|us|the earlier statement|an earlier statement|the record))?"
    r"(?:\s*[,:;-]+\s*|\s+that\s+|\s+)",
    re.I,
)
_REPORT_FRAME_RE = re.compile(
    r"^\s*(?:according to (?:the\s+)?user\s*,\s*|(?:the\s+)?user\s+(?:has\s+)?(?:"
    + _alternation(lx.REPORTING_VERBS)
    + r")(?:\s+that)?\s*[:,]?\s+)",
    re.I,
)
# Bullets, numbered steps and headings of LLM-written memories ("- The API runs on port 8080").
_LIST_MARKER_RE = re.compile(r"^(?:[-*\u2022>#]+\s*|\(?\d{1,3}[.)]\s+|\(?[a-z][.)]\s+)+")
_ACTUALLY_RE = re.compile(r"(?<![\w'])actually(?![\w'])\s*,?\s*", re.I)
_HISTORY_RE = _words_re(list(lx.HISTORY_WORDS) + list(lx.HISTORY_PHRASES))
_YEAR_SCOPE_RE = re.compile(
    r"(?<![\w'])(?:" + _alternation(lx.YEAR_SCOPE_WORDS) + r")\s+(?:the\s+)?(?:year\s+)?(?:1[89]\d\d|20\d\d)(?!\d)", re.I
)
_MODAL_RE = _words_re(list(lx.MODAL_WORDS) + list(lx.MODAL_PHRASES))
_ADDITIVE_RE = re.compile(
    r"(?<![\w'])(?:" + _alternation(list(lx.ADDITIVE_WORDS) + list(lx.ADDITIVE_PHRASES)) + r")(?![\w'])|e\.g\.|i\.e\.",
    re.I,
)
_PRESENT_RE = _words_re(list(lx.PRESENT_WORDS) + list(lx.PRESENT_PHRASES))


def split_sentences(text: str) -> list[str]:
    """Sentences of a memory, capped in number and length so any input stays cheap."""
    if not isinstance(text, str) or not text:
        return []
    text = _CONTROL_RE.sub(" ", text[:MAX_TEXT_CHARS])
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
    out: list[str] = []
    for part in _SPLIT_RE.split(text):
        part = part.strip()
        if part:
            out.append(part)
            if len(out) >= MAX_SENTENCES:
                break
    return out


def extract_statements(text: str, *, allow_correction: bool = False) -> tuple[Statement, ...]:
    """All statements the parser is sure about, in reading order."""
    if not isinstance(text, str) or not text:
        return ()
    # The resolver compares one incoming memory with its K nearest neighbours, and the same
    # neighbours come back turn after turn: parsing each (capped) text once is the cheap path.
    return _extract_cached(text[:MAX_TEXT_CHARS], allow_correction)


@functools.lru_cache(maxsize=1024)
def _extract_cached(text: str, allow_correction: bool) -> tuple[Statement, ...]:
    out: list[Statement] = []
    for sentence in split_sentences(text):
        if len(sentence) <= MAX_SENTENCE_CHARS:
            out.extend(parse_sentence(sentence, allow_correction=allow_correction))
    return tuple(out)


def parse_sentence(sentence: str, *, allow_correction: bool = False) -> list[Statement]:
    s = _LIST_MARKER_RE.sub("", sentence.strip()).strip("\"'` ")
    if not s or "?" in s:
        return []  # questions assert nothing
    s = s.rstrip(".!:; ")
    for pattern, repl in _CONTRACTIONS:
        s = pattern.sub(repl, s)
    correction = False
    for _ in range(3):  # "No, actually, the user corrected this: ..."
        m = _CORRECTION_LEAD_RE.match(s) or _CORRECTED_FRAME_RE.match(s)
        if m and m.end() < len(s):
            correction = True
            s = s[m.end():]
            continue
        m = _REPORT_FRAME_RE.match(s)
        if m and m.end() < len(s):
            s = s[m.end():]
            continue
        break
    if _ACTUALLY_RE.search(s):
        correction = True
        s = _ACTUALLY_RE.sub(" ", s)
    if (_HISTORY_RE.search(s) or _YEAR_SCOPE_RE.search(s) or _MODAL_RE.search(s) or _ADDITIVE_RE.search(s)):
        return []
    s = _PRESENT_RE.sub(" ", s)
    toks = tokenize(s)
    if len(toks) < 3 or len(toks) > MAX_SENTENCE_TOKENS:
        return []
    try:
        return parse_clause_statements(toks, sentence, correction and allow_correction)
    except (ValueError, IndexError, OverflowError):
        return []  # a malformed fragment is simply not understood
