"""Recall rules for plain value updates (w24): the same slot given a new value, said with a marker
of the present, a change verb on the slot, a "Key: value" line or an explicit correction.

Each rule has the updates it catches and look-alikes, written before the rule was run on the
labelled sets, that must stay compatible (a false deprecation is the worst failure).
"""

from __future__ import annotations

import pytest

from tests.core.detector_checks import caught, silent

# --- markers of the present: "these days", "as of this release", "from now on" (update_markers.py) ---

PRESENT_MARKER_UPDATES = [
    ("My favorite band is Radiohead.", "These days my favorite band is Big Thief."),
    ("My favorite band is Radiohead.", "My favorite band is Big Thief these days."),
    ("My favorite band is Radiohead.", "Nowadays, my favorite band is Big Thief."),
    ("My favorite editor font is Fira Code.", "Going forward, my favorite editor font is JetBrains Mono."),
    ("The user's favourite season is winter.", "From now on the user's favourite season is autumn."),
]

PRESENT_MARKER_LOOKALIKES = [
    ("My favorite band is Radiohead.", "These days my sister's favorite band is Big Thief."),  # another person
    ("My favorite band is Radiohead.", "These days my favorite podcast is Big Thief Radio."),  # another slot
    ("My favorite band is Radiohead.", "These days I also like Big Thief."),  # an addition
    ("My favorite band is Radiohead.", "Would Big Thief be my favorite band these days?"),  # a question
    ("My favorite band is Radiohead.", "If I had to pick, these days my favorite band might be Big Thief."),
    ("My favorite band is Radiohead.", "Back in 2009 my favorite band was Big Thief."),  # history
    ("User lives in Berlin.", "As of June 1, the user lives in Munich."),  # a date that may lie ahead
    ("My favorite band is Radiohead.", "As of 2009, my favorite band was Big Thief."),  # a date in the past
]


@pytest.mark.parametrize("existing,incoming", PRESENT_MARKER_UPDATES)
def test_present_marker_updates_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", PRESENT_MARKER_LOOKALIKES)
def test_present_marker_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)


# --- an age is one number at a time (may_both_hold) ---------------------------------------------------

AGE_UPDATES = [
    ("Age: 29", "Age: 30"),
    ("The user's age is 29.", "The user's age is 30."),
]

AGE_LOOKALIKES = [
    ("Age: 29", "Daughter's age: 4"),  # another person
    ("The user's age is 29.", "The user's son's age is 3."),
    ("The user's age is 29.", "The user's car's age is 12."),  # another thing
    ("The user's age is 29.", "The user's age will be 30 in May."),  # a plan
    ("The user's age is 29.", "The user's age in the game is 300."),  # a scope
]


@pytest.mark.parametrize("existing,incoming", AGE_UPDATES)
def test_age_updates_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", AGE_LOOKALIKES)
def test_age_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)


# --- one "Key: value" line replaced by another of the same key (keyvalue_change.py) -------------------

KEY_VALUE_UPDATES = [
    ("CI: Jenkins", "CI: GitHub Actions (Jenkins retired)"),
    ("Diet: keto", "Diet: Mediterranean (dropped keto in February)"),
    ("Medication: lisinopril 10 mg", "Medication: losartan 50 mg (replaced lisinopril because of the cough)"),
    ("Bundler: webpack", "Bundler: Vite (webpack dropped last sprint)"),
    ("Allergies: none", "Allergies: shellfish (diagnosed last week)"),
    ("Pets: none", "Pets: a beagle (adopted in March)"),
    ("Preferred units: imperial", "Preferred units: metric"),
    ("Relationship status: married", "Relationship status: separated"),
    ("Marital status: single", "Marital status: engaged"),
    ("Default theme: light", "Default theme: dark"),
]

