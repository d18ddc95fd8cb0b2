"""The recall rules of session 9's recall24 pass, each with the pairs it must catch and the
look-alikes it must leave alone (another person's attribute, a second thing of the same kind, a
plan, a question, a hypothetical, a history, a scoped environment, a quoted sentence, the rule's
words in a compatible sentence)."""

from __future__ import annotations

import pytest

from tests.core.detector_checks import caught, silent

# --- 1. "is Y, not Z": the denied tail names the stored value (rephrase._denied_tail) ----------------

NOT_TAIL_CAUGHT = [
    ("User's sister's name is Anna.", "Correction: user's sister is named Hannah, not Anna."),
    ("The user's daughter is named Emily.", "The user's daughter is named Emma, not Emily."),
    ("The user's dog is named Maxwell.", "The user's dog is named Max, not Maxwell."),
    ("User's GitHub username: annak.", "Correction: the user's GitHub username is anna-k, not annak."),
    ("The user's cat is called Miso.", "The user's cat is called Tofu, not Miso."),
]

NOT_TAIL_LOOKALIKES = [
    ("The user's daughter is named Emily.", "The user's niece is named Emma, not Emily."),  # another person
    ("The user's daughter is named Emily.", "Tom's daughter is named Emma, not Emily."),  # someone else's
    ("The user's daughter is named Emily.", "The user's other daughter is named Emma, not Emily."),  # a second one
    ("The user's daughter is named Emily.", "If it's a girl, the baby will be named Emma, not Emily."),  # hypothetical
    ("The user's daughter is named Emily.", "Is the user's daughter named Emma, not Emily?"),  # a question
    ("The user's daughter is named Emily.", "In the novel, the user's daughter is named Emma, not Emily."),  # scoped
    ("The user is allergic to cats.", "The user is allergic to cat dander, not cats."),  # a part of it
    ("The user is allergic to peanuts.", "The user is allergic to peanut oil, not peanuts."),  # a part of it
    ("The user's dog is named Maxwell.", "The user's dog is named Max, not Maxwell as the vet wrote."),  # a tail clause
    ("The user's dog is named Maxwell.", "The user's cat is named Max, not Maxwell."),  # another pet
    ("The user's dog is named Maxwell.", 'The user joked: "my dog is named Max, not Maxwell".'),  # quoted
]


@pytest.mark.parametrize("existing,incoming", NOT_TAIL_CAUGHT)
def test_a_not_tail_naming_the_stored_value_is_a_correction(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", NOT_TAIL_LOOKALIKES)
def test_a_not_tail_lookalike_is_left_alone(existing, incoming):
    silent(existing, incoming)
