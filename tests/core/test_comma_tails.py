"""A clause after the new value past a comma must be accounted for (attack66): a scope, a condition or
a source there makes the value one of several. Written after the fix, not taken from attack66: the
first list fired 2 times of 6 before it."""

import pytest

from festinger.core.contradiction.compare import detect_contradiction

SCOPED = [
    ("My address is 9 Hill Lane.", "My address is now 3 Bay Road, for invoices."),
    ("My phone number is 555-0100.", "My phone number is now 555-0199, on weekends."),
    ("My heart rate is 62.", "My heart rate is now 150, after the sprint."),
    ("My desk height is 72 cm.", "My desk height is now 110 cm, in standing mode."),
    ("My shipping address is 9 Hill Lane.", "My shipping address is now 3 Bay Road, until Friday."),
    ("My alarm is 6:30.", "My alarm is now 9:00, on Sundays."),
]

STILL_NEWS = [
    ("My address is 9 Hill Lane.", "My address is now 3 Bay Road, Bristol."),
    ("My port is 8080.", "My port is now 8081, not 8080."),
    ("My alarm is 6:30.", "My alarm is now 7:00, finally."),
]


@pytest.mark.parametrize("existing,incoming", SCOPED)
def test_a_scoping_tail_after_the_value_deprecates_nothing(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", STILL_NEWS)
def test_a_town_a_correction_or_an_aside_leaves_the_news(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None
