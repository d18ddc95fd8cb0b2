"""One bare thing, named alike by both memories, and changed by the incoming one (pure logic).

"The service runs on Heroku." names no particular service: the subject parser (`subject`) reads a
lone "the <file/service/timeout/job ...>" as a word of the conversation it came from and states
nothing, since two memories' "the service" may be two services. An incoming sentence that
announces a change of it presupposes the stored fact, though: "The service doesn't run on Heroku
anymore", "The timeout was raised to 60 seconds", "the timeout is 60 seconds, not 30" each say
that the very thing had the old value. So when the stored memory is that one sentence about "the
X" and the incoming one speaks of "the X" too, both are read as one named thing (a stand-in word
makes the key concrete) and compared by the grammar as usual, but only a statement that announces
the change or corrects (`update`/`correction`) may deprecate. A plain "The meeting is at 4pm"
after "The meeting is at 3pm" stays two meetings, and only a running thing or a standing arrangement
is read so (`lexicon.BARE_SYSTEM_NOUNS`): "the file", "the test" or "the price" is whatever the
conversation had open, and "The file is now 5 MB" may be another file.
"""

from __future__ import annotations

import re
from dataclasses import replace

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.values import Statement, singular
from festinger.core.contradiction.verdict import Contradiction

__all__ = ["MARK", "changes_bare_thing", "same_bare_thing", "unmarked"]

# The stand-in modifier: a word no lexicon knows, so "the deixis service" is a thing of its own.
MARK = "deixis"
_BARE = ((lx.DEICTIC_NOUNS | lx.ATTRIBUTE_HEADS) - lx.STRONG_SETTING_HEADS) & lx.BARE_SYSTEM_NOUNS
# The stored memory opens on its bare subject: "The service ...", "The jobs ...".
_OPENING_RE = re.compile(r"^\s*the\s+([a-z][a-z-]*)(?![\w'-])", re.I)


def same_bare_thing(existing: str, incoming: str) -> tuple[str, str] | None:
    """Both texts with "the X" made concrete, when the stored memory opens on a bare "the X" and
    the incoming one names "the X" too; None otherwise."""
    m = _OPENING_RE.match(existing)
    if m is None or "\n" in existing.strip() or len(existing) > 300 or len(incoming) > 2000:
        return None
    word = m.group(1).lower()
    if singular(word) not in _BARE:
        return None
    thing = re.compile(rf"(?<![\w'-])(the)\s+({re.escape(word)})(?![\w'-])", re.I)
    if not thing.search(incoming):
        return None
    return thing.sub(rf"\1 {MARK} \2", existing), thing.sub(rf"\1 {MARK} \2", incoming)


def changes_bare_thing(a: Statement, b: Statement) -> bool:
    """Whether the incoming statement `b` announces a change of the stored lone statement `a`, both
    about the marked thing. A bare thing's state comes and goes ("The library is open" / "is now
    closed": for the evening, or for good?): only a value it holds is replaced."""
    return (a.lone and a.key.split()[0] == MARK and b.key.split()[0] == MARK and (b.update or b.correction)
            and a.rel != "state")


def unmarked(found: Contradiction) -> Contradiction:
    """The verdict as the memories wrote it (the stand-in word taken out again)."""
    return replace(found, subject=_strip(found.subject), explanation=_strip(found.explanation))


def _strip(text: str) -> str:
    return re.sub(rf"\s*(?<![\w'-]){MARK}(?![\w'-])", "", text)
