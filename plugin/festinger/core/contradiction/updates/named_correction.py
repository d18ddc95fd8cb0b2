"""A correction or an announced change that names the stored value it replaces (pure logic).

"The mobile app is built with React Native" / "Correction: the mobile app uses Flutter, not React
Native"; "User's terminal is iTerm2" / "The user uses Ghostty instead of iTerm2 these days". The
statement path compares one relation with the same relation only ("is built with" never meets
"uses"), and a slot of the user's ("the user's terminal") with the same slot. Here the incoming
statement itself says which value is gone, by name, for the same subject: whatever verb carries
the use of a thing, the named value no longer holds.

Only verbs of using, building or running a thing cross (`USE_LIKE`): "likes Python" is not undone by
"uses Go, not Python". A slot of the user's ("the user's terminal") meets the user's own use only
when the slot is the user's own and nobody else's ("the user's wife's car" is not).
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.comparison import is_known_term, squash
from festinger.core.contradiction.grammar.refinement import refines
from festinger.core.contradiction.grammar.statements import Statement, extract_statements
from festinger.core.contradiction.verdict import Contradiction, clip

__all__ = ["by_it_corrected", "by_named_replacement"]

# Verbs of using, building or running a thing ("uses", "is built with", "is managed with").
_USE_VERBS = frozenset("use utilize utilise adopt leverage run run:on deploy:to deploy:on deploy:with deployed:on "
                       "deployed:to hosted:on built:with build:with written:in managed:with powered:by based:on "
                       "made:with on".split())
_HELD = frozenset(("state", "value"))
# The incoming sentence sets the new value against the old one itself: "Y, not X", "Y instead of X".
_SAID_RE = re.compile(r"(?:,\s*|\s)not\s+\S|(?<![\w'])instead\s+of(?![\w'])|(?<![\w'])rather\s+than(?![\w'])", re.I)


def by_named_replacement(existing: str, incoming: str) -> Contradiction | None:
    """The stored value named as replaced by an incoming correction or announced change, or None."""
    old = extract_statements(existing, allow_correction=False)
    if not old:
        return None
    new = extract_statements(incoming, allow_correction=True)
    for b in new:
        if not (b.update or b.correction) or b.negated or not b.denied or not b.values:
            continue
        for a in old:
            if a.negated or len(a.values) != 1 or a.scope != b.scope or a.qualifier != b.qualifier:
                continue
            was = squash(a.values[0].display)
            if not was or not any(squash(d.display) == was for d in b.denied):
                continue
            if any(squash(v.display) == was for c in new for v in c.values if not c.negated):
                continue  # the incoming memory still says the stored value somewhere
            if any(refines(a.values[0].display, v.display) or was in squash(v.display) for v in b.values):
                continue  # "from React to Next.js", "from Python 3 to Python 3.12": still on it
            if not _SAID_RE.search(b.sentence) or not _alternatives(a, b):
                continue  # a move "from X to Y" is the migration rules' (it may be a layer on X)
            if _one_subject(a, b):
                kind = "correction" if b.correction else "value"
                return Contradiction(kind, a.key, a.values[0].display, b.values[0].display,
                                     f"{a.key!r} {a.values[0].display!r} is named as replaced by "
                                     f"{b.values[0].display!r} (existing: {clip(a.sentence)!r}; "
                                     f"incoming: {clip(b.sentence)!r})")
    return None


def _one_subject(a: Statement, b: Statement) -> bool:
    """Same subject through two verbs of use, or the user's own slot against the user's use."""
    if a.key == b.key:
        return a.rel in _USE_VERBS and b.rel in _USE_VERBS
    words = a.key.split()
    owned = (len(words) == 2 and words[0] == "user" and words[1] not in lx.PERSON_ROLES
             and words[1] not in lx.OTHER_PERSON_WORDS)
    return owned and b.key == "user" and a.rel in _HELD and b.rel in _USE_VERBS


def _alternatives(a: Statement, b: Statement) -> bool:
    """Whether the new value is an alternative to the old one rather than a part or a host of it:
    two known tools of one kind, or two names neither of which is a known tool ("Ghostty" / "iTerm2")."""
    x, y = a.values[0], b.values[0]
    return is_known_term(x) == is_known_term(y)


# "Correction: it's 8443, not 8080", "Sorry, it is Dr. Park, not Dr. Lee": a correction whose subject
# is only "it", after a lead that marks it a correction.
_IT_RE = re.compile(r"^(?:correction|actually|sorry|oops|scratch\s+that|my\s+mistake|no)\s*[,:;.!-]*\s*"
                    r"(?:it's|it\s+is|that's|that\s+is)\s+(?:actually\s+)?([^,;]{1,40}?),?\s+not\s+([^,;]{1,40}?)\s*[.!]?$",
                    re.I)


def by_it_corrected(existing: str, incoming: str) -> Contradiction | None:
    """"The API port is 8080." / "Correction: it's 8443, not 8080.": "it" is the one stored value the
    correction names as wrong, when the stored memory holds that value once and nothing else."""
    m = _IT_RE.match(incoming.strip())
    if m is None:
        return None
    new, old = m.group(1).strip(), m.group(2).strip()
    stored = extract_statements(existing, allow_correction=False)
    slots = {(a.key, a.rel) for a in stored}
    named = [a for a in stored if not a.negated and len(a.values) == 1 and _is_named(a.values[0].display, old)]
    if len(slots) != 1 or not named or squash(new) == squash(old) or not squash(new):
        return None
    a = named[0]
    return Contradiction("correction", a.key, a.values[0].display, new,
                         f"{a.key!r} is corrected: {a.values[0].display!r} -> {new!r} (existing: {clip(a.sentence)!r}; "
                         f"incoming: {clip(incoming)!r})")


def _is_named(stored: str, old: str) -> bool:
    """"8080" names "port 8080" (a number said without its unit word); otherwise the value itself."""
    x, y = squash(stored), squash(old)
    return bool(y) and (x == y or (y.isdigit() and x.endswith(y) and not x[-len(y) - 1:-len(y)].isdigit()))
