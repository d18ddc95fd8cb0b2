"""A single-valued slot said anew with a value of another kind or verb (pure logic).

The grammar gives one slot different relations by the kind of its value: "My deploy target is AWS
eu-west-1" is a phrase ("state"), "My deploy target is eu-central-1 now" a term ("value"), so the
two never met. A meeting's platform and a recurring event's days are said with "on" or a verb
("Standup is on Zoom", "Book club meets the first Thursday of the month"), relations that may hold
several values ("is on the roadmap", "meets friends"), so they never conflicted either. And "my
team" is the user's group, keyed "team", whose value is a plain phrase the value types never judge.

Here an announced or corrected value of one of these slots replaces the stored one when the two
values are of one slot's kind (`closed_values.news_only_conflict`: regions, meeting platforms,
event days; a phrase against a term: any closed kind, time zones too), or, for the user's team, when both
are names (capitalised or code-like) that neither refine nor abbreviate each other. Same key, scope and qualifier are
required; a memory holding several values of the key, or an incoming one still saying the old
value, is left alone.
"""

from __future__ import annotations

from festinger.core.contradiction.explain import make_verdict
from festinger.core.contradiction.grammar.closed_values import closed_value_relation, news_only_conflict
from festinger.core.contradiction.grammar.comparison import compare, may_be_alias, squash
from festinger.core.contradiction.grammar.statements import extract_statements
from festinger.core.contradiction.grammar.values import Relation, Statement, Value
from festinger.core.contradiction.updates.keyvalue_change import key_line_as_sentence
from festinger.core.contradiction.verdict import Contradiction

__all__ = ["by_slot_value"]

_NAMED_RELS = frozenset(("state", "value"))
# "is on Zoom", "meets on Thursdays", "is in eu-west-1": relations that hold a platform, days or a region.
_FRAME_RELS = frozenset(("on", "in", "at"))
# The user's own group: "my team is Payments" (keyed "team", the user's possession).
_GROUP_KEYS = frozenset(("team", "user team", "squad", "user squad"))
_MAX_WORDS = 4
_WORDS = frozenset(("phrase", "term"))


def by_slot_value(existing: str, incoming: str) -> Contradiction | None:
    """"My deploy target is AWS eu-west-1" / "... is eu-central-1 now", "Standup is on Zoom" /
    "... on Google Meet now", "My team is Payments" / "My team is Search now"."""
    news = [b for b in extract_statements(incoming, allow_correction=True)
            if (b.update or b.correction) and not b.negated and len(b.values) == 1]
    if not news:
        return None
    old, line = extract_statements(existing, allow_correction=False), False
    if not old:  # "Deploy target: AWS eu-west-1", "Timezone: America/Los_Angeles": a bare line (keyvalue_change)
        pair = key_line_as_sentence(existing, incoming)
        old, line = (extract_statements(pair[0], allow_correction=False), True) if pair else ((), False)
    for b in news:
        for a in old:
            if (a.negated or len(a.values) != 1 or not _one_key(a.key, b.key, line) or a.scope != b.scope
                    or a.qualifier != b.qualifier or not _replaced(a, b)):
                continue
            if _several(a, old) or any(_says(c, a.values[0]) for c in news if c is not b):
                continue  # two values stored for the key, or the incoming memory still says the old one
            return make_verdict("correction" if b.correction else "value", a, b)
    return None


def _one_key(old: str, new: str, line: bool) -> bool:
    """One key; a bare line's key ("Deploy target: ...") is the user's own ("my deploy target")."""
    return old == new or line and new == f"user {old}"


def _replaced(a: Statement, b: Statement) -> bool:
    x, y = a.values[0], b.values[0]
    if a.rel == b.rel and (a.rel in _FRAME_RELS or a.rel.startswith("do:")):
        # an event's platform or days ("on Zoom" / "on Google Meet", "meets Thursdays" / "... Wednesdays");
        # the user's own habits gain days ("goes to the gym on Mondays" / "... on Wednesdays now")
        return a.key.split()[0] != "user" and news_only_conflict(x, y)
    if a.rel not in _NAMED_RELS or b.rel not in _NAMED_RELS:
        return False
    if a.rel != b.rel or a.key != b.key:
        # a phrase against a term of one key, or a bare line's key said as the user's, judged by what
        # both are (a region, a time zone, a code: `closed_values`); two names or words alone are not
        # enough ("a Pixel 7" / "Google Fi": the phone and its line; "Delta" / "pricey")
        return x.kind in _WORDS and y.kind in _WORDS and closed_value_relation(x, y) is Relation.CONFLICT
    return a.rel == "state" and a.key in _GROUP_KEYS and _name_like(x) and _name_like(y) and _two_names(x, y)


def _name_like(v: Value) -> bool:
    """A name or a code ("Payments", "AWS eu-west-1", "k8s"), never a description ("small", "remote now")."""
    words = v.display.split()
    return 0 < len(words) <= _MAX_WORDS and v.kind in ("phrase", "term") and all(
        w[:1].isupper() or any(c.isdigit() for c in w) or "-" in w.strip("-") for w in words)


def _two_names(x: Value, y: Value) -> bool:
    """Neither name holds, refines or abbreviates the other ("AWS" / "AWS eu-west-1", "Search" /
    "Search Relevance", "PM" / "Payments Mobile")."""
    tx, ty = set(x.display.lower().split()), set(y.display.lower().split())
    if tx <= ty or ty <= tx or squash(x.display) == squash(y.display):
        return False
    return not may_be_alias(x.display, y.display) and compare(x, y) is not Relation.COMPATIBLE


def _several(a: Statement, old: tuple[Statement, ...]) -> bool:
    """Whether the stored memory holds another value for the key ("Standup is on Zoom; the retro is
    on Meet" is two keys; "Standup is on Zoom. Standup is on Meet on Fridays." two values)."""
    return any(c is not a and c.key == a.key and c.scope == a.scope and not c.negated
               and {v.norm for v in c.values} != {v.norm for v in a.values} for c in old)


def _says(c: Statement, old: Value) -> bool:
    return not c.negated and any(v.norm == old.norm for v in c.values)
