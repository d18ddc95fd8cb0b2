"""The ended-status event rule (event_statuses.py): "I graduated last May" against "User is a student
at X", "I retired" against "User works at X", "we had the baby" against "User is pregnant", "I
finished my PhD" against "User is a PhD student", with the look-alikes written against them:
someone else's event, another school or employer, a plan, a date that may predate the stored
status, a school day, another degree, a child born long ago, "a retired teacher"."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.events.event_statuses import status_event_ended
from tests.core.detector_checks import caught, silent

LOOKALIKES = [
    ("User is a student at UCLA.", "My son graduated last May."),  # someone else's
    ("User is a student at UCLA.", "My sister just graduated from UCLA."),
    ("I'm a student at UCLA.", "I graduated from high school in June."),  # another school
    ("I'm a student at UCLA.", "I graduated from Stanford last May."),
    ("User is a student.", "I graduated from MIT last May."),  # a school the stored status lacks
    ("I'm a student at UCLA.", "I graduated from UCLA years ago."),  # biography
    ("I'm a student at UCLA.", "I graduated in 2015."),  # a year: biography
    ("I'm a student at UCLA.", "I'll graduate in May."),  # a plan
    ("I'm a student at UCLA.", "I hope to graduate next year."),
    ("I'm a student at UCLA.", "Did I graduate last May?"),  # a question
    ("User is a student.", "I finished school today."),  # a school day
    ("User is a student.", "I finished school at 3pm."),
    ("I'm studying for an MSc in Computer Science.", "I finished my PhD last month."),  # another degree
    ("User is a PhD student.", "I finished my MBA."),
    ("User is a PhD student.", "My wife finished her PhD."),
    ("User is a PhD student.", "I finished my PhD in 2010."),
    ("User is pregnant.", "My sister had her baby."),  # someone else's
    ("User is pregnant.", "My sister had the baby last week."),
    ("User is pregnant.", "Our daughter was born."),  # maybe the first child, years ago
    ("User is pregnant.", "Our son was born in 2019."),
    ("User is pregnant.", "We're going to have the baby in May."),  # a plan
    ("User is pregnant.", "My friend gave birth to a baby girl."),
    ("My sister is pregnant.", "We had the baby."),  # the stored status is not the user's
    ("User is pregnant.", "My sister visited. The baby was born last week."),  # whose baby?
    ("User works at Acme.", "My dad retired last month."),  # someone else's
    ("User works at Acme.", "I retired from Globex last month."),  # another employer
    ("User works at Acme.", "I'm retired."),  # retirees work part-time too: no news
    ("User is a retired teacher.", "I retired last month."),  # nothing held now
    ("User works at Acme.", "I retired my old laptop."),  # an object
    ("User works at Acme.", "I retired from competitive chess last year."),
    ("User works at Acme.", "I'm thinking about retiring next year."),
    ("User works at Acme.", "I'm semi-retired now."),
    ("User works at Acme.", "I retired in 2012."),
    ("User is a member at Equinox.", "I retired last month."),  # not a job
    ("User works at Acme.", "I retired from Acme Labs last month."),  # another company
    ("User is pregnant.", "We had the baby shower."),
    ("User is pregnant.", "My wife gave birth last week."),  # the stored pregnancy is the user's
    ("User is a student.", "I graduated last week from bootcamp."),
    ("User is a PhD student.", "I got my PhD at Oxford."),  # a tail not read
    ("User is a student at UCLA.", "I dropped out of the race last month."),
    ("User is a student.", "I dropped out last week."),  # of what?
    ("User is a student at UCLA.", "I dropped out of Stanford last month."),
    ("User is pregnant.", "My sister had a miscarriage last week."),
    ("User is pregnant.", "My wife gave birth last week."),  # the stored pregnancy is the user's own
    ("User's wife is pregnant.", "I gave birth last week."),  # and this one the wife's
    ("User's wife is pregnant.", "My sister gave birth last week."),
    ("User has been a nurse for 20 years.", "I retired from St Mary's last month."),  # a party not stored
    ("User works at Acme.", "I retired last month after 30 years at Globex."),
    ("User is in grad school.", "I graduated from high school last week."),
    ("User is a student.", "I'm a college graduate."),  # a graduate before this course, maybe
    ("User is a student at UCLA.", "I'm now a Stanford graduate."),
    ("User works at Acme.", "I'm retired as of 2015."),
    ("User is a student at UCLA.", "My sister visited. Graduated from UCLA last May."),
    ("User works at Acme.", "Finally retired the old server."),
    ("My wife is expecting.", "Our daughter Lily was born on May 3rd, 2015."),
    ("User is pregnant.", "The baby was born last week. My sister is exhausted."),  # whose baby?
    ("User is a student at UCLA.", "My girlfriend graduated last May."),
    ("User is a student at UCLA.", "We graduated last May."),
    ("User works at Acme.", "Acme retired the old product line last month."),
    ("User works at Acme.", "I'm retired from the army."),
    ("User is enrolled in a PhD program at MIT.", "My wife defended her dissertation last week."),
    ("User is pregnant with twins.", "My sister's twins were born last week."),
]

CATCHES = [
    ("User is a student at UCLA.", "I graduated last May."),
    ("User is studying at UCLA.", "I graduated last May."),
    ("User is studying computer science at UCLA.", "I just graduated from UCLA."),
    ("I'm enrolled at NYU.", "I graduated from NYU in May."),
    ("I am a student.", "I graduated in May."),
    ("User is a student.", "User finished school and works full time now."),
    ("User is a PhD student.", "I finished my PhD."),
    ("I'm studying for an MSc in Computer Science.", "I finished my MSc last month."),
    ("User is a PhD student at MIT.", "I defended my thesis last week."),
    ("User is pregnant.", "We had the baby."),
    ("User is pregnant.", "Our daughter was born last week."),
    ("I'm pregnant.", "The baby was born last week!"),
    ("I'm pregnant.", "I had the baby last week, a girl."),
    ("User is pregnant.", "User gave birth to a baby girl."),
    ("User works at Acme.", "User retired from Acme."),
    ("User works at Acme.", "User is now retired."),
    ("User works as a nurse.", "I retired last month."),
    ("We're expecting a baby.", "We welcomed our daughter on Tuesday. She's perfect."),
    ("User works at Acme Corp.", "I retired from Acme last month."),
    ("User is employed.", "I just retired."),
    ("User is pregnant.", "Our baby arrived yesterday."),
    ("User is a PhD student.", "I passed my viva last week."),
    ("User is doing a PhD in physics.", "I finished my PhD last month."),
    ("User is a student at UCLA.", "I dropped out of UCLA last month."),
    ("User is a student at UCLA.", "I got my degree last month."),
    ("User is pregnant.", "Baby Leo arrived on Monday."),
    ("User is pregnant.", "I had a miscarriage last week."),
    ("User is pregnant.", "The baby came early last week."),
    ("I'm pregnant.", "I'm a mom now! Our son was born Tuesday."),
    ("User works at Acme.", "I retired at the end of March."),
    ("User is a junior at Boston University.", "I graduated from Boston University in May."),
    ("User is in grad school.", "I graduated last week."),
    ("User's wife is pregnant.", "My wife gave birth last week."),
    ("User's wife is pregnant.", "Our son was born on Monday."),
    ("User has worked at Acme for ten years.", "I retired last month."),
    ("User works at Acme.", "I retired from Acme after 30 years."),
    ("User is enrolled in a PhD program at MIT.", "I defended my dissertation last week."),
    ("User is pregnant with twins.", "The twins were born last week."),
    ("User works at Acme.", "User is now a retiree."),
    ("User is a student at UCLA.", "I completed my studies at UCLA last month."),
    ("User is a student.", "I'm a college graduate now."),
    ("User is studying for a master's.", "I got my master's degree last month."),
    ("User works at Acme.", "I'm retired as of last month."),
    ("I'm in my final year at university.", "I graduated last week."),
    ("I'm working towards a degree in biology.", "I graduated last month."),
    ("My wife is expecting.", "Our daughter Lily was born on May 3rd."),
    ("User is pregnant.", "Our baby boy arrived last week."),
    ("We're expecting a baby.", "We welcomed a baby girl last week."),
    ("I work as a teacher.", "I just retired after 35 years of teaching."),
    ("User is a student at UCLA.", "Just graduated from UCLA!"),
    ("User works at Acme.", "Finally retired!"),
]


@pytest.mark.parametrize("existing,incoming", LOOKALIKES)
def test_status_lookalikes_are_left_alone(existing, incoming):
    silent(existing, incoming)
    assert status_event_ended(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", CATCHES)
def test_status_ended_is_caught(existing, incoming):
    caught(existing, incoming)
