"""Compatible look-alikes of the rules added in the third session (one slot worded two ways,
"we", phone numbers, addresses, dates, "now works at", "the rent is now ..."), written by the
lead without reading the detector after those rules landed: both memories of every pair are
true, so any verdict is a false deprecation. Plus a few plain updates that must still be caught."""

import pytest

import festinger

LOOKALIKES = [
 ("My go-to IDE is VS Code.", "My wife's go-to IDE is now IntelliJ."),
 ("My IDE is VS Code.", "For Rust work, my go-to IDE is now RustRover."),
 ("The user's flight to Berlin is on March 5.", "The flight to Tokyo is now on March 12."),
 ("The user's flight is at 9:40.", "Booked the kids' tickets. The flight is now at 11:15."),
 ("The rent is $1,500.", "My brother says the rent is now $1,900."),
 ("The user's rent is $1,500 a month.", "The rent for the holiday flat is now $900."),
 ("The car is a Honda Civic.", "The company car is now a Tesla Model 3."),
 ("I drive a Honda Civic.", "My daughter sold her Fiat and now drives a Toyota Yaris."),
 ("We use Slack for chat.", "At my band, we now use Discord."),
 ("Our team deploys on Fridays.", "My parents' church group: we now meet on Sundays."),
 ("We live in Leeds.", "We switched our holiday destination to Crete."),
 ("My phone number is +44 7700 900123.", "My work phone number is now 020 7946 0018."),
 ("My phone number is +44 7700 900123.", "My phone number is 07700 900123."),
 ("The user's birthday is 12 May.", "The user's son's birthday is 3 June."),
 ("My birthday is May 12.", "My birthday is 12/05."),
 ("The user's name is Alice.", "I am Agent Zero, the user's assistant; my name is Agent Zero."),
 ("The user lives at 9 Elm Road, Leeds.", "The user's office is at 41 Birch Close, Leeds."),
 ("The user lives at 9 Elm Road.", "The user lives at 9 Elm Rd."),
 ("The user lives at 9 Elm Road.", "The user's mother lives at 12 Oak Street."),
 ("The user works at Siemens.", "The user's husband now works at Bosch."),
 ("The user works at Siemens.", "The user now works at Siemens in the Munich office."),
 ("The trip budget is $5,000.", "The wedding budget is $12,000, not $10,000."),
 ("The user lives in Paris.", "The user's cousin lives in Paris, Texas."),
 ("The user lives in Paris.", "The user now lives in Montmartre, Paris."),
 ("The user lives in Cambridge.", "The user now lives in Cambridge, Massachusetts? No — that's her sister."),
 ("I use VS Code.", "I switched to VS Code last year."),
 ("After the migration, the staging URL is https://staging.example.com.", "The production URL is https://example.com."),
 ("The API port is 8080.", "After the upgrade, the staging API port is 8081."),
 ("The user earns $90,000.", "The user's partner now earns $105,000."),
 ("The user's salary is $90k.", "The user's bonus went from $5k to $8k."),
 ("The user stopped drinking coffee.", "The user drinks tea."),
 ("I don't use Windows.", "I don't use Windows at work either."),
 ("My dog's name is Rex.", "My cat's name is Luna."),
 ("My name is Alice.", "My nickname is Ali."),
 ("The user's name is Alice Smith.", "The user's name is Alice."),
 ("The user's manager is Priya.", "Not Priya but Dan — the user's skip-level manager is Dan."),
 ("The user's email is alice@example.com.", "The user's work email is now alice@corp.example."),
 ("The user upgraded node to 20.", "The user upgraded python to 3.12."),
 ("The user uses Python 3.11.", "For the legacy service the user still uses Python 2.7."),
 ("The user's bank is Monzo.", "The user's savings are now with Marcus."),
]

LATE = [("My rent is $1,500.", "Anna's flat: the rent is now $1,900."),
("The user's rent is $1,500.", "The office rent is now $4,000."),
("My rent is $1,500.", "In Lisbon the rent is now $1,900."),
("My car is a Golf.", "The rental car is now a Skoda."),
("My car is a Golf.", "Dad's car: the car is now a Skoda."),
("We use Jira.", "We now use Linear for the book club's reading list."),
("The user's flight is on March 5.", "The return flight is now on March 12."),
("My phone is an iPhone 13.", "My work phone is now an iPhone 15."),
("The user's anniversary is June 3.", "The user's parents' anniversary is now on June 10."),
("I live at 9 Elm Road.", "I'm staying at 41 Birch Close until Friday."),
]

UPDATES = [("My rent is $1,500.", "My rent is now $1,700."),
("The user's phone number is 07700 900123.", "The user's new phone number is 07700 900999."),
("I use VS Code.", "I switched from VS Code to Neovim."),
("The user lives in Leeds.", "The user moved to Manchester."),
("The user works at Siemens.", "The user left Siemens and now works at Bosch.")]


@pytest.mark.parametrize("old,new", LOOKALIKES + LATE)
def test_both_true_is_never_a_contradiction(old, new):
    assert festinger.detect_contradiction(old, new) is None


@pytest.mark.parametrize("old,new", UPDATES)
def test_the_plain_update_is_caught(old, new):
    assert festinger.detect_contradiction(old, new) is not None
