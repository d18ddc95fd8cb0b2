"""A short lead about a relative is no lead for a subjectless slot update after it: "Dad switched
clinics. New doctor is Dr. Lee." may be Dad's doctor (`updates/slot_switch`, attack60 shape 7,
debatable). A lead that says nothing of anyone, or the user's own "my", still updates."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.compare import detect_contradiction


@pytest.mark.parametrize("existing,incoming", [
    ("My doctor is Dr. Patel.", "Dad switched clinics. New doctor is Dr. Lee."),  # attack60
    ("My doctor is Dr. Patel.", "Grandma's GP retired. New doctor is Dr. Lee."),  # attack60
    ("My doctor is Dr. Patel.", "Sister switched clinics. New doctor is Dr. Lee."),  # written after
    ("My dentist is Dr. Kim.", "Husband's dentist retired. New dentist is Dr. Shah."),  # written after
])
def test_subjectless_update_after_a_relative_is_not_the_users(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", [
    ("My doctor is Dr. Patel.", "Switched clinics. New doctor is Dr. Lee."),
    ("My doctor is Dr. Patel.", "Quick update. New doctor is Dr. Lee."),
    ("My doctor is Dr. Patel.", "Dad switched clinics. My new doctor is Dr. Lee."),
])
def test_subjectless_update_after_a_plain_lead_still_updates(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None
