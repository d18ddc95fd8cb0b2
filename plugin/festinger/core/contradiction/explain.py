"""The detector's verdict for two compared statements, with its explanation (pure logic)."""

from __future__ import annotations

from festinger.core.contradiction.grammar.statements import WE_KEY, Statement
from festinger.core.contradiction.verdict import Contradiction, clip

__all__ = ["make_verdict"]


def _describe(s: Statement) -> str:
    text = ", ".join(v.display for v in s.values)
    if s.rel == "state" and s.values and s.values[0].kind == "state":
        v = s.values[0]
        return v.display if not s.explicit_negation else f"not {v.display}"
    return f"not {text}" if s.negated else text


def _subject_label(s: Statement) -> str:
    key = "we" + s.key[len(WE_KEY):] if s.key.split()[0] == WE_KEY else s.key
    if s.rel in ("location", "origin"):
        return f"{key} {s.rel}"
    return key


def make_verdict(kind: str, a: Statement, b: Statement) -> Contradiction:
    old_value, new_value = _describe(a), _describe(b)
    subject = _subject_label(a)
    what = {
        "value": "holds a single value and the two memories disagree on it",
        "negation": "is asserted by one memory and denied by the other",
        "correction": "is explicitly corrected by the incoming memory",
    }[kind]
    explanation = (
        f"{subject!r} {what}: {old_value!r} -> {new_value!r} "
        f"(existing: {clip(a.sentence)!r}; incoming: {clip(b.sentence)!r})"
    )
    return Contradiction(kind=kind, subject=subject, old_value=old_value, new_value=new_value, explanation=explanation)
