"""The general rules that answered the eighteenth attack (`corpus_attack18.jsonl`), varied beyond
its own pairs: a new role may be at a unit, a subsidiary or another name of the stored employer; a
new job may still be the stored occupation; an upgrade or a device switch must name a numbered
model of the stored thing's own kind (never a service, an accessory, a carrier, a system or a
mode); a key line's change note must be affirmed, the user's own, unscoped and not undone; a
replacement limited by a trailing adverb keeps the stored value; a theft a year back is biography."""

from __future__ import annotations

import pytest

from tests.core.detector_checks import caught, silent

LOOKALIKES = [
    # jobchange: "started a new job/role at Y" without the stored employer said to be left
    ("I work at Siemens.", "I started a new role at Siemens Healthineers."),  # a unit of it
    ("I work at Nestle.", "I started a new job at Nespresso."),  # a brand it owns: words cannot tell
    ("User works at Accenture.", "User started a new position at Avanade."),  # a joint venture
    ("I work at Procter & Gamble.", "I just started a new role at P&G."),  # another name of it
    ("User works at Unilever.", "User has started a new job with Dove."),  # a brand of it
    ("I work at Boeing.", "I started a new role at Boeing Defense after leaving Airbus."),  # left another
    ("I work at Lyft as a driver.", "I started a new job at Target."),  # a second job beside a gig
    ("I work at Siemens.", "My husband started a new role at Bosch."),  # someone else
    # jobchange: "quit their X job and now works as Z", Z still the stored occupation
    ("User is a pharmacist.", "User quit their pharmacist job and now works as a locum pharmacist."),
    ("I'm a photographer.", "I quit my photographer job and now work as a wedding photographer."),
    ("User works as a paramedic.", "User quit their paramedic job and is now a flight paramedic."),
    ("I work as a translator.", "I quit my translator job and now work as a freelance translator."),
    ("User is a carpenter.", "User quit their carpenter job and is now a self-employed carpenter."),
    ("User is an architect.", "User quit their architect job and now works as an architect consultant."),
    # possessions: "upgraded to" a service, accessory, or another kind of device of the line
    ("I have an iPhone 14.", "I upgraded to iPhone Care Plan."),  # a service
    ("I have a Samsung Galaxy S20.", "I upgraded to a Samsung Galaxy Tab S9."),  # a tablet, not a phone
    ("I have a Samsung Galaxy S20.", "I upgraded to Samsung Galaxy Fit 3."),  # a band
    ("I have a Google Pixel 5.", "I upgraded to Google Pixel Stand 2."),  # a charger
    ("I have a Kindle Oasis.", "I upgraded to Kindle Kids."),  # no model stored
    ("I have a Sony PlayStation 4.", "I upgraded to Sony PlayStation VR2."),  # an accessory
    ("I have an Apple Watch Series 6.", "I upgraded to Apple Watch Ultra Band."),  # a band
    ("I have a Microsoft Surface Laptop 4.", "I upgraded to Microsoft Surface Pen 2."),  # a pen
    ("I have a Zorblax Q7.", "I upgraded to a Zorblax Q9."),  # a maker the lexicon does not know
    ("I have a Dell XPS 13.", "I upgraded to Dell Premier Support."),  # a service
    ("I have an iPhone 13.", "I upgraded to iPhone 15 Pro Max Case."),  # a thing for the model
    ("I have a Samsung Galaxy S22.", "I upgraded to Samsung Galaxy S24 Charger."),  # a thing for the model
    ("User drives a Tesla Model 3.", "User upgraded to Tesla Premium Connectivity."),  # a service
    # possessions: "switched my <device> to" a carrier, system, mode or app
    ("I use a Pixel 8 as my phone.", "I switched my phone to T-Mobile."),  # a carrier
    ("I use a Pixel 8 as my phone.", "I switched my phone to GrapheneOS."),  # a system
    ("I use a Dell XPS 15 as my laptop.", "I switched my laptop to Fedora 40."),  # a system with a number
    ("I use a Dell XPS 15 as my laptop.", "I switched my laptop to Performance Mode."),  # a setting
    ("I use an iPhone 14 as my phone.", "I switched my phone to Airplane Mode."),  # a mode
    ("I use a Garmin Forerunner 255 as my watch.", "I switched my watch to Metric Units."),  # a setting
    ("My phone is a Pixel 7.", "I switched my phone to Mint Mobile."),  # a carrier
    ("I use a Pixel 7 as my phone.", "I switched my phone to a MacBook Air."),  # another kind
    # possessions: a theft a year back
    ("I ride a Giant road bike.", "My Giant was stolen last year, so I bought a Trek Domane."),
    ("I drive a Mazda 3.", "My Mazda was written off this year, so I bought a Honda Civic."),
    # keyvalue: a note that denies, is someone else's, scopes, limits or undoes the change
    ("city: Lisbon", "city: Porto (not moved yet)"),  # denied
    ("city: Lisbon", "city: Porto (haven't moved)"),  # denied
    ("city: Lisbon", "city: Porto (never moved)"),  # denied
    ("city: Lisbon", "city: Porto (brother moved in June)"),  # someone else's
    ("city: Lisbon", "city: Porto (may have moved)"),  # a guess
    ("timezone: UTC", "timezone: CET (office switched)"),  # the office's
    ("employer: Acme", "employer: Globex (joined the board, still at Acme)"),  # a second clause
    ("city: Lisbon", "city: Porto (will move in June)"),  # a plan
    ("city: Lisbon", "city: Porto (moved briefly)"),  # limited
    ("city: Lisbon", "city: Porto (moved temporarily)"),  # limited
    ("city: Lisbon", "city: Porto (moved in 2018, back since 2021)"),  # undone
    ("city: Lisbon", "city: Porto (moved in June; back in Lisbon now)"),  # undone
    ("shell: bash", "shell: zsh (switched on the build server)"),  # scoped
    ("editor: Emacs", "editor: Helix (switched at work)"),  # scoped
    ("editor: Emacs", "editor: Helix (switched while travelling)"),  # scoped
    ("os: Linux", "os: macOS (switched only for the course)"),  # scoped
    ("User's city: Lisbon.", "User's city: Porto (not yet moved)."),  # the grammar's own key lines too
    # migration: a trailing adverb narrows or limits the replacement
    ("We use Terraform.", "We replaced Terraform with Pulumi experimentally."),
    ("We use Kafka.", "We replaced Kafka with RabbitMQ internally."),
    ("We use GitLab.", "We replaced GitLab with GitHub partially."),
    ("We use Docker.", "We replaced Docker with Podman locally."),
    ("We use Splunk.", "We dropped Splunk and use Loki temporarily."),
    ("We use Jira.", "We replaced Jira with Trello occasionally."),
    ("We use Vercel.", "We replaced Vercel with Netlify somewhere."),
    ("We use Nginx.", "We replaced Nginx with Caddy initially."),
    ("We use Sentry.", "We replaced Sentry with Rollbar gradually."),  # under way
]

