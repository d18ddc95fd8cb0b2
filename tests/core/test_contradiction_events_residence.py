"""The residence event rule (residence.py, read per sentence through event_sentences.py): a move
of the user or the household away from the stored home ("User lives in Denver" / "We moved to
Austin last month. Still unpacking!"), with the look-alikes written against it: someone else's
move, a plan, a hypothetical, a question, a negation, a quote or a report, an old or dated move,
a scope or a while (a trip, a season, an office, a team), a place inside or around the stored
one, the same place, an alias, an unknown place, a company's "we"."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.events.residence import residence_ended
from tests.core.detector_checks import caught, silent

RESIDENCE_LOOKALIKES = [
    # someone else's move
    ("User lives in Denver.", "My sister moved to Austin last month."),
    ("User lives in Denver.", "His family moved to Austin."),
    ("User lives in Denver.", "They moved to Austin last month."),
    ("I live in Denver.", "My parents just closed on a house in Austin."),
    ("I live in Denver.", "Tom bought a house in Austin."),
    ("I live in Denver.", "Big news! My brother moved to Austin. We are thrilled."),
    ("I live in Denver.", "The user's daughter relocated to Austin."),
    # plans, conditions, hypotheticals, questions, negations
    ("I live in Denver.", "We're moving to Austin next year."),
    ("I live in Denver.", "We are thinking about moving to Austin."),
    ("I live in Denver.", "We bought a house in Austin. We move in next month."),
    ("I live in Denver.", "If we moved to Austin, I would need a new job."),
    ("I live in Denver.", "We might move to Austin."),
    ("I live in Denver.", "Should we move to Austin?"),
    ("I live in Denver.", "Did I tell you we moved to Austin?"),
    ("I live in Denver.", "We didn't move to Austin after all."),
    ("I live in Denver.", "We never moved to Austin."),
    ("I live in Denver.", "I almost moved to Austin last month."),
    ("I live in Denver.", "I wish we had moved to Austin."),
    # reported speech, quotes, stories, labels
    ("I live in Denver.", "My sister texted: I moved to Austin last week."),
    ("I live in Denver.", "Text from my sister - I moved to Austin."),
    ("I live in Denver.", '"We moved to Austin last month," she said.'),
    ("I live in Denver.", "Weird dream last night. We moved to Austin and hated it."),
    # old or dated moves
    ("I live in Denver.", "We moved to Austin in 2012."),
    ("I live in Denver.", "We moved to Austin years ago."),
    ("I live in Denver.", "When I was a kid we moved to Austin."),
    ("I live in Denver.", "Growing up, we moved a lot. We moved to Austin."),
    ("I live in Denver.", "Back in college I moved to Austin."),
    ("I live in Denver.", "We moved to Austin in the 90s."),
    ("I live in Denver.", "We had moved to Austin before the kids were born."),
    # scopes and whiles
    ("I live in Denver.", "We moved to Austin for the summer."),
    ("I live in Denver.", "I moved to Austin temporarily."),
    ("I live in Denver.", "We moved to a new office in Austin."),
    ("I live in Denver.", "We moved to the Austin office last month."),
    ("I live in Denver.", "Our team moved to Austin. We moved to Austin too."),
    ("I live in Denver.", "Our startup is growing. We moved to Austin last month."),
    ("I live in Denver.", "We moved to Austin last month. I still live in Denver during the week."),
    ("I live in Denver.", "We bought a holiday home in Austin."),
    ("I live in Denver.", "We bought a house in Austin for my parents."),
    ("I live in Denver.", "I moved to Austin Energy's green plan."),
    ("I live in Denver.", "I moved to the night shift."),
    # a place inside, around, or the same; aliases and unknown places
    ("I live in New York.", "We moved to Brooklyn last month."),
    ("I live in Manhattan.", "We moved to the Upper West Side last month."),
    ("I live in Camden.", "I moved to King's Cross last month."),
    ("I live in Dublin.", "We moved to Ireland."),
    ("I live in Ireland.", "We just moved to Dublin."),
    ("I live in Denver.", "We moved to another apartment in Denver."),
    ("I live in Denver.", "We bought a house in Denver last month."),
    ("I live in Denver.", "We moved to Denver last month."),
    ("I live in Kyiv.", "We moved to Kiev last month."),
    ("I live in Munich.", "We moved to München."),
    ("I live in Denver.", "We moved to Boulder last month."),
    ("I live in Denver.", "We moved to Aurora."),
    ("I live in Kensington.", "I moved to Notting Hill last month."),
    ("I live in Vancouver.", "I moved to Vancouver Island."),
    ("I live in New York.", "We moved out of Brooklyn."),
    ("I live in Portland, Oregon.", "We moved out of Portland, Maine."),
    ("I live in Portland.", "We moved out of Portland, Maine."),
    # stored facts that are not where the user lives
    ("The user grew up in Denver.", "We moved to Austin last month."),
    ("User's sister lives in Denver.", "We moved to Austin last month."),
    ("User's office is in Denver.", "I moved to Austin last month."),
    ("We're based in Denver.", "I moved to Austin last month."),
    ("Our company is based in Denver.", "We moved to Austin last month."),
    ("User lives in Denver with their parents.", "I moved to Austin last month."),
    ("User lived in Denver.", "I moved to Austin last month."),
    # a memory that says more than the move: a denial, a second move, a question, the stored home again
    ("I live in Denver.", "We moved to Austin. Not!"),
    ("I live in Denver.", "We moved to Austin last month. Or was it Dallas?"),
    ("I live in Denver.", "We moved to Austin last month. The house in Denver is rented out."),
    ("I live in Denver.", "We moved to Austin. That was a long time ago."),
    ("I live in Denver.", "Update on Sarah: we moved to Austin last month."),
    ("I live in Denver.", "Our family moved to Austin last month."),
    ("I live in Denver.", "We moved to Austin on paper, for taxes."),
    ("I live in Denver.", "We moved to Austin today. Kidding!"),
    ("I live in Portland.", "We moved to Portland, Maine."),
    ("I live in London.", "We moved to London, Ontario last month."),
    ("I live in Germany.", "We moved to Berlin."),
    ("I live in Georgia.", "We moved to Atlanta."),
    ("User lives in Denver for two years.", "We moved to Austin last month."),  # a stint
    ("User has lived in Denver.", "We moved to Austin last month."),  # experience, not a home now
    ("My home is in Denver for two years.", "We moved to Austin last month."),
    ("I live in Denver.", "We got the keys to a rental in Austin."),
    # a move said without its subject, in a memory that brings in someone else
    ("I live in Denver.", "Sarah update. Just moved to Austin."),
    ("I live in Denver.", "Just moved to Austin! Sarah helped a lot."),
    ("I live in Denver.", "Sister just moved to Austin."),
    ("I live in Denver.", "My wife and her sister moved to Austin."),
    ("I live in Denver.", "My wife moved to Austin."),
    ("I live in Denver.", "Mom: just moved to Austin."),
    ("I live in Denver.", "Just moved to Austin, her new job is great."),
    ("I live in Denver.", "Moved to Austin for the summer."),
    ("I live in Denver.", "We settled in nicely."),
    ("I live in Denver.", "My first apartment was in Austin."),
    ("I live in Denver.", "We settled the dispute in Austin."),
    # a house bought to let, flip or renovate first, or not moved into yet
    ("I live in Denver.", "We bought a house in Austin. Renting it out."),
    ("I live in Denver.", "We bought a house in Austin. It is an investment."),
    ("I live in Denver.", "We bought a house in Austin. Our tenants love it."),
    ("I live in Denver.", "We closed on a house in Austin. Renovating it first."),
    ("I live in Denver.", "We got the keys to our new house in Austin. Renovations first."),
    ("I live in Denver.", "We closed on a house in Austin. We move in on Saturday."),
    ("I live in Denver.", "Bought a house in Austin. Flipping it."),
    # a move that is not the user's home
    ("I live in Denver.", "We moved the server to Frankfurt."),
    ("I live in Denver.", "We moved our standup to Monday."),
    ("I live in Denver.", "My company moved to Austin."),
]

RESIDENCE_CONTRADICTIONS = [
    ("User lives in Denver.", "We moved to Austin last month."),
    ("I live in Denver.", "Big news! We moved to Austin last month. Still unpacking."),
    ("We live in a flat in Leeds.", "We moved out of Leeds last month and now live in York."),
    ("User mentioned they live in Austin, Texas.", "User mentioned they recently moved from Austin to Denver."),
    ("I'm based in Chicago.", "We just moved to Denver, still unpacking boxes."),
    ("I live in Brooklyn.", "We moved out of Brooklyn, now in Jersey City."),
    ("I'm based in London.", "I moved to Manchester in the spring."),
    ("User lives in Denver.", "We just closed on a house in Austin!"),
    ("User lives in Denver.", "We bought a house in Austin."),
    ("I live in Denver.", "We moved into a new house in Austin two weeks ago."),
    ("I live in Denver.", "We now live in Austin."),
    ("I live in Denver.", "We've finally moved to Austin and we love it."),
    ("The user resides in Austin, Texas.", "The user relocated to Denver, Colorado last week."),
    ("User's home is in Seattle.", "I moved to Portland last month. Loving the food carts!"),
    ("I live in Lisbon.", "I don't live in Lisbon anymore, I moved to Porto last month."),
    ("The user lives in a house in Leeds.", "The user now lives in Manchester after relocating for work."),
    ("I live in Park Slope.", "We moved out of Brooklyn last month."),
    ("I live in Brooklyn.", "We moved to Jersey City over the weekend."),
    ("User is based in Toronto.", "User recently relocated to Vancouver."),
    ("I live in Paris.", "Exciting week. We moved to Lyon on Saturday. So happy."),
    ("We live in Leeds.", "I moved to Bristol a few weeks ago."),
    ("I live in Denver.", "We moved to Austin after ten years in Denver."),
    ("I live in Denver.", "My wife and I moved to Austin last month."),
    ("The user lives in Denver.", "The user and their partner relocated to Austin."),
    ("I live in Brooklyn.", "We moved out of New York, now in Jersey City."),  # Brooklyn is in New York
    ("User has lived in Denver for five years.", "We moved to Austin last month."),
    ("User is living in Denver.", "We are now living in Austin."),
    ("I live in Denver.", "We just got the keys to our new house in Austin!"),
    ("I live in Denver.", "We relocated from Denver to Austin."),
    ("The user lives in Denver.", "The user's parents moved to Austin. The user moved to Dallas."),
    ("I live in Portland, Oregon.", "We moved to Portland, Maine."),
    ("I live in Denver.", "Just moved to Austin! Loving it."),
    ("I live in Denver.", "Moved to Austin last month. So happy."),
    ("I live in Denver.", "We bought our first house in Austin!"),
    ("I live in Denver.", "We have settled into our new home in Austin."),
]

# Pairs the statement path reads before this rule (left to it: "moved to" of the user, a stored
# memory of two sentences); the event rule itself must not read them.
RULE_ONLY_LOOKALIKES = [
    ("I live in Denver.", "In my novel the heroine says it. I moved to Austin."),
    ("I live in Denver.", "I moved to Austin for work."),
    ("User lives in Denver. Their sister lives in Austin.", "I moved to Austin."),
    ("I live in Denver.", "Mom told me the news. We moved to Austin."),
    ("I live in Denver.", "I moved to Austin to look after my dad for a few months."),
    ("I live in Denver.", "I moved to Austin last month. Hated it, so I moved home."),
    ("I live in Denver.", "My roommate moved out. I moved to Austin last month."),
    ("I live in Denver.", "I moved to Austin last month. Now I am in Denver again."),
]


@pytest.mark.parametrize(("existing", "incoming"), RESIDENCE_LOOKALIKES)
def test_residence_lookalikes_are_left_alone(existing: str, incoming: str) -> None:
    silent(existing, incoming)
    assert residence_ended(existing, incoming) is None


@pytest.mark.parametrize(("existing", "incoming"), RESIDENCE_CONTRADICTIONS)
def test_residence_moves_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize(("existing", "incoming"), RULE_ONLY_LOOKALIKES)
def test_residence_rule_leaves_framed_moves(existing: str, incoming: str) -> None:
    assert residence_ended(existing, incoming) is None
