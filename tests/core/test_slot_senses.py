"""A slot noun of several senses, bare, is not replaced by a "now" alone; a state word and an
intention are no values (attack65). Written after the fix, not taken from attack65: the first list
fired 5 times of 7 before it."""

import pytest

from festinger.core.contradiction.compare import detect_contradiction

NOT_REPLACED = [
    ("My provider is Spectrum.", "My provider is now Kaiser."),
    ("My carrier is Sprint.", "My carrier is now DHL."),
    ("My favorite is Coldplay.", "My favorite is now ramen."),
    ("My title is Lead Engineer.", "My title is now permanent."),
    ("My role is analyst.", "My role is now full-time."),
    ("My plan is the Basic plan.", "My plan is now to move abroad."),
    ("My title is Staff Engineer.", "My title is now 'Winter Light'."),
]

STILL_READ = [
    ("Mobile carrier: Verizon", "From now on my mobile carrier is T-Mobile."),
    ("My mobile carrier is AT&T.", "Switched my mobile carrier to Visible."),
    ("My handle is @bexcodes.", "My handle is now @rebecca_dev."),
    ("My theme is dark.", "My theme is light now."),
    ("My carrier is Verizon.", "Actually, my carrier is AT&T, not Verizon."),
]


@pytest.mark.parametrize("existing,incoming", NOT_REPLACED)
def test_another_sense_or_a_state_replaces_nothing(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", STILL_READ)
def test_a_named_sense_or_a_correction_is_still_read(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None
