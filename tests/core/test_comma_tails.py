"""A clause after the new value past a comma must be accounted for (attack66): a scope, a condition or
a source there makes the value one of several. Written after the fix, not taken from attack66: the
first list fired 2 times of 6 before it.

Session 15 (updates/value_tail.py): a window of the day with no comma ("after dinner"), a tail past a
version or a unit ("Chrome 121, after ..."), and the cause read back: "after/following" the slot's
change event ("after the adjustment") or the span the old value held ("after years of Vim"). Written
after that fix: of the seven scoped ones 2 fired on main and 0 after; of the five causes 0 fired on
main and 4 after (the phone plan's "50 GB" is read by another rule, which drops the tail)."""

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


SCOPED_NO_COMMA_OR_PAST_THE_VALUE = [
    ("My coffee order is a flat white.", "My coffee order is now a mocha after dinner."),
    ("My desk lamp is at 40%.", "My desk lamp is now at 90%, following the evening routine."),
    ("My browser is Firefox 120.", "My browser is now Chrome 121, after setting up a work profile."),
    ("My alarm is 7:00.", "My alarm is now 5:30 after sunrise."),
    ("My pulse is 58.", "My pulse is now 130, after 20 minutes of running."),
    ("My screen brightness is 60%.", "My screen brightness is now 10% following midnight."),
    ("My seat is 12A.", "My seat is now 3C, after the office renovation on floor two."),
]

CAUSES = [
    ("My rent is 950 GBP.", "My rent is now 990 GBP, following the annual rent increase."),
    ("My locker is 14.", "My locker is now 27, after the reassignment in March."),
    ("My editor is Vim.", "My editor is now Helix, after years of Vim."),
    ("My hourly rate is 80 USD.", "My hourly rate is now 95 USD, after the adjustment."),
]


@pytest.mark.parametrize("existing,incoming", SCOPED + SCOPED_NO_COMMA_OR_PAST_THE_VALUE)
def test_a_scoping_tail_after_the_value_deprecates_nothing(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", STILL_NEWS)
def test_a_town_a_correction_or_an_aside_leaves_the_news(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None


@pytest.mark.parametrize("existing,incoming", CAUSES)
def test_a_change_event_of_the_slot_after_the_value_is_a_cause(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None
