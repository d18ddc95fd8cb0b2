"""slot_switch: everyday updates that name the user's slot and its new value ("Switched my laptop to a
MacBook Air", "My new laptop is ...", "Got a new phone: ...", "Phone: ... (was ...)", "I now use Redis as my
cache", "Update: phone is ...", "Phone is ... now"), and the look-alikes it must leave alone (someone
else's, a setting, a part or a place of the thing, a plan, a question, a condition, an accessory, one more
of a kind, a scoped line, a past with its time, a tail that keeps the old one)."""

import pytest

from festinger.core.contradiction.updates.slot_switch import as_slot_sentence
from tests.core.detector_checks import caught, silent

CAUGHT = [
    ("My laptop is a ThinkPad X1.", "Switched my laptop to a MacBook Air."),
    ("My dentist is Dr. Patel.", "Changed my dentist to Dr. Okafor."),
    ("The user's cache is Memcached.", "Moved my cache to Redis."),
    ("Phone: a Pixel 7", "My new phone is an iPhone 15."),
    ("My phone is a Pixel 7.", "Got a new phone: an iPhone 15."),
    ("User's laptop: a ThinkPad X1", "I now use a MacBook Air as my laptop."),
    ("Phone: a Pixel 7", "Update: phone is an iPhone 15."),
    ("My phone is a Pixel 7.", "Phone: an iPhone 15 (was a Pixel 7)"),
    ("The user's phone is a Pixel 7.", "Phone is an iPhone 15 now."),
    ("Shell: bash", "switched my shell to zsh with oh-my-zsh"),
    ("Monthly transit pass: zones 1-2", "Upgraded my pass to zones 1-4 after we moved further out."),
    ("My bank is Chase.", "The user switched their bank to Ally."),
    ("My car is a Honda Civic.", "Got a new car: a Tesla Model 3."),
    ("Subscription tier: Pro", "Downgraded my tier to Basic."),
    ("Deploy target: AWS eu-west-1", "I switched my deploy target to GCP europe-west4."),  # a cloud for a cloud
]

LEFT_ALONE = [
    ("My laptop is a ThinkPad X1.", "Switched his laptop to a MacBook Air."),
    ("My phone is a Pixel 7.", "Switched my daughter's phone to an iPhone 15."),
    ("My laptop is a ThinkPad X1.", "Switched my laptop to dark mode."),
    ("My phone is a Pixel 7.", "Switched my phone to airplane mode."),
    ("My laptop is a ThinkPad X1.", "Switched my laptop to Linux."),
    ("My phone is a Pixel 7.", "Switched my phone to T-Mobile."),
    ("My laptop is a ThinkPad X1.", "Upgraded my laptop to a 2TB SSD."),
    ("The user's car is a Honda Civic.", "Moved my car to the garage."),
    ("My car is a Honda Civic.", "Moved my car to Level 3."),
    ("My phone is a Pixel 7.", "Changed my phone's wallpaper to a photo of Rome."),
    ("Editor: VS Code", "Switched my editor to Monokai."),
    ("My editor is Vim.", "Switched my editor to the Dracula theme."),
    ("Bank: Chase", "I'll switch my bank to Ally."),
    ("Bank: Chase", "Thinking of switching my bank to Ally."),
    ("My editor is Vim.", "Should I switch my editor to Emacs?"),
    ("Bank: Chase", "If I switch my bank to Ally, I'd get 4% APY."),
    ("My phone is a Pixel 7.", "Got a new phone case: an OtterBox."),
    ("My laptop is a ThinkPad X1.", "My new laptop bag is a Peak Design."),
    ("My cache is Memcached.", "Added Redis as a second cache."),
    ("My hobby is chess.", "My new hobby is pottery."),
    ("My work laptop is a ThinkPad.", "My new personal laptop is a MacBook."),
    ("My phone is a Pixel 7.", "My new phone is an iPhone 15 (work-issued)."),
    ("My cache is Memcached.", "Staging:\nSwitched my cache to Redis."),
    ("My laptop is a ThinkPad X1.", "In 2019 I switched my laptop to a MacBook Air."),
    ("My phone is a Pixel 7.", "Switched my phone to an iPhone 15, but I still use the Pixel for work."),
    ("My phone is a Pixel 7.", "Got a new phone: an iPhone 15; the Pixel is my backup."),
    ("My dentist is Dr. Patel.", "Moved my dentist to Tuesdays."),
    ("My therapist is Dr. Hale.", "Moved my therapist to Zoom."),
    ("My gym is PureGym.", "Moved my gym to the Camden branch."),
    ("My marathon PB is 4:05:30.", "Paced my girlfriend at the Berlin marathon. New marathon PB: 3:58:12."),
    ("My phone is a Pixel 7.", "Sam is an iPhone user now."),
    ("Database: PostgreSQL", "Moved my database to AWS."),
    ("Editor: VS Code", "Switched my editor to WSL."),
    ("Airline: United", "Upgraded my airline to Premier Gold."),
    ("My watch is an Apple Watch SE.", "Switched my watch to a Milanese Loop."),
]


@pytest.mark.parametrize("existing,incoming", CAUGHT)
def test_everyday_slot_update_is_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", LEFT_ALONE)
def test_look_alike_is_left_alone(existing, incoming):
    silent(existing, incoming)


def test_rewrite_keeps_the_rest_of_the_memory():
    said, values = as_slot_sentence("Switched my shell to zsh, the config lives in dotfiles.")
    assert said == "My shell is zsh now. The config lives in dotfiles."
    assert values == frozenset({"zsh"})


def test_a_name_is_no_bare_slot():
    assert as_slot_sentence("Sam is a manager now.")[1] == frozenset()
    assert as_slot_sentence("Update: Sam is a manager.")[1] == frozenset()


def test_huge_input_is_refused_quickly():
    from festinger.core.contradiction.compare import detect_contradiction
    assert detect_contradiction("My phone is a Pixel 7.", "Switched my phone to " + "a " * 5000) is None