KEY_VALUE_LOOKALIKES = [
    ("CI: Jenkins", "CI: GitHub Actions (Jenkins still runs the nightly jobs)"),  # the old value kept
    ("CI: Jenkins", "CI: GitHub Actions (replaced Jenkins for the frontend only)"),  # a scope
    ("CI: Jenkins", "CI: GitHub Actions (CircleCI retired)"),  # another old value named
    ("CI: Jenkins", "CI: GitHub Actions (Jenkins will be retired soon)"),  # a plan
    ("Diet: keto", "Diet: keto (dropped sugar in February)"),  # the same value
    ("Diet: keto", "Lunch: salad (dropped keto on weekends)"),  # another key
    ("Allergies: none", "Allergies: shellfish"),  # no date: may be another person's list
    ("Allergies: none", "Allergies: none (retested last week)"),
    ("Allergies: none", "Allergies: shellfish (maybe, test pending since March)"),  # a hedge
    ("Relationship status: married", "Parents' relationship status: separated"),  # other people
    ("Relationship status: married", "Relationship status: married (since 2015)"),
    ("Units: imperial", "Units: metric"),  # no owner: two recipes, two documents
    ("Preferred units: metric", "Preferred currency: EUR"),  # another setting
    ("Status: single", "Status: married"),  # "Status:" labels a note
    ("Preferred units: imperial", "Preferred units: metric for cooking"),  # a scope
]


@pytest.mark.parametrize("existing,incoming", KEY_VALUE_UPDATES)
def test_key_value_updates_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", KEY_VALUE_LOOKALIKES)
def test_key_value_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)


# --- a slot set with a change verb (slot_change.py), a key line against a sentence (keyvalue_change.py),
# --- the date of a named thing (numbered.py) -----------------------------------------------------------

SLOT_CHANGE_UPDATES = [
    ("The session timeout is 8 hours.", "Session timeout reduced to 1 hour."),
    ("Session timeout: 8 hours", "Session timeout reduced to 1 hour."),
    ("UI language: Dutch", "UI language switched to English."),
    ("The UI language is Dutch.", "The UI language was switched to English."),
    ("Website redesign budget: $5k", "The website redesign budget is now $7,500."),
    ("The minimum password length is 8 characters.", "Minimum password length was raised to 12 characters."),
    ("Standup is at 9:30.", "Standup moved to 10."),
    ("Launch date: March 15", "Launch slipped to April 2."),
    ("The release date is May 3.", "The release date was pushed to May 17."),
    ("Upload limit: 10 MB", "Upload limit was bumped up to 25 MB."),
]

SLOT_CHANGE_LOOKALIKES = [
    ("The session timeout is 8 hours.", "Session timeout reduced to 1 hour in staging."),  # a scoped environment
    ("Session timeout: 8 hours", "Session timeout should be reduced to 1 hour."),  # a plan
    ("Session timeout: 8 hours", "Should the session timeout be reduced to 1 hour?"),  # a question
    ("Session timeout: 8 hours", "Refresh token lifetime reduced to 1 hour."),  # another setting
    ("Session timeout: 8 hours", "Session timeout is 8 hours, idle timeout 15 minutes."),
    ("Session timeout: 8 hours", "Admin session timeout reduced to 1 hour."),  # a second thing of the kind
    ("UI language: Dutch", "Anna switched to English."),  # a person
    ("UI language: Dutch", "The docs language switched to English."),  # another slot
    ("The API server listens on port 8080.", "The API server was moved to a new rack."),  # a thing that went somewhere
    ("The user's appointment is on Tuesday.", "The appointment was rescheduled from Wednesday to Thursday."),  # another one
    ("Yoga class is on Tuesdays.", "Yoga class was moved to Thursday."),  # one session moved
    ("Standup is at 9:30.", "The retro moved to 10."),  # another meeting
    ("Launch date: March 15", "The press release goes out April 1."),  # another event
    ("Launch date: March 15", "The beta launch date is April 2."),  # another launch
    ("Launch date: March 15", "Launch slipped to April 2 in the EU."),  # a scope
    ("Website redesign budget: $7,500", "So far we've spent $2,300 of it."),  # spend, not budget
    ("Website redesign budget: $5k", "The website redesign budget is $7,500 if the client signs."),  # a condition
    ("Website redesign budget: $5k", "The app redesign budget is now $7,500."),  # another project
]


