"""Recall rules added for the update phrasings blind attackers and LLM memorizers use most.

Each family has the genuine updates it catches and look-alikes, written before the rule was run
on the labelled sets, that must stay compatible (a false deprecation is the worst failure).
"""

from __future__ import annotations

import pytest

from tests.core.detector_checks import caught, silent

# --- bare "Key: value" lines (keyvalue.py) ----------------------------------------------------------

KEY_VALUE_UPDATES = [
    ("OS: Ubuntu 22.04", "OS: Fedora 40"),
    ("Editor: Neovim", "Editor: Helix"),
    ("Shell: fish", "Shell: zsh"),
    ("Timezone: Europe/Berlin", "Timezone: America/New_York"),
    ("Current city: Montreal", "Current city: Toronto"),
]

KEY_VALUE_LOOKALIKES = [
    ("Meeting: Tuesday", "Meeting: Thursday"),  # two meetings
    ("Note: the API uses Postgres", "Note: the API uses MySQL"),  # notes, not a slot
    ("Option A: PostgreSQL", "Option A: MySQL"),
    ("Step 1: install Docker", "Step 1: install Podman"),  # items of a list
    ("Sister: Anna", "Sister: Maria"),  # one may have two sisters
    ("Email: alice@gmail.com", "Email: alice@work.com"),  # a work and a personal address
    ("Favourite season: autumn", "Favourite season: fall"),  # synonyms
    ("OS: Ubuntu 22.04", "Server OS: Debian 12"),  # another key
    ("OS: Ubuntu 22.04", "OS: Fedora 40\nLaptop: ThinkPad"),  # not the same kind of memory
    ("OS: Ubuntu 22.04", "OS: Fedora 40 (for the build box)"),  # a scope in brackets
    ("Editor: Neovim", "Editor: VS Code or Neovim"),
    ("Dinner: pasta", "Dinner: pizza"),
    ("Shell: fish", "Previous shell: zsh"),
    ("Timeout: 30s", "Timeout: 30 seconds"),  # the same value
    ("Language: Python", "Language: Go"),  # a person writes several languages
    ("Browser: Firefox", "Tom's browser: Chrome"),
    ("Tom: Chrome", "Tom: Firefox"),  # a person as the key is a list of that person's things
    ("OS: Ubuntu 22.04", "OS: Ubuntu 22.04"),
    ("Timeout: 30s", "Timeout: 60s"),  # a setting of some system, not a slot of the user (attack 11)
    ("Database: PostgreSQL", "Database: MySQL"),  # a project's; the user may have several
]


@pytest.mark.parametrize("existing,incoming", KEY_VALUE_UPDATES)
def test_bare_key_value_updates_are_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", KEY_VALUE_LOOKALIKES)
def test_bare_key_value_lookalikes_stay_compatible(existing, incoming):
    silent(existing, incoming)


# --- an event moved to another time (rescheduled.py) ------------------------------------------------

EVENT_MOVES = [
    ("The user's standup meeting is at 9am.", "The user's standup meeting moved to 10am."),
    ("User has a standup every day at 9:30.", "User's daily standup moved to 10:00."),
    ("The user's dentist appointment is on Tuesday.", "The user's dentist appointment was moved to Thursday."),
    ("The user's meeting is on Monday at 10am.", "The meeting has been moved to Tuesday at 2pm."),
    ("The user's flight is on 3 May.", "The user's flight was rescheduled to 5 May."),
    ("The wedding is planned for June 2025.", "The wedding has been postponed to September 2025."),
    ("User's meeting with Tom is at 3 pm.", "User's meeting with Tom moved to 5 pm."),
    ("The deadline for the report is Friday.", "The deadline for the report was moved to next Wednesday."),
    ("The user's flight to Japan is on April 3.", "The user's flight to Japan was rescheduled to April 10."),
    ("The user's wedding is in May.", "The wedding was postponed to October."),
]

EVENT_LOOKALIKES = [
    ("The user's sister's wedding is in May.", "The wedding was postponed to October."),  # another's wedding
    ("The meeting is on Tuesday.", "The meeting might be moved to Thursday."),  # a plan
    ("The meeting is on Tuesday.", "If the meeting is moved to Thursday, the user will skip it."),
    ("The user's flight is on May 3.", "The user's return flight was moved to May 10."),  # another flight
    ("The standup is at 9am.", "The standup was moved to 10am last year."),  # history
    ("The meeting is on Tuesday.", "The meeting was moved to room 4."),  # a place, not a time
    ("The dentist appointment is on Tuesday.", "The vet appointment was moved to Thursday."),
    ("The meeting is at 3 pm.", "The meeting was moved to Tuesday."),  # 3 pm on Tuesday may hold
    ("The meeting with Tom is at 3 pm.", "The meeting with Anna was moved to 5 pm."),
    ("The standup is at 9am.", "The standup was moved to 9:00."),  # the same time
    ("Tom's flight is on May 3.", "Tom's flight to Oslo was moved to May 5."),
    ("The user's flight is on May 3.\nThe hotel is booked.", "The flight was moved to May 5 for Tom."),
    ("The meeting is on Tuesday.", "Did the meeting get moved to Thursday?"),
    ("The user's birthday is on June 12.", "The party was moved to June 14."),
    ("The user's meeting is on Monday.", "Tom said the meeting was moved to Friday."),
    ("The standup is at 9am.", "The standup moved to 10am on Mondays."),  # only on Mondays
]


