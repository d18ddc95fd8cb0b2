"""General rules that answered the last false positives of the attack sets, one group each: an
activity going on scopes the user's other facts in the same memory; a port a service exposes is one
of several; one value written in another format (an IP address padded with zeros, Java's "1.8" for
8, a garment size in another sizing system) is no change; a person's programming language is one of
several; a product built on another answers to the other's name; a "..., not Y" tail that names a
kind of the stored value refines it. The attack pairs are pinned in `test_contradiction_attacks.py`;
these are look-alikes of the same shapes and the genuine changes that must still be caught.
"""

from __future__ import annotations

import pytest

from festinger import detect_contradiction


@pytest.mark.parametrize("existing,incoming", [
    ("The user uses a monitor.", "The user is working from a café. The user uses a laptop stand instead of a monitor."),
    ("The user drinks alcohol.", "The user is training for a marathon. The user does not drink alcohol."),
    ("The user lives in Paris.", "The user is renovating the flat. The user lives in Berlin."),
])
def test_an_activity_going_on_scopes_the_users_other_facts(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", [
    ("The user lives in Paris.", "The user is working at Google. The user lives in Berlin."),  # a standing fact
    ("The user eats gluten.", "The user is doing an elimination diet. The user no longer eats gluten."),  # announced
    ("The project uses Python 3.9.", "The user is migrating the project. The project uses Python 3.11."),  # not the user's
])
def test_a_fact_beside_an_activity_is_still_compared(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None
