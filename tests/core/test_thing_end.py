"""thing_end: a stored thing of the user's (a pet or a person named after its kind, a service that
comes, a note line's activity, a thing there is, a debt, a course, a named person's own activity)
said to have ended in ANY clause of the incoming memory, and the look-alikes it must leave alone
(someone else's, a pause, a plan, a question, a negation, another one of the kind, one of several,
a part, a story or a label before it)."""

import pytest

from festinger.core.contradiction.compare import detect_contradiction
from festinger.core.contradiction.updates.stored_thing import stored_thing
from festinger.core.contradiction.updates.thing_end import thing_ended

CAUGHT = [
    ("The user has a cat named Olive.", "Rough week. Olive passed away on Tuesday. So sad."),
    ("Leo plays rugby on Saturdays.", "Leo stopped rugby, he prefers climbing now."),
    ("The user has a flatmate named Priya.", "Priya moved out at the end of the month, I have the flat to myself now."),
    ("A cleaner comes every Wednesday.", "Money is tight. We stopped the cleaner, doing it ourselves."),
    ("A gardener comes every other week.", "No more gardener, we paved the garden."),
    ("The user employs a gardener.", "We let the gardener go, too expensive."),
    ("Plays squash on Monday evenings.", "Quit squash, my back can't take it anymore."),
    # (after a dash, "- the API is fast enough without it" is a tail no rule reads: unsure, test_dash_tails)
    ("There's a Redis cache in front of the API.", "Removed the Redis cache, the API is fast enough without it."),
    ("User has a mortgage with Nationwide.", "The Nationwide mortgage is paid off!"),
    ("The user has a personal loan with Barclays.", "Paid the Barclays loan off last week."),
    ("The user is enrolled in a UX bootcamp at General Assembly.", "Graduated from General Assembly on Friday!"),
    ("User can be reached on Signal at +44 7700 900456.", "I deleted Signal, text me instead."),
    ("The user has a landline: 020 7946 0018.", "The landline is disconnected now, call my mobile."),
    ("User takes weekly guitar lessons.", "Stopped the guitar lessons, I'm learning from YouTube now."),
]

LEFT_ALONE = [
    ("A cleaner comes every Tuesday.", "Her cleaner stopped coming."),
    ("A cleaner comes every Tuesday.", "We stopped the cleaner for a month, she's back now."),
    ("A cleaner comes every Tuesday.", "Paused the cleaner for the summer."),
    ("A cleaner comes every Tuesday.", "Might cancel the cleaner."),
    ("A cleaner comes every Tuesday.", "Did we cancel the cleaner?"),
    ("A cleaner comes every Tuesday.", "If money gets tight we'll stop the cleaner."),
    ("A cleaner comes every Tuesday.", "We haven't cancelled the cleaner."),
    ("A cleaner comes every Tuesday.", "My wife told me the cleaner quit."),
    ("A cleaner comes every Tuesday.", "Cancelled the cleaner on Tuesday."),
    ("A cleaner comes every Tuesday.", "The cleaner just left."),
    ("A cleaner comes every Tuesday.", "Mum's house: we stopped the cleaner."),
    ("A cleaner comes every Wednesday.", "Mum came over. We stopped the cleaner."),
    ("Plays 5-a-side football on Tuesday nights.", "Stopped the Thursday football, my knee can't take it anymore."),
    ("There's a read replica in eu-west-1.", "Removed one read replica."),
    ("There are two read replicas in eu-west-1.", "We removed the read replica."),
    ("There's a read replica in eu-west-1.", "We removed the read replica from rotation."),
    ("The user hires a gardener once a month.", "Gardener cancelled this week only."),
    ("There's a dishwasher in the flat.", "Turned off the dishwasher."),
    ("The user has a dog named Pepper.", "Writing a short story. Pepper passed away last week."),
    ("The user has a dog named Pepper.", "Pepper passed away last week. It was my Tamagotchi."),
    ("The user has a dog named Pepper.", "Pepper passed away last week. He was my neighbour's dog."),
    ("The user has a dog named Pepper.", "Pepper passed away on Sunday. The house feels empty."),  # read no further
    ("The user uses Instagram.", "I deleted Instagram - he doesn't use it now."),
    ("I own a Yamaha acoustic guitar.", "I sold my guitar."),
    ("The user has a roommate named Chris.", "Chris moved out of the spare room."),
    ("The user has a roommate named Chris.", "Chris left."),
    ("The user has a manager named Priya.", "Priya moved out."),
    ("Mia has swim class on Wednesdays.", "Mia finished swim class."),
    ("Mia has swim class on Wednesdays.", "I quit swimming."),
    ("User has a car loan with Santander.", "Paid off the Santander credit card."),
    ("User is doing a Master's in CS at Georgia Tech (OMSCS).", "Finished the OMSCS machine learning course."),
    ("Uses Google Sheets for the budget.", "Deleted the sheets."),
    ("The user keeps a bottle of Lagavulin in the cupboard.", "The Lagavulin is finished."),
    ("The user has a milk delivery every morning.", "The milk delivery was cancelled today."),
]


@pytest.mark.parametrize("existing,incoming", CAUGHT)
def test_a_stored_thing_said_ended_in_one_clause_is_caught(existing, incoming):
    assert thing_ended(existing, incoming) is not None
    assert detect_contradiction(existing, incoming) is not None


@pytest.mark.parametrize("existing,incoming", LEFT_ALONE)
def test_look_alikes_leave_the_stored_thing_standing(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


def test_the_stored_reading_names_the_thing_and_its_kind():
    pet = stored_thing("The user has a cat named Miso.")
    assert pet is not None and pet.head == "cat" and pet.names == ("miso",) and pet.kind == "living"
    assert stored_thing("Mia has swim class on Wednesdays.").owner == "Mia"
    assert stored_thing("A cleaner comes every Tuesday.").kind == "service"
    assert stored_thing("The user has three cats.") is None  # which one?
    assert stored_thing("My sister has a cat named Miso.") is None  # hers
