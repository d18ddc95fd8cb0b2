"""A stored amount said anew with its effect date or a news label (`updates.amount_as_of`)."""

import pytest

from festinger.core.contradiction.compare import _detect
from festinger.core.contradiction.updates.amount_as_of import by_amount_as_of

NEW_AMOUNT = [
    ("Our Pro plan costs $49/month.", "Update: the Pro plan costs $59/month since March."),
    ("The user's student loan is $32,000.", "The student loan is $27,500 after the latest payments."),
    ("The user's cholesterol is 240 mg/dL.", "Latest test: the user's cholesterol is 195 mg/dL."),
    ("The user's rent is $1,900.", "The rent is $2,050 as of today."),
]

STANDS = [
    ("The user's rent is $1,900.", "Toured a flat. The rent is $2,800 since May."),        # context beside it
    ("Our Pro plan costs $49/month.", "Pricing update: the Pro plan is $59/month as of July."),  # may be to come
    ("My credit card limit is $5,000.", "My credit card limit is $8,000 effective 1 June."),
    ("The user's rent is $1,900.", "My sister's rent is $2,050 as of May."),               # someone else's
    ("The user's rent is $1,900.", "Garage update: the rent is $250 as of May."),          # a topic label
    ("The user's rent is $1,900.", "The rent will be $2,050 as of May."),                  # to come
    ("The user's rent is $1,900.", "The rent was $1,700 since May."),                      # the past
    ("I take 50mg sertraline daily", "doc upped my sertraline to 100mg, starting monday"),  # to come
    ("The user's savings balance is $12,000.", "The savings goal is $20,000 after the latest raise."),
    ("The user's rent is $1,900.", "Average rent in Leeds is $1,400 as of March."),        # another slot
    ("The user's budget is $500.", "Japan trip update: the budget is $5,000 as of May."),
]


@pytest.mark.parametrize(("existing", "incoming"), NEW_AMOUNT)
def test_an_amount_said_anew_with_its_effect_date_replaces_the_stored_one(existing: str, incoming: str) -> None:
    assert by_amount_as_of(existing, incoming, _detect) is not None


@pytest.mark.parametrize(("existing", "incoming"), STANDS)
def test_an_amount_of_another_time_person_or_topic_leaves_the_stored_one(existing: str, incoming: str) -> None:
    assert by_amount_as_of(existing, incoming, _detect) is None


def test_the_same_amount_again_is_no_change() -> None:
    assert by_amount_as_of("The user's rent is $1,900.", "The rent is $1,900 as of May.", _detect) is None
