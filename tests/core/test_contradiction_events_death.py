"""The passed-away event rule (events.py): "Biscuit passed away last week", "we had to put Biscuit
down", "our cat Miso died" end the user's stored pet (or a relative's living with the user), with
the look-alikes written against them: another person's pet, another name, another kind, a name the
stored memory never gave, a plan or fear, a story, a question, a negation, a date that may predate
the stored pet, a thing that "died", "put down" that is not the vet's, a retraction in the chatter."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.events.events import life_event_ended
from tests.core.detector_checks import caught, silent

LOOKALIKES = [
    ("User has a dog named Biscuit.", "My sister's dog Biscuit passed away."),  # someone else's pet
    ("User has a dog named Biscuit.", "Her dog Biscuit died last week."),
    ("User has a dog named Biscuit.", "My neighbour's cat died."),
    ("I have a dog named Biscuit.", "My sister called. Biscuit passed away on Sunday."),  # a name after someone else
    ("User has a dog named Biscuit.", "Max passed away last week."),  # another name
    ("User has a dog named Max.", "Our dog passed away."),  # unnamed: the user may have two dogs
    ("User has a dog named Biscuit.", "Our cat Biscuit died."),  # another kind
    ("User has a dog.", "Our cat passed away."),
    ("User has a dog.", "Rex passed away last month."),  # a bare name never met
    ("We have two dogs.", "Our dog Rex passed away last month."),  # one of two
    ("User has a dog named Biscuit.", "I'm afraid Biscuit will die soon."),  # a fear, a plan
    ("User has a dog named Biscuit.", "Biscuit is dying."),
    ("User has a dog named Biscuit.", "Biscuit almost died last week."),
    ("User has a dog named Biscuit.", "Biscuit didn't die."),  # a negation
    ("User has a dog named Biscuit.", "Did Biscuit die?"),  # a question
    ("User has a dog named Biscuit.", "Biscuit died in the game."),  # a scope
    ("User has a dog named Biscuit.", "In my novel, Biscuit passed away."),
    ("User has a dog named Biscuit.", "Biscuit died in my dream last night."),
    ("User has a dog named Biscuit.", "Biscuit passed away in 2015."),  # a year: maybe another Biscuit
    ("User has a dog named Biscuit.", "Biscuit passed away years ago."),
    ("User has a dog named Biscuit.", "My first dog Biscuit died when I was a kid."),
    ("User has a dog named Biscuit.", "I put Biscuit down on the sofa."),  # not the vet's
    ("User has a dog named Biscuit.", "I put Biscuit to sleep."),
    ("User has a dog named Biscuit.", "Biscuit passed the obedience test."),
    ("User has a dog named Biscuit.", "Biscuit passed away. Just kidding, he's fine."),  # a retraction
    ("User has a dog named Biscuit.", "The vet said Biscuit might die."),
    ("User has an old dog named Biscuit.", "Biscuit passed away last week."),  # an old one: read narrow
    ("My sister has a dog named Biscuit.", "Biscuit passed away last week."),  # not the user's stored pet
    ("User's mother is named Rose.", "Rose passed away in March."),  # a name stays true after death
    ("My grandmother lives with us.", "My grandmother passed away in March."),  # which grandmother?
    ("I have a MacBook named Biscuit.", "Biscuit died."),  # not a pet
    ("I have a MacBook Air.", "My MacBook Air died."),
    ("User has a dog.", "Our dog died last year."),  # unnamed and long ago: the stored dog may be the next
    ("User has a dog.", "My phone died yesterday."),
    ("User has a cat named Miso.", "Miso died. He was my first cat."),
    ("User has a dog named Rex.", "Rex died on me."),
    ("User has a dog named Rex.", "Rex died laughing."),
    ("User's dog is Rex.", "User's dog Rex is dying."),
    ("My grandfather Joe lives with us.", "We had to put Joe down."),
    ("User has a dog named Biscuit.", "Story idea: Biscuit passed away last week."),
    ("User has a cat named Miso.", "Miso, my sister's cat, died."),
    ("User has a cat named Miso.", "Miso is no longer with us in the office."),
    ("Max is my dog.", "Max Verstappen passed away."),
    ("User has a dog named Max.", "We had to euthanize the plants."),
    ("User has a dog named Max.", "Max passed on the ball."),
    ("My cat Luna is 12 years old.", "Max passed away last week."),
    ("My sister's cat Luna is 12 years old.", "Luna passed away last week."),
    ("My sister cat Luna is 12 years old.", "Luna passed away last week."),
    ("User has a dog.", "Our dog died yesterday. Max is coping."),  # which dog?
    ("User has a dog named Rex.", "Rex put down the ball."),
    ("User has a dog named Max.", "We lost Max at the park."),  # lost, not dead
    ("User has a dog named Max.", "We lost Max."),
    ("User has a dog named Max.", "RIP Max Verstappen's lead."),
    ("User has a dog named Biscuit.", "Biscuit nearly died yesterday."),
    ("User has a dog named Biscuit.", "Our old dog Biscuit died before we got the puppy."),
]

CATCHES = [
    ("User has a dog named Biscuit.", "Biscuit passed away last week."),
    ("User has a dog named Biscuit.", "We had to put Biscuit down."),
    ("User's cat is Miso.", "Our cat Miso died."),
    ("I have a cat named Miso.", "Miso passed away last week."),
    ("User has a cat named Luna.", "User's cat Luna passed away last week."),
    ("User has a dog.", "User's dog passed away."),
    ("We have one dog.", "Our dog Rex passed away last month."),
    ("My grandmother Rose lives with us.", "Rose passed away in March."),
    ("My dog's name is Biscuit.", "We've had to put Biscuit down."),
    ("I have a golden retriever named Biscuit.", "Sad news. Biscuit died peacefully yesterday."),
    ("User has a dog named Biscuit.", "Sad news: Biscuit passed away last week."),
    ("User has a cat named Miso.", "Miso has died."),
    ("My grandfather Joe lives with us.", "Joe died last month."),
    ("User has a cat named Miso.", "Miso, our cat, died yesterday."),
    ("User has a cat named Miso.", "Miso is no longer with us."),
    ("User has a cat named Miso.", "Miso died of old age."),
    ("User's dog is a beagle named Max.", "Max passed away."),
    ("Max is my dog.", "Max passed away."),
    ("User has a dog (Max).", "Max passed away last week."),
    ("User has a 3-year-old golden retriever named Max.", "Max passed away yesterday."),
    ("User has a dog named Max.", "We had to euthanize Max."),
    ("User has a dog named Max.", "Max passed on."),
    ("My cat Luna is 12 years old.", "Luna passed away last week."),
    ("Our dog Max loves the beach.", "Max died yesterday."),
    ("User has a dog named Rex.", "Rex was put down."),
    ("User has a dog named Rex.", "Rex had to be put to sleep last week."),
    ("User adopted a cat named Miso last month.", "Miso died yesterday."),
    ("User has a dog named Max.", "We lost Max to cancer last month."),
    ("User has a dog named Max.", "RIP Max."),
]


@pytest.mark.parametrize("existing,incoming", LOOKALIKES)
def test_death_lookalikes_are_left_alone(existing, incoming):
    silent(existing, incoming)
    assert life_event_ended(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", CATCHES)
def test_death_is_caught(existing, incoming):
    caught(existing, incoming)
