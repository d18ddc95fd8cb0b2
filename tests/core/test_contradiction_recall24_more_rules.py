"""The recall24 rules, continued: a quit ends the stored way of using the thing, the switcher owns
the kind, a slot a person holds one of replaced; each with look-alikes that must stay compatible."""

from __future__ import annotations

import pytest

from tests.core.detector_checks import caught, silent


# --- 10. a quit ends the stored way of using the thing ("plays" / "quit World of Warcraft") -------------

QUIT_CAUGHT = [
    ("The user plays World of Warcraft.", "I quit World of Warcraft."),
    ("User takes melatonin.", "User quit melatonin."),
    ("The user plays World of Warcraft on weekends.", "I quit World of Warcraft."),
]

QUIT_LOOKALIKES = [
    ("The user plays World of Warcraft.", "My brother quit World of Warcraft."),  # someone else
    ("The user plays World of Warcraft.", "I quit World of Warcraft for a month."),  # a pause
    ("The user plays World of Warcraft.", "Should I quit World of Warcraft?"),  # a question
    ("The user plays World of Warcraft.", "I might quit World of Warcraft."),  # a hedge
    ("The user plays World of Warcraft.", "I quit Overwatch."),  # another game
    ("The user plays World of Warcraft.", "If I get the job, I quit World of Warcraft."),  # a condition
    ("The user takes the bus.", "I quit the bus."),  # not a thing one uses
]


@pytest.mark.parametrize("existing,incoming", QUIT_CAUGHT)
def test_a_quit_ends_the_stored_way_of_using_it(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", QUIT_LOOKALIKES)
def test_a_quit_lookalike_is_left_alone(existing, incoming):
    silent(existing, incoming)


# --- 11. "User switched doctors; their doctor is now Dr. Nguyen": the switcher owns the kind (anaphora) --

SWITCHED_KIND_CAUGHT = [
    ("User's doctor is Dr. Patel.", "User switched doctors; their doctor is now Dr. Nguyen."),
    ("The user's dentist is Dr. Lee.", "The user changed dentists; their dentist is Dr. Patel now."),
    ("My bank is Chase.", "I switched banks, my bank is Monzo now."),
]

SWITCHED_KIND_LOOKALIKES = [
    ("User's doctor is Dr. Patel.", "Tom switched doctors; his doctor is now Dr. Nguyen."),  # someone else
    ("User's doctor is Dr. Patel.", "User switched dentists; their doctor is now Dr. Nguyen."),  # another kind
    ("User's doctor is Dr. Patel.", "User switched doctors; her doctor is Dr. Nguyen. She is great."),  # more after
    ("User's doctor is Dr. Patel.", "User might switch doctors; their doctor would be Dr. Nguyen."),  # a plan
    ("User's doctor is Dr. Patel.", "Did the user switch doctors; is their doctor Dr. Nguyen?"),  # a question
    ("User's doctor is Dr. Patel.", "User switched doctors; their doctor is Dr. Patel."),  # the same doctor
]


@pytest.mark.parametrize("existing,incoming", SWITCHED_KIND_CAUGHT)
def test_the_switcher_owns_the_kind_switched(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", SWITCHED_KIND_LOOKALIKES)
def test_a_switched_kind_lookalike_is_left_alone(existing, incoming):
    silent(existing, incoming)


# --- 12. a slot a person holds one of, said as a plain phrase, replaced (verb_frames.one_person_slot) -----

PERSON_SLOT_CAUGHT = [
    ("User's blood type is O+.", "User's blood type is actually A+."),
    ("The user's job title is senior data engineer.", "The user's job title is now staff data engineer."),
]

PERSON_SLOT_LOOKALIKES = [
    ("User's blood type is O+.", "User's blood type is actually O positive."),  # one type, two spellings
    ("The user's job title is senior data engineer.", "The user's job title is now senior data engineer II."),
    ("The user's job title is senior data engineer.", "My brother's job title is now staff data engineer."),
    ("The user's job title is senior data engineer.", "The user's job title would be staff data engineer."),
    ("The user's job title is senior data engineer.", "The user's job title is staff data engineer."),  # no change
    ("The user's job title is Sr. Data Engineer.", "The user's job title is now Senior Data Engineer."),
    ("The user's timezone is CET.", "The user's timezone is now CEST."),  # one zone, two names
    ("The user's best friend is Jake.", "The user's best friend is now Tom."),  # not one per person
    ("The user's blood type is O+.", "Was the user's blood type actually A+?"),  # a question
]


@pytest.mark.parametrize("existing,incoming", PERSON_SLOT_CAUGHT)
def test_a_person_slot_phrase_replaced_is_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", PERSON_SLOT_LOOKALIKES)
def test_a_person_slot_lookalike_is_left_alone(existing, incoming):
    silent(existing, incoming)
