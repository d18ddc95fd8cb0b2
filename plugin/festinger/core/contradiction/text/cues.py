"""A cue: a case-insensitive pattern of lower-case words, looked for yes or no, fast (pure logic).

Most rules first look for a cue word in the memory ("divorced", "graduated", "switched") before
any segmenting. `re` scans a text for a pattern's first letters quickly only when the pattern is
case-sensitive; under re.IGNORECASE it tries every branch at every position (~40 us a memory for
the event cues). A `Cue` searches the lowered text with the case-sensitive pattern instead: the
same answer, because an ASCII pattern with no capital letter matches a text under re.IGNORECASE
exactly where it matches the text's lower case, unless the text holds one of the four letters
re.IGNORECASE matches with an ASCII one (`literal.ODD_CASE_RE`); such a text is searched as before.
"""

from __future__ import annotations

import re

from festinger.core.contradiction.text.literal import ODD_CASE_RE

__all__ = ["Cue", "Says"]

# What may hold a capital letter without matching one: escapes (\S, \W), group names, and no flag.
_NOT_LETTERS_RE = re.compile(r"\\.|\(\?P<\w+>|\(\?P=\w+\)")
_FLAGS_RE = re.compile(r"\(\?[aiLmsux-]+[:)]")


class Cue:
    """`re.compile(pattern, re.I)` for a yes-or-no search (see the module)."""

    __slots__ = ("pattern", "_lowered", "_folded")

    def __init__(self, pattern: str) -> None:
        bare = _NOT_LETTERS_RE.sub("", pattern)
        if not pattern.isascii() or bare != bare.lower() or _FLAGS_RE.search(bare):
            raise ValueError(f"a cue is ASCII, with no capital letter and no inline flag: {pattern!r}")
        self.pattern = pattern
        self._lowered = re.compile(pattern)
        self._folded = re.compile(pattern, re.I)

    def search(self, text: str) -> bool:
        """Whether the pattern is found in text, case ignored."""
        if not text.isascii() and ODD_CASE_RE.search(text):  # (isascii: ~30 ns, the scan ~1 us)
            return self._folded.search(text) is not None
        return self._lowered.search(text.lower()) is not None


class Says:
    """Whether a text holds one of some words, by `in` on its lower case: a gate before a pattern that
    every match of holds one of them (~0.2 us a question, where a pattern that finds nothing costs
    1-3 us, and most sentences rewrite nothing). A text with a letter re.IGNORECASE matches with an
    ASCII one ("\u017f", "\u0131": `literal.ODD_CASE_RE`) is said to hold every word: its patterns run."""

    __slots__ = ("low",)

    def __init__(self, text: str) -> None:
        self.low = text.lower() if text.isascii() or not ODD_CASE_RE.search(text) else None

    def __call__(self, *words: str) -> bool:
        return self.low is None or any(w in self.low for w in words)
