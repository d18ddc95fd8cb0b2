"""The rules answering the eleventh attack (`corpus_attack11.jsonl`), each with the compatible
look-alikes that made it necessary and the genuine updates of the same shape that must still be
caught. The attack aimed at the four newest recall rules (keyvalue, lifecycle, rescheduled,
quitting); a false deprecation is the worst failure, so every rule is checked in both directions.
We call the inner `_detect` so a bug raises here instead of being swallowed as "no contradiction".
"""

from __future__ import annotations

import pytest

from tests.core.detector_checks import caught as _caught, silent as _silent


# --- keyvalue: a bare key line is the user's only for a slot a person holds one of ---------------


@pytest.mark.parametrize("existing,incoming", [
    ("Price: $20", "Price: $35"),  # two products
    ("RAM: 16 GB", "RAM: 64 GB"),  # two machines
    ("Check-in: 3pm", "Check-in: 4pm"),  # two hotels
    ("Hotel check-in: 3pm", "Hotel check-in: 4pm"),
    ("Duration: 2 hours", "Duration: 45 minutes"),
    ("Distance: 5 km", "Distance: 10 km"),
    ("Storage: 256 GB", "Storage: 1 TB"),
    ("Discount: 10%", "Discount: 25%"),
    ("Weight limit: 23 kg", "Weight limit: 8 kg"),
    ("Warranty: 1 year", "Warranty: 3 years"),
    ("Timeout: 30s", "Timeout: 60s"),  # a setting of some system: which one is not said
    ("Database: PostgreSQL", "Database: MySQL"),  # a project's, and the user has several
    ("Port: 8080", "Port: 5432"),
    ("Budget: $500", "Budget: $2,000"),
    ("Address: 10 Elm St", "Address: 5 Main St"),  # a venue's as often as the user's
    ("Weight: 1.4 kg", "Weight: 2.1 kg"),  # a product's spec as often as the user's
    ("Work email: a@acme.com", "Work email: b@acme.com"),  # two addresses may both hold
])
def test_a_key_line_about_some_thing_is_not_the_users(existing, incoming):
    _silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("Timezone: America/Toronto", "Timezone: Europe/Paris"),
    ("Timezone: Europe/Berlin", "Timezone: America/New_York"),
    ("OS: Ubuntu 22.04", "OS: Fedora 40"),
    ("Editor: Neovim", "Editor: Helix"),
    ("Shell: fish", "Shell: zsh"),
    ("Default shell: bash", "Default shell: zsh"),
    ("Current city: Montreal", "Current city: Toronto"),
])
def test_a_key_line_naming_a_person_slot_still_updates(existing, incoming):
    _caught(existing, incoming)


# --- lifecycle: a dated event is biography; a place's closure is passing ---------------------------


@pytest.mark.parametrize("existing,incoming", [
    ("User is married to Sam.", "User got divorced in 2012."),  # remarried since
    ("The user is married.", "The user got divorced in 2010."),
    ("User is a student at McGill.", "User graduated from McGill in 2015."),  # back for a master's
    ("The user is a student.", "The user graduated in 2014."),
    ("User is single.", "User got married in 2008."),
    ("Sam is a student.", "Sam graduated in 2010."),
    ("User works at Acme.", "User was laid off from Acme in 2015."),
    ("The renovation is in progress.", "The renovation was completed in 2019."),
    ("The kitchen renovation is in progress.", "The kitchen renovation was finished two years ago."),
    ("The app is in beta.", "The app was released in 2019."),
    ("The gym is open.", "The gym was closed yesterday."),  # one day
    ("The office is open.", "The office was closed last week."),
    ("The bakery is open.", "The bakery was closed in August."),
    ("The library is open.", "The library is now closed."),  # for the evening, or for good?
])
def test_dated_biography_and_a_passing_closure_end_no_status(existing, incoming):
    _silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("The project is in progress.", "The project was cancelled."),
    ("The user is a student at McGill.", "The user graduated from McGill in May."),
    ("User is single.", "User got married in June."),
    ("User is married to Jordan.", "User and Jordan divorced last year."),
    ("The migration is in progress.", "The migration was completed three months ago."),
    ("The bug #42 is open.", "Bug #42 is fixed and closed."),
    ("The issue is open.", "The issue was closed yesterday."),  # a work item's closure is its end
    ("The bakery is open.", "The bakery has closed for good."),
    ("The bakery is open.", "The bakery is permanently closed."),
])
def test_a_recent_or_undated_end_still_ends_the_status(existing, incoming):
    _caught(existing, incoming)


