"""The one-sentence recall rules' findings as verdicts: each rule (jobchange, possessions,
migration, lifecycle, rescheduled, ages, counts, residence, events) reads two memories and says what changed;
these wrap that in a `Contradiction` with its explanation. `compare` tries them after the
statement path found nothing."""

from __future__ import annotations

from typing import Callable, Optional

from festinger.core.contradiction.events.ages import age_changed, count_changed
from festinger.core.contradiction.events.event_statuses import status_event_ended
from festinger.core.contradiction.events.events import life_event_ended
from festinger.core.contradiction.updates.counts import count_update
from festinger.core.contradiction.updates.keyvalue_change import key_value_replaced
from festinger.core.contradiction.events.jobchange import employer_ended, job_left
from festinger.core.contradiction.events.lifecycle import status_ended
from festinger.core.contradiction.updates.migration import migrated_away
from festinger.core.contradiction.events.possessions import possession_ended
from festinger.core.contradiction.events.quitting import habit_ended
from festinger.core.contradiction.updates.rescheduled import event_moved
from festinger.core.contradiction.events.residence import residence_ended
from festinger.core.contradiction.verdict import Contradiction, clip

Rule = Callable[[str, str], Optional[tuple[str, str]]]
Verdict = Callable[[str, str], Optional[Contradiction]]

__all__ = ["by_age_or_count", "by_count_update", "by_employer_ended", "by_event_moved", "by_job_left", "by_key_value_replaced", "by_life_event", "by_migration",
           "by_possession_ended", "by_residence_ended", "by_status_ended"]


def _replaced_by(rule: Callable[[str, str], Optional[tuple[str, str, str]]], says: str) -> Verdict:
    """The verdict of a rule that finds (subject, old value, new value)."""
    def verdict(existing: str, incoming: str) -> Contradiction | None:
        found = rule(existing, incoming)
        if found is None:
            return None
        subject, was, now = found
        return Contradiction("value", subject, was, now, f"{subject!r} {says}: {was!r} -> {now!r} "
                             f"(existing: {clip(existing)!r}; incoming: {clip(incoming)!r})")
    return verdict


# "We use Jenkins for CI" / "We moved CI from Jenkins to GitHub Actions": the value left (migration)
by_migration = _replaced_by(migrated_away, "migrated")
# "CI: Jenkins" / "CI: GitHub Actions (Jenkins retired)": a key line replaced (keyvalue_change)
by_key_value_replaced = _replaced_by(key_value_replaced, "was replaced")
# "The standup is at 9am" / "The standup was moved to 10am": one event, another time (rescheduled)
by_event_moved = _replaced_by(event_moved, "was moved")
# "User has 2 cats." / "adopted another cat, we're at 3 now": a count or progress said anew (counts)
by_count_update = _replaced_by(count_update, "changed")


def by_status_ended(existing: str, incoming: str) -> Contradiction | None:
    """"User is single" / "User got married in June": the event that ends a status (lifecycle)."""
    found = status_ended(existing, incoming)
    if found is None:
        return None
    subject, status, event = found
    return Contradiction("value", subject, status, event, f"{subject!r} is no longer {status}: {clip(event)!r} "
                         f"(existing: {clip(existing)!r})")


def by_age_or_count(existing: str, incoming: str) -> Contradiction | None:
    """"I am 34" / "I turned 35 today", "I have two kids" / "We just had our third child" (ages)."""
    found = age_changed(existing, incoming)
    if found is not None:
        owner, was, now = found
        return Contradiction("value", f"{owner} age", was, now, f"{owner!r} is now {now}, no longer {was}: "
                             f"{clip(incoming)!r} (existing: {clip(existing)!r})")
    found = count_changed(existing, incoming)
    if found is None:
        return None
    kind, was, now = found
    return Contradiction("value", f"user {kind} count", was, now, f"the user's {kind} count went {was} -> {now}: "
                         f"{clip(incoming)!r} (existing: {clip(existing)!r})")


def by_life_event(existing: str, incoming: str) -> Contradiction | None:
    """"I'm married to Chris" / "Chris and I got divorced", "I have a dog named Biscuit" / "Biscuit
    passed away last week": the user's stored fact ended by an event (events)."""
    found = (life_event_ended(existing, incoming) or status_event_ended(existing, incoming)
             or habit_ended(existing, incoming))
    if found is None:
        return None
    subject, fact, event = found
    return Contradiction("value", subject, fact, event, f"{fact!r} no longer holds: {event} "
                         f"({clip(incoming)!r}; existing: {clip(existing)!r})")


def _ended_by(rule: Rule, slot: str, says: str) -> Verdict:
    """The verdict of a rule that finds (the stored value, what ended it): `says` is the
    explanation's lead, with `{old}` for the stored value."""
    def verdict(existing: str, incoming: str) -> Contradiction | None:
        found = rule(existing, incoming)
        if found is None:
            return None
        old, now = found
        return Contradiction("value", slot, old, now, f"{says.format(old=repr(old))}: {clip(incoming)!r} "
                             f"(existing: {clip(existing)!r})")
    return verdict


# "I drive a Toyota Corolla" / "I sold the Corolla": the user's thing gone (possessions).
by_possession_ended = _ended_by(possession_ended, "user possession", "the user no longer has {old}")
# "User works at Acme Corp" / "User left Acme and joined Globex": the employer left (jobchange).
by_job_left = _ended_by(job_left, "user employer", "the user left {old}")
# "User lives in Denver" / "We moved to Austin last month. Still unpacking!": a move away (residence).
by_residence_ended = _ended_by(residence_ended, "user location", "the user no longer lives in {old}")
# "User works at Deloitte" / "I got laid off from Deloitte": the employer ended by an event (jobchange).
by_employer_ended = _ended_by(employer_ended, "user employer", "the user no longer works at {old}")
