"""An amount done or a difference counted "since" a point is the amount over that period, a part of an
unscoped running total, not a new value of it (attack71); a level "since" a point is still news.
Written after the fix, not taken from attack71 (the heart-rate pair was written while making it): the
first list fired 8 times of 15 before it."""

import pytest

from festinger.core.contradiction.compare import detect_contradiction

PART_OF_A_TOTAL = [
    ("I've cycled 2,000 km.", "I've cycled 300 km since April."),
    ("I've donated $1,200 to charity.", "I've donated $200 to charity since January."),
    ("The user has paid $6,000 toward the loan.", "The user has paid $900 toward the loan since June."),
    ("I've gained 6 kg.", "I've gained 2 kg since Christmas Day."),
    ("I'm up 8 lbs.", "I'm up 3 lbs since August."),
    ("I've burned 40,000 kcal.", "I've burned 5,000 kcal since May."),
    ("I've used 80 GB of data.", "I've used 12 GB of data since the 10th."),
    ("My weight dropped 10 kg.", "My weight dropped 4 kg since February."),
    ("I've shed 15 lbs.", "I've shed 6 lbs since June 1."),
    ("We've spent €3,000 on the renovation.", "We've spent €600 on the renovation since April."),
    ("I've put away £5,000.", "I've put away £700 since March."),
    ("User has lost 9 kg.", "User has lost 2 kg since 2 May."),
    ("I'm 6 kg lighter.", "I'm 2 kg lighter since January."),
    ("My savings account grew by $2,000.", "My savings account grew by $300 since July."),
    ("My heart rate is 60 bpm.", "My heart rate fell 5 bpm since March."),
]

A_LEVEL_SINCE = [
    ("My gym membership is $40 a month.", "My gym membership has been $45 a month since January."),
    ("My salary is $70,000.", "My salary has been $75,000 since April."),
    ("My internet is 50 Mbps.", "Internet is 200 Mbps since June."),
    ("My resting heart rate is 70 bpm.", "My resting heart rate has fallen to 62 bpm since May."),
    ("Our Pro plan costs $49/month.", "The Pro plan has cost $59/month since March."),
    ("I pay $49 a month for the gym.", "I pay $59 a month for the gym since March."),
    ("I weigh 80 kg.", "I'm 78 kg since March."),
]


@pytest.mark.parametrize("existing,incoming", PART_OF_A_TOTAL)
def test_an_amount_counted_since_a_point_deprecates_no_total(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", A_LEVEL_SINCE)
def test_a_level_since_a_point_is_still_news(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None
