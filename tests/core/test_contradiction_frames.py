"""Corrections that name the value they replace ("..., not Y"), and denials across ways of using
a thing ("no longer wears" / "uses"): what they catch, and the look-alikes they must leave alone."""

from __future__ import annotations

import pytest

from festinger import detect_contradiction
from festinger.core.contradiction.compare import _by_frame

NAMED_CORRECTIONS = [
    ("The user is allergic to peanuts.", "The user is allergic to tree nuts, not peanuts.", "tree nuts"),
    ("The user studied at Oxford.", "The user studied at Cambridge, not Oxford.", "Cambridge"),
    ("I live in Leeds.", "The user lives in York, not Leeds.", "York"),
    ("The meeting is on Monday.", "Actually, the meeting is on Tuesday (not Monday).", "Tuesday"),
    ("The port is 8080.", "The port is 8081 - not 8080.", "8081"),
    ("The user drinks coffee.", "The user now drinks tea instead of coffee.", "tea"),
    ("The user speaks English and French.", "The user speaks English and German, not French.", "German"),
    ("- My dentist is Dr. Okafor.", "Correction: my dentist is Dr. Mensah, not Dr. Okafor.", "Dr. Mensah"),
]


@pytest.mark.parametrize("existing,incoming,new", NAMED_CORRECTIONS)
def test_a_correction_that_names_the_old_value_replaces_it_in_any_frame(existing, incoming, new):
    found = detect_contradiction(existing, incoming)
    assert found is not None and found.kind in ("correction", "value")
    assert found.new_value == new or new in found.explanation


COMPATIBLE = [
    # additions and hedges, not denials
    ("The user likes cats.", "The user likes dogs, not only cats."),
    ("The user likes cats.", "The user likes dogs, not just cats."),
    ("The user is vegetarian.", "The user is vegetarian, not vegan."),
    ("The user works from home.", "The user works from home, not always though."),
    # someone else, or an unsure speaker
    ("The user likes cats.", "His wife likes dogs, not cats."),
    ("The user likes cats.", "Their kids like dogs, not cats."),
    ("The user likes cats.", "The user likes dogs, not cats?"),
    ("The user is allergic to peanuts.", "If the user is allergic to tree nuts, not peanuts, avoid almonds."),
    ("The user is allergic to peanuts.", "The doctor thinks the user is allergic to tree nuts, not peanuts."),
    ("The user lives in Leeds.", "The user said he lives in York, not Leeds."),
    ("My name is Agent Zero.", "My name is Alice, not Agent Zero."),
    ("The user lives in Leeds.", 'The user wrote: "I live in York, not Leeds."'),
    # another frame: another slot
    ("The user prefers dark mode in the editor.", "The user prefers light mode in the terminal, not dark mode."),
    ("The user's name is Alice.", "The user's name is Alice Smith, not Alice."),
    ("The database is on port 5433.", "The cache is on 5432, not 5433."),
    # scoped lines and bare subjects after context
    ("The API port is 8080.", "Staging:\n- The API port is 8081, not 8080."),
    ("The price is $300.", "The user ordered a lamp. The price is $250, not $300."),
    ("The user ordered a sofa. The price is $300.", "The price is $250, not $300."),
    ("The user is in Berlin.", "- The user is in Berlin, not Munich."),
    # use-family denials need the very same object and scope
    ("The user eats meat.", "The user doesn't take meat to work anymore."),
    ("The user wears glasses.", "The user doesn't use glasses for reading anymore."),
    ("The user likes Java.", "The user doesn't use Java anymore."),
    ("The user plays football.", "The user doesn't watch football anymore."),
    ("The user uses Slack.", "The user no longer uses Slack notifications."),
    ("The team uses Scrum.", "The team has stopped doing standups."),
    # only the generic verb's denial crosses: another verb may be another sense of the word
    ("The user uses Gin.", "The user doesn't drink gin anymore."),
    ("The user smokes meat.", "The user doesn't eat meat anymore."),
    ("The user takes Spanish.", "The user doesn't use Spanish anymore."),
    ("The user uses an Apple Watch.", "The user doesn't wear the Apple Watch anymore."),
    ("The user wears a ring.", "The user doesn't use Ring anymore."),
    ("The user drinks Corona.", "The user does not use Corona."),
    ("The user plays Rust.", "The user does not use Rust anymore."),
    # a label, a scene or a scope around the denial
    ("The flight is at 8.", "The user is unsure: the flight is at 9, not 8."),
    ("I live in Denver.", "Line from the user's screenplay. I live in Paris, not Denver."),
    ("The user drinks tea.", "The user drinks coffee at work, not tea."),
    ("The user grows tomatoes.", "The user grows basil indoors, not tomatoes."),
    ("The user works at Google.", "The user works at Stripe starting next month, not Google."),
    ("The API port is 8080.", "Staging changed:\n- The API port is 8081, not 8080."),
    ("The user lives in the country.", "The user lives in Georgia (not the country)."),
    ("The user works at Google.", "The user doesn't use Google anymore."),
]


@pytest.mark.parametrize("existing,incoming", COMPATIBLE)
def test_look_alikes_of_a_named_correction_deprecate_nothing(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


USE_DENIALS = [
    ("The user wears glasses.", "The user doesn't use glasses anymore."),
    ("The team uses Scrum.", "The team has stopped doing Scrum."),
    ("The app runs on Heroku.", "The app doesn't use Heroku anymore."),
    ("The app is built with React.", "The app no longer uses React."),
    ("The user drinks oat milk.", "The user doesn't use oat milk anymore."),
]


@pytest.mark.parametrize("existing,incoming", USE_DENIALS)
def test_a_denial_crosses_the_ways_of_using_one_thing(existing, incoming):
    found = detect_contradiction(existing, incoming)
    assert found is not None and found.kind == "negation"


def test_the_explanation_shows_the_shared_frame_and_both_values_as_written():
    # the grammar reads this ", not Y" tail too now (recall24) and answers first; the frame's own
    # explanation is the frame rule's
    pair = ("The user is allergic to peanuts.", "The user is allergic to tree nuts, not peanuts.")
    verdict = detect_contradiction(*pair)
    assert verdict is not None and (verdict.kind, verdict.old_value, verdict.new_value) == (
        "correction", "peanuts", "tree nuts")
    found = _by_frame(*pair)
    assert found is not None
    assert (found.subject, found.old_value, found.new_value) == ("user is allergic to _", "peanuts", "tree nuts")
    assert "The user is allergic to peanuts." in found.explanation
