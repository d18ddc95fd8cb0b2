"""`schedule_change`: a recurring thing's time (clock, day, part of day) or a dated trip's time said anew
with a change ("Standup moved to 10:15", "pickup is 5:30 now", "book club's now last thursday of the
month", "swapped the train for the 11:00"), and the look-alikes that must leave the stored memory standing."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.compare import detect_contradiction
from festinger.core.contradiction.updates.schedule_change import by_schedule_change

CAUGHT = [
    ("Team standup is at 9:30 every day", "Standup moved to 10:15."),
    ("I pick the kids up at 3:15", "Pickup is 5:30 now."),
    ("User's sprint planning: every other Monday.", "Sprint planning was switched to every other Wednesday."),
    ("I usually wake up at 6.", "I wake up at 7:30 now."),
    ("I usually wake up at 6.", "I've been waking up at 7:30 since I started the new job."),
    ("I go to the gym in the mornings", "I go to the gym in the evenings now."),
    ("Yoga class is on Tuesdays.", "Yoga class moved to Thursdays."),
    ("Standup is at 9:30", "standup moved from 9:30 to 10"),
    ("Book club meets the first Tuesday of each month", "book club's now last thursday of the month"),
    ("Team standup is at 9:30 every day", "standup moved to 10:15, so happy"),
    ("I usually wake up at 6.", "I wake up at 7:30 now, feeling great"),
]
# Left unread since the merge with `asides` (a clause around the news must be an aside it knows):
# "after-school club now so pickup is 5:30", "..., tuesdays didn't work for people", "swapped the train
# for the 11:00, couldn't face 7am", "Leo's school changed its hours, pickup is 3:40 now."

LEFT_STANDING = [
    # chat around the news that takes it back, doubts it or gives it to someone else (attack53's tails,
    # which the first version read past: only an aside asides.harmless_aside knows may stand beside it)
    ("Thesis due 30 April", "thesis now due 31 May, apparently"),
    ("Thesis due 30 April", "not confirmed yet, thesis now due 31 May"),
    ("Thesis due 30 April", "thesis now due 31 May - my flatmate's"),
    ("Assignment due 2 Dec", "assignment now due 9 Dec, 2 Dec for the outline"),
    ("Team standup is at 9:30 every day", "standup moved to 10:15, apparently"),
    ("I go to the gym in the mornings", "I also go to the gym on Sundays now"),
    ("Team standup is at 9:30 every day", "standup is at 9:30, retro moved to 10:15"),
    ("Team standup is at 9:30 every day", "the Friday standup is at 10 now"),
    ("Team standup is at 9:30 every day", "standup moved to 10:15 today only"),
    ("I pick the kids up at 3:15", "this week's pickup is at 5 now"),
    ("I usually wake up at 6.", "my wife wakes up at 7 now"),
    ("Team standup is at 9:30 every day", "thinking of moving standup to 10"),
    ("Team standup is at 9:30 every day", "should we move standup to 10:15?"),
    ("Team standup is at 9:30 every day", "in summer standup moves to 8:30"),
    ("Team standup is at 9:30 every day", "standup is 9:30 my time, that's 4:30 for them now"),
    ("Team standup is at 9:30 every day", "standup is 15 minutes now"),
    ("Team standup is at 9:30 every day", "Leads: standup moved to 10:15"),
    ("Team standup is at 9:30 every day", "at my old job standup was at 10:15"),
    ("Team standup is at 9:30 every day", "the leads standup moved to 10:15"),
    ("Yoga class is on Tuesdays.", "Yoga class was moved to Thursday."),
    ("I go to the gym on Mondays.", "I go to the gym on Wednesdays now."),
    ("The kids' bedtime is 8pm.", "The kids' bedtime is now 9pm."),
    ("The standup is at 9am.", "standup moved to 10am lol jk"),
    ("Team sync: Mondays 2pm", "team sync is now wednesdays at 11 and fridays at 4"),
    ("I have a call at 3pm.", "The call moved to 4pm."),
    ("Book club meets on the first Thursday of the month.", "Book club meets on Thursdays now."),
    ("The meeting is on Tuesday.", "The meeting was moved from Wednesday to Friday."),
    ("**Weekdays:** wake at 6am", "**Weekends:** wake now at 8am"),
]


@pytest.mark.parametrize("existing,incoming", CAUGHT)
def test_a_new_time_of_the_same_routine_is_caught(existing, incoming):
    assert by_schedule_change(existing, incoming) is not None
    assert detect_contradiction(existing, incoming) is not None


@pytest.mark.parametrize("existing,incoming", LEFT_STANDING)
def test_look_alikes_leave_the_memory_standing(existing, incoming):
    assert by_schedule_change(existing, incoming) is None
    assert detect_contradiction(existing, incoming) is None


def test_never_raises_and_refuses_long_text():
    for existing, incoming in (("", ""), ("Standup is at 9:30", "standup moved to 99:99 now"),
                               ("Standup is at 9:30", "standup moved to 10 now " + "and " * 3000),
                               ("Standup at " + "9 " * 5000, "standup is at 10 now")):
        assert by_schedule_change(existing, incoming) is None
