"""The recall rules added after the twelfth attack's everyday updates, each with its look-alikes
written before the rule: the pairs it must leave alone (someone else's change, a plan, a
hypothetical, history with a year, a second thing of the same kind, a scope, a refinement,
reported speech, a question) and the updates it must catch, most of them in words no shipped set
uses."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.jobchange import job_left
from tests.core.detector_checks import caught, silent

# --- jobchange: the user left the stored employer -------------------------------------------------

JOB_LOOKALIKES = [
    ("User works at Acme.", "User's wife left Acme and joined Globex."),  # someone else
    ("User works at Acme.", "Tom left Acme and joined Globex last week."),
    ("User works at Acme.", "User plans to leave Acme and join Globex."),  # a plan
    ("User works at Acme.", "User might leave Acme for a job at Globex."),
    ("User works at Acme.", "If the user left Acme, they would join Globex."),  # hypothetical
    ("User works at Acme.", "User left Acme in 2015 and joined Globex."),  # history with a year
    ("User works at Acme Corp.", "User left Acme Labs and joined Globex."),  # another company
    ("User works at Acme.", "User left Acme's Berlin office and joined the Munich team."),  # a part of it
    ("User works at Acme.", "User left Acme for Christmas."),  # not a job
    ("User works at Acme.", "User left Acme for the day."),
    ("User works at Acme.", "Tom said the user left Acme and joined Globex."),  # reported speech
    ("User works at Acme.", "Did the user leave Acme and join Globex?"),  # a question
    ("User works at Acme.", "User left Acme and rejoined it a year later."),  # unread tail
    ("User works at Google.", "User quit Google and now uses DuckDuckGo."),  # the product
    ("User works at Twitter.", "User left Twitter last month."),  # the platform or the job
    ("User's brother works at Acme.", "User left Acme and joined Globex."),  # not the user's job
    ("User worked at Acme.", "User left Acme and joined Globex."),  # stored history
    ("User is a member at Equinox.", "User left Equinox and joined Planet Fitness."),  # not a job
    ("User is a patient at St. Mary's.", "User left St. Mary's last week."),
    ("User is a speaker at PyCon.", "User left PyCon early."),
    ("User works at Acme.", "User almost left Acme for a job at Globex."),
    ("User works at Acme.", "User left Acme a voicemail."),
    ("User works at Acme.", "User left Acme and is now a member at Globex Gym."),
]

JOB_CATCHES = [
    ("User's company: Acme Corp.", "User left Acme Corp and joined Globex."),
    ("The user is a nurse at St. Mary's.", "The user left St. Mary's and is now a nurse at Royal Free."),
    ("The user's company is Initech.", "The user left Initech for a job at Hooli."),
    ("The user is a software engineer at Google.", "The user quit Google and is now self-employed."),
    ("The user works at Stripe.", "The user quit Stripe and is currently unemployed."),
    ("The user works for Deloitte.", "The user left Deloitte and is no longer employed there."),
    ("The user works at Microsoft.", "The user left Microsoft and no longer works there."),
    # not from the sets
    ("I work as a data engineer at Stripe.", "I left Stripe last month and joined Airbnb."),
    ("My employer is Northwind Traders.", "I quit Northwind Traders and I'm now a teacher at Hillview."),
    ("User is a barista at Blue Bottle.", "User has left Blue Bottle, and is now working at Tartine."),
    ("User is employed by Contoso Ltd.", "User recently left Contoso and started a new job at Fabrikam."),
    ("The user works at Umbrella Inc.", "The user just quit Umbrella and is retired."),
    ("User works at Hooli as a designer.", "User left Hooli for a new role at Pied Piper."),
    ("User works at Initech.", "User left Initech two weeks ago and doesn't work there anymore."),
]


@pytest.mark.parametrize("existing,incoming", JOB_LOOKALIKES)
def test_job_change_lookalikes_are_left_alone(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", JOB_CATCHES)
def test_job_change_is_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    # an older rule (rephrase's "left X and joined Y") reads these; the job rule itself does not
    ("User works at Acme.", "User left Acme and joined Acme again."),  # a rejoin
    ("User lives in London.", "User left London and joined Globex."),  # not an employer
    ("User works at Acme and Globex.", "User left Acme and joined Initech."),  # two employers
])
def test_the_job_rule_itself_refuses(existing, incoming):
    assert job_left(existing, incoming) is None
