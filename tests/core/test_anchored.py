"""The anchored typed-value rule (`anchored`): a new value of a closed type (money, an amount, a
count, a time, a date, a rate, a version, a host, an email, a phone number) for the same anchored
slot, announced as a change, replaces the stored one; another scope, instance, owner, quantity,
a plan, a while, the past, an addition, a range or a hedge never does."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.updates.anchored import by_anchored_value, read_slot
from tests.core.detector_checks import caught, silent

CAUGHT = [
    ("Team sync: Mondays 2pm", "Team sync is now Wednesdays at 11am."),
    ("Our monthly marketing budget is €5,000.", "The marketing budget got cut to €3,500 a month."),
    ("I take 50 mg of sertraline daily.", "My doctor bumped my sertraline up to 100 mg."),
    ("Passwords must be at least 8 characters.", "Minimum password length was raised to 12 characters."),
    ("We have 120 employees.", "Headcount is 145 as of this quarter."),
    ("Database host: db1.internal.acme.net", "The database moved to db-primary.internal.acme.net."),
    ("Node version for the project: 16", "The project requires Node 20 now."),
    ("The app's Docker image uses Python 3.9.", "The Docker image is on Python 3.11 as of this release."),
    ("The ORM is SQLAlchemy 1.4.", "We're on SQLAlchemy 2.0 now."),
    ("Thesis submission deadline is June 30.", "My advisor got me an extension; the thesis is due August 31 now."),
    ("The user's youngest is in daycare three days a week.", "The user's youngest goes to daycare five days a week now."),
    ("The user wants a daily summary at 8 am.", "The user moved the daily summary to 7 am."),
    ("Grocery budget: $600 a month", "We cut the grocery budget to $450 a month."),
    ("The sync job runs every 30 minutes.", "The sync job now runs every 10 minutes."),
    ("Support email: help@acme.io", "Support email is now support@acme.io."),
    ("My phone number is 415-555-0134.", "My phone number changed to 415-555-0199."),
    ("The newsletter goes out weekly.", "The newsletter goes out monthly now."),
    ("I swim twice a week.", "I swim four times a week now."),
    ("Our deploy window is Tuesday at 2pm.", "The deploy window moved to Wednesday at 10am."),
    ("Piano lessons are Saturdays at 10.", "Scratch that, piano lessons are Saturdays at 11."),
    ("The retry count is 3.", "Correction: the retry count is 5."),
    ("The user's office is in Building 4.", "The user's office is in Building 9 now."),
    ("The user's mobile is +44 7700 900123.", "The user has a new mobile number: +44 7700 900456."),
    # a refusing word that only begins a compound ("no-meeting", "second-hand") refuses nothing
    ("No-meeting day: Wednesday", "No-meeting day changed to Thursday."),
    ("No-meeting day: Wednesday", "No-meeting day is Thursday now."),
]

LOOKALIKES = [
    # another scope, instance or quantity of the same thing
    ("Database host: db1.internal.acme.net", "The staging database moved to db-stage.internal.acme.net."),
    ("Our monthly marketing budget is €5,000.", "The travel budget got cut to €3,500 a month."),
    ("Our Pro plan costs $49/month.", "The Team plan costs $59/month now."),
    ("Our Pro plan costs $49/month.", "The Pro plan now includes 10 seats."),
    ("Our Pro plan costs $49/month.", "The Pro plan now costs $490 a year."),
    ("The user's mobile is +44 7700 900123.", "My second phone number is +44 7700 900456."),
    ("The user's mobile is +44 7700 900123.", "The user has a new work number: +44 7700 900456."),
    ("The project requires Node 16.", "We also run Node 20 for the docs site."),
    ("User uses React 17.", "User now uses React 18 in the new app."),
    ("The user has Python 3.11 installed.", "The user now has Python 3.12 installed."),
    ("The extension runs on Windows 10.", "The extension now supports Windows 11."),
    # someone else's
    ("I take 50 mg of sertraline daily.", "My wife's doctor bumped her sertraline up to 100 mg."),
    ("I take 50 mg of sertraline daily.", "My son's sertraline was raised to 100 mg."),
    ("My salary is $85,000.", "Tom's salary is now $95,000."),
    ("No-meeting day: Wednesday", "The design team's no-meeting day is Thursday now."),
    ("No-meeting day: Wednesday", "No-meeting day might move to Thursday."),
    ("My email is marisol@yahoo.com.", "My new colleague's email is marisol.c@acme.com."),
    ("My meeting is at 3pm.", "Our meeting was moved to 4pm."),
    ("The weekly sync is on Tuesdays.", "My weekly sync is on Thursdays now."),
    ("The user's interview is on Monday.", "User moved my interview to Tuesday."),
    # plans, whiles, the past
    ("Team sync: Mondays 2pm", "We'll move the sync to Wednesdays next month."),
    ("Team sync: Mondays 2pm", "The team sync is on Wednesday at 11am this week."),
    ("Team sync: Mondays 2pm", "Team sync is now Wednesday at 11am."),
    ("Our Pro plan costs $49/month.", "Pricing update: the Pro plan is $59/month as of July."),
    ("I take 50 mg of sertraline daily.", "My doctor bumped my sertraline up to 100 mg for two weeks."),
    ("Our monthly marketing budget is €5,000.", "The marketing budget used to be €3,500 a month."),
    ("The project requires Node 20.", "The project required Node 16 in 2022."),
    # ranges, hedges, denials, restatements, several sentences
    ("We have 120 employees.", "Headcount is now 140-150."),
    ("We have 120 employees.", "Headcount is now about 145."),
    ("The API timeout is 30 seconds.", "The API timeout is now up to 60 seconds."),
    ("The API timeout is 30 seconds.", "The API timeout is now 30 to 60 seconds."),
    ("Our Pro plan costs $49/month.", "The Pro plan isn't $59/month now."),
    ("The user's Postgres is 16.", "The user's Postgres is now 16.4."),
    ("The API port is 8080.", "The API port is now 9090. We rolled it back an hour later."),
    ("Team sync: Mondays 2pm", "## Design team\nTeam sync is now Wednesdays at 11am."),
    # a thing of one conversation, one of many, a tally
    ("The file is 2 MB.", "The file is now 5 MB."),
    ("User has an appointment on Tuesday.", "The appointment was moved to Thursday."),
    ("My marathon PB is 4:05:30.", "Dad finished Boston! New marathon PB: 3:41:00."),
    # a correction of another slot, a model number, another instance, a habit's day, a same mailbox
    ("My birthday is March 3.", "Sorry, my mom's birthday is March 13."),
    ("The retry count is 3.", "Correction: the retry count is 5 on staging."),
    ("My laptop is a Dell XPS 13.", "Actually my laptop is a Dell XPS 9315."),
    ("My laptop has 16 GB of RAM.", "I have a new laptop with 32 GB of RAM."),
    ("My car gets 30 mpg.", "My new car gets 45 mpg."),
    ("The New York office rent is $5,000.", "The New York office rent is $6,000."),
    ("I go to the gym on Mondays.", "I go to the gym on Wednesdays now."),
    ("The user's email is jane.doe@gmail.com.", "The user's email is actually janedoe@gmail.com."),
    ("User's phone number: +1 (646) 555-0100.", "User's phone number is now 646-555-0100."),
]


@pytest.mark.parametrize("existing,incoming", CAUGHT)
def test_a_new_typed_value_of_the_anchored_slot_is_caught(existing, incoming):
    assert by_anchored_value(existing, incoming) is not None, (existing, incoming)


@pytest.mark.parametrize("existing,incoming", LOOKALIKES)
def test_lookalikes_are_left_alone(existing, incoming):
    assert by_anchored_value(existing, incoming) is None, (existing, incoming)
    silent(existing, incoming)


def test_the_slot_is_read_without_its_value_and_link_words():
    slot = read_slot("The marketing budget got cut to €3,500 a month", incoming=True)
    assert slot is not None and slot.words == frozenset({"marketing", "budget"}) and slot.periods == {"month"}
    assert slot.value.kind == "money" and slot.value.value == "3500"


def test_two_values_are_no_slot_unless_one_is_the_stored_one():
    assert read_slot("Headcount is now between 140 and 150", incoming=True) is None
    slot = read_slot("The 1:1 moved from Tuesdays to Thursdays", incoming=True)
    assert slot is not None and slot.value.display == "Thursdays"


def test_never_raises_on_odd_input():
    for text in ("", " ", "\x00" * 50, "$" * 400, "9" * 1000, "Team sync: " + "Mondays " * 80):
        assert by_anchored_value(text, "Team sync is now Wednesdays at 11am.") is None
        assert by_anchored_value("Team sync: Mondays 2pm", text) is None


def test_a_tally_is_no_anchored_slot_but_a_count():
    # "countries visited" is no slot of the anchored rule; the count rule (counts.py) reads the new
    # tally, as corpus_attack16 labels it
    assert by_anchored_value("I've visited 27 countries.", "I'm now at 29 countries visited.") is None
    caught("I've visited 27 countries.", "I'm now at 29 countries visited.")

