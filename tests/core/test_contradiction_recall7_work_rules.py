"""The recall rules added after the sixteenth attack (stack migration, job change, reschedule,
correction, sold/replaced), each with its look-alikes: pairs the rule must leave alone (someone
else's change, a plan, a question, history, a narrower scope, another thing of the same kind, two
things held at once, a part of the thing) and the updates it must catch."""

from __future__ import annotations

import pytest

from tests.core.detector_checks import caught, silent

LOOKALIKES = [
    # rescheduled: the active voice ("We've postponed the wedding to May 2026")
    ("Our wedding is on August 17, 2025.", "My sister postponed her wedding to May 2026."),  # someone else's
    ("My flight to Lisbon is on June 3.", "I might change my Lisbon flight to June 5."),  # a plan
    ("My flight to Lisbon is on June 3.", "Should I change my Lisbon flight to June 5?"),  # a question
    ("My flight to Lisbon is on June 3.", "I changed my Porto flight to June 5."),  # another flight
    ("My flight is on June 3.", "I changed my Lisbon flight to June 5."),  # maybe another flight
    ("I have a standup every day at 9:30.", "I moved my standup to 10:00."),  # one session of a series
    ("My meeting is at 3pm.", "I moved our meeting to 4pm."),  # the group's meeting, not mine
    ("Our wedding is on August 17, 2025.", "We postponed the reception to May 2026."),  # another event
    ("My dentist appointment is on Thursday.", "I moved my dentist appointment to Friday at 3pm."),  # a field the old lacks
    ("My flight to Lisbon is on June 3.", "I changed my Lisbon flight to business class."),  # not a time
    ("The user's interview is on Monday.", "User moved my interview to Tuesday."),  # whose?
    ("My flight to Lisbon is on June 3.", "Last year I changed my Lisbon flight to June 5."),  # history
    ("Team standup is at 9:30.", "This Friday's standup has moved to 11:00."),  # a one-off session
    ("Team standup is at 9:30.", "The design team standup has moved to 10:00."),  # another team's
    ("My flight to Lisbon is on June 3.", "I changed my flight to Lisbon."),  # a destination, no time
    ("My flight to Lisbon is on June 3.", "I changed my Lisbon flight from June 4 to June 5."),  # another flight's "from"
    ("Team standup is at 9:30.", "Standup has moved to 10:00 starting next month."),  # an unread tail
    # migration: "finished migrating everything", "replaced X with Y", "dropped X and use Y"
    ("We host everything on AWS.", "We finished migrating the blog from AWS to GCP."),  # a part
    ("We host everything on AWS.", "They finished migrating everything from AWS to GCP."),  # someone else
    ("We host everything on AWS.", "We haven't finished migrating everything from AWS to GCP."),  # not done
    ("We use Jenkins for CI.", "We've replaced Jenkins with GitHub Actions for the mobile app."),  # narrower
    ("We use Jenkins for CI.", "Acme replaced Jenkins with GitHub Actions."),  # another subject
    ("We use Jenkins for CI.", "We might replace Jenkins with GitHub Actions."),  # a plan
    ("We use Jenkins for CI.", "Should we replace Jenkins with GitHub Actions?"),  # a question
    ("We use Jenkins for work.", "We replaced Jenkins with GitHub Actions."),  # a stored scope
    ("We use Redis for caching.", "We dropped Redis and use Memcached for sessions now."),  # another use
    ("We use Redis for caching.", "We dropped Redis Cluster and use Memcached now."),  # another thing
    ("We use Postgres.", "We replaced the Postgres server with a bigger one."),  # a part of it
    ("We use Redis for caching.", "My team dropped Redis and uses Memcached now."),  # another group
    ("We use Jenkins for CI.", "Last year we replaced Jenkins with GitHub Actions."),  # history
    ("The app uses Redis.", "We replaced Redis with Memcached."),  # maybe another of our projects
    ("We use Jenkins.", "We replaced Jenkins with Jenkins X."),  # a refinement of it
    ("Our main database is MySQL.", "We migrated our main database to AWS."),  # a new host, same engine
    ("Our main database is MySQL.", "We migrated our analytics database to PostgreSQL."),  # another database
    ("Our main database is MySQL.", "We migrated our database to PostgreSQL."),  # maybe not the main one
    ("My main database is MySQL.", "We migrated our main database to PostgreSQL."),  # mine, not the group's
    ("Our main database is MySQL.", "They migrated their main database to PostgreSQL."),  # someone else's
    ("We use Redis for caching.", "We switched sessions to Memcached."),  # another use
    ("We use Python.", "We migrated the API to Go."),  # one service
    ("The project uses npm.", "We switched the docs project to pnpm."),  # another project
    ("We use Heroku for hosting.", "We migrated the staging hosting to Fly.io."),  # narrower: staging only
    ("We use Heroku for hosting.", "We migrated staging hosting from Heroku to Fly.io."),
    ("We use Heroku for hosting.", "We might migrate hosting to Fly.io."),  # a plan
    ("The app uses React.", "We migrated the app to AWS."),  # another kind of thing
    # jobchange: a job said as "is a <job> at", "started a new role at", "quit their <job> job"
    ("I'm a software engineer at IBM.", "My sister no longer works at IBM."),  # someone else
    ("I'm a nurse at St Mary's.", "I no longer work at St Mary's on weekends."),  # narrower
    ("I'm a patient at St Mary's.", "I no longer work at St Mary's."),  # not a job
    ("I'm a software engineer at IBM.", "I no longer work at IBM's Paris office."),  # a part of it
    ("The user is employed at Deloitte.", "The user has started a new role at Deloitte Digital."),  # a unit of it
    ("The user is employed at Deloitte.", "The user's wife has started a new role at McKinsey."),  # someone else
    ("The user is employed at Deloitte.", "The user might start a new role at McKinsey."),  # a plan
    ("The user is employed at Deloitte.", "The user has started a new role at Deloitte."),  # an internal move
    ("The user is employed at Deloitte.", "The user has started a side gig at McKinsey."),  # two jobs
    ("User works as a barista.", "User quit their second barista job."),  # one of two jobs
    ("I'm a barista.", "I quit their barista job."),  # whose job?
    ("User works as a barista.", "User's brother quit his barista job."),  # someone else
    ("User works as a barista.", "User quit their barista job and now works as a barista."),  # same job elsewhere
    ("User works as a barista.", "User quit their barista job at the airport."),  # one of two
    ("User works as a barista.", "Should the user quit their barista job?"),  # a question
    ("User works as a barista.", "User wants to quit their barista job."),  # a plan
    ("I'm a software engineer at IBM.", "I no longer work at IBM Research."),  # another company
    # possessions: "upgraded to", "switched my <device> to", "sold my only <thing>"
    ("I have an iPhone 12.", "My wife upgraded to an iPhone 15 Pro."),  # someone else
    ("I have an iPhone 12.", "I upgraded to an iPhone 12 Pro."),  # a variant of the stored model
    ("I have a Nintendo Switch.", "I upgraded to a Nintendo Switch 2."),  # no model stored: both may stay
    ("I have a Sony WH-1000XM4.", "I upgraded to a Sony A7 IV."),  # another line of the maker
    ("I have an iPhone 12.", "I upgraded to iOS 17."),  # the software
    ("I have an iPhone 12.", "I might upgrade to an iPhone 15 Pro."),  # a plan
    ("I have an iPhone 12.", "I upgraded to an iPhone 15 Pro for work."),  # a second phone
    ("I use a Pixel 7 as my phone.", "I switched my laptop to a MacBook Air."),  # another device
    ("I use a Pixel 7.", "I switched my phone to a Samsung Galaxy S24."),  # the stored one may not be the phone
    ("I use a Pixel 7 as my phone.", "My son switched his phone to a Samsung Galaxy S24."),  # someone else
    ("I own a Yamaha acoustic guitar.", "I sold my only electric guitar."),  # another of its kind
    ("I own a Yamaha acoustic guitar.", "My brother sold his only guitar."),  # someone else
    ("I own a Yamaha acoustic guitar.", "I sold my guitar."),  # maybe one of several
    ("I own a Yamaha acoustic guitar.", "I sold my only guitar amp."),  # another thing
    ("I own a Yamaha acoustic guitar.", "I'm selling my only guitar."),  # a plan
    ("The user owns a Yamaha acoustic guitar.", "I sold their only guitar."),  # whose?
    ("I have a Tesla charger.", "My Tesla got stolen."),  # the charger is no Tesla
    ("I ride a Trek road bike.", "My brother's Trek got stolen."),  # someone else's
    ("I ride a Trek road bike.", "My Trek almost got stolen."),  # not lost
    ("I ride a Trek road bike.", "My Trek Domane got stolen."),  # another model
    ("I ride a Trek road bike.", "My Trek got stolen in 2019."),  # history
    ("I ride a Trek road bike.", "My Trek got stolen, so I bought a Trek."),  # maybe the same again
    ("The user rides a Trek road bike.", "My Trek got stolen."),  # whose?
    ("I ride a Trek road bike.", "My Trek got stolen but the police found it."),  # recovered
    # keyvalue: a bare key line with a change note
    ("city: Toronto", "city: Vancouver (moved for a semester)"),  # a stay, not a move
    ("city: Toronto", "city: Vancouver (trying it out)"),  # not announced
    ("city: Toronto (moved in May)", "city: Vancouver"),  # the note on the stored side says nothing new
    ("city: Toronto", "sister's city: Vancouver (moved in May)"),  # someone else's
    ("editor: Vim", "editor: VS Code (switched for work)"),  # a scope
    ("city: Toronto", "city: Toronto (moved in May)"),  # the same city
    # reported speech "their", "turns out", "after all", "is spelled X, not Y"
    ("User's partner is named Olivia.", "User clarified that their sister's name is Liv, not Olivia."),  # another person
    ("User's partner is named Olivia.", "User said their partner's friend is named Liv."),  # another person
    ("User lives in Austin.", "User mentioned that Chris lives in Denver."),  # someone else
    ("I'm allergic to penicillin.", "Turns out my son isn't allergic to penicillin after all."),  # someone else
    ("I'm allergic to penicillin.", "Turns out I'm allergic to amoxicillin too."),  # an addition
    ("User's name is Jon.", "The user's son's name is spelled John, not Jon."),  # another person
    ("User's name is Jon.", "The user's name is spelled with an h."),  # no name given
    ("I use Python.", "After all, I use Python and Go."),  # still uses it
]