CATCHES = [
    ("I work at Siemens.", "I started a new role at Bosch after leaving Siemens."),
    ("User works at Accenture.", "User has started a new job at KPMG, having left Accenture."),
    ("User is a pharmacist.", "User quit their pharmacist job and now works as a software tester."),
    ("I have a Samsung Galaxy S20.", "I upgraded to a Samsung Galaxy S24 Ultra."),
    ("I have a MacBook Air M1.", "I upgraded to a MacBook Pro M3."),
    ("I have an iPhone 11.", "I upgraded to an iPhone 15."),
    ("I use a Pixel 7 as my phone.", "I switched my phone to an iPhone 15 Pro."),
    ("I use an iPhone 13 as my phone.", "I switched my phone to a Samsung Galaxy S23."),
    ("city: Lisbon", "city: Porto (moved last month)"),
    ("city: Lisbon", "city: Porto (just moved)"),
    ("shell: bash", "shell: zsh (switched in March)"),
    ("We use Terraform.", "We replaced Terraform with Pulumi."),
    ("We use Splunk.", "We dropped Splunk and use Loki now."),
    ("I ride a Giant road bike.", "My Giant got stolen last month, so I bought a Trek Domane."),
]


@pytest.mark.parametrize("existing,incoming", LOOKALIKES)
def test_attack18_lookalikes_are_left_alone(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", CATCHES)
def test_attack18_rules_catch(existing, incoming):
    caught(existing, incoming)
