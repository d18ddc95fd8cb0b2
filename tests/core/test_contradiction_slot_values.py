"""Single-valued slots whose values only compare by what they are: time zones by region, cloud
regions, meeting platforms, a recurring event's days, codes and short enumerations, the user's team
and a setting that names one brand (`grammar/closed_values.py`, `grammar/timezones.py`,
`grammar/schedules.py`, `updates/slot_values.py`); each with look-alikes that must stay compatible."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.grammar.timezones import compare_timezones
from festinger.core.contradiction.grammar.values import Relation
from tests.core.detector_checks import caught, silent

UPDATES = [
    ("My timezone is PST.", "My timezone is MST now."),  # share -7 in summer, still two zones
    ("The user's timezone is EST.", "The user's timezone is now CST."),
    ("Timezone: America/Los_Angeles", "My timezone is CET now."),
    ("Timezone: CET (Paris)", "Moved to New York, so my timezone is America/New_York now."),
    ("My deploy target is AWS eu-west-1.", "My deploy target is eu-central-1 now."),  # a phrase against a term
    ("Standup is on Zoom.", "Standup is on Google Meet now."),
    ("Book club meets the first Thursday of the month.", "Book club meets on the last Wednesday of the month now."),
    ("Choir practice is on Mondays.", "Choir practice is on Wednesdays now."),
    ("My team is Payments.", "My team is Search now."),
    ("My home airport is SFO.", "My home airport is OAK now."),
    ("My locale is en-US.", "My locale is en-GB now."),
    ("My seat preference is aisle.", "My seat preference is window now."),
    ("My airline status is Silver.", "My airline status is Gold now!"),
    ("My browser is Firefox.", "My browser is Brave now."),
]

LOOKALIKES = [
    ("My timezone is PST.", "My timezone is Pacific Time now."),  # one zone, three names
    ("My timezone is PST.", "My timezone is PDT now."),
    ("My timezone is CET.", "My timezone is UTC+1 now."),  # CET in winter
    ("Timezone: America/Los_Angeles", "My timezone is PST."),
    ("My timezone is IST.", "My timezone is GMT now."),  # Ireland
    ("My timezone is PST.", "My timezone is PT now."),
    ("My sister is in PST.", "My timezone is CET."),  # another person
    ("The server runs in UTC.", "My timezone is CET now."),  # a thing's clock
    ("My timezone is EST.", "While I'm in Tokyo this month, my timezone is JST."),  # a trip
    ("My deploy target is AWS.", "My deploy target is AWS eu-west-1 now."),  # a refinement
    ("My deploy target is us-east-1.", "My deploy target is us-east-1a now."),  # a zone of the region
    ("The API runs in eu-west-1.", "The database runs in eu-central-1."),  # two services
    ("Standup is on Zoom; retro is on Meet.", "Standup is on Zoom."),
    ("Standup is on Zoom.", "Retro is on Google Meet now."),  # another meeting
    ("My team uses Slack.", "My team uses Zoom too."),  # an addition
    ("Standup is on Google Meet.", "Standup is on Meet now."),
    ("I go to the gym on Mondays.", "I go to the gym on Fridays now."),  # the user's habit gains a day
    ("Choir practice is on Mondays and Wednesdays.", "Choir practice is on Wednesdays now."),
    ("My team is Payments.", "My team is small now."),  # how it is, not which
    ("My team is Payments.", "My team is Berlin-based now."),
    ("My team is Payments.", "Anna's team is Search now."),
    ("My team is Search.", "My team is Search Relevance now."),
    ("My shirt size is M.", "My shirt size is Medium now."),  # one size written two ways
    ("My VPN is Mullvad.", "My VPN is WireGuard now."),  # the service and its protocol
    ("My browser is Firefox.", "My browser is set to German now."),
    ("My airline status is Gold.", "My airline status is Expired now."),
    ("My email provider is Gmail.", "My email provider is Gmail now."),
]


@pytest.mark.parametrize("existing,incoming", UPDATES)
def test_single_valued_slot_updates_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", LOOKALIKES)
def test_single_valued_slot_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)


@pytest.mark.parametrize("a,b,relation", [
    ("PST", "MST", Relation.CONFLICT), ("EST", "CST", Relation.CONFLICT), ("PST", "PDT", Relation.SAME),
    ("America/Los_Angeles", "PST", Relation.COMPATIBLE), ("GMT", "BST", Relation.COMPATIBLE),
    ("UTC+1", "CET", Relation.UNKNOWN), ("CET", "America/New_York", Relation.CONFLICT),
])
def test_time_zones_compare_by_region(a: str, b: str, relation: Relation) -> None:
    assert compare_timezones(a, b) is relation
