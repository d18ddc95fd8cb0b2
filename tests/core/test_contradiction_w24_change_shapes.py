"""Recall rules for changes that name the stored value (w24, named_end), continued: plans and
memberships, endings that name what came instead, the slot said switched, versions, moved objects,
scopes, providers, episodes; each with look-alikes that must stay compatible."""

from __future__ import annotations

import pytest

from tests.core.detector_checks import caught as _caught, silent as _silent


# --- a thing named without its plan or membership; "plan" the noun -----------------------------------


@pytest.mark.parametrize("existing,incoming", [
    ("I have a Spotify subscription.", "I cancelled Spotify."),
    ("I'm on the Premium plan.", "I downgraded from the Premium plan to the Basic plan."),
    ("I'm a member of the Sierra Club.", "I left the Sierra Club."),
])
def test_a_plan_or_membership_ended_is_caught(existing, incoming):
    _caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("I'm on the Premium plan.", "I plan to downgrade from the Premium plan to the Basic plan."),
    ("I'm on the Premium plan.", "My plan is to downgrade from the Premium plan to the Basic plan."),
    ("I'm on the Premium plan.", "My sister downgraded from the Premium plan to the Basic plan."),
    ("I have a Spotify subscription.", "I cancelled Spotify for my son."),
    ("I have a Spotify subscription.", "I cancelled Netflix."),
])
def test_plan_and_membership_lookalikes_stay_silent(existing, incoming):
    _silent(existing, incoming)


# --- an ending that names what came instead ("X for Y"); a switch of the stored verb's kind ---------


@pytest.mark.parametrize("existing,incoming", [
    ("I use Spotify.", "I ditched Spotify for Apple Music."),
    ("I use Twitter.", "I left Twitter for Mastodon."),
    ("I drink coffee.", "I ditched coffee for tea."),
    ("I bank with Chase.", "I switched banks from Chase to Ally."),
])
def test_an_ending_naming_what_came_instead_is_caught(existing, incoming):
    _caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("User drinks coffee.", "User quit coffee for Lent."),
    ("User works at Acme", "User left Acme for Christmas"),
    ("I use Photoshop at work.", "I ditched Photoshop for personal projects."),
    ("I drink coffee.", "I ditched coffee for tea in the evenings."),
    ("I drink coffee.", "I ditched coffee for the summer."),
    ("I use Spotify.", "My brother ditched Spotify for Apple Music."),
    ("I bank with Chase.", "I moved my savings from Chase to Ally."),  # a part
])
def test_ending_for_lookalikes_stay_silent(existing, incoming):
    _silent(existing, incoming)


# --- the stored slot itself said switched ------------------------------------------------------------


@pytest.mark.parametrize("existing,incoming", [
    ("UI language: Dutch", "UI language switched to English."),
    ("Our CI is Jenkins.", "The CI was migrated to GitHub Actions."),
])
def test_the_stored_slot_switched_is_caught(existing, incoming):
    _caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("UI language: Dutch", "UI language switched to English for the demo."),
    ("UI language: Dutch", "My phone's UI language switched to English."),
    ("UI language: Dutch", "UI language should be switched to English."),
    ("Editor: Vim", "Editor switched to Neovim temporarily."),
    ("Our CI is Jenkins.", "The staging CI was migrated to GitHub Actions."),
])
def test_slot_switched_lookalikes_stay_silent(existing, incoming):
    _silent(existing, incoming)


# --- a version left unsaid, a subscription named, moving on, no longer seeing --------------------------


