"""The anchored phrase-value rule: a single-value slot given a new phrase value, announced as a change."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.updates.anchored_phrase import by_anchored_phrase
from festinger.core.contradiction.compare import detect_contradiction

CAUGHT = [
    ("Favorite cuisine: Thai", "My favourite cuisine is Ethiopian these days."),
    ("Preferred contact: Slack DM", "Preferred contact is email now."),
    ("The user's pronouns are he/him.", "User's pronouns have changed to they/them."),
    ("Title: Engineering Manager", "My title changed to Marketing Manager this week."),
    ("Main game: Elden Ring", "My main game is Zelda now."),
    ("Deploy target: AWS eu-west-1", "The deploy target is now GCP europe-west4."),
    ("VS Code theme: Dracula", "Changed the VS Code theme to Catppuccin Mocha."),
    ("GitHub username: jdoe", "Changed my GitHub username to jane-doe-dev."),
    ("The user's mobile carrier is Vodafone.", "I switched my carrier to O2."),
    ("The user's favorite coffee shop is Blue Bottle.", "The user's new favorite coffee shop is Sightglass."),
    ("Slack handle: @bex", "Changed my Slack handle to @rebecca."),
]

KEPT = [
    # one service named two ways, and a region of the stored provider (found by attack49's writer on main)
    ("My email provider is Gmail.", "My email provider is Google Mail now."),
    ("Email provider: Gmail", "Email provider: Google Mail now"),
    ("My deploy target is AWS.", "My deploy target is us-west-2 now."),
    ("Deploy target: GCP", "Deploy target is europe-west4 now."),
    ("Favorite cuisine: Thai", "Honestly my favourite cuisine is Ethiopian these days, Thai is a close second."),
    ("Favorite cuisine: Thai", "My wife's favorite cuisine is Ethiopian now."),
    ("Favorite cuisine: Thai", "I might switch my favorite cuisine to Ethiopian."),
    ("Favorite cuisine: Thai", "My favorite dessert is now tiramisu."),
    ("Favorite cuisine: Thai", "My favourite cuisine is now Thai street food."),
    ("Main game: Elden Ring", "My second main game is now Zelda."),
    ("Main game: Elden Ring", "At work, my main game is now Zelda."),
    ("Main game: Elden Ring", "My main game used to be Zelda."),
    ("Main character: Frodo", "The main character is now Sam."),  # by this rule: whose story is not said
    ("Title: Engineering Manager", "My title is now Senior Engineering Manager."),
    ("The user's title is Senior Engineer.", "The user's title is now Mrs."),
    ("Pronouns: he/him", "Pronouns changed to he/they."),
    ("My bank is Chase.", "I switched my bank to paperless."),
    ("My IDE is PyCharm.", "I switched my IDE to the light theme."),
    ("My handle is @ana.", "My handle is @ana.bsky.social on Bluesky now."),
    ("Default branch: main.", "Default branch switched to develop on the fork."),
    ("The user's cloud provider is GCP.", "The user's cloud provider is now Google Cloud Platform."),
    ("The user's shell is zsh.", "The user's shell is now Z shell."),
    ("Preferred contact: Slack DM", "Preferred contact is now Slack DM or email."),
    ("Deploy target: AWS eu-west-1", "The staging deploy target is now GCP europe-west4."),
    ("Our release cadence is every two weeks.", "My personal release cadence is now monthly."),
    ("Preferred airline: Delta", "Preferred airline seat is now aisle."),
    ("Favorite podcast: Hard Fork", "Should my favorite podcast be Acquired now?"),
    ("Favorite cafe: Blue Bottle", "My favorite cafe is now closed."),
    ("User's CI provider: Travis.", "User's CI provider is now flaky."),
    ("Main game: Elden Ring", "My main game is now boring."),
]


@pytest.mark.parametrize("existing,incoming", CAUGHT)
def test_caught(existing, incoming):
    found = by_anchored_phrase(existing, incoming)
    assert found is not None and found.kind == "value"
    assert detect_contradiction(existing, incoming) is not None


@pytest.mark.parametrize("existing,incoming", KEPT)
def test_kept(existing, incoming):
    assert by_anchored_phrase(existing, incoming) is None


def test_bad_input():
    assert by_anchored_phrase(None, "x") is None  # type: ignore[arg-type]
    assert by_anchored_phrase("", "") is None


@pytest.mark.parametrize("existing,incoming", [
    # found by this rule's writer in the statement path, before this rule: a lowercase state word said of a
    # named one-value slot is how the thing is, not another thing
    ("Favorite cuisine: Thai", "My favorite cuisine is now expensive."),
    ("My favorite cuisine is Thai.", "My favorite cuisine is now expensive."),
    ("My favorite cafe is Blue Bottle.", "My favorite cafe is now closed."),
])
def test_a_state_of_the_named_thing_replaces_nothing(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


def test_a_new_named_value_of_the_slot_still_replaces_it():
    assert detect_contradiction("Favorite cuisine: Thai", "My favorite cuisine is now Ethiopian.") is not None
