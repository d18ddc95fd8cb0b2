"""New values that hold beside the stored one, not instead of it (attack69, updates/held_beside.py):
money going the other way, a seasonal clock shift, a period after a value said to hold now, a kind of
day. Written after the fix, not taken from attack69: the first list fired 9 times of 16 before it."""

import pytest

from festinger.core.contradiction.compare import detect_contradiction

BESIDE = [
    ("I lent my brother $200.", "My brother now lent me $80."),
    ("I sent Maya $40 on PayPal.", "Maya now sent me $15 on PayPal."),
    ("I paid Tom $120 for the concert tickets.", "Tom now paid me $60 for the concert tickets."),
    ("I owe Jake $75.", "Jake now owes me $30."),
    ("I gave Lucy $10.", "Lucy gave me $25 now."),
    ("My timezone is UTC+10.", "My timezone is now UTC+11 due to daylight saving time."),
    ("My time zone is GMT+0.", "With summer time my time zone is now GMT+1."),
    ("My timezone is UTC-8.", "Now that the clocks went forward, my timezone is UTC-7."),
    ("My team call is at 4pm.", "My team call is now at 5pm because the clocks changed."),
    ("My daily calorie goal is 2,000.", "My daily calorie goal is now 2,500 over the holidays."),
    ("My office closes at 6pm.", "My office now closes at 3pm over the holidays."),
    ("My reading goal is 30 minutes a day.", "My reading goal is now 60 minutes a day over the weekend."),
    ("My babysitter comes at 8am.", "My babysitter now comes at 9am over the holidays."),
    ("I get up at 7.", "I now get up at 5 on training days."),
    ("I go to bed at 11pm.", "I now go to bed at 9pm on race days."),
    ("My alarm goes off at 6:45.", "On clinic days my alarm now goes off at 5:45."),
]

STILL_NEWS = [
    ("I lent Sam $50.", "I now lent Sam $80 in total."),
    ("Sam owes me $50.", "Sam now owes me $20."),
    ("My commute is 40 minutes.", "My commute is now 25 minutes."),
    ("I wake up at 6:30.", "I now wake up at 5:30."),
    ("My monthly budget is $3,000.", "I raised my monthly budget to $3,500 over the holidays."),
    ("I'm on Windows 10.", "I upgraded to Windows 11 over the weekend."),
]


@pytest.mark.parametrize("existing,incoming", BESIDE)
def test_a_value_held_beside_the_stored_one_deprecates_nothing(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", STILL_NEWS)
def test_the_same_slot_said_anew_is_still_news(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None