@pytest.mark.parametrize("existing,incoming", [
    ("I use a Pixel 6.", "I replaced my Pixel with an iPhone 15."),
    ("The user subscribes to Netflix.", "The user cancelled her Netflix subscription."),
    ("I use Dropbox.", "I've moved on from Dropbox to iCloud."),
])
def test_versions_subscriptions_and_moving_on_are_caught(existing, incoming):
    _caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("User has a Dyson V15", "User got rid of the Dyson"),  # a model code, not a version: another Dyson?
    ("I play chess.", "I gave up chess clubs."),
    ("User's bike is a Brompton", "User scrapped the Brompton plan"),
    ("User works at Microsoft.", "The user left Microsoft Teams."),
    ("I use a Pixel 6.", "I replaced my son's Pixel with an iPhone 15."),
])
def test_version_and_subscription_lookalikes_stay_silent(existing, incoming):
    _silent(existing, incoming)


# --- the stored object moved whole, a membership of a place one goes to, a person stopped seeing ------


@pytest.mark.parametrize("existing,incoming", [
    ("We host the blog on WordPress.", "We migrated the blog from WordPress to Ghost."),
    ("I go to Planet Fitness.", "I cancelled my Planet Fitness membership."),
    ("My therapist is Dr. Chen.", "I stopped seeing Dr. Chen."),
])
def test_object_moved_membership_and_person_stopped_are_caught(existing, incoming):
    _caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("We host the blog on WordPress.", "We migrated the blog's images from WordPress to S3."),
    ("My therapist is Dr. Chen.", "My son stopped seeing Dr. Chen."),
    ("My therapist is Dr. Chen.", "I stopped seeing Dr. Chen on Fridays."),
    ("I go to Planet Fitness.", "I cancelled my Planet Fitness class."),
    ("I use Evernote.", "My team switched from Evernote to Obsidian."),
    ("I use Windows.", "I switched from Windows to Linux on my old laptop."),
    ("I own a Kindle.", "I sold my old Kindle and bought a new Kindle."),
    ("I'm on the marketing team.", "I left the marketing team meeting early."),
])
def test_object_membership_and_person_lookalikes_stay_silent(existing, incoming):
    _silent(existing, incoming)


# --- the stored scope named again, a transfer ----------------------------------------------------------


@pytest.mark.parametrize("existing,incoming", [
    ("The user runs Fedora on her laptop.", "The user switched her laptop from Fedora to Ubuntu."),
    ("I use Lightroom for editing.", "I switched from Lightroom to Capture One for editing."),
    ("The user is enrolled at Stanford.", "The user transferred from Stanford to Berkeley."),
])
def test_the_stored_scope_named_again_and_a_transfer_are_caught(existing, incoming):
    _caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("The user runs Fedora on her laptop.", "The user switched her desktop from Fedora to Ubuntu."),
    ("I use Lightroom for editing.", "I switched from Lightroom to Capture One for tethering."),
    ("I use Lightroom for editing.", "I switched from Lightroom to Capture One."),  # the scope unnamed
    ("The user is enrolled at Stanford.", "The user's brother transferred from Stanford to Berkeley."),
    ("The user is enrolled at Stanford.", "The user transferred from Stanford to Berkeley in 2012."),
])
def test_scope_and_transfer_lookalikes_stay_silent(existing, incoming):
    _silent(existing, incoming)


# --- no longer subscribed or based; a club whose name opens with "running" ------------------------------


@pytest.mark.parametrize("existing,incoming", [
    ("The user is subscribed to Hulu.", "The user is no longer subscribed to Hulu."),
    ("The user is based in Singapore.", "The user is no longer based in Singapore."),
    ("The user is part of a running club.", "The user quit the running club."),
])
def test_no_longer_subscribed_or_based_and_a_club_quit_are_caught(existing, incoming):
    _caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("The user is subscribed to Hulu.", "The user is no longer subscribed to Hulu's newsletter."),
    ("The user is based in Singapore.", "The user is no longer based in Singapore's CBD office."),
    ("The user is part of a running club.", "The user quit the book club."),
    ("The user is part of a running club.", "The user's husband quit the running club."),
    ("User's daily driver is a ThinkPad running Arch.", "The user replaced Arch with Fedora as her daily driver."),
])
def test_subscribed_based_and_club_lookalikes_stay_silent(existing, incoming):
    _silent(existing, incoming)