@pytest.mark.parametrize("existing,incoming", SLOT_CHANGE_UPDATES)
def test_slot_change_updates_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", SLOT_CHANGE_LOOKALIKES)
def test_slot_change_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)


# --- corrections said with a confession (self_correction.py) ---------------------------------------

SELF_CORRECTIONS = [
    ("I'm allergic to penicillin.", "Correction: I'm allergic to sulfa drugs, not penicillin. I mixed them up."),
    ("I'm allergic to penicillin.", "I'm allergic to sulfa drugs, not penicillin. My mistake."),
    ("The user's favorite season is winter.", "The user changed her mind: her favorite season is autumn."),
    # "their", not "her": after "The user says", a he/she/his/her clause is someone else's or unsure
    # (attack75, issue 10: a pronoun is never the user), so "... says her favorite color is ..." is no longer read
    ("The user's favorite color is green.", "The user says their favorite color is actually teal, not green."),
    ("The API port is 8080.", "I was wrong about the API port: it's 8443."),
    ("The API port is 8080.", "Oops, I mistyped earlier: the API port is 8443."),
    ("My shell is bash.", "I got it wrong earlier: my shell is zsh."),
]

SELF_CORRECTION_LOOKALIKES = [
    ("I'm allergic to penicillin.", "Correction: I'm also allergic to sulfa drugs. I mixed them up."),  # an addition
    ("I'm allergic to penicillin.", "My son is allergic to sulfa drugs, not penicillin. I mixed them up."),  # another person
    ("The API port is 8080.", "I was wrong about the API port: it's still 8080."),  # the same value
    ("The API port is 8080.", "I was wrong about the dashboard port: it's 8443."),  # another slot
    ("The API port is 8080.", "Was I wrong about the API port? Maybe it's 8443."),  # a question
    ("The API port is 8080.", "Oops, I mistyped earlier: the staging API port is 8443."),  # a scope
    ("My shell is bash.", "My colleague got it wrong earlier: her shell is zsh."),  # another person
    ("The user's favorite season is winter.", "The user changed her mind about the trip: her sister's favorite season is autumn."),
    ("The user's favorite color is green.", "The user says her daughter's favorite color is teal."),
    ("My shell is bash.", "I was wrong about zsh: it's actually fast."),  # another thing
]


@pytest.mark.parametrize("existing,incoming", SELF_CORRECTIONS)
def test_self_corrections_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", SELF_CORRECTION_LOOKALIKES)
def test_self_correction_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)


# --- everyday wordings of the new value (paraphrase.py) and "..., so X now" (update_markers.py) ------

PARAPHRASED_UPDATES = [
    ("The user's hourly rate is $90.", "The user raised her hourly rate to $110."),
    ("Redis runs on port 6379.", "Redis was moved to port 6380 to avoid a clash with the other instance."),
    ("I'm 41.", "I'm 42 now, had my birthday on Saturday."),
    ("My manager is Lena Fischer.", "Lena left, so I report to Marcus Boateng now."),
    ("My manager is Lena Fischer.", "I report to Marcus Boateng now."),
    ("The team has 8 engineers.", "We hired two more, so the team is 10 engineers now."),
    ("The user's laptop disk isn't encrypted.", "The user turned on FileVault, so the laptop disk is encrypted now."),
]

