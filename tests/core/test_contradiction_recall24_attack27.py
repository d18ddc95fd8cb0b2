"""The twenty-seventh attack on the recall24 rules (corpus_attack27_findings.md): seven shapes of false
deprecation, each with the attacker's pairs, look-alikes written while fixing them (trying to break the
fix), and the true contradictions the rule must still catch."""

from __future__ import annotations

import pytest

from tests.core.detector_checks import caught, silent

SILENT = [
    # 1. a habit denied only in a window of its own (frequency.py and the base grammar: rephrase keeps a
    #    denial's "after X" / "before X" / "in winter" as its scope)
    ("I drink coffee every morning.", "I don't drink coffee after 2pm anymore."),
    ("I drink coffee every morning.", "I don't drink coffee after lunch anymore."),
    ("I run every morning.", "I don't run after dark anymore."),
    ("I check my phone every morning.", "I don't check my phone after 10pm anymore."),
    ("I drink coffee.", "I no longer drink coffee after 2pm."),
    ("I drink coffee.", "I no longer drink coffee in winter."),
    ("I drink coffee every morning.", "I stopped drinking coffee after 2pm."),
    ("I drink coffee every morning.", "I quit drinking coffee after lunch."),
    ("I drink coffee every morning.", "I don't drink coffee after my workout anymore."),
    ("I drink coffee every morning.", "I no longer drink coffee during the week."),
    ("I drink coffee every morning.", "I don't drink coffee before bed anymore."),
    # 2. "it"/"them" after another noun the memory named (anaphora.py)
    ("I use Slack.", "Slack launched huddles; I never use it."),
    ("I use Chrome.", "Chrome got tab groups, I never use them."),
    ("I use Zoom.", "Zoom backgrounds are fun, I never use them."),
    ("I use Gmail.", "Gmail added scheduling; I never use it."),  # an "-ing" noun
    ("I use Chrome.", "Chrome got a speed boost; I never use it."),
    ("I use Facebook.", "Facebook messenger is bloated, I don't use it anymore."),
    ("I use Excel.", "Excel got copilot, I never use it."),
    # 3. an amount read with the sentences around it (measures.py)
    ("My marathon PB is 4:05:30.", "Dad finished Boston! New marathon PB: 3:41:00."),
    ("My marathon PB is 4:05:30.", "My coach ran Berlin. New marathon PB: 3:30:00."),
    ("My weight is 80 kg.", "Weighed the dog at the vet. New weight: 31 kg."),
    ("My weight is 80 kg.", "Weighed the cat. New weight: 5 kg."),
    ("My salary is $85,000.", "Negotiating the Acme offer. New salary: $95,000."),
    ("My salary is $85,000.", "Got the offer letter from Initech. New salary: $95,000."),
    ("The user's rent is $1,900.", "Toured the loft on Elm Street. New rent: $2,400."),
    ("The user's rent is $1,900.", "Looking at apartments downtown. The rent is now $2,600."),
    ("The user's gym membership is $40 a month.",
     "The gym raised the membership to $45 a month. Mine stays at $40 because I'm grandfathered."),
    ("The user's rent is $1,900.", "The landlord raised the rent to $2,050. My rent stays at $1,900."),
    ("My marathon PB is 4:05:30.", "New marathon PB: 3:52:10. That was Tom's race though."),
    ("The rent is $1500.", "Landlord raised it. The rent is $1600 now. For the garage, I mean."),  # a scope after
    ("The rent is $1500.", "My sister's landlord raised it. The rent is $1600 now."),
    ("The rent is $1500.", "Toured a loft. Landlord raised it. The rent is $1600 now."),
    # 4. "VERB by X" where X is not the frame's kind (verb_frames.one_frame)
    ("The user goes by Alex.", "The user goes by bus now."),
    ("The user goes by Alex.", "The user goes by Amtrak now."),  # also addressing.py's preferred name
    ("The user goes by Alex.", "The user goes by Uber now."),
    ("The user goes by Alex.", "The user goes by Paris now."),
    ("The user goes by Alex.", "The user goes by the book now."),
    ("I commute by car.", "I commute by 7am now."),
    ("I commute by car.", "I commute by the river now."),
    ("I pay by card.", "I pay by the month now."),
    ("I pay by cash.", "I pay by phone now."),
    ("I travel by train.", "I travel by night now."),
    ("The user runs by the lake.", "The user runs by heart rate now."),
    ("I run by the lake.", "I run by the river now."),
    ("I cook by feel.", "I cook by the window now."),
    # 5. "is Y, not Z" where Z is not the stored value (refinement.corrects_another)
    ("My favorite genre is rock.", "My favorite genre is grunge, not metal."),
    ("My OS is Linux.", "My OS is Fedora, not Ubuntu."),
    ("My preferred cloud is AWS.", "My preferred cloud is Lambda, not EC2."),  # a tail the grammar drops
    ("My favorite drink is tea.", "My favorite drink is green tea, not black tea."),
    ("My favorite color is blue.", "My favorite color is navy, not teal."),
    ("My OS is Linux.", "My OS is Fedora, not Arch Linux."),  # a kind of it set against another kind
    ("My favorite drink is tea.", "My favorite drink is oolong, not black tea."),
    ("I live in New York.", "I live in Brooklyn, not Queens."),
    # 6. a one-of slot after a sentence bringing in another role (verb_frames.one_person_slot)
    ("The user's job title is senior data engineer.", "I joined the board of my HOA. My job title is now treasurer."),
    ("The user's job title is senior data engineer.", "Started a side business. My job title is now founder."),
    ("The user's job title is senior data engineer.", "Volunteering at the shelter. My job title is now dog walker."),
    ("The user's job title is senior data engineer.", "HOA news: my job title is now treasurer."),
    ("The user's job title is senior data engineer.",
     "I coach my son's soccer team: my job title is now head coach."),
    # 7. "I'm down to N kg" after another thing (rephrase.reaches_a_weight, told_first)
    ("My weight is 80 kg.", "The airline limit is 23 kg per bag. I'm down to 22 kg now."),
    ("My weight is 80 kg.", "Packed for the trip. I'm down to 22 kg now."),
    ("My weight is 80 kg.", "I'm down to 22 kg now. The airline limit is 23 kg per bag."),  # named after it
    ("My weight is 80 kg.", "Luggage update: I'm down to 22 kg now."),
    ("The user's job title is senior data engineer.",
     "My job title is now treasurer. The HOA board voted me in."),
]

