"""Rules that rewrite one side of a pair and read it again with the grammar (pure logic).

Each finds, outside the grammar, what a memory means, says it the way the grammar reads, and hands
both statements to `compare`'s matcher with a test of its own (`accept`): one bare thing named by
both memories (`deictic`), a stored habit without its rhythm (`frequency`), a final denial of "it"
(`anaphora`), a stored amount said anew (`measures`). They run after every other rule.
"""

from __future__ import annotations

from typing import Callable, Optional

from festinger.core.contradiction.reread.anaphora import pronoun_denial, switched_kind
from festinger.core.contradiction.reread.deictic import changes_bare_thing, same_bare_thing, unmarked
from festinger.core.contradiction.reread.frequency import without_rhythm
from festinger.core.contradiction.updates.measures import new_amount
from festinger.core.contradiction.events.quitting import quit_as_denial
from festinger.core.contradiction.grammar.statements import extract_statements
from festinger.core.contradiction.updates.value_updates import Match
from festinger.core.contradiction.verdict import Contradiction

__all__ = ["by_rereading"]

ByStatements = Callable[[str, str], Optional[Contradiction]]


def by_rereading(existing: str, incoming: str, match: Match, by_statements: ByStatements
                 ) -> Contradiction | None:
    return (_bare_thing(existing, incoming, match) or _habit_denied(existing, incoming, match)
            or _denied_it(existing, incoming, match, by_statements) or _new_amount(existing, incoming, match))


def _new_amount(existing: str, incoming: str, match: Match) -> Contradiction | None:
    """"The user's rent is $1,900" / "The landlord raised the rent to $2,050" (measures)."""
    found = new_amount(existing, incoming)
    return match(*found, incoming) if found is not None else None


def _denied_it(existing: str, incoming: str, match: Match, by_statements: ByStatements) -> Contradiction | None:
    """"The user uses Instagram" / "I deleted Instagram — I don't use it now", "User switched doctors;
    their doctor is now Dr. Nguyen" (anaphora)."""
    old, switched = extract_statements(existing), switched_kind(incoming)
    if switched is not None:
        return by_statements(existing, switched)
    for thing in dict.fromkeys(v.display for a in old if a.key == "user" and not a.negated and len(a.values) == 1
                               for v in a.values):
        denial = pronoun_denial(incoming, thing)
        found = match(old, extract_statements(denial, allow_correction=True), denial,
                      accept=lambda a, b: b.negated) if denial else None
        if found is not None:
            return found
    return None


def _habit_denied(existing: str, incoming: str, match: Match) -> Contradiction | None:
    """"I drink coffee every morning" / "I don't drink coffee anymore": the habit read without its
    rhythm, met by a denial only (frequency)."""
    habit = without_rhythm(existing)
    if habit is None:
        return None
    denial = quit_as_denial(incoming) or incoming
    return match(extract_statements(habit), extract_statements(denial, allow_correction=True), denial,
                 accept=lambda a, b: b.negated and not a.negated)


def _bare_thing(existing: str, incoming: str, match: Match) -> Contradiction | None:
    """"The service runs on Heroku" / "The service doesn't run on Heroku anymore" (deictic)."""
    pair = same_bare_thing(existing, incoming)
    found = match(extract_statements(pair[0]), extract_statements(pair[1], allow_correction=True), pair[1],
                  accept=changes_bare_thing) if pair is not None else None
    return unmarked(found) if found is not None else None
