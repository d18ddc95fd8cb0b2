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
are names (capitalised or code-like) that neither refine nor abbreviate each other, and so for a
setting of the user's that names one thing ("my browser is Firefox" / "... Chrome now"). Same key, scope and qualifier are
required; a memory holding several values of the key, or an incoming one still saying the old
value, is left alone.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.explain import make_verdict
from festinger.core.contradiction.grammar.closed_values import closed_value_relation, news_only_conflict
from festinger.core.contradiction.grammar.comparison import compare, is_known_term, may_be_alias, squash
from festinger.core.contradiction.grammar.statements import extract_statements
from festinger.core.contradiction.grammar.values import Relation, Statement, Value, canonical_term
from festinger.core.contradiction.updates.anchored_phrase import describes_state
from festinger.core.contradiction.updates.keyvalue import bare_line
from festinger.core.contradiction.updates.keyvalue_change import key_line_as_sentence
from festinger.core.contradiction.verdict import Contradiction

__all__ = ["by_slot_value"]

_NAMED_RELS = frozenset(("state", "value"))
# "is on Zoom", "meets on Thursdays", "is in eu-west-1": relations that hold a platform, days or a region.
_FRAME_RELS = frozenset(("on", "in", "at"))
# The user's own group: "my team is Payments" (keyed "team", the user's possession).
_GROUP_KEYS = frozenset(("team", "user team", "squad", "user squad"))
_MAX_WORDS = 4
# Heads of a user's key that name one brand or service used at a time ("my browser", "my DNS
# provider", "my airline status"). Not a layer of a stack ("framework", "engine", "VPN": "Next.js" /
# "React", "Mullvad" / "WireGuard" both hold), nor people ("my doctor": names, compared elsewhere).
_ONE_THING_HEADS = (lx.STRONG_SETTING_HEADS | frozenset(
    "browser bank gym airline carrier isp insurer provider status target region host platform store".split())
                    ) - lx.PERSON_ROLES
_WORDS = frozenset(("phrase", "term"))


def by_slot_value(existing: str, incoming: str) -> Contradiction | None:
    """"My deploy target is AWS eu-west-1" / "... is eu-central-1 now", "Standup is on Zoom" /
    "... on Google Meet now", "My team is Payments" / "My team is Search now"."""
    news = [b for b in extract_statements(incoming, allow_correction=True)
            if (b.update or b.correction) and not b.negated and len(b.values) == 1]
    if not news:
        return None
    old, line = extract_statements(existing, allow_correction=False), False
    if not old:  # "Deploy target: AWS eu-west-1", "Timezone: America/Los_Angeles": a bare line
        old, line = extract_statements(_line_as_sentence(existing, incoming), allow_correction=False), True
    for b in news:
        for a in old:
            if (a.negated or len(a.values) != 1 or not _one_key(a.key, b.key, line) or a.scope != b.scope
                    or a.qualifier != b.qualifier or not _replaced(a, b)):
                continue
            if _several(a, old) or any(_says(c, a.values[0]) for c in news if c is not b):
                continue  # two values stored for the key, or the incoming memory still says the old one
            return make_verdict("correction" if b.correction else "value", a, b)
    return None


def _line_as_sentence(existing: str, incoming: str) -> str:
    """A bare "Key: value" line as "The key is value." (`keyvalue_change`, also when the incoming
    memory is a line itself: "Update: my browser is now Chrome."), else ""."""
    pair = key_line_as_sentence(existing, incoming)
    if pair is not None:
        return pair[0]
    found = bare_line(existing, attribute=True)
    if found is not None and not found[2]:
        return f"The {found[0]} is {found[1]}."
    m = _NOTED_LINE_RE.match(existing.strip())
    if m is None:
        return ""
    value = Value("phrase", m.group(2).lower(), m.group(2))
    # "Timezone: CET (Paris)", "Region: eu-west-1 (Ireland)": a closed value and a note on where it is
    return f"The {m.group(1).lower()} is {m.group(2)}." if closed_value_relation(value, value) else ""


_NOTED_LINE_RE = re.compile(r"^([A-Za-z][\w -]{0,30}):\s+([^\s():]{2,40})\s+\([^()\n]{1,40}\)$")


def _one_key(old: str, new: str, line: bool) -> bool:
    """One key; a bare line's key ("Deploy target: ...") is the user's own ("my deploy target")."""
    return old == new or line and new == f"user {old}"


