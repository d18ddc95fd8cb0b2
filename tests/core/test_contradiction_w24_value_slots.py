"""Recall rules for plain value updates (w24), continued: due dates, new slot lines, an environment's
setting, a diet in one word, how the user wants to be called, an identifier corrected; each with
look-alikes that must stay compatible."""

from __future__ import annotations

import pytest

from tests.core.detector_checks import caught, silent


# --- a due or end date as its slot (due_dates.py) --------------------------------------------------

DUE_DATE_UPDATES = [
    ("The report is due Friday.", "The report deadline was pushed to next Wednesday."),
    ("The report is due Friday.", "The report is due on Monday now."),
    ("The contract expires December 31.", "The contract was extended through June 30."),
    ("The lease ends on May 31.", "The lease has been extended to August 31."),
    ("The essay is due March 3.", "Correction: the essay is due March 10."),
]

DUE_DATE_LOOKALIKES = [
    ("The report is due Friday.", "The slides are due Wednesday."),  # another thing
    ("The report is due Friday.", "The report draft is due Wednesday."),  # a second deadline of it
    ("The report is due Friday.", "The report might be due Wednesday."),  # a hedge
    ("The report is due Friday.", "Is the report due Wednesday?"),  # a question
    ("The report is due Friday.", "The report was due Wednesday last month."),  # a history
    ("The contract expires December 31.", "The contract with Acme expires June 30."),  # another contract
    ("The contract expires December 31.", "The contract could be extended through June 30."),  # a possibility
    ("The contract expires December 31.", "My sister's contract was extended through June 30."),  # another person
    ("The lease ends on May 31.", "The car lease ends on August 31."),  # another lease
]


@pytest.mark.parametrize("existing,incoming", DUE_DATE_UPDATES)
def test_due_date_updates_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", DUE_DATE_LOOKALIKES)
def test_due_date_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)


NEW_SLOT_LINES = [
    ("My phone number is (415) 555-0142.", "New number: (415) 555-0199, the old one is disconnected."),
    ("My marathon PB is 4:05:30.", "New marathon PB: 3:52:10."),
    ("My email is dana@old.io.", "New email: dana@new.io"),
]

NEW_SLOT_LINE_LOOKALIKES = [
    ("My phone number is (415) 555-0142.", "Mom - new number: (415) 555-0199."),  # someone else's
    ("My phone number is (415) 555-0142.", "New work number: (415) 555-0199."),  # a second number
    ("My marathon PB is 4:05:30.", "New half marathon PB: 1:52:10."),  # another slot
    ("My marathon PB is 4:05:30.", "New marathon PB goal: 3:52:10."),  # a goal
    ("My email is dana@old.io.", "New email: maybe dana@new.io?"),  # a question
    ("My email is dana@old.io.", "New email:\ndana@new.io is the team alias"),  # not one line
]


@pytest.mark.parametrize("existing,incoming", NEW_SLOT_LINES)
def test_new_slot_lines_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", NEW_SLOT_LINE_LOOKALIKES)
def test_new_slot_line_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)


# --- an environment's setting (environment_slot.py), a diet in one word (closed_values.py) ----------

ENVIRONMENT_AND_DIET_UPDATES = [
    ("Log level in production is DEBUG.", "Production log level is set to WARN now."),
    ("The timeout in staging is 30 seconds.", "The staging timeout was raised to 60 seconds."),
    ("I'm vegetarian.", "I started eating fish again, so I'm pescatarian now."),
    ("The user is vegan.", "The user is pescatarian now."),
]

ENVIRONMENT_AND_DIET_LOOKALIKES = [
    ("Log level in production is DEBUG.", "Staging log level is set to WARN now."),  # another environment
    ("Log level in production is DEBUG.", "Log level in production should be WARN."),  # a plan
    ("Log level in production is DEBUG.", "Production log level is DEBUG, staging is WARN."),
    ("I'm vegetarian.", "I'm vegan now."),  # a vegan is a vegetarian
    ("I'm vegetarian.", "My husband is pescatarian."),  # another person
    ("I'm vegetarian.", "I'm pescatarian on holidays."),  # an exception
    ("I'm vegetarian.", "I was pescatarian in college."),  # a history
    ("I'm vegetarian.", "I might go pescatarian."),  # a plan
]


@pytest.mark.parametrize("existing,incoming", ENVIRONMENT_AND_DIET_UPDATES)
def test_environment_and_diet_updates_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", ENVIRONMENT_AND_DIET_LOOKALIKES)
def test_environment_and_diet_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)


