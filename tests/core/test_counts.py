"""`counts`: a stored count or progress of the user's said anew ("Three kids now.", "down to 2",
"scaled prod to 5 nodes", "on module 7 now", "upped it to 5 days a week"), and its look-alikes:
another person's count, another kind, a part, a single week, a goal, a plan, a range, an age, a
temporary count."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.compare import detect_contradiction
from festinger.core.contradiction.recall_verdicts import by_count_update
from festinger.core.contradiction.updates.counts import count_update

CAUGHT = [
    ("User has two children.", "We had our third baby in May! Three kids now.", "3"),
    ("User has 2 cats.", "adopted another cat from the shelter so were at 3 now lol", "3"),
    ("The user works with 3 freelance clients.", "Dropped one client, down to 2.", "2"),
    ("Course progress: module 3 of 10", "On module 7 now.", "7"),
    ("Prod runs on 3 m5.large instances.", "Scaled prod to 5 m5.xlarge nodes.", "5"),
    ("User runs 3 times a week.", "upped it to runing 5 days a week for marathon training", "5"),
    ("User's Goodreads goal: 30 books this year",
     "Being realistic this year: lowered my Goodreads goal to 20 books.", "20"),
    ("I have two cats.", "We have three cats now; we adopted another one.", "3"),
    ("We have three dogs.", "We rehomed one of our dogs, so it's just two now.", "2"),
    ("I have 2 roommates.", "One roommate moved out; I'm down to one.", "1"),
    ("I've been to 23 countries.", "I've now visited 25 countries.", "25"),
    ("We have two cats.", "We're a three-cat household now.", "3"),
    ("My team has 6 engineers.", "My team is down to 4 engineers after layoffs.", "4"),
    ("User is on chapter 4 of Dune.", "On chapter 9 now.", "9"),
    ("User swims twice a week.", "Swimming 3 times a week now.", "3"),
    ("User has one cat.", "User has two cats.", "2"),  # the memorizer's fact restated
    ("I have two kids.", "We just had twins!", "4"),
    ("I have three kids.", "Baby number four arrived yesterday!", "4"),
    ("I have two kids.", "I'm a mother of three now.", "3"),
    ("The user works with 3 freelance clients.", "The user is now down to 2 clients.", "2"),  # the memorizer's voice
    ("User's Goodreads goal: 30 books this year", "The user's Goodreads goal is now 20 books.", "20"),
    ("Course progress: module 3 of 10", "The user is now on module 7.", "7"),
]

LOOKALIKES = [
    ("User has two children.", "Her kids: three now."),  # another person's count
    ("User has two children.", "My sister had her third baby! Three kids now."),
    ("User has 2 cats.", "We have 3 dogs now."),  # another kind
    ("The user works with 3 freelance clients.", "3 clients in Berlin now."),  # a narrower count
    ("The user works with 3 freelance clients.", "Two of my clients are in Berlin."),  # a part
    ("The user works with 3 freelance clients.", "I have 4 clients now."),  # wider: may be beside the freelance ones
    ("The user works with 3 freelance clients.", "We're down to 2 clients now."),  # "we" may be the agency
    ("User runs 3 times a week.", "Ran 5 times this week!"),  # one week, not the usual week
    ("User runs 3 times a week.", "Upped my lifting to 4 times a week."),  # another activity
    ("User's Goodreads goal: 30 books this year", "Read 12 books so far."),  # an actual against a goal
    ("User's Goodreads goal: 30 books this year", "Lowered my StoryGraph goal to 20 books."),
    ("User has two children.", "I want 4 kids."),  # a wish
    ("User has 2 cats.", "Might get a third cat."),  # a plan
    ("User has 2 cats.", "Are we at 3 cats now?"),  # a question
    ("User has 2 cats.", "We're at 2-3 cats depending on fostering."),  # a range
    ("User has two children.", "Three now!"),  # an age, or of what is not said
    ("User has two children.", "We moved to the third floor."),  # an ordinal that is no count
    ("Prod runs on 3 m5.large instances.", "Scaled prod to 5 for the sale, back to 3 after."),  # temporary
    ("Prod runs on 3 m5.large instances.", "Scaled staging to 5 nodes."),  # another key
    ("The user works with 3 freelance clients.", "Down to $2k a month from clients."),  # money
    ("User has 2 cats.", "I feed 3 cats now (the strays too)."),  # another count of cats
    ("Course progress: module 3 of 10", "On module 7 of the Python course now."),  # another course
    ("Course progress: module 3 of 10", "Back on module 2 now for a refresher."),
    ("I have 2 monitors on my desk.", "3 monitors now."),  # wider than "on my desk", and more
    ("User has 2 cats.", "Sister's household:\n- 3 cats now\n- 2 dogs"),  # a heading scopes the lines
    ("User has a meeting.", "Got another meeting."),  # a thing of now, not a count kept
    ("The user has a dog.", "The user has three dogs."),  # "has a dog" still holds
    ("User has a deadline.", "3 deadlines now."),
    ("I have two kids.", "We had twins."),  # the two may be the twins
    ("I have two kids.", "We have eight kids now."),  # a jump no birth explains
    ("I have two kids.", "We have one kid now."),  # one left home, not gone
    ("I have two kids.", "My wife is a mother of three now."),
    ("User has 2 cats.", "The user's sister now has 3 cats."),
    ("User has 2 cats.", "The user now feeds 3 cats."),
    ("The user works with 3 freelance clients.", "The user's team is now down to 2 clients."),
]


@pytest.mark.parametrize("existing,incoming,now", CAUGHT)
def test_a_new_count_of_the_stored_kind_supersedes_it(existing, incoming, now):
    found = count_update(existing, incoming)
    assert found is not None and found[2] == now
    assert detect_contradiction(existing, incoming) is not None


@pytest.mark.parametrize("existing,incoming", LOOKALIKES)
def test_lookalikes_of_a_count_update_are_left_alone(existing, incoming):
    assert by_count_update(existing, incoming) is None
    assert detect_contradiction(existing, incoming) is None


def test_same_count_said_again_is_no_change():
    assert count_update("User has 2 cats.", "We're at 2 cats now.") is None
    assert count_update("Course progress: module 3 of 10", "On module 3 now.") is None


def test_counts_that_do_not_add_up_are_not_read():
    assert count_update("User has 2 cats.", "Adopted another cat, 4 now.") is None
    assert count_update("The user works with 3 freelance clients.", "Dropped one client, up to 4.") is None


def test_huge_or_odd_input_is_refused():
    assert count_update("User has 2 cats.", "3 cats now. " * 200) is None
    assert count_update("", "3 cats now.") is None
    assert detect_contradiction("User has 2 cats.", "\x00" * 50) is None
