"""A stored name called by a distinctive part of it (`text.name_parts`), and what the rules that read
an ending by the old value's name (named_end, clause_end, displaced) make of it."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.compare import detect_contradiction
from festinger.core.contradiction.text.name_parts import app_by_part, appositive_other, find_part, part_named


@pytest.mark.parametrize("stored,mention", [
    ("Netflix Standard plan", "Netflix"),  # the brand over its tier
    ("Netgear Nighthawk", "the Nighthawk"),  # the line after its maker
    ("Kindle Paperwhite", "the Kindle"),  # the line before its model
    ("Pixel 7", "the Pixel"),  # a model number unsaid
    ("PureGym Camden", "PureGym"),  # the gym without its branch
    ("MongoDB", "Mongo"),  # a word without its upper-case tail
    ("Hotel Adlon", "the Adlon"),  # the name without its kind
    ("Finish Quantum", "Finish"),
    ("Starling Bank", "Starling"),  # a company named with its kind
    ("Dr. Mia Chen", "Dr. Chen"),
    ("Mia Chen", "Mia"),
    ("Paris, Texas", "Paris"),
    ("50mg sertraline", "sertraline"),  # a dose left out
    ("Tesla Model 3", "the Model 3"),
])
def test_a_distinctive_part_names_the_stored_thing(stored, mention):
    assert part_named(stored, mention)


@pytest.mark.parametrize("stored,mention", [
    ("Apple Watch", "Apple"),  # the maker's other things
    ("Apple Music", "Apple"),
    ("Google Docs", "Google"),
    ("Pixel Watch", "Pixel"),  # a line with a kind after it: the line alone is the phone
    ("Pixel 7", "Pixel Watch"),
    ("Mia Chen", "Mia Park"),
    ("Paris", "Paris, Texas"),
    ("PureGym Camden", "Camden"),  # the district, not the gym
    ("Hilton Paris Opera", "Paris"),
    ("New York", "York"),
    ("Pixel 7", "the 7"),  # a lone number
    ("Netflix Standard plan", "Standard"),  # a tier
    ("iPhone 15 Pro", "the Pro"),
    ("oat milk", "milk"),  # a lower-case word before it makes another thing
    ("Canon EOS R6", "the Canon"),  # a maker of many things
    ("Dyson V15", "the Dyson"),
    ("Amazon Prime", "Amazon"),
    ("Visual Studio Code", "Visual Studio"),
    ("Dr. Lee", "Mr. Lee"),  # another title, another person
])
def test_a_part_that_may_be_another_thing_does_not(stored, mention):
    assert not part_named(stored, mention)


@pytest.mark.parametrize("stored,text,found", [
    ("Pixel 7", "sold the Pixel last week", "Pixel"),
    ("Pixel 7", "switched from the Pixel Watch to a Garmin", None),  # extended by a kind
    ("Pixel 7", "sold the Pixel 6", None),  # extended by another model
    ("Mia Chen", "stopped seeing Mia Park", None),
    ("Paris", "moved out of Paris, Texas", None),
    ("Finish Quantum", "We use Ecover tablets now instead of Finish.", "Finish"),
])
def test_a_mention_in_a_text_must_be_maximal(stored, text, found):
    span = find_part(stored, text)
    assert (text[span[0]:span[1]] if span else None) == found


def test_the_kind_a_name_ends_on_names_it_only_as_the_object_of_a_change():
    assert part_named("Trek bike", "the bike", kind=True)  # "Sold the bike": the one bike held
    assert not part_named("Trek bike", "the bike")  # in a text, "bike" alone names no one thing
    assert not part_named("iPad Pro", "the Pro", kind=True)


def test_a_part_uninstalled_is_the_brands_app():
    assert app_by_part("Kindle Paperwhite", "I uninstalled Kindle")
    assert not app_by_part("Telegram account", "I deleted Telegram for good")  # only a kind left out
    assert not app_by_part("Kindle Paperwhite", "I sold the Kindle")


def test_an_appositive_that_names_another_thing():
    assert appositive_other("MongoDB Atlas", "the Jira add-on, to Linear")
    assert not appositive_other("Netflix", "the price went up")
    assert not appositive_other("Kindle Paperwhite", "the Paperwhite")


@pytest.mark.parametrize("existing,incoming", [
    ("User has a Netflix Standard plan.", "Cancelled Netflix."),
    ("E-reader: Kindle Paperwhite", "Sold the Kindle last week, I read on my phone now."),
    ("Gym: PureGym Camden", "So PureGym is done - cancelled it. I joined Boulderwelt, the climbing gym, instead."),
    ("Laptop: ThinkPad X1 Carbon", "Swapped the ThinkPad for a MacBook Air."),
    ("Queue: RabbitMQ", "We migrated off Rabbit to SQS last sprint."),
    ("My dentist is Dr. Mia Chen.", "I stopped seeing Dr. Chen, switched to a dentist near work."),
    ("Bank: Starling Bank", "Closed my Starling account, I'm with Monzo now."),
    ("I use GitHub Copilot.", "Turned off Copilot for good."),  # thing_end asks it too
])
def test_an_update_naming_the_stored_thing_by_a_part_is_read(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None


@pytest.mark.parametrize("existing,incoming", [
    ("User has an Apple Watch.", "Cancelled Apple Music last week."),
    ("User works at Google.", "We migrated off Google Docs to Notion."),
    ("Phone: Pixel 7", "Switched from the Pixel Watch to a Garmin last week."),
    ("My dentist is Mia Chen.", "Stopped seeing Mia Park, the hygienist at the other practice."),
    ("Gym: PureGym Camden", "I left Camden in the spring, the flat's in Islington now."),
    ("E-reader: Kindle Paperwhite", "I uninstalled Kindle, I read in Apple Books on the iPad now."),
    ("E-reader: Kindle Paperwhite", "Sold my sister's Kindle for her on eBay."),
    ("User's camera is a Canon EOS R6", "User sold the Canon and bought an Epson"),
    ("User drives a Honda Civic.", "Traded in the Civic for a newer Civic."),
    ("We use MongoDB Atlas.", "We moved off Atlas, the Jira add-on, to Linear."),
    ("User has a Pixel Watch.", "User sold the Pixel and bought an iPhone."),  # possessions asks it too
    ("Hotel: Hotel Adlon Berlin", "Cancelled Berlin, moved the meeting to Vienna."),
    ("Laptop: ThinkPad X1 Carbon", "Sold the ThinkPad, the T480 from uni."),
    ("I use GitHub Copilot.", "We stopped using GitHub Actions, moved CI to Buildkite."),
])
def test_a_part_that_names_another_thing_deprecates_nothing(existing, incoming):
    assert detect_contradiction(existing, incoming) is None