MORE_WORDINGS = [
    ("My manager is Lena.", "I have a new manager, Marcus."),
    ("The user's dentist is Dr. Lee.", "The user has a new dentist: Dr. Park."),
    ("The team has 8 engineers.", "The team is down to 6 engineers."),
    ("The team has 8 engineers.", "The team grew to 12 engineers."),
    ("My phone number is 555-0142.", "My number changed to 555-0199."),
    ("Name: Jon", "Name: John (typo before)"),
    ("Salary: $95k", "The user's salary was raised to $104k."),
]

MORE_WORDING_LOOKALIKES = [
    ("My manager is Lena.", "I have a new colleague, Marcus."),  # one of many
    ("My manager is Lena.", "My sister has a new manager, Marcus."),  # another person
    ("My manager is Lena.", "I might get a new manager, Marcus."),  # a possibility
    ("The team has 8 engineers.", "The design team is down to 6 designers."),  # another team
    ("The team has 8 engineers.", "The team is down to 6 engineers for the holidays."),  # a passing scope
    ("My phone number is 555-0142.", "My number of cats changed to 3."),  # not a phone
    ("My phone number is 555-0142.", "My sister's number changed to 555-0199."),
    ("Name: Jon", "Name: John (his cousin)"),  # someone else
    ("Name: Jon", "Nickname: Johnny (typo before)"),  # another key
]


@pytest.mark.parametrize("existing,incoming", MORE_WORDINGS)
def test_more_wordings_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", MORE_WORDING_LOOKALIKES)
def test_more_wording_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)


FAVORITE_LINE_AND_NOT_ANYMORE = [
    ("Favorite color: green", "My favorite color is teal now."),
    ("Favourite band: Radiohead", "These days my favourite band is Big Thief."),
    ("My favorite movie is Alien.", "My favorite movie isn't Alien anymore, it's Arrival."),
    ("The user's shell is bash.", "The user's shell is no longer bash; it's fish."),
]

FAVORITE_LINE_AND_NOT_ANYMORE_LOOKALIKES = [
    ("Favorite color: green", "Favorite color: teal"),  # no announcement: a synonym may restate it
    ("Favorite color: green", "My daughter's favorite color is teal now."),  # another person
    ("Favorite color: green", "My favorite color for the kitchen is teal now."),  # a scope
    ("My favorite movie is Alien.", "My favorite show isn't Lost anymore, it's Severance."),  # another slot
    ("My favorite movie is Alien.", "My favorite movie isn't Aliens, it's Alien."),  # the same value
    ("My favorite movie is Alien.", "If my favorite movie isn't Alien anymore, it's Arrival."),  # a condition
]


@pytest.mark.parametrize("existing,incoming", FAVORITE_LINE_AND_NOT_ANYMORE)
def test_favorite_line_and_not_anymore_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", FAVORITE_LINE_AND_NOT_ANYMORE_LOOKALIKES)
def test_favorite_line_and_not_anymore_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)


# --- how the user wants to be called and answered (addressing.py) ---------------------------------

ADDRESSING_UPDATES = [
    ("Reply to me in English.", "From now on, please reply in Spanish."),
    ("The user prefers to be called Tom.", "The user asked to be called Thomas from now on instead of Tom."),
    ("I go by Alex.", "I go by Sam now."),
]

ADDRESSING_LOOKALIKES = [
    ("Reply to me in English.", "Reply to this email in Spanish."),  # one email
    ("Reply to me in English.", "Please reply in Spanish when my mother is on the call."),  # an exception
    ("Reply to me in English.", "Could you reply in Spanish?"),  # a question
    ("Reply to me in English.", "My son wants replies in Spanish."),  # another person
    ("The user prefers to be called Tom.", "The user's son prefers to be called Tommy."),
    ("The user prefers to be called Tom.", "The user asked to be called Thomas."),  # one name, no announcement
    ("The user prefers to be called Tom.", "At work the user prefers to be called Thomas."),  # a scope
    ("I go by Alex.", "My manager is also named Alex, which gets confusing."),
]


@pytest.mark.parametrize("existing,incoming", ADDRESSING_UPDATES)
def test_addressing_updates_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", ADDRESSING_LOOKALIKES)
def test_addressing_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)


# --- an identifier corrected (closed_values.py) ----------------------------------------------------

IDENTIFIER_CORRECTIONS = [
    ("The meeting room is B12.", "Correction: the meeting room is B21."),
    ("The user's license plate is 7KLM392.", "The user's license plate is actually 7KLM329."),
    ("The user's blood type is A+.", "Correction: the user's blood type is O+."),
    ("The user's locker is C7.", "The user's locker is D3 now."),
]

