"""One value said again in other words is no change (attack72): two values that share one of their
main WordNet senses ("eggplant" / "aubergine", "physician" / "doctor", "casual" / "informal") may
be the same value. Written after the fix, not taken from attack72: SAID_AGAIN fired 4 times of 10
before it."""

import pytest

from festinger.core.contradiction.compare import detect_contradiction
from festinger.core.contradiction.grammar.same_sense import reworded, same_sense

SAID_AGAIN = [
    ("My favorite insect is the ladybug.", "My favorite insect is now the ladybird."),
    ("My favorite dessert is sherbet.", "My favorite dessert is now sorbet."),
    ("My favorite sport is soccer.", "My favorite sport is now association football."),
    ("My favorite vegetable is rutabaga.", "My favorite vegetable is now swede."),
    ("My favorite holiday is Halloween.", "My favorite holiday is now Hallowe'en."),
    ("My job is salesman.", "My job is now salesperson."),
    ("My preferred answer length is long.", "My preferred answer length is now lengthy."),
    ("The user's preferred tone is serious.", "The user's preferred tone is now earnest."),
    ("My favorite drink is lemonade.", "My favorite drink is now lemon squash."),
    ("My job is chef.", "My job is now cook."),
]

STILL_NEWS = [
    ("My job is nurse.", "My job is now doctor."),
    ("My favorite vegetable is eggplant.", "My favorite vegetable is now zucchini."),
    ("My preferred answer length is short.", "My preferred answer length is now long."),
]


@pytest.mark.parametrize("existing,incoming", SAID_AGAIN)
def test_a_value_said_in_other_words_deprecates_nothing(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", STILL_NEWS)
def test_another_value_is_still_news(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None


@pytest.mark.parametrize("a,b", [("fall", "autumn"), ("the cougar", "the puma"), ("french fries", "chips"),
                                 ("casual", "informal"), ("short", "brief"), ("Mumbai", "Bombay")])
def test_words_of_one_sense(a, b):
    assert same_sense(a, b) and same_sense(b, a)


@pytest.mark.parametrize("a,b", [
    ("blue", "down"),  # "down" means "blue" in its ninth adjective sense only: not a main sense
    ("red", "blue"),  # two satellites of one head ("chromatic") are not joined
    ("detailed", "thorough"),
    ("master", "main"),  # "master" is a noun; its adjective sense "chief, main" is not read
    ("Mohammed", "Muhammad"),  # a person's name is compared as written
    ("8080", "eight thousand"), ("fall", "fall"), ("", "autumn"),
])
def test_words_of_other_senses(a, b):
    assert not same_sense(a, b)


def test_a_slot_that_holds_the_wording_itself():
    assert not reworded("user preferred greeting", "hello", "hi")
    assert not reworded("default branch", "master", "main")
    assert reworded("user favorite season", "fall", "autumn")
