"""role_holders: the person (or firm) in one of the user's roles changed ("User's GP is Dr. Patel." /
"Dr. Patel retired, I see Dr. Kim now."), and the look-alikes where the stored holder still holds."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.updates.role_holders import role_holder_changed, stored_holding
from tests.core.detector_checks import caught, silent

CAUGHT = [
    # the holder leaves, and/or another is named for the role
    ("User's GP is Dr. Patel.", "Dr. Patel retired, I see Dr. Kim now."),
    ("My GP is Lena.", "Lena retired, so my GP is Marcus now."),
    ("The user's personal trainer is Jake.", "Jake left the gym; my trainer is Sofia now."),
    ("The cleaner's name is Rosa.", "Rosa retired. Our new cleaner is Fatima."),
    ("User's landlord is Mr. Hughes.", "The building got sold. Our landlord is a company called Northgate Lettings now."),
    ("Dentist: Smile Studio on King St", "Switched dentists, I go to Dr. Osei in Hove now."),
    ("Release manager: Omar", "Omar handed release management over to Priya."),
    ("I'm managed by Jordan Blake.", "Turns out my manager on paper is Chris Tate, not Jordan. Jordan is just my project lead."),
    ("The user reports to the VP of Sales, Carla Nunes.", "After the reorg the user reports directly to the CEO."),
    ("My therapist is Dana.", "Dana moved to Canada, so I see Priya now."),
    ("My trainer is Jake.", "Sofia is my new trainer."),
    ("Our cleaner is Rosa.", "Rosa retired."),
    ("My dentist is Dr. Osei.", "Dr. Osei is no longer my dentist."),
    ("The user's doctor is Dr. Patel.", "Dr. Kim replaced Dr. Patel as my doctor."),
    ("My mentor is Ana Ruiz.", "Ana Ruiz handed me over to Kevin O'Brien."),
    ("User's GP: Dr. Patel", "New GP: Dr. Kim. Dr. Patel retired."),
    ("My line manager is Sarah.", "My manager is Ben now."),
    ("My trainer is Jake.", "I don't train with Jake anymore."),
    ("My manager is Lena.", "Marcus is my manager now that Lena left."),
    ("My manager is Lena.", "Lena's gone, Marcus manages me now."),
    ("Cleaner: Rosa (Tuesdays)", "Rosa retired. Fatima cleans for us now."),
    ("My vet is Dr. Singh.", "Dr. Singh has retired; we take Bruno to Dr. Brown now."),
    ("GP: Dr. Patel at Riverside Surgery", "Registered with a new GP, Dr. Kim at Elm Practice."),
    # duties
    ("Marc handles the laundry.", "I've taken over the laundry from Marc."),
    ("Soccer carpool: I drive on Mondays.", "Carpool swap: I'm on Tuesdays now, Jen took over Mondays."),
    ("Marc handles the laundry.", "Laundry is my job now."),
    ("I handle the school run.", "Marc took over the school run."),
]

SILENT = [
    # another person's role, someone else leaving, a namesake
    ("My GP is Dr. Patel.", "My wife's GP is Dr. Kim now."),
    ("My manager is Lena.", "Jen's manager is Marcus now."),
    ("My tutor is Ben.", "Ben left, so my daughter's tutor is Ana now."),
    ("User's GP is Dr. Patel.", "Dr. Patel's nurse left."),
    ("My GP is Dr. Patel.", "Mrs. Patel retired last month."),
    ("My GP is Dr. Anita Patel.", "Raj Patel retired."),
    ("My GP is Dr. Patel.", "My dad's old GP, Dr. Patel, retired."),
    # stand-ins, additions, other roles
    ("User's GP is Dr. Patel.", "Dr. Kim is covering while Dr. Patel is on leave."),
    ("My manager is Lena.", "Marcus is my interim manager."),
    ("User's GP is Dr. Patel.", "I also see Dr. Kim for my knee."),
    ("My GP is Dr. Patel.", "Dr. Kim is my dermatologist now."),
    ("Release manager: Omar", "My manager is Priya now."),
    ("My piano teacher is Mrs. Lee.", "My teacher is Mr. Cho now."),
    ("My doctor is Dr. Patel.", "Patel retired, so my dentist is now Dr. Kim."),
    # plans, questions, reports, denials, past, retractions, stories
    ("User's GP is Dr. Patel.", "Dr. Patel retires next year."),
    ("My manager is Lena.", "If Lena leaves, I'll report to Marcus."),
    ("User's GP is Dr. Patel.", "Did Dr. Patel retire?"),
    ("My manager is Lena.", "I heard Lena left the company."),
    ("Our cleaner is Rosa.", "Rosa hasn't retired yet."),
    ("My GP is Dr. Patel.", "Dr. Patel doesn't work Fridays anymore."),
    ("My coach is Dave.", "My previous coach was Pete."),
    ("User's manager is Sarah.", "My manager is now Tom. Untrue."),
    ("User's manager is Sarah.", "My manager is now Tom. The reorg got cancelled."),
    ("My GP is Dr. Patel.", "In my story, Dr. Patel retired and the hero sees Dr. Kim now."),
    ("My trainer is Jake.", "Jake was replaced by a robot in my dream."),
    # scopes and labels, multi-holder roles, the same person
    ("My manager is Anna.", "Side gig update: my manager is Priya now."),
    ("My manager is Anna.", "At my weekend job, my manager is Priya now."),
    ("My friend is Tom.", "Tom moved away, my friend is Sam now."),
    ("One of my doctors is Dr. Patel.", "Dr. Patel retired, I see Dr. Kim now."),
    ("The user's team lead is Mark.", "The user's team lead is now Mark Evans."),
    ("Our cleaner is Rosa.", "Our new cleaner is Rosa."),
    ("My trainer is Jake.", "Jake left the gym."),
    ("My mentor is Ana Ruiz.", "Ana Ruiz retired."),
    ("My landlord is Mr. Hughes.", "Mr. Hughes retired."),
    ("My GP is Dr. Patel.", "I see Dr. Kim now."),
    # duties
    ("Marc handles the laundry.", "Marc retired."),
    ("I walk the dog on Mondays.", "Jen took over Mondays."),
    ("Soccer carpool: I drive on Mondays.", "Swim carpool: Jen took over Mondays."),
    ("Marc handles the laundry.", "The laundry is Marc's job now."),
    ("The user's dog walker is Sam.", "Sam stopped charging for us."),
]


@pytest.mark.parametrize("existing,incoming", CAUGHT)
def test_a_new_holder_of_the_users_role_is_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", SILENT)
def test_the_stored_holder_still_holds(existing: str, incoming: str) -> None:
    silent(existing, incoming)
    assert role_holder_changed(existing, incoming) is None


def test_titles_are_how_a_person_is_addressed_not_their_name() -> None:
    held = stored_holding("User's GP is Dr. Patel.")
    assert held is not None and held.names == frozenset({"patel"}) and held.title == "dr"
    assert role_holder_changed("User's GP is Dr. Patel.", "Dr. Kim retired.") is None


@pytest.mark.parametrize("existing", ["My son's tutor is Ben.", "My trainer is great.", "My friend is Tom.",
                                      "The manager is Lena.", "My trainer and coach is Jake."])
def test_only_the_users_own_single_holder_role_is_read(existing: str) -> None:
    assert stored_holding(existing) is None
