"""The habit-quit rule said by its verb or noun (quitting.habit_ended): "I quit smoking", "haven't had
a cigarette in 3 months", "I'm a non-smoker now" against "User smokes cigarettes" / "User is a
smoker"; "I stopped drinking", "I'm sober now" against "User drinks beer", with the look-alikes
written against them: another drink, another thing smoked, someone else's habit, a plan, an
attempt, a temporary break, a relapse, a question, a negation, a year, "sober" without "now"."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.events.quitting import habit_ended
from tests.core.detector_checks import caught, silent

LOOKALIKES = [
    ("User drinks coffee.", "I stopped drinking."),  # "drinking" is alcohol, never coffee
    ("User drinks coffee every morning.", "I'm sober now."),
    ("User drinks tea.", "I've been sober since January."),
    ("User smokes salmon.", "I quit smoking."),  # not tobacco
    ("User smokes brisket on weekends.", "I quit smoking."),
    ("User smokes cigars.", "I haven't had a cigarette in 3 months."),  # another thing smoked
    ("User smokes a pipe.", "I quit cigarettes."),
    ("User vapes.", "I quit smoking."),
    ("User smokes.", "My husband quit smoking."),  # someone else's
    ("User drinks beer.", "My dad stopped drinking."),
    ("User smokes.", "He's a non-smoker now."),
    ("User is a smoker.", "I want to quit smoking."),  # a plan
    ("User is a smoker.", "I'm going to quit smoking next month."),
    ("User is a smoker.", "I'm trying to quit smoking."),  # an attempt
    ("User is a smoker.", "I tried to quit smoking."),
    ("User drinks beer.", "I stopped drinking for Lent."),  # a temporary break
    ("User drinks beer.", "I'm doing Dry January. I stopped drinking."),
    ("User drinks beer.", "I stopped drinking for a month."),
    ("User drinks beer.", "I stopped drinking. It lasted a week."),  # a relapse
    ("User is a smoker.", "I quit smoking. I started again in May."),
    ("User drinks beer.", "I'm sober."),  # not drunk tonight
    ("User drinks beer.", "Had too much last night but I'm sober now."),
    ("User drinks beer.", "I was drunk, now I'm sober now."),
    ("User is a smoker.", "Did I quit smoking?"),  # a question
    ("User is a smoker.", "I didn't quit smoking."),  # a negation
    ("User is a smoker.", "I never quit smoking."),
    ("User smokes cigarettes.", "I quit smoking in 2012."),  # a year: biography
    ("User smokes cigarettes.", "I quit smoking 10 years ago."),
    ("User smokes cigarettes.", "I haven't had a cigarette in 3 days."),  # a few days is a cold
    ("User smokes cigarettes.", "If I quit smoking I'd save money."),  # hypothetical
    ("User smokes cigarettes.", "My doctor said I quit smoking."),  # a report
    ("User drinks beer.", "I stopped drinking soda."),  # another drink named
    ("User drinks wine with dinner.", "I stopped drinking coffee."),
    ("User drinks beer.", "I stopped drinking at 10pm last night."),
    ("User doesn't drink alcohol.", "I'm sober now."),  # nothing stored to end
    ("User drinks wine every day.", "I'm pregnant. I stopped drinking."),  # a temporary reason
    ("User smokes cigarettes.", "I quit smoking weed."),
    ("User smokes cigarettes.", "I quit smoking cigars."),
    ("User smokes weed.", "I quit smoking."),
    ("User drinks beer.", "I quit drinking soda."),
    ("User drinks beer.", "I gave up alcohol for Lent."),
    ("User drinks beer.", "I haven't had a drink in a week."),
    ("User smokes.", "My dad is an ex-smoker."),
    ("User smokes.", "The office is smoke-free now."),
    ("User drinks beer.", "I cut out sugar."),
    ("User smokes.", "I kicked the ball."),
    ("User has a beer.", "I quit drinking."),  # a beer had, not a habit
    ("User enjoys craft beer.", "I quit drinking."),  # a taste
    ("User smokes.", "My sister visited. Quit smoking two months ago."),  # whose?
    ("User drinks wine.", "I haven't touched my guitar since January."),
    ("User is a smoker.", "I quit smoking. It didn't last."),  # a relapse in the chatter
    ("User is a smoker.", "I quit smoking. I'll start again."),
    ("User is a smoker.", "I quit smoking. I'd been trying for years."),
    # the grammar read the first sentence alone before situation.is_afterthought knew an undoing
    ("User smokes.", "I quit smoking. Then I started again a week later."),
    ("User smokes.", "I quit smoking. It didn't last."),
    ("User smokes.", "I quit smoking. I relapsed in May."),
    ("User smokes.", "I quit smoking. I'm back on cigarettes."),
    ("User smokes.", "It's been 3 days since my last cigarette."),  # days: a cold, a flight
    ("User smokes.", "It's been 3 months since my last cigar."),
    ("User drinks coffee.", "It's been six months since my last drink."),
]

CATCHES = [
    ("User smokes cigarettes.", "I quit smoking."),
    ("User is a smoker.", "I quit smoking."),
    ("User smokes.", "I haven't had a cigarette in 3 months."),
    ("User smokes.", "I'm a non-smoker now."),
    ("User is a smoker.", "User is a non-smoker now."),
    ("I smoke about half a pack a day.", "I quit smoking two months ago."),
    ("I smoke about ten cigarettes a day.", "I quit smoking three months ago."),
    ("User drinks beer.", "I stopped drinking."),
    ("User drinks beer.", "I'm sober now."),
    ("User drinks alcohol socially.", "User has stopped drinking entirely."),
    ("I drink a couple of beers most nights.", "I've been sober since January."),
    ("I drink alcohol on weekends.", "I've been completely sober since January."),
    ("The user smokes.", "The user quit smoking and doesn't smoke anymore."),
    ("User is a social drinker.", "I haven't had a drink in six months. Feeling great."),
    ("User drinks beer.", "I'm teetotal."),
    ("User drinks beer.", "I'm 3 months sober."),
    ("User smokes.", "I'm an ex-smoker."),
    ("User smokes.", "I've been smoke-free for 6 months."),
    ("User drinks beer.", "I no longer drink alcohol."),
    ("User smokes.", "I finally kicked the smoking habit."),
    ("User drinks beer.", "I cut out alcohol."),
    ("User likes to drink beer on weekends.", "I stopped drinking."),
    ("User drinks wine.", "I've been alcohol-free for a year."),
    ("User drinks wine.", "It's been six months since my last drink."),
    ("User smokes.", "It's been 3 months since my last cigarette."),
    ("I've been smoking for 10 years.", "I quit smoking last month."),
    ("I enjoy a few beers on weekends.", "I quit drinking."),
    ("User has a glass of wine with dinner.", "I've been sober since January."),
    ("I drink wine.", "I haven't touched alcohol since New Year's."),
    ("User smokes.", "Quit smoking two months ago."),
]


@pytest.mark.parametrize("existing,incoming", LOOKALIKES)
def test_habit_lookalikes_are_left_alone(existing, incoming):
    silent(existing, incoming)
    assert habit_ended(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", CATCHES)
def test_habit_quit_is_caught(existing, incoming):
    caught(existing, incoming)
