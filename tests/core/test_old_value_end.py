"""`old_value_end`: a stored proper-name value named by its OLD VALUE as replaced, dropped, left or
displaced ("Replaced the Nighthawk with an Eero", "X now instead of Finish", "dropped Zoom" beside
"Standup is on Meet now"), and the look-alikes that must leave the stored memory standing."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.compare import detect_contradiction
from festinger.core.contradiction.updates.old_value_end import by_old_value_end

CAUGHT = [
    ("Home router: Netgear Nighthawk", "Replaced the Nighthawk with an Eero mesh system."),
    ("My home router is a Netgear Nighthawk.", "Replaced the Nighthawk with an Eero mesh system."),
    ("E-reader: Kindle Paperwhite", "Moved to a Kobo Libra, the Kindle's in a drawer."),
    ("Dishwasher detergent: Finish Quantum", "We use Ecover tablets now instead of Finish."),
    ("User buys pet food from Pets at Home.",
     "Getting the pet food delivered from Zooplus now instead of Pets at Home."),
    ("User buys groceries at Tesco.", "We do the big shop at Lidl now, Tesco got too pricey."),
    ("Cache: Memcached", "The team replaced Memcached with Redis as the app cache."),
    ("Standup is on Zoom.", "Standup's on Google Meet now, we dropped Zoom."),
    ("Main game: Elden Ring", "Been playing Baldur's Gate 3 exclusively, dropped Elden Ring."),
    ("Feature flags are managed in LaunchDarkly.", "Dropped LaunchDarkly; our feature flags live in Unleash now."),
    ("User's password manager is LastPass.", "Left LastPass after the breach, everything's in 1Password now."),
    ("The team hosts on Heroku.", "We moved off Heroku entirely; everything runs on Fly.io now."),
    ("Repos hosted on Bitbucket.", "Migrated all our repos from Bitbucket to GitLab."),
    ("Password manager: LastPass", "Migrated off LastPass to 1Password after the breach."),
    ("Broadband: Virgin Media M250", "Left Virgin Media, we're with Community Fibre now. So much cheaper."),
    ("Feature flags are managed in LaunchDarkly.", "Ditched LaunchDarkly for Flagsmith."),
    ("Home router: Netgear Nighthawk", "The Nighthawk was replaced by an Eero mesh system."),
]

LEFT_STANDING = [
    # the old value said without ending it: a one-off, an addition, a passing outage
    ("User buys groceries at Tesco.", "Tesco was out of oat milk so I went to Lidl."),
    ("Standup is on Zoom.", "Zoom was down, we used Meet today."),
    ("User buys groceries at Tesco.", "I also use Lidl for wine."),
    ("Standup is on Zoom.", "We did standup on Google Meet instead of Zoom today."),
    ("Dishwasher detergent: Finish Quantum", "Tried Ecover tablets instead of Finish."),
    # someone else's thing, or another thing of the same name
    ("E-reader: Kindle Paperwhite", "My sister replaced her Kindle with a Kobo."),
    ("Home router: Netgear Nighthawk", "Replaced the Nighthawk's antenna with a better one."),
    ("E-reader: Kindle Paperwhite", "Replaced the Kindle's cover with a leather one."),
    ("Standup is on Zoom.", "We dropped the Zoom webinar plan."),
    ("Standup is on Zoom.", "The design team dropped Zoom, they're on Meet now."),
    ("We use MongoDB Atlas.", "We moved off Atlas, the Jira add-on, to Linear."),
    # plans, questions, conditionals, reported speech, old news, scoped leads
    ("The team hosts on Heroku.", "We might move off Heroku next year."),
    ("The team hosts on Heroku.", "Should we move off Heroku entirely?"),
    ("Standup is on Zoom.", "Tom said we dropped Zoom, everything's on Meet now."),
    ("Cache: Memcached", "Back in 2019 we replaced Memcached with Redis at my previous company."),
    ("The team hosts on Heroku.", "Staging: moved off Heroku entirely, everything runs on Fly.io now."),
    ("Monorepo managed with Lerna.", "Docs site - replaced Lerna with Turborepo."),
    # a part or a scope of the stored use
    ("Uses Zoom and Slack.", "We dropped Zoom; standups are on Meet now."),
    ("User buys groceries at Tesco.", "We buy wine at Lidl now instead of Tesco."),
    ("Repos hosted on Bitbucket.", "Migrated the docs repo from Bitbucket to GitLab."),
    ("Cache: Memcached", "Replaced Memcached with Redis on staging."),
    # a drop that is physical or does not last; a move of the user
    ("E-reader: Kindle Paperwhite", "Dropped the Kindle in the bath, it still works."),
    ("E-reader: Kindle Paperwhite", "Left the Kindle at my mum's, reading on my phone now."),
    ("User's coworking space is WeWork Soho.", "User left Soho and moved to Shoreditch."),
    ("User's hometown: Denver.", "User moved from Denver to Austin."),
    ("User works at Acme", "User left Acme for Christmas"),
]


@pytest.mark.parametrize("existing,incoming", CAUGHT)
def test_named_old_value_is_caught(existing, incoming):
    assert by_old_value_end(existing, incoming) is not None
    assert detect_contradiction(existing, incoming) is not None


@pytest.mark.parametrize("existing,incoming", LEFT_STANDING)
def test_look_alikes_leave_the_memory_standing(existing, incoming):
    assert by_old_value_end(existing, incoming) is None
    assert detect_contradiction(existing, incoming) is None


def test_never_raises_on_odd_input():
    for a, b in [("", ""), ("Cache:", "replaced"), ("Cache: Memcached", "x" * 5000), (None, "a"),
                 ("Cache: Memcached", "Replaced §A with Redis.")]:
        assert by_old_value_end(a, b) is None  # type: ignore[arg-type]


def test_linear_on_repeated_words():
    import time
    for tail in (" to to", " to go now", " after the a", " now", " for good"):
        incoming = ("Replaced Memcached with Redis" + tail * 60)[:590] + " #"
        start = time.perf_counter()
        by_old_value_end("Cache: Memcached", incoming)
        assert time.perf_counter() - start < 0.5
