"""The twenty-eighth attack on named_end (corpus_attack28_findings.md): a slot switched to a mode or a part,
ending verbs in their physical or one-off sense, states said for a period, a thing moved out of a tool,
another instance sold, a swap for a stand-in, and dated notes of someone else's value. Each shape has the
attacker's pairs and look-alikes written while fixing it (marked "own"), and the true contradictions the
rules must still catch."""

from __future__ import annotations

import pytest

from tests.core.detector_checks import caught, silent

SILENT = [
    # 1. a slot switched to a mode, a setting, a part or a version of the same thing (named_end_guards.same_kind)
    ("My phone is a Pixel 8.", "My phone switched to airplane mode."),
    ("My password manager is Bitwarden.", "My password manager switched to dark mode."),
    ("My laptop is a MacBook Air.", "My laptop was upgraded to 16GB RAM."),
    ("My laptop is a MacBook Air.", "My laptop was upgraded to macOS Sonoma."),
    ("My car is a Honda Civic.", "My car was converted to LPG."),
    ("My keyboard is a Keychron K2.", "My keyboard was switched to Dvorak."),
    ("Our website is on WordPress.", "Our website was switched to HTTPS."),
    ("My gym is Planet Fitness.", "My gym was upgraded to Black Card."),
    ("My phone carrier is Verizon.", "My phone carrier upgraded to 5G."),
    ("My camera is a Sony A7 IV.", "My camera was switched to manual focus."),  # own
    ("My TV is a Samsung Frame.", "My TV switched to night mode."),  # own
    ("My bank is Chase.", "My bank switched to paperless statements."),
    ("My OS is Ubuntu.", "My OS was switched to Dark Mode."),  # own (the slot grammar)
    ("My phone is an iPhone 15.", "My phone switched to Low Power Mode."),  # own
    ("My car is a Honda Civic.", "My car switched to winter tyres."),  # own
    ("My car is a Honda Civic.", "My car was upgraded to a Bose sound system."),  # own
    ("My car is a Honda Civic.", "I upgraded my car to a Bose sound system."),  # own
    ("My laptop is a MacBook Air.", "I upgraded my laptop to a Samsung SSD."),  # own
    # 2. an ending verb in its physical or one-off sense (named_end_guards.momentary_end, quitting)
    ("I use an iPhone 15.", "I dropped my iPhone yesterday."),
    ("I use VS Code.", "I quit VS Code and reopened it."),
    ("I drink coffee.", "I dropped my coffee this morning."),
    ("I do yoga.", "I ditched yoga today."),
    ("I do yoga.", "I ditched yoga yesterday."),
    ("I use a Dyson vacuum.", "I stopped the Dyson."),
    ("I use a Roomba.", "I kicked the Roomba."),
    ("I use a Kindle.", "I dropped the Kindle on the train."),  # own
    ("I use an iPhone.", "I dropped my iPhone in the pool."),  # own
    ("I use Slack.", "I quit Slack this afternoon."),  # own
    ("I use Spotify.", "I quit Spotify and reopened it."),  # own
    ("I go running.", "I ditched running this morning."),  # own
    # 3. a state said for a period (named_end_guards.PERIOD_RE)
    ("I use Twitter.", "I'm off Twitter this week."),
    ("I take Lexapro.", "I'm off Lexapro this week."),
    ("I use Twitter.", "I'm off Twitter over the weekend."),
    ("I'm based in London.", "I'm not based in London this month; I'm working from Lisbon."),
    ("I drink alcohol.", "I'm off alcohol this month."),
    ("I'm in the choir.", "I'm not in the choir this term."),  # own
    ("I use Instagram.", "I'm off Instagram for the summer."),  # own
    ("I go to the gym.", "I ditched the gym this week."),  # own
    # 4. a thing moved out of the tool, not the tool replaced (rephrase._THING_MOVED_RE)
    ("I use Notion.", "I moved the recipes from Notion to Google Docs."),
    ("I use Notion.", "I moved the recipes off Notion to Google Docs."),
    ("I use Dropbox.", "I moved the invoices from Dropbox to Google Drive."),
    ("I use Excel.", "I moved the budget from Excel to YNAB."),
    ("I use Gmail.", "I migrated the newsletters from Gmail to Feedly."),  # own
    ("I use Notion.", "I moved my notes from Notion to Obsidian."),  # own
    # 5. another instance sold or returned (named_end_guards.other_instance)
    ("I have a dog.", "I rehomed a dog this week; I foster for the shelter."),
    ("I have a Kindle.", "I returned the Kindle, the one I got as a spare."),
    ("I have a Kindle Paperwhite.", "I returned the Kindle Paperwhite, the gift one."),
    ("I have a guitar.", "I sold the guitar, the cheap spare one."),
    ("I have a bike.", "I sold a bike at the flea market; I fix them up."),  # own
    # 6. a swap for a stand-in or for the day (named_end_guards.stand_in)
    ("I drive a Honda Civic.", "I swapped the Civic for Dad's Tesla today."),
    ("I use a Pixel 8.", "I replaced my Pixel 8 with a loaner phone yesterday."),
    ("I drive a Honda Civic.", "I replaced the Civic with a rental car this week."),
    ("I use a MacBook Pro.", "I swapped the MacBook Pro for a loaner today."),
    ("I drive a Honda Civic.", "I swapped the Civic for my brother's Golf."),  # own
    ("I drive a Honda Civic.", "I swapped the Civic for a courtesy car."),  # own
    ("I drive a Tesla.", "I swapped the Tesla for the Jeep this weekend."),  # own
    ("I use a Pixel 8.", "I replaced my Pixel 8 with a refurbished one under warranty."),  # own
    ("I use a Pixel 8.", "I replaced my Pixel 8 with a new one."),  # own
    ("Car: Honda Civic", "Car: Tesla (borrowed)"),  # own
    # 7. notes, passives
    ("Allergies: none", "Allergies: shellfish (my son, diagnosed last week)"),
    ("Car: Honda Civic", "Car: Toyota RAV4 (rental this week)"),
    ("Allergies: none", "Allergies: latex (my patient, since today)"),
    ("We use Jenkins.", "Jenkins was shut down this morning."),
    ("We use Grafana.", "Grafana was shut down over the weekend."),
    ("Phone: Pixel 8", "Phone: iPhone 15 (loaner this week)"),  # own
]

