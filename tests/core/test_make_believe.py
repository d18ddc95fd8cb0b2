"""Updates told inside make-believe, sarcasm, an example or a joke are not the user's (attack61).
Written after the fix, not taken from attack61: the first list fired 4 times of 13 before it."""

import pytest

from festinger.core.contradiction.compare import detect_contradiction
from festinger.core.contradiction.text.make_believe import in_make_believe

NOT_THE_USERS = [
    ("My manager is Alice.", "Oh yeah, totally, my manager is Batman now."),
    ("My dentist is Dr. Lee.", "For example, my dentist is Dr. Park now."),
    ("My landlord is Mr. Park.", "Sure thing, my landlord is the Queen now."),
    ("I live in Lisbon.", "Our D&D campaign starts Friday. I moved to Waterdeep."),
    ("My name is Anna.", "Cosplay weekend! My name is Sailor Moon now."),
    ("My name is Anna.", "I dreamt about work again. My name is Bob now."),
    ("My email is anna@acme.com.", "Just a prank on my brother. My email is boss@acme.com now."),
    ("My partner is Sam.", "Playing Stardew again. My partner is Abigail now."),
    ("My city is Lisbon.", "For the fire drill. I live in Building C now."),
    ("My name is Anna.", "hahaha my name is Sir Lancelot now"),
    ("My name is Anna.", "lmao my name is Karen now apparently"),
    ("My coach is Dana.", "Ha, right, my coach is Rocky now."),
    ("My therapist is Dr. Cho.", "In the sim, my therapist is Dr. Robot now."),
]

STILL_NEWS = [
    ("My manager is Alice.", "Seriously, my manager is Bob now."),
    ("My manager is Alice.", "Big news: my manager is Bob now."),
    ("I live in Lisbon.", "No joke, I moved to Porto."),
    ("I play tennis on Saturdays.", "I stopped playing tennis after my knee surgery."),
    ("My main game is Elden Ring.", "My main game these days is Zelda."),
    ("My landlord is Mr. Okafor.", "The building was sold; our new landlord is Harbor Properties."),
]


@pytest.mark.parametrize("existing,incoming", NOT_THE_USERS)
def test_make_believe_sarcasm_and_jokes_deprecate_nothing(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", STILL_NEWS)
def test_stress_causes_and_shared_topics_still_carry_news(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None


def test_a_frame_the_stored_memory_shares_is_its_topic():
    assert in_make_believe("My name is Anna.", "Playing Zelda tonight. My name is Link now.")
    assert not in_make_believe("I play Zelda every night.", "Playing Zelda tonight.")
    assert not in_make_believe("I live in Lisbon.", "Not kidding, I moved to Porto.")