CATCHES = [
    ("We host everything on AWS.", "We finished migrating everything from AWS to GCP."),
    ("We use Jenkins for CI.", "We've replaced Jenkins with GitHub Actions."),
    ("We use Redis for caching.", "We dropped Redis and use Memcached for caching now."),
    ("We use Sentry.", "We ditched Sentry and switched to Rollbar."),
    ("Our main database is MySQL.", "We migrated our main database to PostgreSQL."),
    ("We use Heroku for hosting.", "We migrated hosting to Fly.io."),
    ("The project uses npm.", "We switched the project to pnpm."),
    ("I'm a software engineer at IBM.", "I left IBM and joined Salesforce."),
    ("User works as a barista.", "User quit their barista job and now works as a bank teller."),
    ("I'm a nurse.", "I quit my nurse job last month."),
    ("The user is employed at Deloitte as a consultant.",
     "The user has started a new role at McKinsey after leaving Deloitte."),  # a bare new role: attack18
    ("Team standup is at 9:30.", "Standup has moved to 10:00 starting this week."),
    ("My flight to Lisbon is on June 3.", "I changed my Lisbon flight to June 5."),
    ("Our wedding is on August 17, 2025.", "We've postponed the wedding to May 2026."),
    ("My dentist appointment is on Thursday.", "I moved my dentist appointment to Friday."),
    ("The user's interview is on Monday.", "The user moved their interview to Tuesday."),
    ("User's name is Jon.", "The user's name is spelled John, not Jon."),
    ("User's partner is named Olivia.", "User clarified that their partner's name is Liv, not Olivia."),
    ("I'm allergic to penicillin.",
     "Turns out I'm not allergic to penicillin after all; my allergy test came back negative."),
    ("I have an iPhone 12.", "I upgraded to an iPhone 15 Pro."),
    ("I have a Samsung Galaxy S21.", "I upgraded to a Samsung Galaxy S24."),
    ("I use a Pixel 7 as my phone.", "I switched my phone to a Samsung Galaxy S24."),
    ("My phone is a Pixel 7.", "I switched my phone to an iPhone 15."),
    ("I own a Yamaha acoustic guitar.", "I sold my only guitar, so I don't own one anymore."),
    ("The user has a Weber charcoal grill.", "The user gave away their only grill."),
    ("I ride a Trek road bike.", "My Trek got stolen, so I bought a Specialized Allez."),
    ("I drive a Honda Civic.", "My Civic got written off last month."),
    ("city: Toronto", "city: Vancouver (moved in May)"),
    ("editor: Vim", "editor: Neovim (switched last week)"),
]


@pytest.mark.parametrize("existing,incoming", LOOKALIKES)
def test_recall7_work_lookalikes_are_left_alone(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", CATCHES)
def test_recall7_work_catches(existing, incoming):
    caught(existing, incoming)