IDENTIFIER_LOOKALIKES = [
    ("The meeting room is B12.", "The meeting room is B21."),  # no announcement: another meeting
    ("The meeting room is B12.", "Correction: the lunch room is B21."),  # another slot
    ("The user's license plate is 7KLM392.", "Correction: the user's license plate is 7-KLM-392."),  # the same plate
    ("The user's license plate is 7KLM392.", "The user's wife's license plate is 8ABC123 now."),  # another person
    ("The user's timezone is UTC+1.", "User is in Seattle for work. User's timezone is UTC-8."),  # a trip
    ("The model is GPT4.", "Correction: the model is GPT-4."),  # one name
]


@pytest.mark.parametrize("existing,incoming", IDENTIFIER_CORRECTIONS)
def test_identifier_corrections_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", IDENTIFIER_LOOKALIKES)
def test_identifier_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)


BARE_HOUR_UPDATES = [
    ("Standup is at 9:30.", "Standup is at 10 now."),
    ("The standup is at 9.", "Standup moved to 10:15."),
]

BARE_HOUR_LOOKALIKES = [
    ("Standup is at 9:30.", "The retro is at 10 now."),  # another meeting
    ("Standup is at 9:30.", "Standup is at 10 on Fridays."),  # an exception
    ("Standup is at 9:30.", "Standup is at 10 this week."),  # a passing week
    ("Standup is at 9:30.", "Standup might be at 10."),  # a hedge
    ("The standup is at 9.", "The standup is at 9:00."),  # the same hour
]


@pytest.mark.parametrize("existing,incoming", BARE_HOUR_UPDATES)
def test_bare_hour_updates_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", BARE_HOUR_LOOKALIKES)
def test_bare_hour_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)


IT_CORRECTIONS = [
    ("The API port is 8080.", "Correction: it's 8443, not 8080."),
    ("My dentist is Dr. Lee.", "Sorry, it's Dr. Park, not Dr. Lee."),
]

IT_CORRECTION_LOOKALIKES = [
    ("The API port is 8080.", "Correction: it's 8443, not 18080."),  # another value named
    ("The API port is 8080. The dashboard port is 3000.", "Correction: it's 8443, not 8080."),  # which "it"?
    ("The API port is 8080.", "It's 8443, not 8080, on staging."),  # no correction lead, a scope
    ("The API port is 8080.", "Correction: it's 8080, not 8443."),  # the stored value confirmed
]


@pytest.mark.parametrize("existing,incoming", IT_CORRECTIONS)
def test_it_corrections_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", IT_CORRECTION_LOOKALIKES)
def test_it_correction_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)


NOTED_KEY_LINES = [
    ("Phone: 555-0142", "Phone: 555-0199 (new number)"),
    ("Diet: vegetarian", "Diet: vegan (since January)"),
    ("Salary: $95k", "Salary: $104k (raise in March)"),
    ("Age: 41", "Age: 42 (birthday last week)"),
    ("Preferred tone: formal", "Preferred tone: casual"),
]

NOTED_KEY_LINE_LOOKALIKES = [
    ("Phone: 555-0142", "Phone: 555-0199 (new work number)"),  # a second number
    ("city: Toronto", "city: Vancouver (partner moved in May)"),  # someone else's news
    ("occupation: nurse", "occupation: nurse practitioner (upgraded in May)"),  # a kind of the old value
    ("Diet: vegetarian", "Diet: vegan (on the trip since Monday)"),  # a trip
    ("Salary: $95k", "Salary: $104k (new offer, not accepted yet)"),  # not yet
    ("Tone: formal", "Tone: casual"),  # whose tone? no owner
]


@pytest.mark.parametrize("existing,incoming", NOTED_KEY_LINES)
def test_noted_key_lines_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", NOTED_KEY_LINE_LOOKALIKES)
def test_noted_key_line_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)


TOOL_KEY_LINES = [
    ("Default package manager: npm", "Default package manager: pnpm"),
    ("Main language: Java", "Main language: Kotlin"),
    ("Preferred language: Python", "Preferred language: Go"),
]

TOOL_KEY_LINE_LOOKALIKES = [
    ("Language: Java", "Language: Kotlin"),  # one of several languages
    ("Languages: Java", "Languages: Kotlin"),
    ("Main language: Java", "Main framework: Spring"),  # another key
    ("Package manager: npm", "Package manager: pnpm"),  # whose? any project's (attack11)
    ("Default package manager: npm", "Default package manager: Docker"),  # not one kind
    ("Tools: npm", "Tools: pnpm"),  # a list
    ("Main language: Java", "Main language: Java 21"),  # a version of it
]


@pytest.mark.parametrize("existing,incoming", TOOL_KEY_LINES)
def test_tool_key_lines_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", TOOL_KEY_LINE_LOOKALIKES)
def test_tool_key_line_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)
