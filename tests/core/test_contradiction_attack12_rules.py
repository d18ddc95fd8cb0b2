"""The two rules the twelfth attack led to: only a work item is open until it is fixed,
resolved or closed (a gate, a bridge or a gym is open again; only a closure for good ends it),
and an amount or a ratio written with a slash ("$1,800/month", "24/7") is not read as a path or
a term, so two rates of one amount never conflict."""

from __future__ import annotations

import pytest

from festinger import detect_contradiction


@pytest.mark.parametrize("existing,incoming", [
    ("The bridge is open.", "The bridge was fixed last month."),
    ("The window is open.", "The window was fixed yesterday."),
    ("The pool is open.", "The pool was fixed this week."),
    ("The road is open.", "The road has been resolved."),
    ("The garage door is open.", "The garage door was fixed yesterday."),
    ("The gym is open.", "The gym was closed yesterday."),
    ("Rent: $1,800/month", "Rent: $21,600/year"),
    ("Salary: $8,000/month", "Salary: $96,000/year"),
    ("The user's rent is $1,800/month.", "The user's rent is $21,600/year."),
    ("The user's rent is £900/month.", "The user's rent is £207/week."),
    ("User works 24/7.", "User works 9/5."),
    ("The split is 50/50.", "The split is 60/40."),
    ("User works at Acme Corp.", "User left Acme Labs and now works at Globex."),  # another Acme
    ("User works at Acme.", "Tom left Acme and joined Globex last week."),
    ("User works at Acme Corp.", "User left the Acme office party early."),
])
def test_compatible(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", [
    ("The ticket is open.", "The ticket was fixed yesterday."),
    ("The bug is open.", "The bug was resolved."),
    ("The issue is open.", "The issue is now closed."),
    ("The bakery is open.", "The bakery has closed for good."),
    ("The shop is open.", "The shop was permanently closed last month."),
    ("The user's rent is $1,800.", "The user's rent is now $1,950."),
    # a blind miss of the attack: the legal form is not part of the name, and when the move
    # happened ("last week") does not hide where the user works now
    ("I work at Acme Corp.", "I left Acme and joined Globex last week."),
    ("User works at Initech GmbH.", "User left Initech and now works at Hooli."),
])
def test_still_caught(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None
