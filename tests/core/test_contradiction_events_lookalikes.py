"""Look-alikes of the life-event rules (events, event_statuses, quitting.habit_ended) written at the
end of the eighth session from their description, as a last check before it stopped: a pet of a
name that is not the user's, a phone or a game character that "died", a fight "broken up", a bill
"split up", a bank "divorced", smoking meat, a non-smoking room, a sister's baby, a bootcamp
graduated while still a student, a server "retired", another person's retirement or divorce."""

from __future__ import annotations

import pytest

from tests.core.detector_checks import silent

LOOKALIKES = [
("I have a dog named Biscuit.", "My neighbour's dog Biscuit passed away."),
("I have a dog named Biscuit.", "Biscuit the goldfish died yesterday."),
("I have a dog named Biscuit.", "My phone Biscuit died last night."),
("I have a dog named Biscuit.", "Biscuit died in the game last night."),
("I have a dog named Biscuit.", "Biscuit nearly died last week but the vet saved him."),
("I have a dog named Biscuit.", "Biscuit almost passed away last week."),
("I have a dog named Biscuit.", "We had to put Biscuit on a diet last week."),
("I have a dog named Biscuit.", "Biscuit died laughing at the cat last week."),
("I have a dog named Biscuit.", "Biscuit's brother passed away last week."),
("I have a dog named Biscuit.", "Biscuit's mom died last week."),
("I'm married to Chris.", "Chris and I renewed our vows last week."),
("I'm married to Chris.", "Chris and I broke up a fight at the bar last week."),
("I'm married to Chris.", "Chris and I got separated at the airport last week."),
("I'm married to Chris.", "Chris and I split up the bill last night."),
("I'm married to Chris.", "Chris divorced his first wife last year."),
("I'm married to Chris.", "Chris's parents got divorced last month."),
("I'm married to Chris.", "I divorced my bank last week."),
("I'm married to Chris.", "We broke up with our old landlord last month."),
("I'm married to Chris.", "My sister and Chris broke up last week."),
("I'm married to Chris.", "Chris and I almost broke up last month."),
("I'm married to Chris.", "Chris and I are taking a break from social media."),
("User is dating Sam.", "Sam and I broke up last week. We got back together on Sunday."),
("User is dating Sam.", "Sam and I broke up last week for like an hour."),
("User smokes.", "I quit smoking meat last month."),
("User smokes.", "I quit smoking menthols and switched to regular cigarettes."),
("User smokes.", "I booked a non-smoking room last week."),
("User smokes.", "I'm a non-smoker at work."),
("User smokes.", "My husband quit smoking last month."),
("User smokes.", "I quit smoking for Lent."),
("User drinks beer.", "I quit drinking soda last month."),
("User drinks beer.", "I'm sober tonight, driving."),
("User drinks beer.", "I stopped drinking coffee last month."),
("User drinks beer.", "I quit drinking on weekdays."),
("User is pregnant.", "My sister had the baby last week."),
("User is pregnant.", "We had the baby shower last week."),
("User is pregnant.", "Our friends' daughter was born last week."),
("User is pregnant.", "The baby was born last week. My sister is exhausted."),
("User is pregnant.", "Our cat had kittens last week."),
("User is a student at UCLA.", "I graduated from the bootcamp last month."),
("User is a student at UCLA.", "I graduated from the beginner class at the climbing gym."),
("User is a student at UCLA.", "My brother graduated from UCLA last week."),
("User is a student at UCLA.", "I graduated from high school last year and started at UCLA."),
("User is a PhD student.", "I finished my masters last month."),
("User works at Acme.", "We retired the old server last month."),
("User works at Acme.", "I retired my old laptop last week."),
("User works at Acme.", "My dad retired last month."),
("User works at Acme.", "I retired from competitive chess last month."),
("User works as a nurse.", "I retired from the army last year."),
("User works as a nurse.", "I retired from the Navy last month."),
("I'm married to Alex.", "My first husband and I divorced last year."),
("User's mother is Linda.", "Linda from accounting passed away last week."),
("My grandmother Rose lives with us.", "Rose from next door passed away last week."),
("User has a cat named Luna.", "Luna the cat from my childhood died last week."),
("User has a cat named Luna.", "We lost Luna last week. Found her under the porch."),
("User has two dogs, Max and Rex.", "Our dog passed away last week."),
]


@pytest.mark.parametrize("existing,incoming", LOOKALIKES)
def test_life_event_lookalikes_deprecate_nothing(existing, incoming):
    silent(existing, incoming)
