"""The stored sentence said again with another value "instead of" the stored one (pure logic):
"I write my scripts in Bash" / "I write my scripts in Python instead of Bash these days", "My dog
goes to daycare on Mondays" / "My dog goes to daycare on Wednesdays instead of Mondays now".

The incoming sentence, without its "instead of X" and its "now", must be the stored sentence word
for word (`held.words`: determiners and possessives dropped, "I" the user) but for one run of at
most five words where the stored sentence has exactly X. Anything else that differs, a scope ("for
Rust"), a subject ("My wife uses ..."), a hedge ("sometimes"), leaves the two apart; and the stored
sentence must be sure (`statements.is_unsure`, no negation), the incoming one free of plans, old
news and undoing words (`named_end`'s gates, passed in by the caller).
"""

from __future__ import annotations

import re

from festinger.core.contradiction.held import words
from festinger.core.contradiction.normalise import expand_contractions
from festinger.core.contradiction.statements import is_unsure

__all__ = ["said_instead"]

_INSTEAD_RE = re.compile(r"\s+instead\s+of\s+(?P<x>[^,;:()]+?)(?P<now>(?:\s+(?:now|these\s+days|nowadays|"
                         r"from\s+now\s+on))*)\s*$", re.I)
_NOW_RE = re.compile(r"(?<![\w'])(?:now|these\s+days|nowadays|from\s+now\s+on)(?![\w'])", re.I)
_NEGATION_RE = re.compile(r"(?<![\w'])(?:not|no|never|none|without)(?![\w'])|n't", re.I)
_USER = {"i": "user", "me": "user"}
_MAX_NEW = 5
# Words that put a scope beside the new value: what differs must be a value alone.
_SCOPING = frozenset("for at in on over during starting from by to via under with without when while if until "
                     "before after since and or but except only sometimes".split())


def _said(text: str) -> list[str]:
    return [_USER.get(w, w) for w in words(_NOW_RE.sub(" ", text))]


def said_instead(stored: str, sentence: str) -> tuple[str, str] | None:
    """(the stored value, the new one) when `sentence` is `stored` with a new value instead of it."""
    m = _INSTEAD_RE.search(sentence)
    if m is None:
        return None
    old_text = expand_contractions(stored)
    if is_unsure(old_text) or _NEGATION_RE.search(old_text) or _NEGATION_RE.search(sentence):
        return None
    x = _said(m.group("x"))
    a, b = _said(old_text), _said(sentence[:m.start()] + m.group("now"))
    if not x or not a or not b:
        return None
    p = 0
    while p < min(len(a), len(b)) and a[p] == b[p]:
        p += 1
    q = 0
    while q < min(len(a), len(b)) - p and a[-1 - q] == b[-1 - q]:
        q += 1
    was, now = a[p:len(a) - q], b[p:len(b) - q]
    if p == 0 or was != x or not now or len(now) > _MAX_NEW or set(now) & set(x):
        return None  # the subject must be said again; the run that differs must be the stored value
    if set(now) & _SCOPING or any(w.endswith("ly") and len(w) > 4 for w in now):
        return None  # "uses Firefox at work instead of Chrome", "tea in the evening", "Docker Compose locally"
    return m.group("x").strip(), " ".join(now)
