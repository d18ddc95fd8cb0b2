"""A correction said as a fragment before the clause it corrects (pure logic).

"Not Anna but Hanna - the user's daughter is Hanna.", "It's a Honda, not a Mazda - the user drives a
Honda.", "Sorry, I gave the wrong number - my phone number is 555-0128.": the fragment asserts nothing
on its own (no subject the grammar can read), but it makes the clause right after it, in the same
line, a correction, and a "not X" in it denies X for that clause when the clause states its Y.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from festinger.core.contradiction.text.normalise import expand_contractions, strip_correction_lead
from festinger.core.contradiction.grammar.values import Statement, Value, canonical_term

__all__ = ["Fragment", "apply_fragment", "correction_fragment"]

_ART = r"(?:(?:an?|the)\s+)?"
_ITEM = r"([^,;:]{1,40}?)"
_NOT_BUT_RE = re.compile(rf"^(?:actually,?\s+|no,?\s+)?not\s+{_ART}{_ITEM},?\s+but\s+(?:rather\s+)?{_ART}{_ITEM}$", re.I)
_Y_NOT_X_RE = re.compile(rf"^(?:actually,?\s+|no,?\s+)?(?:it\s+is\s+|that\s+is\s+)?{_ART}{_ITEM},\s+not\s+{_ART}{_ITEM}$",
                         re.I)
_WRONG_RE = re.compile(r"(?<![\w'])(?:wrong|mistake|misspoke|typo|mixed\s+up|my\s+bad)(?![\w'])", re.I)
_ACTUALLY_RE = re.compile(r"^(?:actually|sorry|oops)\b", re.I)


@dataclass(frozen=True)
class Fragment:
    denied: str = ""  # "Anna" in "Not Anna but Hanna"
    stated: str = ""  # "Hanna"


def correction_fragment(clause: str) -> Fragment | None:
    """The correction an unparsed clause announces for the next one, or None."""
    s = expand_contractions(clause.strip().rstrip(".!"))
    if len(s) > 120:
        return None
    m = _NOT_BUT_RE.match(s)
    if m:
        return Fragment(denied=m.group(1), stated=m.group(2))
    m = _Y_NOT_X_RE.match(s)
    if m:
        return Fragment(denied=m.group(2), stated=m.group(1))
    if strip_correction_lead(s + " x")[1] or _ACTUALLY_RE.match(s) or _WRONG_RE.search(s):
        return Fragment()
    return None


def apply_fragment(st: Statement, fragment: Fragment) -> Statement:
    """The clause's statement as a correction; it denies the fragment's X when it states its Y."""
    if not fragment.denied:
        return replace(st, correction=True)
    if len(st.values) != 1 or st.negated or _low(st.values[0].display) != _low(fragment.stated):
        return replace(st, correction=True)
    v = st.values[0]
    norm = canonical_term(fragment.denied) if v.kind == "term" else _low(fragment.denied)
    denied = Value(v.kind, norm, fragment.denied.strip())
    return replace(st, correction=True, denied=st.denied + (denied,))


def _low(text: str) -> str:
    return " ".join(text.lower().split())
