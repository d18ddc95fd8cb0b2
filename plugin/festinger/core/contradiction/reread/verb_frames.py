"""A verb frame or a person's slot that holds one value at a time, said anew (pure logic).

The grammar reads "commutes by bike" as a plain verb phrase ("do:commute"), which may gain objects
("reads sci-fi" and "reads fantasy" both hold), so an update of it never replaced the old one. Two
frames hold one value: the means ("commutes by train", "goes by Sasha", "pays by card"), and the
rhythm ("rotates weekly"). An announced change of either replaces the stored value. So does an
announced new phrase for a slot a person holds one of ("blood type is actually A+", "job title is
now staff data engineer"), which the value types leave unjudged as plain words.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.objects import ITEM_STOPS
from festinger.core.contradiction.grammar.places import is_known_place
from festinger.core.contradiction.text.told_first import opens_memory
from festinger.core.contradiction.updates.value_kinds import says_how_it_stands
from festinger.core.contradiction.grammar.values import Statement

__all__ = ["one_frame", "one_person_slot"]


def one_frame(a: Statement, b: Statement) -> bool:
    """"commutes by bike" / "commutes by train now", "goes by Alex" / "goes by Sasha now", "rotates
    monthly" / "rotates weekly now": one verb whose frame holds one value at a time, the means
    ("by ...") or the rhythm ("weekly"), said anew. Any other verb phrase may gain an object ("reads
    sci-fi" / "reads fantasy now", "volunteers at the shelter" / "... at the library now")."""
    if len(a.values) != 1 or len(b.values) != 1 or a.negated or b.negated:
        return False
    x, y = a.values[0].display.lower().split(), b.values[0].display.lower().split()
    if len(x) < 2 or len(y) < 2 or x[0] != y[0]:
        return False
    if len(x) == len(y) == 2 and x[1] in lx.FREQUENCY_ADVERBS | _MORE_RHYTHMS and y[1] in lx.FREQUENCY_ADVERBS | _MORE_RHYTHMS:
        return x[1] != y[1]
    if x[1] != "by" or y[1] != "by":
        return False
    kind = _BY_KINDS.get(a.rel.split(":", 1)[-1])
    shown = [v.display.split()[2:] for v in (a.values[0], b.values[0])]
    if kind is None or not all(kind(words) for words in shown):
        return False  # "goes by bus", "commutes by 7am", "runs by the lake": another slot of the verb
    x, y = x[2:], y[2:]
    return 0 < len(x) <= 3 and 0 < len(y) <= 3 and not (set(x) & set(y) or (set(x) | set(y)) & ITEM_STOPS)


def _is_name(words: list[str]) -> bool:
    low = " ".join(words).lower()
    return all(w[:1].isupper() for w in words) and low not in lx.TRANSPORT_MEANS and not is_known_place(low)


# The verbs whose "by" frame holds one value at a time, and the kind of that value: a name ("goes by
# Sasha"), a means of transport ("commutes by train"), a means of payment ("pays by card"). "by" also
# marks a place, a deadline, a basis or a manner ("runs by the lake", "by 7am", "by the hour", "by
# feel"): any other verb, or a value not of the kind, is refused.
_BY_KINDS = {
    "go": _is_name,
    "commut": lambda w: " ".join(w).lower() in lx.TRANSPORT_MEANS,
    "commute": lambda w: " ".join(w).lower() in lx.TRANSPORT_MEANS,
    "travel": lambda w: " ".join(w).lower() in lx.TRANSPORT_MEANS,
    "pay": lambda w: " ".join(w).lower() in lx.PAYMENT_MEANS,
}


_MORE_RHYTHMS = frozenset("hourly yearly annually quarterly biweekly fortnightly".split())


# A person has one blood type, as one job title or one surname (`lexicon.PERSON_SLOT_KEYS`). Never a
# timezone: one zone has many names ("CET" / "CEST", "GMT" / "UTC+0", "UTC+1" / "CET"), world
# knowledge the phrase does not carry.
_ZONES = frozenset(("timezone", "time zone", "tz"))
_ONE_PER_PERSON = (lx.PERSON_SLOT_KEYS - _ZONES) | {"blood type"}


def one_person_slot(a: Statement, b: Statement, incoming: str) -> bool:
    """"The user's timezone is CET" / "My timezone is PST now", "job title is senior data engineer" /
    "is now staff data engineer": a slot a person holds one of, said as a plain phrase the value
    types do not judge, replaced by an announced one opening its memory (after "Started a side
business." the title may be that business's: `told_first`). Neither phrase may hold the other ("Senior
    Engineer" / "Senior Engineer II" may be one title written two ways)."""
    if not opens_memory(b.sentence, incoming):
        return False  # "I joined the board of my HOA. My job title is now treasurer.": that role's
    words = a.key.split()
    slot = " ".join(words[1:])
    if a.key != b.key or words[0] != "user" or slot in _ZONES or words[-1] in _ZONES or (
            slot not in _ONE_PER_PERSON and words[-1] not in lx.STRONG_SETTING_HEADS):
        return False
    if len(a.values) != 1 or len(b.values) != 1 or a.negated or b.negated or a.qualifier or b.qualifier:
        return False
    if says_how_it_stands(b.values[0].display):
        return False  # "My job title is now official": how the title stands, not another one
    x, y = (v.norm.split() for v in (a.values[0], b.values[0]))
    if not x or not y or set(x) <= set(y) or set(y) <= set(x):
        return False
    # two spellings of one value start alike ("O+" / "O positive", "Sr. Engineer" / "Senior Engineer")
    p, q = sorted((re.sub(r"\W", "", w[0]) for w in (x, y)), key=len)
    alike = q.startswith(p) or len(p) <= 3 and p[:1] == q[:1]
    return all(v.kind == "phrase" for v in a.values + b.values) and not alike
