"""A change told as not made (yet) deprecates nothing; a done one still does (attack74, session 15).

The look-alikes below were written after the fix, not tuned on: on merge15 9 of the 20 not-made
ones fired ("'pin' has a new number"), none after; the 6 done ones fire before and after."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.compare import detect_contradiction
from festinger.core.contradiction.updates.unmade_change import unmade

NOT_MADE = [
    ("my locker number is 212", "gotta move my locker number to 318 soonish"),
    ("My savings goal is $5,000", "wanna bump my savings goal to $8,000"),
    ("my gate code is 4455", "Might have to change my gate code to 9090"),
    ("my desk extension is 4410", "dont u dare change my desk extension to 4420"),
    ("My monthly budget is $900", "never lower my monthly budget to $600 ok"),
    ("my zip code is 94110", "update my zip code to 94117 on tuesday"),
    ("My apartment number is 5C", "need to switch my apartment number to 7A"),
    ("my pin is 0000", "imma reset my pin to 2580 this weekend"),
    ("my alarm code is 1357", "change my alarm code to 2468 in two days"),
    ("My grocery budget is $400", "hafta cut my grocery budget to $300"),
    ("my email is jo@x.com", "DNT change my email to jo2@x.com"),
    ("My PIN is 1234", "prolly gonna change my PIN to 9876"),
    ("my room number is 808", "finna change my room number to 910"),
    ("my backup email is q@y.com", "Need to change my backup email to r@y.com"),
    ("my budget is $3,000", "tryna raise my budget to $3,500"),
    ("my zip is 60614", "doesnt change my zip to 60657"),
    ("my door code is 2020", "change my door code to 3030 by thursday"),
    ("my extension is 117", "move my extension to 220 in a month"),
    ("My PIN is 5555", "Never change my PIN to 6666!"),
    ("my email is kim@x.com", "ima change my email to kim2@x.com on saturday"),
]
DONE = [
    ("my locker number is 212", "moved my locker number to 318"),
    ("My savings goal is $5,000", "bumped my savings goal to $8,000"),
    ("my gate code is 4455", "just changed my gate code to 9090"),
    ("My grocery budget is $400", "cut my grocery budget to $300 last week"),
    ("my email is jo@x.com", "I've changed my email to jo2@x.com"),
    ("My PIN is 1234", "My PIN is 9876 now"),
]


@pytest.mark.parametrize("existing,incoming", NOT_MADE)
def test_a_change_not_made_deprecates_nothing(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", DONE)
def test_a_done_change_still_deprecates(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None


@pytest.mark.parametrize("clause", ["Move the standup to Friday", "Cut the meeting to 15 minutes.", "change my PIN to 4321",
                                    "changed my PIN to 4321 on friday", "Set the alarm to 6:30 on Mondays"])
def test_a_done_change_or_an_order_now_is_made(clause):
    assert not unmade(clause)
