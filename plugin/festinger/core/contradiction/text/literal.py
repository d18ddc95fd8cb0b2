"""A stored value or key found in a text in Python, the way `re` would find its escaped pattern (pure logic).

Rules that look for a stored value ("the rent", "Dr. Patel", "Austin") in the incoming memory used
to build a pattern around `re.escape(value)`: one new pattern per stored value, so the patterns of
a few hundred memories overflowed `re`'s cache of 512 and every check compiled again (~0.3 ms
each). These helpers give the same answers without a pattern per value:

* case-insensitive comparison is `re.IGNORECASE`'s: letter for letter (never "ss" for "\u00df"),
  ASCII by `str.lower`, any other letter by a one-letter pattern (its case table: "\u017f" is "s",
  the Kelvin sign "k"), compiled once per letter; a search of an ASCII literal by `str.find` in the
  lowered text, and any other by a pattern kept in a small cache (rare);
* a word character is `re`'s \\w: a letter, a digit or "_" (`str.isalnum`), \\s is `str.isspace`.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

__all__ = ["ODD_CASE_RE", "at_boundary", "is_word_char", "said_alone", "said_as_word", "same_letters", "starts", "starts_with"]


def is_word_char(ch: str) -> bool:
    """`re`'s \\w for one character of a str pattern."""
    return ch.isalnum() or ch == "_"


def at_boundary(text: str, i: int) -> bool:
    """`re`'s \\b at index i of text."""
    if not text:
        return False
    before = i > 0 and is_word_char(text[i - 1])
    after = i < len(text) and is_word_char(text[i])
    return before != after


@functools.lru_cache(maxsize=1024)
def _letter(ch: str) -> re.Pattern[str]:
    # One pattern per non-ASCII letter ever compared: a small, closed set, unlike stored values.
    return re.compile(re.escape(ch), re.I)


def _same_letter(x: str, y: str) -> bool:
    if x == y:
        return True
    if x.isascii() and y.isascii():
        return x.lower() == y.lower()
    return _letter(x).fullmatch(y) is not None


def same_letters(literal: str, text: str) -> bool:
    """Whether `text` matches `re.escape(literal)` whole under re.IGNORECASE."""
    if len(literal) != len(text):
        return False
    if literal.isascii() and text.isascii():
        return literal.lower() == text.lower()
    return all(_same_letter(x, y) for x, y in zip(literal, text))


def starts_with(text: str, literal: str, pos: int = 0, *, ignore_case: bool = True) -> bool:
    """Whether `re.escape(literal)` matches text at `pos` (re.IGNORECASE unless told otherwise)."""
    part = text[pos:pos + len(literal)]
    return part == literal if not ignore_case else same_letters(literal, part)


# The only characters outside ASCII that re.IGNORECASE matches with an ASCII letter, or whose
# `str.lower` is not one character: without them, a lowered text keeps its indices and an ASCII
# literal is found in it by `str.find` exactly where `re` would find it.
ODD_CASE_RE = re.compile("[\u0130\u0131\u017f\u212a]")


@functools.lru_cache(maxsize=256)
def _finder(literal: str, flags: int) -> re.Pattern[str]:
    # Only for a literal or a text outside ASCII with case ignored: rare, so a small cache is enough.
    return re.compile(f"(?={re.escape(literal)})", flags)


def starts(text: str, literal: str, *, ignore_case: bool = True) -> Iterator[int]:
    """Every index at which `re.escape(literal)` matches in text, overlapping ones included, in order."""
    if not literal:
        yield from range(len(text) + 1)
        return
    if not ignore_case:
        hay, needle = text, literal
    elif literal.isascii() and (text.isascii() or not ODD_CASE_RE.search(text)):
        hay, needle = text.lower(), literal.lower()  # one character for one: indices kept
    else:
        for m in _finder(literal, re.I).finditer(text):
            yield m.start()
        return
    i = hay.find(needle)
    while i >= 0:
        yield i
        i = hay.find(needle, i + 1)


def said_alone(text: str, literal: str, edges: str = "'", *, ignore_case: bool = True) -> bool:
    """Whether `(?<![\\w<edges>])<literal>(?![\\w<edges>])` is found in text: the literal with no
    word character (nor one of `edges`, "'" by default) right before or after it."""
    def free(ch: str) -> bool:
        return not (is_word_char(ch) or ch in edges)

    n = len(literal)
    return any((i == 0 or free(text[i - 1])) and (i + n >= len(text) or free(text[i + n]))
               for i in starts(text, literal, ignore_case=ignore_case))


def said_as_word(text: str, word: str) -> bool:
    """Whether `\\b<word>\\b` is found in text, case kept (a name said as a word of its own)."""
    n = len(word)
    return any(at_boundary(text, i) and at_boundary(text, i + n) for i in starts(text, word, ignore_case=False))