CAUGHT = [
    ("UI language: Dutch", "UI language switched to English."),
    ("My plan is Basic.", "My plan was upgraded to Premium."),
    ("My theme is Solarized.", "My theme was switched to Dark Mode."),
    ("My OS is Ubuntu.", "My OS was switched to Fedora."),
    ("My phone is a Pixel 6.", "I upgraded my phone to a Pixel 8."),
    ("The app is built with Create React App.", "The app migrated to Vite."),
    ("I drink coffee.", "I quit coffee."),
    ("I drink coffee.", "I kicked coffee."),
    ("I use Lightroom for editing.", "I switched from Lightroom to Capture One for editing."),
    ("I use an iPhone 15.", "I stopped using my iPhone."),
    ("I'm enrolled in the data science bootcamp at Le Wagon.", "I dropped out of the Le Wagon bootcamp."),
    ("I'm taking Japanese classes twice a week.", "I stopped the Japanese classes."),
    ("User's diet: keto.", "User dropped keto and now follows a Mediterranean diet."),
    ("I use Twitter.", "I'm off Twitter for good."),
    ("I work at Stripe.", "I left Stripe and joined Plaid as of this month."),
    ("The team uses Slack for chat.", "The team replaced Slack with Microsoft Teams this quarter."),
    ("I use Notion.", "I moved everything from Notion to Obsidian."),
    ("I have a parrot.", "I rehomed my parrot."),
    ("I drive a Honda Civic.", "I traded in the Civic for a Toyota RAV4."),
    ("I drive a Tesla.", "I swapped the Tesla for a Jeep."),
    ("Phone: 555-0100", "Phone: 555-0199 (new number)"),
    ("We use Jenkins.", "Jenkins was decommissioned last week."),
]


@pytest.mark.parametrize("existing,incoming", SILENT)
def test_attack28_lookalike_is_left_alone(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", CAUGHT)
def test_attack28_true_contradiction_is_still_caught(existing, incoming):
    caught(existing, incoming)