@pytest.mark.parametrize("existing,incoming", EVENT_MOVES)
def test_an_event_moved_to_another_time_is_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", EVENT_LOOKALIKES)
def test_event_move_lookalikes_stay_compatible(existing, incoming):
    silent(existing, incoming)


# --- quitting a thing (quitting.py) -----------------------------------------------------------------

QUITS = [
    ("User drinks coffee.", "User has quit coffee."),
    ("User drinks coffee.", "User gave up coffee."),
    ("The user smokes.", "The user quit smoking two years ago."),
    ("The user's son plays soccer.", "The user's son quit soccer."),
    ("The user uses Twitter.", "The user gave up Twitter last month."),
    ("The user drinks coffee.", "The user is off coffee now."),
]

QUIT_LOOKALIKES = [
    ("The user sells coffee.", "The user quit coffee."),  # selling is not using
    ("The user roasts coffee for a living.", "The user quit coffee."),
    ("The user drinks coffee.", "The user quit coffee for Lent."),  # for a while
    ("The user smokes.", "The user quit smoking for Lent."),
    ("The user drinks coffee.", "The user wants to quit coffee."),  # a plan
    ("The user drinks coffee.", "The user tried to quit coffee."),  # an attempt
    ("The user drinks coffee.", "The user's wife quit coffee."),  # someone else
    ("The user drinks coffee.", "The user quit tea."),  # another thing
    ("The user likes coffee.", "The user quit coffee."),  # a taste is not a use
    ("The user plays in a band.", "The user quit the band."),
    ("The user is a teacher.", "The user quit her job."),
    ("The user drinks coffee.", "If the user quit coffee, they would sleep better."),
    ("The user drinks coffee.", "Tom quit coffee."),
    ("The user plays the guitar.", "The user quit guitar lessons."),
    ("The user is learning Spanish.", "The user gave up on Spanish."),
    ("The user drinks coffee.", "The user quit coffee.\nThe user quit it again in May, after a relapse in March."),
    ("The user uses Twitter.", "The user quit Twitter last month."),  # the job or the product (attack 11)
]


@pytest.mark.parametrize("existing,incoming", QUITS)
def test_quitting_a_thing_is_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", QUIT_LOOKALIKES)
def test_quit_lookalikes_stay_compatible(existing, incoming):
    silent(existing, incoming)


# --- a status that ended (lifecycle.py) -------------------------------------------------------------

STATUS_ENDED = [
    ("User is single.", "User got married in June."),
    ("User is married to Jordan.", "User and Jordan divorced last year."),
    ("The user is engaged to Tom.", "The user married Tom last weekend."),
    ("User is employed at Acme.", "User was laid off from Acme."),
    ("The user is unemployed.", "The user got a job and is employed now."),
    ("User is a student.", "User graduated and is no longer a student."),
    ("Project Falcon is in beta.", "Project Falcon has been released (GA)."),
    ("The migration is in progress.", "The migration is complete."),
    ("Project Heron is active.", "Project Heron was cancelled."),
    ("The project is active.", "The project has been archived and is no longer maintained."),
    ("The bug #42 is open.", "Bug #42 is fixed and closed."),
]

STATUS_LOOKALIKES = [
    ("User is single.", "User's sister got married in June."),  # someone else
    ("User is single.", "User wants to get married."),  # a plan
    ("User is single.", "User got married in a dream."),  # a tail not read
    ("User is single.", "Did the user get married?"),
    ("User is married to Jordan.", "User's parents divorced last year."),
    ("User is married to Jordan.", "User divorced Sam in 2015."),  # another marriage
    ("User is a student at UCLA.", "User graduated from MIT."),  # another school
    ("User is a student.", "User graduated from high school in 2019."),  # which school?
    ("Project Falcon is in beta.", "Project Heron has been released."),
    ("The migration is in progress.", "The migration is complete for staging."),
    ("The bug is open.", "The bug was fixed in the fork."),
    ("User is unemployed.", "User's husband got a job."),
    ("User works at Acme.", "User was laid off from Initech."),
    ("The project is active.", "The project was nearly cancelled."),
    ("User is single.", "If the user got married, they would move."),
    ("The user is married.", "The user's brother got divorced."),
    ("The store is open.", "The store was closed on Sunday."),  # a day, not an end
    ("User is employed at Acme.", "User was laid off."),  # from which job: not said
]


@pytest.mark.parametrize("existing,incoming", STATUS_ENDED)
def test_a_status_ended_by_its_event_is_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", STATUS_LOOKALIKES)
def test_status_lookalikes_stay_compatible(existing, incoming):
    silent(existing, incoming)
