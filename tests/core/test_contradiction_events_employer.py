"""The employer event rule (jobchange.employer_ended, read per sentence through event_sentences.py):
the stored employer ended by a layoff, a dismissal, a resignation, a retirement, a quit job or a
last day said alone ("User works at Deloitte" / "My last day at Deloitte was Friday."),
with the look-alikes written against it: someone else's event, a plan, a future last day, a
hypothetical, a question, a negation, a near miss, a report or a quote, an old or dated event, a
leave or a holiday, another company or a part of it, a new job alone, a rehire, a unit of the same
company, a stored fact that is not the user's job."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.events.jobchange import employer_ended
from tests.core.detector_checks import caught, silent

EMPLOYER_LOOKALIKES = [
    # someone else's event
    ("User works at Deloitte.", "My wife got laid off from Deloitte."),
    ("User works at Deloitte.", "His last day at Deloitte was Friday."),
    ("User works at Deloitte.", "Their last day at Deloitte was Friday."),
    ("User works at Deloitte.", "Tom resigned from Deloitte last week."),
    ("User works at Deloitte.", "Deloitte laid off 500 people."),
    ("User works at Deloitte.", "Deloitte let my manager go."),
    ("User works at Deloitte.", "Talked to Tom. Last day at Deloitte was Friday."),
    ("User works at Deloitte.", "My dad retired last month."),
    ("User works at Deloitte.", "We got laid off from Deloitte."),
    ("User works at Deloitte.", "I quit their job at Deloitte."),
    # plans, future, hypotheticals, questions, negations, near misses
    ("User works at Deloitte.", "My last day at Deloitte is Friday."),
    ("User works at Deloitte.", "I resigned from Deloitte. My last day is next Friday."),
    ("User works at Deloitte.", "I'm going to quit my job at Deloitte."),
    ("User works at Deloitte.", "I might get laid off from Deloitte."),
    ("User works at Deloitte.", "If I got laid off from Deloitte, I would travel."),
    ("User works at Deloitte.", "Did I get laid off from Deloitte?"),
    ("User works at Deloitte.", "I was not laid off from Deloitte."),
    ("User works at Deloitte.", "I didn't resign from Deloitte after all."),
    ("User works at Deloitte.", "I almost quit my job at Deloitte."),
    ("User works at Deloitte.", "I nearly got fired from Deloitte."),
    ("User works at Deloitte.", "I'm thinking about retiring from Deloitte."),
    ("User works at Deloitte.", "I plan to retire next year."),
    # reports, quotes, stories
    ("User works at Deloitte.", "My sister texted: I got laid off from Deloitte."),
    ("User works at Deloitte.", '"I quit my job at Deloitte," he said.'),
    ("User works at Deloitte.", "In the novel I'm writing, I got laid off from Deloitte."),
    ("User works at Deloitte.", "Had a dream. I got fired from Deloitte."),
    # old or dated events
    ("User works at Deloitte.", "I got laid off from Deloitte in 2009."),
    ("User works at Deloitte.", "I got laid off from Deloitte years ago."),
    ("User works at Deloitte.", "Back in college I quit my job at Deloitte."),
    ("User works at Deloitte.", "I resigned from Deloitte once before."),
    # a leave, a rehire, a unit of the same company, another company or a part
    ("User works at Deloitte.", "Last day at Deloitte was Friday. Parental leave now!"),
    ("User works at Deloitte.", "Last day at Deloitte was Friday; I start at Deloitte Digital on Monday."),
    ("User works at Deloitte.", "I got laid off from Deloitte. Deloitte rehired me a week later."),
    ("User works at Deloitte.", "I got laid off from Deloitte, but they hired me back."),
    ("User works at Deloitte.", "I resigned from Deloitte's board."),
    ("User works at Deloitte.", "I got laid off from KPMG."),
    ("User works at Acme.", "I resigned from Acme Labs."),
    ("User works at Acme.", "I quit my weekend job at Acme."),
    ("User works at Acme.", "I retired from the Army."),
    ("User works at Acme.", "I retired from competitive chess last month."),
    ("User works at Acme.", "I resigned from the PTA."),
    ("User works at Acme.", "I quit my job at Acme to start my own company."),
    ("User works at Acme.", "I retired from Acme and joined their board."),
    # an event undone, or a while away rather than a departure
    ("User works at Acme.", "Acme laid me off. Fortunately the decision was reversed."),
    ("User works at Acme.", "I was let go by Acme. I appealed and won."),
    ("User works at Acme.", "My last day at Acme was Friday. Three weeks in Rome now."),
    ("User works at Acme.", "Last day at Acme was today. Tomorrow we fly to Rome!"),
    ("User works at Acme.", "My last day at Acme before the holidays was Friday."),
    ("User works at Acme.", "My last day at Acme was Friday, before my surgery."),
    ("User works at Acme.", "I resigned from Acme. They convinced me to stay."),
    ("User works at Acme.", "I quit my job at Acme. Started freelancing for Acme right after."),
    ("User works at Acme.", "I was laid off from Acme for two weeks."),
    ("User works at Acme.", "I was fired from Acme, then rehired."),
    ("User works at Acme.", "I got laid off from Acme. Not really."),
    ("User works at Acme.", "I'm retired now. I consult for Acme."),
    ("User works at Acme.", "User is now retired from football."),
    ("User works at Acme.", "My manager was made redundant at Acme."),
    ("User works at Acme.", "Acme made my whole team redundant."),
    ("User works at Acme.", "I was terminated from the Acme project."),
    ("I'm a teacher at Hillside School.", "Last day at Hillside School was Friday."),
    ("User works at Oakwood Academy.", "My last day at Oakwood Academy was today."),
    ("User works at Deloitte.", "Talked to Tom. Got laid off from Deloitte."),
    ("User works at Deloitte.", "Tom quit my job at Deloitte."),
    ("User works at Deloitte.", "Was let go by Deloitte. Tom is devastated."),
    ("User works at Deloitte.", "Got laid off from Deloitte today. Ugh."),
    ("User works at Deloitte.", "Her last day at Deloitte was Friday."),
    ("User works at Deloitte.", "I'm no longer at Deloitte's Boston office."),
    ("User works at Deloitte.", "My sister had her last day at Deloitte on Friday."),
    ("User works at Deloitte.", "I parted ways with my Deloitte mentor."),
    ("User works at Deloitte.", "I had my last day at Deloitte on Friday. Three weeks in Rome now."),
    ("User works at Hillside School.", "I had my last day at Hillside School on Friday."),
    # a resignation still serving its notice
    ("User works at Deloitte.", "I resigned from Deloitte. Serving my three months."),
    ("User works at Deloitte.", "I resigned from Deloitte. Three more weeks there."),
    ("User works at Deloitte.", "I resigned from Deloitte today. Leaving at the end of the month."),
    ("User works at Deloitte.", "I resigned from Deloitte today. Effective end of month."),
    ("User works at Deloitte.", "I resigned from Deloitte effective Friday."),
    ("User works at Deloitte.", "I handed in my notice at Deloitte."),
    # a new job alone; a last day then a start elsewhere (the next name may be a unit, a brand or an
    # affiliate of the old employer: AWS, Chase, Zara; the twenty-fifth attack)
    ("User works at Deloitte.", "I start at KPMG on Monday."),
    ("User works at Deloitte.", "Last day at Deloitte was Friday; I start at KPMG on Monday."),
    ("User works at Deloitte.", "I got a job at KPMG."),
    # stored facts that are not the user's job
    ("User's wife works at Deloitte.", "I got laid off from Deloitte."),
    ("User is a member at Equinox.", "I quit my job at Equinox."),
    ("User worked at Deloitte.", "I got laid off from Deloitte."),
    ("User banks with Deloitte.", "Deloitte laid me off."),
    ("User works at Deloitte part-time.", "I retired last month."),
]

EMPLOYER_CONTRADICTIONS = [
    ("User works at Deloitte.", "My last day at Deloitte was Friday."),
    ("User works at Deloitte.", "I got laid off from Deloitte."),
    ("User works at Deloitte.", "Deloitte laid me off last week."),
    ("User works at Deloitte.", "Deloitte let me go yesterday."),
    ("User works at Acme.", "User resigned from Acme."),
    ("User works at Acme.", "User retired from Acme."),
    ("User works at Acme.", "I quit my job at Acme."),
    ("User works at Acme.", "User is now retired."),
    ("I work for Shopify.", "I got fired from Shopify this week."),
    ("The user is employed at Deloitte as a consultant.", "The user was laid off from Deloitte last month."),
    ("User's employer: Acme Corp", "I quit my job at Acme last week."),
    ("My employer is Initech.", "My last day at Initech was yesterday."),
    ("I'm a nurse at St Mary's.", "I resigned from St Mary's in March."),
    ("User works as an engineer at Globex.", "User has been laid off from Globex."),
    ("My job is at Hooli.", "I left my job at Hooli last week."),
    ("I have a job at Hooli.", "Hooli laid me off."),
    ("User works at Deloitte.", "Big news. I officially resigned from Deloitte today. Onwards!"),
    ("User works at Deloitte.", "I got laid off from Deloitte, and I'm now looking for work."),
    ("User works at Deloitte.", "User mentioned they were laid off from Deloitte two weeks ago."),
    ("User works at Acme.", "I was made redundant at Acme last month."),
    ("User works at Acme.", "Acme made me redundant."),
    ("User works at Acme.", "I got sacked from Acme."),
    ("User works at Deloitte.", "I parted ways with Deloitte last week."),
    ("User works at Acme.", "I retired from Acme after 30 years."),
    ("User works at Deloitte.", "I'm no longer at Deloitte."),
    ("User works at Deloitte.", "I had my last day at Deloitte on Friday."),
    ("User works at Deloitte.", "Got laid off from Deloitte today. Feeling lost."),
    ("User works at Deloitte.", "Quit my job at Deloitte!"),
    ("User works at Deloitte.", "Retired from Deloitte last month."),
]


@pytest.mark.parametrize(("existing", "incoming"), EMPLOYER_LOOKALIKES)
def test_employer_lookalikes_are_left_alone(existing: str, incoming: str) -> None:
    silent(existing, incoming)
    assert employer_ended(existing, incoming) is None


@pytest.mark.parametrize(("existing", "incoming"), EMPLOYER_CONTRADICTIONS)
def test_employer_endings_are_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)