# --- rescheduled: the move must be of the stored event, not another one or one session ----------


@pytest.mark.parametrize("existing,incoming", [
    ("The appointment is on March 12.", "The appointment was moved from March 5 to March 10."),
    ("The standup is at 9:30.", "The standup was moved from 10:00 to 9:45."),
    ("The call is at 2pm.", "The call was moved from 4pm to 5pm."),
    ("The meeting is on Tuesday.", "The meeting was moved from Wednesday to Friday."),
    ("The user's review is on Friday.", "The review was pushed from Monday to Wednesday."),
    ("The launch is in June.", "The launch was moved from May to July."),
    ("The call is at 2pm.", "The call was moved from Tuesday to Thursday."),  # a "from" sharing no field
    ("User has a meeting at 3pm.", "The meeting was moved to 4pm."),  # one meeting of many
    ("User has an appointment on Tuesday.", "The appointment was moved to Thursday."),
    ("The user has a call every day at 9am.", "The call was moved to 10am."),  # one session
    ("The user's class is on Mondays.", "The class was moved to Tuesday."),
    ("My meeting is at 3pm.", "Our meeting was moved to 5pm."),  # a group's meeting
])
def test_a_move_of_another_event_or_one_session_is_not_read(existing, incoming):
    _silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("The dentist appointment is on March 12.", "The dentist appointment was moved to March 19."),
    ("The dentist appointment is on March 12.", "The dentist appointment was moved from March 12 to March 19."),
    ("The call is at 2pm.", "The call was moved from 2pm to 5pm."),
    ("User has a dentist appointment on Tuesday.", "The dentist appointment was moved to Thursday."),
    ("User has a meeting with Tom at 3 pm.", "The meeting with Tom was moved to 5 pm."),
    ("User has a standup every day at 9:30.", "User's daily standup moved to 10:00."),  # the series
    ("The user's class is on Mondays.", "The class was moved to Tuesdays."),
])
def test_a_move_of_the_stored_event_is_still_caught(existing, incoming):
    _caught(existing, incoming)


# --- quitting: "quit" a company or an application says too little --------------------------------


@pytest.mark.parametrize("existing,incoming", [
    ("User uses Google.", "User quit Google."),  # left a job there, or the product?
    ("User uses Amazon.", "User quit Amazon."),
    ("User uses AWS.", "User quit AWS."),
    ("User uses Uber.", "User quit Uber last month."),
    ("User uses Chrome.", "User quit Chrome."),  # closed the window
    ("User uses Vim.", "User finally quit Vim."),
    ("User uses Slack.", "User is off Slack now."),  # offline
    ("User drives for Uber.", "User quit Uber."),
])
def test_quitting_a_company_or_an_app_is_not_read(existing, incoming):
    _silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("User smokes.", "User has quit smoking."),
    ("User smokes.", "User quit smoking last month."),
    ("User plays guitar.", "User gave up guitar."),
    ("User drinks coffee.", "User has quit coffee."),
    ("User uses Twitter.", "User gave up Twitter."),  # a habit word: the product
    ("User drinks coffee.", "User is off coffee now."),
])
def test_quitting_a_habit_is_still_caught(existing, incoming):
    _caught(existing, incoming)