# --- "switched <providers> to Y": the idiom of a new provider -----------------------------------------


@pytest.mark.parametrize("existing,incoming", [
    ("The user banks with Barclays.", "The user switched banks to Monzo."),
    ("The user's gym is PureGym.", "The user switched gyms to The Gym Group."),
    ("We deploy with Capistrano.", "We switched deploys to Kamal."),
])
def test_switching_providers_is_caught(existing, incoming):
    _caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("User's editor is VS Code.", "User switched the editor to dark mode."),  # a setting of the same one
    ("My bank is Chase.", "I switched my bank to paperless."),
    ("User's car is a Mazda 3.", "User switched the car to sport mode."),
    ("The user's gym is PureGym.", "The user switched her son's gym to The Gym Group."),
    ("The user banks with Barclays.", "The user switched banks to Monzo for her savings."),
    ("The user banks with Barclays.", "The user's sister switched banks to Monzo."),
    ("The user banks with Barclays.", "The user is thinking of switching banks to Monzo."),
])
def test_switching_provider_lookalikes_stay_silent(existing, incoming):
    _silent(existing, incoming)


# --- the memorizer's "User's X: v", deleting an app, the ending said again --------------------------------


@pytest.mark.parametrize("existing,incoming", [
    ("User's diet: keto.", "User dropped keto and now follows a Mediterranean diet."),
    ("The user eats gluten.", "The user has cut out gluten and doesn't eat it anymore."),
    ("The user uses Instagram.", "I deleted Instagram."),
])
def test_memorizer_slot_deleting_and_ending_said_again_are_caught(existing, incoming):
    _caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("User's home town: Leeds.", "User moved from Leeds to London."),  # where the user is from
    ("User's home country: Brazil.", "User moved from Brazil to Portugal."),
    ("User's university city: Bristol.", "User moved from Bristol to London after graduating."),
    ("The user uses Instagram.", "I deleted an Instagram post."),
    ("The user eats gluten.", "The user has cut out gluten but still eats it on weekends."),
])
def test_memorizer_slot_and_deleting_lookalikes_stay_silent(existing, incoming):
    _silent(existing, incoming)


# --- a switch told as an episode of the past, or nearly made ----------------------------------------------


@pytest.mark.parametrize("existing,incoming", [
    ("I use Chrome.", "I switched from Chrome to Firefox once."),  # migration's value swallowed "once"
    ("I use Chrome.", "I almost switched from Chrome to Firefox."),
    ("I drive a Civic.", "I nearly sold the Civic."),
    ("I use Chrome.", "I haven't switched from Chrome to Firefox."),
    ("I use Chrome.", "My laptop switched from Chrome to Firefox after the update."),
    ("We use Jira.", "They replaced Jira with Linear."),
    ("The user subscribes to Netflix.", "The user paused Netflix."),
    ("My doctor is Ann Lee.", "Ann Lee retired, so I report to Sam now."),  # one reports to a manager, not a doctor
])
def test_episodes_and_near_changes_stay_silent(existing, incoming):
    _silent(existing, incoming)


# --- look-alikes the other branches' tests hold (recall24, attack27), kept here as well -------------------


@pytest.mark.parametrize("existing,incoming", [
    ("The user takes the bus.", "I quit the bus."),
    ("The user uses Instagram.", "I deleted Instagram and bought a Kindle; I don't use it now."),
    ("The user uses Instagram.", "I deleted Instagram \u2014 he doesn't use it now."),
    ("I drink coffee every morning.", "I quit drinking coffee after lunch."),
])
def test_other_branches_lookalikes_stay_silent(existing, incoming):
    _silent(existing, incoming)


def test_a_use_ended_then_said_of_it_is_caught():
    _caught("The user uses Instagram.", "I deleted Instagram \u2014 I don't use it now.")
