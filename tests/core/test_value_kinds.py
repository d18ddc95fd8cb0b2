"""A slot's value read by its kind (updates/value_kinds.py, attack65): a state is no value, a bare slot
noun of several senses keeps its sense, a person's role is held by no carrier."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.compare import detect_contradiction
from festinger.core.contradiction.updates.value_kinds import of_another_sense, says_how_it_stands

KEPT = [
    ("My role is tech lead", "My role is now Hamlet"),
    ("My role is admin", "My role is now Juliet"),
    ("My title is Staff Engineer", "My title is now Grandmaster"),
    ("My title is VP of Sales", "My title is now World Champion"),
    ("My editor is Sarah Kline", "My editor is now VS Code"),
    ("My plan is the Pro plan", "My plan is now the keto diet"),
    ("My theme is Nord", "My theme is now resilience"),
    ("My coach is Maria", "My coach is now Megabus"),
    ("My role is tech lead", "My role is now official as of Monday"),
    ("My nickname is JJ", "My nickname is now common knowledge"),
    ("My job title is Senior Engineer", "My job title is now official"),
]

CAUGHT = [
    ("My role is tech lead", "My role is now staff engineer"),
    ("My job is software engineer", "My job is now product manager"),
    ("My title is Marketing Lead.", "My title changed to Marketing Manager this week."),
    ("My editor is Vim", "My editor is now Helix"),
    ("Editor: Sublime Text", "I now use Neovim as my editor."),
    ("My coach is Dana.", "My coach is Mo now."),
    ("The user's job title is senior data engineer.", "The user's job title is now staff data engineer."),
]


@pytest.mark.parametrize("existing,incoming", KEPT)
def test_another_kind_of_value_deprecates_nothing(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", CAUGHT)
def test_a_value_of_the_same_kind_still_replaces(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None


def test_how_it_stands():
    assert says_how_it_stands("official as of Monday") and says_how_it_stands("common knowledge")
    assert not says_how_it_stands("Official Ltd") and not says_how_it_stands("staff engineer as of Monday")


def test_sense_is_read_only_for_a_bare_slot():
    assert of_another_sense(("role",), "tech lead", "Hamlet")
    assert not of_another_sense(("stage", "role"), "Horatio", "Hamlet")
    assert not of_another_sense(("role",), "Horatio", "Hamlet")