PARAPHRASED_LOOKALIKES = [
    ("The user's hourly rate is $90.", "The user raised her daughter's allowance to $10."),  # another person
    ("The user's hourly rate is $90.", "The user's sister raised her hourly rate to $110."),
    ("The user's hourly rate is $90.", "The user might raise her hourly rate to $110."),  # a plan
    ("Redis runs on port 6379.", "Redis was moved to port 6380 for the staging instance."),  # a scope
    ("Redis runs on port 6379.", "The cache Redis was moved to port 6380 to avoid a clash."),  # a second Redis
    ("I'm 41.", "My brother is 42 now, had his birthday on Saturday."),  # another person
    ("My manager is Lena Fischer.", "For the migration project I report to Marcus Boateng."),  # a second line
    ("My manager is Lena Fischer.", "My sister reports to Marcus Boateng now."),  # another person
    ("My manager is Lena Fischer.", "I report to Marcus Boateng on the side project now."),  # a scope
    ("The team has 8 engineers.", "We hired two more, so the design team is 10 people now."),  # another team
    ("The team has 8 engineers.", "If we hire two more, the team will be 10 engineers."),  # a hypothetical
    ("The team has 8 engineers.", "The team is 3 hours ahead of us now."),  # a unit, not members
    ("The user's laptop disk isn't encrypted.", "The user turned on FileVault, so her work laptop disk is encrypted now."),
]


@pytest.mark.parametrize("existing,incoming", PARAPHRASED_UPDATES)
def test_paraphrased_updates_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", PARAPHRASED_LOOKALIKES)
def test_paraphrased_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)


WHEN_AND_ALL_UPDATES = [
    ("I'm on Windows 10.", "I upgraded to Windows 11 over the weekend."),
    ("My shell is bash.", "I changed my shell to zsh last week."),
    ("2FA is optional for staff accounts.", "2FA is now mandatory for all staff accounts."),
]

WHEN_AND_ALL_LOOKALIKES = [
    ("I'm on Windows 10.", "My husband upgraded to Windows 11 over the weekend."),  # another person
    ("I'm on Windows 10.", "I upgraded my gaming PC to Windows 11 over the weekend."),  # a second machine
    ("I'm on Windows 10.", "I'll upgrade to Windows 11 over the weekend."),  # a plan
    ("2FA is optional for staff accounts.", "2FA is now mandatory for all admin accounts."),  # another scope
    ("2FA is optional for staff accounts.", "2FA is mandatory for all staff accounts in production."),
    ("Standup is at 9:30.", "Standup moved to 10 on Monday."),  # one day
]


@pytest.mark.parametrize("existing,incoming", WHEN_AND_ALL_UPDATES)
def test_when_and_all_updates_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", WHEN_AND_ALL_LOOKALIKES)
def test_when_and_all_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)


# --- time zones as values (timezones.py) ----------------------------------------------------------

TIMEZONE_UPDATES = [
    ("My timezone is UTC-3.", "Scratch that, I'm in UTC-4, not UTC-3."),
    ("My timezone is UTC-3.", "My timezone is UTC-4 now."),
    ("The user's timezone is CET.", "The user is in UTC+8 now; she relocated to Perth."),
    ("I'm in Pacific time.", "I'm on Eastern time now after the move."),
    ("The server timezone is UTC.", "The server timezone is CET now."),
    ("The user's timezone is Europe/Berlin.", "The user's timezone is America/New_York now."),
    ("Timezone: PST", "Timezone: JST"),
]

TIMEZONE_LOOKALIKES = [
    ("The user's timezone is EST.", "The user's timezone is now EDT."),  # one zone, daylight saving
    ("The user's timezone is CET.", "The user's timezone is UTC+1."),  # one zone written two ways
    ("The user's timezone is CET.", "The user's timezone is Europe/Berlin now."),  # IANA against an abbreviation
    ("User's timezone is CET.", "User is in Seattle for work. User's timezone is PST."),  # a trip's clock
    ("timezone: EST", "timezone: CET (changed during the Berlin trip)"),
    ("My timezone is UTC-3.", "My manager's timezone is UTC-4."),  # another person
    ("My timezone is UTC-3.", "The server timezone is UTC."),  # another thing
    ("My timezone is UTC-3.", "Should I switch my timezone to UTC-4?"),  # a question
    ("I'm in Pacific time.", "I'm in Central Park."),  # a place, not a zone
    ("I'm in Pacific time.", "I'm in Eastern time for the conference this week."),  # a trip
]


