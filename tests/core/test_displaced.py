"""`displaced`: the stored value named as displaced ("from A to B", "B instead of A", "B, not A",
"... A anymore") by an incoming sentence about the same slot and holder, and its look-alikes."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.compare import detect_contradiction
from festinger.core.contradiction.updates.displaced import by_displaced

CAUGHT = [
    ("My handle on the forum is nightowl42.", "I changed my forum handle from nightowl42 to quietlark."),
    ("Billing emails go to finance@orchidlabs.com.", "Billing emails now go to ap@orchidlabs.com instead of finance@."),
    ("My phone carrier is Verizon.", "I ported my number from Verizon to T-Mobile last month."),
    ("The user is a backend engineer.", "The user moved from backend engineering to an SRE role."),
    ("My favorite team is the Lakers.", "I switched allegiance from the Lakers to the Warriors."),
    ("Design files live in Sketch.", "We moved from Sketch to Figma last year."),
    ("Infrastructure is managed with CloudFormation.", "Infra is managed with Terraform instead of CloudFormation now."),
    ("The cleanup cron job runs every 15 minutes.", "The cleanup cron runs hourly now instead of every 15 minutes."),
    ("The user's 1:1 with her manager is on Tuesdays.", "The user's 1:1 moved from Tuesdays to Thursdays."),
    ("I'm studying computer science at UCLA.", "I transferred from UCLA to UC Berkeley."),
    ("User graduated in 2015.", "Actually the user graduated in 2016, not 2015."),
    ("Accounts lock after 5 failed login attempts.", "Correction: lockout is after 3 failed attempts, not 5."),
    ("Nickname: Buzz", "I don't go by Buzz anymore, friends call me Ben now."),
    ("The user's favorite podcast is Hardcore History.",
     "The user doesn't listen to Hardcore History anymore; Acquired is her favorite now."),
    ("My dog goes to daycare on Mondays.", "My dog goes to daycare on Wednesdays instead of Mondays now."),
    ("The default branch is master.", "We renamed the default branch from master to main."),
    ("I sleep 8 hours.", "I went from 8 hours to 6 hours."),
]

COMPATIBLE = [
    # someone else, another thing of someone else's
    ("My phone carrier is Verizon.", "My sister switched from Verizon to T-Mobile."),
    ("The user's 1:1 with her manager is on Tuesdays.", "Her manager's 1:1 moved from Tuesdays to Thursdays."),
    ("Nickname: Buzz", "My brother doesn't go by Buzz anymore."),
    ("I study at MIT.", "My girlfriend transferred from MIT to Harvard."),
    # a scope the stored memory does not have, or one it has that the change leaves out
    ("Design files live in Sketch.", "We moved from Sketch to Figma for the marketing site."),
    ("HTTP retries are set to 5.", "Not 5 but 3 retries for the staging job."),
    ("The user's 1:1 with her manager is on Tuesdays.", "Her 1:1 went from Tuesdays to Thursdays for the summer only."),
    # a he/she/they is never certainly the user, even when the stored memory calls the user so
    ("The user's 1:1 with her manager is on Tuesdays.", "Her 1:1 moved from Tuesdays to Thursdays."),
    ("I use Chrome for work", "I switched from Chrome to Firefox"),
    ("I run 5k every morning.", "I don't run 5k anymore, I run 10k."),
    ("The cleanup cron job runs every 15 minutes.", "The cleanup cron logs rotate daily instead of every 15 minutes."),
    ("The user drinks coffee.", "The user drinks tea afternoons, not coffee."),
    ("The log level is INFO.", "The log level is DEBUG locally, not INFO."),
    # plans, questions, the past, undone or partial changes
    ("Design files live in Sketch.", "I'm thinking of moving from Sketch to Figma."),
    ("Standup is at 9.", "Was standup moved from 9 to 10?"),
    ("User grew up in Denver.", "The user moved from Denver to Austin last month."),
    ("I use Vim.", "I switched from Vim to Emacs but went back after a week."),
    ("The user is a backend engineer.", "The user moved from backend engineering to SRE temporarily."),
    ("I'm studying computer science at UCLA.", "Instead of UCLA I almost went to Stanford."),
    # what is introduced, not displaced; a version or a layer of the stored value
    ("I use Figma.", "We moved from Sketch to Figma last year."),
    ("The frontend uses React", "The frontend migrated from React to Next.js"),
    ("User uses Windows", "User switched from Windows to Windows 11"),
    ("The user's team is Payments.", "The user's team is Payments Platform, not Payments."),
    # the stored subject or topic, not its value; another thing of one name
    ("Sketch is my favorite design tool.", "We moved from Sketch to Figma last year."),
    ("I use Google Docs.", "I moved from Google to DuckDuckGo."),
    # another slot, another place than the user's home, another voice
    ("My phone carrier is Verizon.", "I switched my internet from Verizon to Comcast."),
    ("User's office is in Denver.", "The user moved from Denver to Boulder."),
    ("I drive a Honda Civic and my wife drives a Tesla.", "I switched from the Tesla to a Rivian."),
    ("I imagine: I live in Paris.", "I live in Boston, not Paris."),
    ("The user's name is Sam.", "My name is Agent Zero, not Sam."),
    ("The user calls his mother on Sundays.", "The user calls his father on Sundays, not his mother."),
    # another predicate of the same thing: the start is not the end, the departure not the landing
    ("Code freeze starts Dec 15.", "Code freeze ends Dec 18, not Dec 15."),
    ("My shift starts at 7am.", "My shift ends at 3pm, not 7am."),
    ("Registration opens May 1.", "Registration closes May 20, not May 1."),
    ("My flight leaves at 9:10.", "My flight arrives at 11:40, not 9:10."),
]


@pytest.mark.parametrize("existing,incoming", CAUGHT)
def test_caught(existing, incoming):
    found = by_displaced(existing, incoming)
    assert found is not None
    assert detect_contradiction(existing, incoming) is not None


@pytest.mark.parametrize("existing,incoming", COMPATIBLE)
def test_look_alikes_are_not_caught(existing, incoming):
    assert by_displaced(existing, incoming) is None
    assert detect_contradiction(existing, incoming) is None


def test_old_value_as_written():
    found = by_displaced("The user's kids go to Ridgeview Elementary.", "The kids go to Oakwood Elementary instead of Ridgeview.")
    assert found is None or found.old_value == "Ridgeview Elementary"
    found = by_displaced("My handle on the forum is nightowl42.", "I changed my forum handle from nightowl42 to quietlark.")
    assert found is not None and found.old_value == "nightowl42" and found.new_value == "quietlark"


def test_never_raises_on_odd_input():
    for existing, incoming in (("", ""), ("Key:", "from  to "), ("x" * 5000, "I moved from x to y"), (None, "a")):
        assert by_displaced(existing, incoming) is None  # type: ignore[arg-type]