def _replaced(a: Statement, b: Statement) -> bool:
    x, y = a.values[0], b.values[0]
    if a.rel == b.rel and (a.rel in _FRAME_RELS or a.rel.startswith("do:")):
        # an event's platform or days ("on Zoom" / "on Google Meet", "meets Thursdays" / "... Wednesdays");
        # the user's own habits gain days ("goes to the gym on Mondays" / "... on Wednesdays now")
        return a.key.split()[:1] != ["user"] and news_only_conflict(x, y)
    if a.rel not in _NAMED_RELS or b.rel not in _NAMED_RELS:
        return False
    if a.rel != b.rel or a.key != b.key:
        # a phrase against a term of one key, or a bare line's key said as the user's, judged by what
        # both are (a region, a time zone, a code: `closed_values`); two names or words alone are not
        # enough ("a Pixel 7" / "Google Fi": the phone and its line; "Delta" / "pricey")
        return x.kind in _WORDS and y.kind in _WORDS and closed_value_relation(x, y) is Relation.CONFLICT
    if a.rel != "state":
        return False
    words = a.key.split() or [""]
    if words[0] == "user" and _known_kind(x, y):
        return True  # "my package manager is npm" / "... pnpm now": two tools of one kind, written as phrases
    # the user's team, or a setting of the user's that names one thing ("my browser", "my DNS provider")
    one = a.key in _GROUP_KEYS or words[0] == "user" and len(words) > 1 and words[-1] in _ONE_THING_HEADS
    return one and _name_like(x) and _name_like(y) and _two_names(x, y)


def _known_kind(x: Value, y: Value) -> bool:
    """Two phrases that are known tools of one kind ("npm" / "pnpm", "Redis" / "Memcached")."""
    if x.kind != "phrase" or y.kind != "phrase" or not (_known(x) and _known(y)):
        return False
    return compare(_as_term(x), _as_term(y)) is Relation.CONFLICT


def _as_term(v: Value) -> Value:
    return v if v.kind == "term" else Value("term", canonical_term(v.display), v.display)


def _known(v: Value) -> bool:
    return is_known_term(_as_term(v))


def _name_like(v: Value) -> bool:
    """A name or a code ("Payments", "AWS eu-west-1", "k8s"), never a description, capitalised or not
    ("small", "Expired", "Berlin-based", "Up-To-Date": a state word, or a compound of plain words)."""
    words = v.display.split()
    if not 0 < len(words) <= _MAX_WORDS or v.kind not in ("phrase", "term") or describes_state(v.display.lower()):
        return False
    return all((w[:1].isupper() or any(c.isdigit() for c in w))
               and not set(w.lower().split("-")[1:]) & lx.SUBJECT_STOPWORDS for w in words)


def _two_names(x: Value, y: Value) -> bool:
    """Neither name holds, refines or abbreviates the other ("AWS" / "AWS eu-west-1", "Search" /
    "Search Relevance", "PM" / "Payments Mobile"), and neither is of a kind judged elsewhere: a time
    zone or another closed value ("PST" / "Pacific Time", the grammar's own comparison), a language
    ("set the browser to German": the browser's language, not another browser)."""
    tx, ty = set(x.display.lower().split()), set(y.display.lower().split())
    if tx <= ty or ty <= tx or squash(x.display) == squash(y.display) or (tx | ty) & lx.LANGUAGES:
        return False
    if closed_value_relation(x, y) is not None:
        return False
    if _known(x) or _known(y):
        return False  # known tools are judged by their kinds (`_known_kind`); "Postgres" / "Supabase" both hold
    return not may_be_alias(x.display, y.display) and compare(x, y) is Relation.UNKNOWN


def _several(a: Statement, old: tuple[Statement, ...]) -> bool:
    """Whether the stored memory holds another value for the key ("Standup is on Zoom; the retro is
    on Meet" is two keys; "Standup is on Zoom. Standup is on Meet on Fridays." two values)."""
    return any(c is not a and c.key == a.key and c.scope == a.scope and not c.negated
               and {v.norm for v in c.values} != {v.norm for v in a.values} for c in old)


def _says(c: Statement, old: Value) -> bool:
    return not c.negated and any(v.norm == old.norm for v in c.values)
