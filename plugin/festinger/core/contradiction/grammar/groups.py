"""The project's "we": "The project uses MySQL" / "We switched to Postgres 16" (pure logic).

The grammar keys a "we" sentence apart from everything else ("we-group"), because two memories'
"we" may be two groups and "we" is never the user. A one-sentence memory about "the project",
"the app", "the team" or "the company" (or about its bare database, editor, OS...) is, however,
about the writer's own group as surely as a "we" is: nothing else in the memory could own it. So a
one-sentence incoming memory in which "we" announce a change ("We switched to Postgres 16", "We
don't use Jira anymore", "We migrated off MongoDB to Postgres") may replace it, on two conditions
that keep another team's "we" out:

* the incoming memory announces the change (the comparison already asks that of any "we");
* the two values are known technologies of one category (two databases, two issue trackers), or
  the incoming memory names the very value it ends ("don't use Jira", "off MongoDB").

"The marketing team uses Jira" / "We don't use Jira" stays apart (a named team is not "the team"),
and so do plans, hypotheticals and anything the grammar does not read.
"""

from __future__ import annotations

import re
from dataclasses import replace

from festinger.core.contradiction.grammar.comparison import term_category
from festinger.core.contradiction.updates.rescheduled import one_sentence
from festinger.core.contradiction.grammar.slots import CATEGORY_SLOTS
from festinger.core.contradiction.grammar.statements import WE_KEY, Statement, extract_statements

__all__ = ["group_statements", "same_kind_or_named"]

# The writer's own group, as a one-sentence memory names it.
GROUP_NOUNS = frozenset("project app application team company service codebase product stack".split())
# A slot a one-sentence memory may name bare ("The database is MongoDB"): the group's own.
GROUP_SLOTS = frozenset("database editor ide os shell ci package manager cloud provider".split())
# The memory opens with the group or its slot, owned by no one named.
_THE_GROUP_RE = re.compile(r"^the\s+(?:" + "|".join(sorted(GROUP_NOUNS | GROUP_SLOTS, key=len, reverse=True))
                           + r")(?![\w'])", re.I)


def _as_group(st: Statement) -> Statement | None:
    words = st.key.split()
    if words[0] in GROUP_NOUNS:
        return replace(st, key=" ".join([WE_KEY, *words[1:]]))
    if " ".join(words) in GROUP_SLOTS or words[0] in ("database",):
        return replace(st, key=f"{WE_KEY} {st.key}")
    return None


def group_statements(existing: str, incoming: str) -> tuple[tuple[Statement, ...], tuple[Statement, ...]] | None:
    """The existing memory's statements re-keyed as the group's, and the incoming "we" statements."""
    old_sentence = one_sentence(existing)
    if old_sentence is None or one_sentence(incoming) is None:
        return None
    if not _THE_GROUP_RE.match(old_sentence):
        return None  # "The user's project", "Anna's team": someone's, not surely the writer's group
    new = tuple(st for st in extract_statements(incoming, allow_correction=True)
                if st.key.split()[0] == WE_KEY and (st.update or st.correction) and not st.scope)
    if not new:
        return None
    new += tuple(_category_slots(new))
    old = tuple(g for st in extract_statements(existing, allow_correction=False)
                if not st.scope and (g := _as_group(st)) is not None)
    return (old, new) if old else None


def _category_slots(new: tuple[Statement, ...]):
    """"We migrated off MongoDB to Postgres" (read "use Postgres instead of MongoDB") also says what
    the group's database is now: a known technology of one kind fills the slot named after that kind,
    as `slots.aliases` does for a switch that names no old value."""
    for st in new:
        if st.rel == "use" and len(st.values) == 1 and not st.negated and st.denied:
            for head in CATEGORY_SLOTS.get(term_category(st.values[0]) or "", ()):
                yield replace(st, key=f"{st.key} {head}", rel="value", exclusive=True)


def _named(b: Statement, a: Statement) -> bool:
    ended = b.denied + (b.values if b.negated else ())
    return any(d.norm == v.norm or (v.unit and d.norm == v.unit) for d in ended for v in a.values)


def _one_kind(a: Statement, b: Statement) -> bool:
    cats = {term_category(v) for v in a.values + b.values}
    return len(cats) == 1 and None not in cats


def same_kind_or_named(a: Statement, b: Statement) -> bool:
    """Whether the incoming "we" statement `b` is surely about the slot `a` fills."""
    if b.denied and not _named(b, a):
        return False  # "off MongoDB to Postgres" against "the database is MySQL": the group had two
    return _named(b, a) or (not b.negated and _one_kind(a, b))
