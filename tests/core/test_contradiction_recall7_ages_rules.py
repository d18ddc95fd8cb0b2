"""The recall7 ages rules (ages.py): a later age of the same owner ("I am 34" / "I turned 35 today")
and a larger household count ("I have two kids" / "We just had our third child"), each with the
look-alikes written against them: someone else's age, a plan, a hypothetical, a question, a
reported age, a thing's age, a milestone that is not an age, a jump no birthday explains, a tail
the rule does not read, another kind of member, a scope, a count of things done."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.events.ages import age_changed, count_changed
from tests.core.detector_checks import caught, silent

AGE_LOOKALIKES = [
    ("I am 34 years old.", "My sister turned 35."),  # someone else
    ("I am 34 years old.", "He turned 35 last week."),  # a pronoun is not the user
    ("I am 34 years old.", "She just turned 35."),
    ("My daughter is 5.", "My son turned 6."),  # a different child
    ("My daughter is 5.", "My niece just turned 6."),
    ("My daughter is 5.", "I turned 6."),  # the user is not the daughter
    ("I am 34 years old.", "My daughter just turned 35."),
    ("My daughter Lily is 5.", "Emma turned 6 last week."),  # another name
    ("My daughter is 5.", "Lily turned 6 last week."),  # a name the stored memory never gave
    ("Biscuit is four years old.", "Pepper turned five last week."),
    ("My daughter Lily is 5.", "My son Lily turned 6."),  # a name with another kin
    ("I am 34 years old.", "I'll turn 35 next month."),  # a plan
    ("I am 34 years old.", "I turn 35 next month."),
    ("I am 34 years old.", "When I turn 35 I want to travel."),  # a condition
    ("I am 34 years old.", "When I turned 35 I moved to Lisbon."),
    ("I am 34 years old.", "If I turned 35 tomorrow I would retire."),  # hypothetical
    ("I am 34 years old.", "Did I turn 35 this year?"),  # a question
    ("I am 34 years old.", "My mom said I turned 35."),  # reported speech
    ("I am 34 years old.", "I turned 30 in Lisbon."),  # a past birthday (and smaller)
    ("I am 34 years old.", "I turned 35 in Lisbon."),  # a tail not read: may scope a past birthday
    ("I am 34 years old.", "I turned 35 in 2019."),  # a year: history
    ("I am 34 years old.", "I turned 34 today."),  # the same age is no change
    ("I am 34 years old.", "I turned 33 last week."),  # a smaller age is no birthday
    ("I am 34 years old.", "I turned 64 today."),  # decades: not a birthday since
    ("My daughter is 5.", "My daughter turned 15."),
    ("I am 34 years old.", "My car is 5 years old now."),  # a thing's age
    ("My car is 5 years old.", "My car turned 6."),  # things are not the rule's owners
    ("I am 34 years old.", "The company turned 35 this year."),
    ("Our company is 9 years old.", "The company turned 10."),
    ("I am 34 years old.", "We celebrated our 35th anniversary."),  # a milestone that is not an age
    ("I am 34 years old.", "I just ran my 35th marathon."),
    ("I am 34 years old.", "I celebrated my 35th year at Google."),
    ("I am 34 years old.", "I celebrated her 35th birthday."),  # someone else's birthday
    ("My daughter is 5.", "My daughter just turned 6 months."),  # months, not years
    ("My son is 5 months old.", "My son turned 6 months last week."),
    ("I am 34 years old.", "I'm 35 minutes late now."),  # not an age
    ("I am 34 years old.", "I'm not 35 now."),  # negated
    ("I am 34 years old.", "I turned 35 today.\nI am 34 years old in this story."),  # two lines
    ("I am 34 years old. My wife is 36.", "I turned 35 today."),  # a stored memory of two sentences
    ("I am 34 years old.", "# Notes\n- I turned 35 today"),  # a heading and a bullet
    ("The user is 34.", "The user's mom turned 62."),
    ("The user's mom is 61 years old.", "The user turned 62."),
    ("My dog is 3.", "My cat turned 4."),  # another pet
    ("My wife is 36.", "My husband turned 37."),
    ("Tom is 40.", "Tom's son turned 41."),
    ("I am 34 years old.", "I feel 35 now."),
    ("Team is 4.", "Team's 5 now."),  # a bare name's number is not said to be an age
    ("Version is 3.", "Version's 4 now."),
    ("Biscuit is four years old.", "Biscuit Jr turned five."),  # another name
    ("I am 34 years old.", "I turned 35 today and my wife turned 36."),  # two owners: tail not read
    ("My daughter is 5.", "My daughter is 6 now in first grade."),  # an unread tail
    ("I am 34 years old.", "We turned 35."),  # "we" has no one age
    ("I am 34 weeks pregnant.", "I'm 35 now."),  # not an age
    ("My daughter is 5.", "My daughter's friend turned 6."),  # the daughter's friend
]

AGE_CATCHES = [
    ("I am 34 years old.", "I turned 35 today."),
    ("I am 34 years old.", "I just turned 35"),
    ("I am 34 years old.", "I'm 35 now"),
    ("User is 29.", "User just turned 30."),
    ("User's age: 44", "User just celebrated their 45th birthday"),
    ("My age is 40.", "I celebrated my 41st birthday on Saturday."),
    ("My daughter is 5.", "My daughter just turned 6."),
    ("My daughter Lily is 5.", "Lily turned 6 last week."),
    ("Biscuit is four years old.", "Biscuit turned five last week."),
    ("User's son Ethan is 17.", "Ethan's 18 now."),
    ("The user's dog is 7 years old.", "The user's dog turned 8 in March."),
    ("Our cat Miso is 2.", "Miso celebrated her 3rd birthday."),
    ("I'm 27.", "I'm now 28."),
    ("My son is 5.", "My son's 6 now."),
    ("Python is 30 years old.", "Python turned 31 this year."),  # one named thing, its age
]


@pytest.mark.parametrize("existing,incoming", AGE_LOOKALIKES)
def test_age_lookalikes_are_left_alone(existing, incoming):
    silent(existing, incoming)
    assert age_changed(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", AGE_CATCHES)
def test_changed_age_is_caught(existing, incoming):
    caught(existing, incoming)


COUNT_LOOKALIKES = [
    ("I have two kids.", "My sister just had her third child."),  # someone else
    ("I have two kids.", "My sister has three kids now."),
    ("I have two kids.", "They just had their third child."),
    ("User has three kids.", "Tom welcomed his fourth baby."),
    ("I have two kids.", "We just had our second child."),  # the same count
    ("I have two kids.", "We had our third child in 2015."),  # history
    ("I have two kids.", "We plan to have our third child next year."),  # a plan
    ("I have two kids.", "If we had a third child we would move."),  # hypothetical
    ("I have two kids.", "Should we have a third child?"),  # a question
    ("I have two kids.", "We just got our third dog."),  # another kind
    ("I have two cats.", "We adopted a third dog."),
    ("I have two sons.", "We just had our third child."),  # sons are not all the children
    ("I have two kids.", "We have three grandkids now."),  # grandchildren
    ("I have two kids.", "We just had our third grandchild."),
    ("I have 3 monitors at work.", "I have 2 monitors now."),  # a scope, not a household member
    ("I have two kids at home.", "We have three kids now."),  # a scoped stored count
    ("I have two cats.", "We have three cats now at the shelter."),  # an unread tail
    ("I've run 4 marathons.", "I just finished my 5th marathon."),  # a count of things done
    ("I have two kids.", "We have eight kids now."),  # a jump no birth explains
    ("I have two kids.", "We have one kid now."),  # fewer: not this rule
    ("I have two kids.", "We just celebrated our third anniversary."),  # a milestone
    ("I have two cats.", "We have three cat toys now."),  # another thing
    ("I have two kids.", "My neighbour said we had our third child."),  # reported
    ("I have two kids.", "We welcomed our third child, Sam, and his twin."),  # an unread tail
    ("I have two dogs.", "We adopted a third dog for my parents."),  # for someone else
    ("I have two cats.", "We got our third cat back from the vet."),
    ("I have two cats.", "We'll adopt a third cat."),  # a plan
    ("I have two cats.", "We didn't adopt a third cat."),  # negated
    ("I have two kids.", "We have three kids now?"),  # a question
]

COUNT_CATCHES = [
    ("I have two kids.", "We just had our third child."),
    ("We have two cats.", "We have three cats now since we adopted a kitten."),
    ("I have two cats.", "We adopted a third cat"),
    ("User has three kids.", "We welcomed our fourth baby"),
    ("The user has 1 dog.", "The user adopted a second dog last week."),
    ("We have two daughters.", "We now have three daughters now."),
    ("I've got two dogs.", "We just got our third dog."),
]


@pytest.mark.parametrize("existing,incoming", COUNT_LOOKALIKES)
def test_count_lookalikes_are_left_alone(existing, incoming):
    silent(existing, incoming)
    assert count_changed(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", COUNT_CATCHES)
def test_changed_count_is_caught(existing, incoming):
    caught(existing, incoming)


def test_a_tally_is_no_household_count_but_a_count():
    # not this rule's (a count of places been to); the count rule (counts.py) reads the new tally,
    # as corpus_attack16 labels it
    assert count_changed("I've visited 27 countries.", "I'm now at 29 countries visited.") is None
    caught("I've visited 27 countries.", "I'm now at 29 countries visited.")