@pytest.mark.parametrize("existing,incoming", TIMEZONE_UPDATES)
def test_timezone_updates_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", TIMEZONE_LOOKALIKES)
def test_timezone_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)


# --- the stored value named as replaced: "Y, not X", "Y instead of X" (named_correction.py) ----------

NAMED_REPLACEMENTS = [
    ("The mobile app is built with React Native.", "Correction: the mobile app uses Flutter, not React Native."),
    ("User's terminal is iTerm2.", "The user uses Ghostty instead of iTerm2 these days."),
    ("The backend is written in Ruby.", "Actually, the backend uses Elixir, not Ruby."),
]

NAMED_REPLACEMENT_LOOKALIKES = [
    ("The mobile app is built with React Native.", "Correction: the web app uses Flutter, not React Native."),  # another thing
    ("The mobile app is built with React Native.", "Correction: the mobile app uses Expo, not bare React Native."),  # a layer
    ("The mobile app is built with React Native.", "The mobile app uses Flutter for the settings screen, not React Native."),  # a scope
    ("The frontend uses React.", "The frontend migrated from React to Next.js."),  # a layer on it (migration)
    ("User's terminal is iTerm2.", "The user's husband uses Ghostty instead of iTerm2."),  # another person
    ("User's terminal is iTerm2.", "The user might use Ghostty instead of iTerm2."),  # a hypothetical
    ("User's terminal is iTerm2.", "At work the user uses Ghostty instead of iTerm2."),  # a scope
    ("User's terminal is iTerm2.", "The user uses Ghostty instead of iTerm2 for SSH sessions, but iTerm2 otherwise."),
    ("The user's wife's car is a Golf.", "The user drives a Polo instead of a Golf now."),  # another person's slot
    ("The team likes Python.", "Actually the team uses Go, not Python."),  # a taste is no use
]


@pytest.mark.parametrize("existing,incoming", NAMED_REPLACEMENTS)
def test_named_replacements_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", NAMED_REPLACEMENT_LOOKALIKES)
def test_named_replacement_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)


NEW_FAVORITE_RAISE_CROSSED = [
    ("My favorite podcast is Hardcore History.", "My new favorite podcast is Acquired."),
    ("The user's salary is $95k.", "The user got a raise to $104k."),
    ("My salary is €60,000.", "I got a pay rise to €64,000."),
    ("The user's newsletter has 12,000 subscribers.", "The user's newsletter crossed 15,000 subscribers."),
]

NEW_FAVORITE_RAISE_CROSSED_LOOKALIKES = [
    ("My favorite podcast is Hardcore History.", "My new favorite band is Big Thief."),  # another slot
    ("My favorite podcast is Hardcore History.", "My sister's new favorite podcast is Acquired."),  # another person
    ("My favorite podcast is Hardcore History.", "My new favorite podcast for running is Acquired."),  # a scope
    ("The user's salary is $95k.", "The user's wife got a raise to $104k."),  # another person
    ("The user's salary is $95k.", "The user hopes to get a raise to $104k."),  # a wish
    ("The user's salary is $95k.", "If the user got a raise to $104k, she would stay."),  # a hypothetical
    ("The user's newsletter has 12,000 subscribers.", "The user's podcast crossed 15,000 subscribers."),  # another thing
    ("The user's newsletter has 12,000 subscribers.", "The user's newsletter crossed 15,000 opens."),  # another count
]


@pytest.mark.parametrize("existing,incoming", NEW_FAVORITE_RAISE_CROSSED)
def test_new_favorite_raise_crossed_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", NEW_FAVORITE_RAISE_CROSSED_LOOKALIKES)
def test_new_favorite_raise_crossed_lookalikes_stay_compatible(existing: str, incoming: str) -> None:
    silent(existing, incoming)
