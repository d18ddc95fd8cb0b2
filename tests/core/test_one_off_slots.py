"""One-off things the user has many of (orders, tickets, refunds, transactions) are never a slot a
later memory replaces (attack64). Written after the fix, not taken from attack64: the first list
fired 8 times of 10 before it."""

import pytest

from festinger.core.contradiction.compare import detect_contradiction
from festinger.core.contradiction.grammar.one_off import one_off_key

TWO_OF_MANY = [
    ("My ticket number is 88121.", "My ticket number is 90433."),
    ("My tracking number is 1Z999.", "My newest tracking number is 1Z777."),
    ("User's refund is $30.", "User's refund is $45."),
    ("My claim number is CLM-1.", "My claim number is CLM-2."),
    ("My Uber fare is $18.", "My Uber fare is $26."),
    ("My transaction ID is TX100.", "My latest transaction ID is TX200."),
    ("The user's case number is 5501.", "The user's case number is 5502."),
    ("My purchase is $120.", "My purchase is $80."),
    ("My confirmation number is ABC123.", "My new confirmation number is XYZ789."),
    ("My invoice number is 7.", "My invoice number is 8."),
]

STILL_SLOTS = [
    ("The minimum order is 50 units.", "The minimum order was lowered to 20 units."),
    ("My deadlift PR is 180 kg.", "New deadlift PR: 190 kg."),
    ("My package manager is npm.", "My package manager is pnpm now."),
    ("My order number is 1234.", "Actually, my order number is 1243, not 1234."),
]


@pytest.mark.parametrize("existing,incoming", TWO_OF_MANY)
def test_another_order_or_ticket_replaces_nothing(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", STILL_SLOTS)
def test_settings_records_and_corrections_are_still_read(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None


def test_numbered_only_words_need_their_number():
    assert one_off_key({"user", "invoice", "number"}) and not one_off_key({"invoice", "deadline"})
    assert not one_off_key({"minimum", "order"}) and one_off_key({"user", "donation"})