CAUGHT = [
    ("I drink coffee every morning.", "I don't drink coffee anymore."),
    ("I drink coffee every morning.", "I stopped drinking coffee after the surgery."),  # a reason, not a window
    ("I play tennis on Saturdays.", "I stopped playing tennis after my knee surgery."),
    ("The user does yoga.", "The user stopped doing yoga after the knee surgery."),
    ("I use Instagram.", "I deleted Instagram — I don't use it now."),
    ("I use Instagram.", "I deleted Instagram last week; I don't use it anymore."),
    ("I use Twitter.", "I logged out of Twitter for good and I don't use it anymore."),
    ("I use LinkedIn.", "Deleted LinkedIn from everything; I don't use it anymore."),
    ("My marathon PB is 4:05:30.", "New marathon PB: 3:52:10."),
    ("My marathon PB is 4:05:30.", "Big news! New marathon PB: 3:52:10."),
    ("The user's rent is $1,900.", "The landlord raised the rent to $2,050."),
    ("The rent is $1500.", "Landlord raised it. The rent is $1600 now."),
    ("My weight is 80 kg.", "I'm down to 76 kg now."),
    ("My weight is 80 kg.", "So proud! I'm down to 76 kg now."),
    ("My weight is 80 kg.", "I'm down to 76 kg now. So proud!"),
    ("The user goes by Alex.", "The user goes by Sasha now."),
    ("I commute by car.", "I commute by train now."),
    ("I travel by train.", "I travel by plane now."),
    ("I pay by card.", "I pay by cash now."),
    ("I pay by card.", "I pay by Apple Pay now."),
    ("My favorite genre is rock.", "My favorite genre is jazz, not rock."),
    ("My OS is Linux.", "My OS is Windows, not Linux."),
    ("The user's editor is Vim.", "The user's editor is now VS Code, not Vim with plugins."),
    ("The user's dentist is Dr. Shah.", "The user's dentist is Dr. Patel, not Dr. Shah."),  # a tail it drops
    ("The meeting with the client is at 3 pm.", "The meeting with the client is at 4 pm, not 3 pm."),
    ("Project Falcon uses PostgreSQL 15.", "Project Falcon moved from PostgreSQL to MySQL."),  # the family named
    ("I work at Acme Corp.", "I left Acme and joined Globex last week."),  # a shorter name of it
    ("The user's job title is senior data engineer.", "My job title is now staff data engineer."),
    ("The user's job title is senior data engineer.", "Great news! My job title is now staff data engineer."),
    ("The user's job title is senior data engineer.",
     "Promotion news: the user's job title is now staff data engineer."),
]


@pytest.mark.parametrize("existing,incoming", SILENT)
def test_attack27_lookalike_is_left_alone(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", CAUGHT)
def test_attack27_true_contradiction_is_still_caught(existing, incoming):
    caught(existing, incoming)
