"""The relationship-ended event rule (events.py): "Chris and I got divorced", "we broke up", "I split
up with Chris", "my divorce from Chris was finalised" end the user's stored marriage or courtship,
with the look-alikes written against them: someone else's relationship, another partner, a plan, a
hypothetical, a question, a negation, a quote, a report, a date that may predate the stored fact,
a reconciliation in the chatter, a separation (still married), an object after the verb."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.events.events import life_event_ended
from tests.core.detector_checks import caught, silent

LOOKALIKES = [
    ("I'm married to Chris.", "My sister and her husband got divorced."),  # someone else's
    ("I'm married to Chris.", "My parents got divorced last year."),
    ("I'm married to Chris.", "Sam and Alex broke up."),
    ("I'm married to Chris.", "He and Chris broke up."),
    ("User is dating Chris.", "Sam and I broke up last month."),  # another partner
    ("User's wife is Chris.", "My divorce from Sam was finalised."),
    ("User's girlfriend is Chris.", "I split up with Jordan."),
    ("User is married to Chris.", "We're thinking about getting divorced."),  # a plan
    ("User is married to Chris.", "Chris and I might split up."),
    ("User is married to Chris.", "Chris and I will get divorced."),
    ("User is married to Chris.", "If Chris and I got divorced, I'd move to Denver."),  # hypothetical
    ("User is married to Chris.", "Did Chris and I break up?"),  # a question
    ("User is married to Chris.", "Chris and I didn't get divorced."),  # a negation
    ("User is married to Chris.", "Chris and I never broke up."),
    ("User is married to Chris.", "Chris and I almost broke up last year."),
    ("User is married to Chris.", "\"Chris and I broke up\" is the first line of my novel."),  # a quote
    ("User is married to Chris.", "My mom said Chris and I broke up."),  # a report
    ("User is married to Chris.", "Chris and I broke up in 2015."),  # a year: biography
    ("User is married to Chris.", "Chris and I broke up years ago."),
    ("User is married to Chris.", "Chris and I broke up for a week."),  # a while
    ("User is married to Chris.", "Chris and I broke up last month. We got back together on Friday."),
    ("User is married to Chris.", "Chris and I broke up in college."),  # a scope
    ("User is married to Chris.", "Chris and I split the bill."),  # an object
    ("User is married to Chris.", "Chris and I split up the chores."),
    ("User is married to Chris.", "Chris and I separated the recycling."),
    ("User is married to Chris.", "We split the work last week."),
    ("User is married to Chris.", "Chris and I are separated now."),  # separated: still married
    ("User is married.", "The user is separated."),
    ("User is married.", "User was divorced."),  # a divorce that may predate the marriage
    ("User is married.", "User got divorced in 2010."),
    ("User is married.", "User was divorced last year."),  # unnamed and long ago: maybe before this marriage
    ("User is dating Chris.", "I got divorced last year."),  # a divorce from someone else
    ("User is married to Chris.", "We broke up."),  # a bare break-up is a courtship's
    ("User is married.", "Chris and I got divorced."),  # a name the stored memory never gave
    ("User's wife is Chris.", "My girlfriend and I broke up."),  # another relation
    ("My brother is married to Chris.", "Chris and I broke up."),  # the stored relation is not the user's
    ("User is married to Chris.", "My sister called. We broke up."),  # "we" after someone else
    ("User is married to Chris.", "The character Chris and I broke up in the game."),
    ("User is married to Chris.", "I broke up with their girlfriend."),
    ("User has a girlfriend.", "I broke up with Chris."),  # a named ending, an unnamed stored one
    ("User is dating Chris.", "Chris and I broke up. Just kidding."),  # a retraction
    ("User is dating Chris.", "We broke up last year."),  # unnamed and long ago: maybe the partner before
    ("User is dating Chris.", "We split up last week."),  # a team splits up as often
    ("User is dating Chris.", "We separated into two groups."),
    ("User's husband is Sam.", "My wife and I got divorced."),  # another spouse
    ("User's partner is Julia.", "My wife and I got divorced."),  # the wife before the partner, maybe
    ("User has a boyfriend.", "I broke up with my girlfriend."),
    ("User's wife is Julia.", "The character Julia and I got divorced."),
    ("User is married to Chris.", "Chris and I got divorced from reality."),
    ("User is dating Chris.", "Chris and I broke up with our agency."),
    ("User is dating Chris.", "We broke up the fight."),
    ("User is married to Chris.", "Chris and I broke up, then got back together."),
    ("User is married to Chris.", "I divorced their father last week."),
    ("User is dating Chris.", "Story idea: Chris and I broke up."),
    ("User is dating Chris.", "We're no longer together on this project."),
    ("User is dating Chris.", "Chris and I are no longer together in the band."),
    ("User is married to Chris.", "I'm single now."),  # single says nothing sure of a marriage
    ("User is dating Chris.", "I'm single now. Just kidding."),
    ("User is dating Chris.", "I'm single."),
    ("User has been married to Chris for ten years.", "Sam and I got divorced last month."),
    ("My sister has been married to Chris since 2019.", "Chris and I broke up."),
    ("User is dating Emma.", "Emma left me a note."),
    ("User is dating Emma.", "Sam broke up with me."),
    ("User is dating Emma.", "I ended things with my landlord."),
    ("User is married to Emma.", "I broke things off with my girlfriend."),
    ("User is dating Emma.", "Emma broke up with her boyfriend."),
    ("User is dating Emma.", "I'm no longer working with Emma."),
    ("I'm getting married next summer.", "We broke up."),  # to whom?
    ("I live with my girlfriend Sarah.", "Sarah and my brother broke up."),
    ("Jake and I are getting married in June.", "Sam and I broke up."),
    ("User is dating Chris.", "My sister visited. Broke up with Chris last week."),  # whose break-up?
    ("User is dating Alex.", "We broke up. That was before I met Alex."),  # another partner, earlier
    ("User is dating Alex.", "We broke up. I'm seeing Sam now."),
    ("User is dating Alex.", "I broke up with my girlfriend. I'm seeing Alex now."),
    ("User is dating Alex.", "My sister visited. I broke up with my girlfriend."),
    ("User is in a long-term relationship with Emma.", "Sam and I broke up."),
]

CATCHES = [
    ("I'm married to Chris.", "Chris and I got divorced last year."),
    ("I'm married to Chris.", "Chris and I got divorced."),
    ("I'm dating Alex.", "Alex and I broke up."),
    ("User is dating Chris.", "We broke up."),
    ("User is dating Chris.", "We broke up last month. It was hard."),
    ("User's girlfriend is Chris.", "I split up with Chris."),
    ("User's wife is Chris.", "My divorce from Chris was finalised."),
    ("User is married to Chris.", "I got divorced."),
    ("User is married to Chris.", "I'm divorced now."),
    ("User and Sam are married.", "User and Sam got divorced last year."),
    ("User has a boyfriend.", "I broke up with my boyfriend."),
    ("The user has a boyfriend.", "The user broke up with their boyfriend and is single now."),
    ("User is married.", "User was divorced last week."),
    ("User is dating Chris.", "I'm separated from Chris now."),
    ("User's wife is named Julia.", "My wife and I got divorced."),
    ("User is dating Chris.", "Life update: Chris and I broke up."),
    ("User is married to Sam.", "Sam and I divorced last week."),
    ("User is dating Chris.", "Chris and I are no longer together."),
    ("User is married to Chris.", "We aren't together anymore."),
    ("User is dating Chris.", "I'm single again."),
    ("User is engaged to Chris.", "We called off the engagement."),
    ("User is married to Chris.", "Chris and I finalized our divorce last month."),
    ("User has been married to Chris for ten years.", "Chris and I got divorced last month."),
    ("User and Chris have been together since 2019.", "We broke up last week."),
    ("User is in a long-term relationship with Emma.", "Emma and I broke up."),
    ("User is dating Emma.", "I ended things with Emma last week."),
    ("User is dating Emma.", "Emma dumped me."),
    ("User is dating Emma.", "I'm no longer seeing Emma."),
    ("I live with my girlfriend Sarah.", "Sarah and I broke up."),
    ("I've been with my boyfriend Jake for three years.", "Jake and I split up last month."),
    ("Jake and I are getting married in June.", "Jake and I broke up."),
    ("User is dating Chris.", "Broke up with Chris last week."),
    ("User's husband is Sam.", "Sam and I split up two months ago."),
]


@pytest.mark.parametrize("existing,incoming", LOOKALIKES)
def test_relationship_lookalikes_are_left_alone(existing, incoming):
    silent(existing, incoming)
    assert life_event_ended(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", CATCHES)
def test_relationship_ended_is_caught(existing, incoming):
    caught(existing, incoming)
