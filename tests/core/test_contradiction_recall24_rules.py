"""The recall rules of session 9's recall24 pass, each with the pairs it must catch and the
look-alikes it must leave alone (another person's attribute, a second thing of the same kind, a
plan, a question, a hypothetical, a history, a scoped environment, a quoted sentence, the rule's
words in a compatible sentence)."""

from __future__ import annotations

import pytest

from tests.core.detector_checks import caught, silent

# --- 1. "is Y, not Z": the denied tail names the stored value (rephrase._denied_tail) ----------------

NOT_TAIL_CAUGHT = [
    ("User's sister's name is Anna.", "Correction: user's sister is named Hannah, not Anna."),
    ("The user's daughter is named Emily.", "The user's daughter is named Emma, not Emily."),
    ("The user's dog is named Maxwell.", "The user's dog is named Max, not Maxwell."),
    ("User's GitHub username: annak.", "Correction: the user's GitHub username is anna-k, not annak."),
    ("The user's cat is called Miso.", "The user's cat is called Tofu, not Miso."),
]

NOT_TAIL_LOOKALIKES = [
    ("The user's daughter is named Emily.", "The user's niece is named Emma, not Emily."),  # another person
    ("The user's daughter is named Emily.", "Tom's daughter is named Emma, not Emily."),  # someone else's
    ("The user's daughter is named Emily.", "The user's other daughter is named Emma, not Emily."),  # a second one
    ("The user's daughter is named Emily.", "If it's a girl, the baby will be named Emma, not Emily."),  # hypothetical
    ("The user's daughter is named Emily.", "Is the user's daughter named Emma, not Emily?"),  # a question
    ("The user's daughter is named Emily.", "In the novel, the user's daughter is named Emma, not Emily."),  # scoped
    ("The user is allergic to cats.", "The user is allergic to cat dander, not cats."),  # a part of it
    ("The user is allergic to peanuts.", "The user is allergic to peanut oil, not peanuts."),  # a part of it
    ("The user's dog is named Maxwell.", "The user's dog is named Max, not Maxwell as the vet wrote."),  # a tail clause
    ("The user's dog is named Maxwell.", "The user's cat is named Max, not Maxwell."),  # another pet
    ("The user's dog is named Maxwell.", 'The user joked: "my dog is named Max, not Maxwell".'),  # quoted
]


@pytest.mark.parametrize("existing,incoming", NOT_TAIL_CAUGHT)
def test_a_not_tail_naming_the_stored_value_is_a_correction(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", NOT_TAIL_LOOKALIKES)
def test_a_not_tail_lookalike_is_left_alone(existing, incoming):
    silent(existing, incoming)


# --- 2. one bare thing ("the service", "the timeout") changed by an announced update (deictic) --------

BARE_THING_CAUGHT = [
    ("The service runs on Heroku.", "The service doesn't run on Heroku anymore."),
    ("The jobs run on cron.", "The jobs no longer run on cron."),
    ("The timeout is 30 seconds.", "The timeout was raised to 60 seconds."),
    ("The meeting with Chris is at 2pm.", "Turns out the meeting with Chris is at 3pm."),
    ("The meeting with the client is at 3 pm.", "The meeting with the client is at 4 pm, not 3 pm."),
    ("The server runs on Hetzner.", "Correction: the server runs on OVH, not Hetzner."),
]

BARE_THING_LOOKALIKES = [
    ("The service runs on Heroku.", "The billing service doesn't run on Heroku anymore."),  # another service
    ("The service runs on Heroku.", "Tom's service doesn't run on Heroku anymore."),  # someone else's
    ("The service runs on Heroku.", "The service doesn't run on Heroku anymore in staging."),  # a scope
    ("The service runs on Heroku.", "If costs grow, the service won't run on Heroku anymore."),  # hypothetical
    ("The service runs on Heroku.", "Does the service still run on Heroku?"),  # a question
    ("The service runs on Heroku.", "The service will no longer run on Heroku next month."),  # a plan
    ("The service runs on Heroku.", 'The log said "the service does not run on Heroku anymore".'),  # quoted
    ("The service runs on Heroku.", "We launched a new service. The service doesn't run on Heroku anymore."),  # a new one
    ("The service runs on Heroku. It costs $7 a month.", "The service doesn't run on Heroku anymore."),  # not lone
    ("The timeout is 30 seconds.", "The timeout for the API was raised to 60 seconds."),  # a narrower one
    ("The timeout is 30 seconds.", "The timeout was 60 seconds in 2019."),  # history
    ("The timeout is 30 seconds.", "The timeout is 60 seconds."),  # no change announced: two timeouts
    ("The meeting is at 3pm.", "The meeting is at 4pm."),  # two meetings
    ("The meeting is at 3pm.", "The meeting on Friday is now at 4pm."),  # one session of it
    ("The service runs on Heroku.", "The service now runs on Heroku and Fly.io."),  # the old value kept
    ("The library is open.", "The library is now closed."),  # a state that comes and goes
    ("The server is up.", "The server is down now."),
    ("The build is green.", "The build is red now."),
    ("The file is 2 MB.", "The file is now 5 MB."),  # a conversation's artefact: maybe another file
    ("The test runs on CI.", "The test doesn't run on CI anymore."),  # another test
    ("The price is $20.", "The price is now $25."),  # the price of what?
]


@pytest.mark.parametrize("existing,incoming", BARE_THING_CAUGHT)
def test_one_bare_thing_changed_by_an_announced_update_is_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", BARE_THING_LOOKALIKES)
def test_a_bare_thing_lookalike_is_left_alone(existing, incoming):
    silent(existing, incoming)


# --- 3. a stored habit with its rhythm ("every morning") met by a denial (frequency) ---------------

HABIT_CAUGHT = [
    ("I drink coffee every morning.", "I don't drink coffee anymore."),
    ("The user drinks coffee every morning.", "The user no longer drinks coffee."),
    ("I go to the gym every morning.", "I don't go to the gym anymore."),
    ("I run every morning before work.", "I don't run anymore because of my knee."),
    ("User drinks coffee every day.", "User gave up coffee completely."),
    ("The user smokes cigars twice a week.", "The user doesn't smoke cigars anymore."),
    ("I play tennis on weekends.", "I no longer play tennis."),
]

HABIT_LOOKALIKES = [
    ("I drink coffee every morning.", "I don't drink coffee in the evening anymore."),  # a scoped denial
    ("I drink coffee every morning.", "I don't drink coffee at work anymore."),  # a scoped denial
    ("I drink coffee every morning.", "I don't drink coffee every day anymore."),  # rarer, not none
    ("I drink coffee every morning.", "My wife doesn't drink coffee anymore."),  # another person
    ("My son drinks milk every morning.", "I don't drink milk anymore."),  # another person's habit
    ("I drink coffee every morning.", "I don't drink tea anymore."),  # another thing
    ("I drink coffee every morning.", "I might not drink coffee anymore."),  # a hedge
    ("I drink coffee every morning.", "Do I still drink coffee?"),  # a question
    ("I drink coffee every morning.", "I drink tea every evening now."),  # a second habit
    ("I drink coffee every morning.", "I didn't drink coffee this morning."),  # one morning
    ("I drink coffee every morning.", "I'm not drinking coffee this week."),  # a passing week
    ("I drink coffee every morning.", 'Tom said: "I don\'t drink coffee anymore."'),  # quoted, someone else
    ("I used to drink coffee every morning.", "I don't drink coffee anymore."),  # a history, not a habit
    ("I go to the gym every morning.", "I don't go to the gym on Sundays anymore."),  # one day of it
    ("If I sleep well, I run every morning.", "I don't run anymore."),  # a condition
]


@pytest.mark.parametrize("existing,incoming", HABIT_CAUGHT)
def test_a_habit_with_its_rhythm_is_ended_by_a_denial(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", HABIT_LOOKALIKES)
def test_a_habit_lookalike_is_left_alone(existing, incoming):
    silent(existing, incoming)


# --- 4. "I'm down to 76 kg now": the user's body weight reached (rephrase._DOWN_TO_WEIGHT_RE) -------

WEIGHT_CAUGHT = [
    ("I weigh 82 kg.", "I'm down to 76 kg now."),
    ("The user weighs 90 kg.", "The user is down to 84 kg."),
    ("My weight is 180 lbs.", "I'm up to 190 lbs now."),
]

WEIGHT_LOOKALIKES = [
    ("I weigh 82 kg.", "My brother is down to 76 kg now."),  # another person
    ("I weigh 82 kg.", "My dog is down to 30 kg now."),  # the dog's weight
    ("I weigh 82 kg.", "I'm down to 2 kg of flour."),  # a stock, not the user
    ("I weigh 82 kg.", "I want to be down to 76 kg by summer."),  # a plan
    ("I weigh 82 kg.", "Am I down to 76 kg?"),  # a question
    ("I weigh 82 kg.", "If I keep this up, I'll be down to 76 kg."),  # hypothetical
    ("I weigh 82 kg.", "In 2019 I was down to 76 kg."),  # history
    ("I weigh 82 kg.", "I'm down to 82 kg now."),  # the same weight
    ("I weigh 82 kg.", "I'm down to 5 km runs now."),  # not a weight
]


@pytest.mark.parametrize("existing,incoming", WEIGHT_CAUGHT)
def test_a_body_weight_reached_replaces_the_stored_weight(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", WEIGHT_LOOKALIKES)
def test_a_weight_lookalike_is_left_alone(existing, incoming):
    silent(existing, incoming)


# --- 5. a verb frame that holds one value: the means ("by ...") or the rhythm (verb_frames) ------------

FRAME_CAUGHT = [
    ("The user goes by Alex.", "The user goes by Sasha now."),
    ("The user commutes by bike.", "The user commutes by train now."),
    ("My API key rotates monthly.", "My API key rotates weekly now."),
    ("The user pays by card.", "Actually, the user pays by cash."),
]

FRAME_LOOKALIKES = [
    ("The user reads sci-fi.", "The user reads fantasy now."),  # a verb that gains objects
    ("The user volunteers at the shelter.", "The user volunteers at the library now."),  # a second place
    ("The user listens to jazz.", "The user listens to podcasts now."),
    ("The user commutes by bike.", "The user's wife commutes by train now."),  # another person
    ("The user commutes by bike.", "The user commutes by train on rainy days now."),  # a scope
    ("The user commutes by bike.", "The user commutes by bike and train now."),  # the old one kept
    ("The user commutes by bike.", "Does the user commute by train now?"),  # a question
    ("The user commutes by bike.", "If it rains, the user commutes by train."),  # a condition
    ("The user commutes by bike.", "The user will commute by train next year."),  # a plan
    ("The user commutes by bike.", "The user commuted by train in 2019."),  # history
    ("The user commutes by bike.", "The user commutes by train."),  # no change announced
    ("My API key rotates monthly.", "My SSH key rotates weekly now."),  # another key
    ("The user goes by Alex.", 'The user\'s character in the play "goes by Sasha now".'),  # quoted, someone else
]


@pytest.mark.parametrize("existing,incoming", FRAME_CAUGHT)
def test_a_one_value_frame_said_anew_replaces_the_old(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", FRAME_LOOKALIKES)
def test_a_verb_frame_lookalike_is_left_alone(existing, incoming):
    silent(existing, incoming)


# --- 6. a handle is no host name: "@ana" / "@ana.ruiz" are two handles (comparison._cmp_term) ---------

HANDLE_CAUGHT = [
    ("The user's Slack handle is @ana.", "My Slack handle is @ana.ruiz now."),
    ("My Twitter handle is @bob.", "Actually my Twitter handle is @bob.dev."),
]

HANDLE_LOOKALIKES = [
    ("The user's Slack handle is @ana.", "My GitHub handle is @ana.ruiz now."),  # another handle
    ("The user's Slack handle is @ana.", "Ana's Slack handle is @ana.ruiz now."),  # someone else's
    ("The build server is web01.", "The build server is web01.example.com now."),  # a host, named in full
    ("The user's Slack handle is @ana.", "Should my Slack handle be @ana.ruiz now?"),  # a question
]


@pytest.mark.parametrize("existing,incoming", HANDLE_CAUGHT)
def test_a_longer_handle_is_another_handle(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", HANDLE_LOOKALIKES)
def test_a_handle_lookalike_is_left_alone(existing, incoming):
    silent(existing, incoming)


# --- 7. "... and doesn't eat it anymore": a denial of "it" after the stored thing is named (anaphora) ---

IT_CAUGHT = [
    ("The user eats gluten.", "The user has cut out gluten and doesn't eat it anymore."),
    ("The user uses Instagram.", "I deleted Instagram — I don't use it now."),
    ("The user is learning Spanish.", "The user gave up on Spanish and isn't learning it anymore."),
    ("The user drinks coffee.", "I tried quitting coffee; I don't drink it anymore."),
]

IT_LOOKALIKES = [
    ("The user uses Instagram.", "My sister deleted Instagram and doesn't use it anymore."),  # someone else
    ("The user uses Instagram.", "I deleted Instagram — he doesn't use it now."),  # another subject
    ("The user uses Instagram.", "I deleted Instagram and bought a Kindle; I don't use it now."),  # another "it"
    ("The user uses Instagram.", "I deleted Instagram from my phone — I don't use it now."),  # the phone?
    ("The user uses Instagram.", "If I delete Instagram, I don't use it anymore."),  # a condition
    ("The user uses Instagram.", "Did I delete Instagram? I don't use it now."),  # a question
    ("The user uses Instagram.", "I'll delete Instagram; I won't use it anymore."),  # a plan
    ("The user uses Instagram.", "In 2019 I deleted Instagram and didn't use it for a year."),  # history
    ("The user eats gluten.", "The user has cut out gluten for Lent and doesn't eat it anymore."),  # a season
    ("The user eats gluten.", "The user still eats gluten but doesn't eat it at night anymore."),  # a scope
    ("The user uses Instagram.", 'Tom wrote: "I deleted Instagram, I don\'t use it now."'),  # quoted, Tom's
    ("The user uses Instagram.", "I deleted TikTok — I don't use it now."),  # another app
    ("The user uses Instagram.", "I love Instagram — I do not use it less now."),  # not the denial shape
]


@pytest.mark.parametrize("existing,incoming", IT_CAUGHT)
def test_a_denial_of_it_after_the_stored_thing_is_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", IT_LOOKALIKES)
def test_a_denial_of_it_lookalike_is_left_alone(existing, incoming):
    silent(existing, incoming)


# --- 8. a stored amount of one named slot, said anew by an announced change (measures) ----------------

AMOUNT_CAUGHT = [
    ("The user's gym membership is $40 a month.", "The gym raised the membership to $45 a month."),
    ("My marathon PB is 4:05:30.", "New marathon PB: 3:52:10."),
    ("The rent is $1500.", "Landlord raised it. The rent is $1600 now."),
    ("The user's rent is $1,900.", "The landlord raised the rent to $2,050."),
]

AMOUNT_LOOKALIKES = [
    ("The user's rent is $1,900.", "My brother's rent was raised to $2,000."),  # someone else's
    ("The user's rent is $1,900.", "Her landlord raised the rent to $2,000."),  # someone else's
    ("The user's rent is $1,900.", "The landlord raised the garage rent to $200."),  # another rent
    ("The user's rent is $1,900.", "The landlord may raise the rent to $2,000."),  # a hedge
    ("The user's rent is $1,900.", "Did the landlord raise the rent to $2,000?"),  # a question
    ("The user's rent is $1,900.", "If the landlord raises the rent to $2,000, the user moves."),  # a condition
    ("The user's rent is $1,900.", "In 2019 the landlord raised the rent to $1,500."),  # history
    ("The user's rent is $1,900.", "The landlord raised the rent to $2,000 for the new tenants."),  # a scope
    ("The user's rent is $1,900.", 'The ad says "the rent is now $1,500".'),  # a quote
    ("The user's rent is $1,900.", "On the old flat, the rent is now $1,500."),  # a leading scope
    ("The user's rent is $1,900.", "The landlord did not raise the rent to $2,000."),  # a denial
    ("The user's rent is $1,900.", "The landlord raised the rent to $1,900."),  # the same amount
    ("The user's rent is $1,900.", "The rent went up, and the deposit is now $3,800."),  # another clause's amount
    ("The user's rent is $1,900.", "The rent is $2,000 in the new building."),  # no change announced, a scope
    ("The user's rent for the garage is $200.", "The landlord raised the rent to $2,050."),  # a stored scope
    ("My marathon PB is 4:05:30.", "New half marathon PB: 1:52:10."),  # another distance
    ("My marathon PB is 4:05:30.", "Tom set a new marathon PB: 3:52:10."),  # someone else
    ("My marathon PB is 4:05:30.", "New marathon PB for my sister: 3:52:10."),  # someone else's
    ("The user's budget is $500.", "The user increased the marketing budget to $5,000."),  # another budget
    ("The user's heart rate is 60 bpm.", "The user's heart rate went up to 180 bpm during the workout."),  # a moment
    ("The user's commute is 40 minutes.", "FYI about the new office: the user's commute is 15 minutes now."),  # a label
    ("The user's budget is 1 500 euros.", "The user's budget is now 1500 euros."),  # one amount, two ways
    ("The rent is $1,500.", "My brother says the rent is now $1,900."),  # a report of someone else's
    ("The user's rent is $1,900.", "My sister raised the rent to $2,000."),  # her rent, her tenant's
]


@pytest.mark.parametrize("existing,incoming", AMOUNT_CAUGHT)
def test_a_new_amount_of_the_stored_slot_is_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", AMOUNT_LOOKALIKES)
def test_a_new_amount_lookalike_is_left_alone(existing, incoming):
    silent(existing, incoming)


# --- 9. a news label that is only the change it reports ("Reorg news:") scopes no update (scope) -------

CHANGE_LABEL_CAUGHT = [
    ("The user's manager is Priya.", "Reorg news: Priya moved to the Data org. The user's manager is now Kenji."),
    ("The API base URL is https://api.old.example.com.", "Migration update: the API base URL is now https://api.example.com."),
    ("The user's manager is Priya.", "Reorg update: the user's manager is now Kenji."),
]

CHANGE_LABEL_LOOKALIKES = [
    ("The cache TTL is 60 seconds.", "CDN change:\n- The cache TTL is 3600 seconds now."),  # a thing's change
    ("The default branch is main.", "Docs repo change:\n- The default branch is gh-pages now."),  # another repo
    ("The user eats meat.", "Lent update: The user doesn't eat meat."),  # a season
    ("The user stays at the Marriott.", "Berlin trip update:\n- The user stays at the Hilton now."),  # a trip
    ("The user's manager is Priya.", "Reorg news: the user's manager is Kenji."),  # no change announced
    ("The user's manager is Priya.", "Reorg news: the user's manager will be Kenji."),  # a plan
    ("The user's manager is Priya.", "Reorg news: Tom's manager is now Kenji."),  # someone else's
    ("The user's manager is Priya.", "Reorg news: is the user's manager Kenji now?"),  # a question
]


@pytest.mark.parametrize("existing,incoming", CHANGE_LABEL_CAUGHT)
def test_a_change_label_does_not_scope_the_update_under_it(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", CHANGE_LABEL_LOOKALIKES)
def test_a_change_label_lookalike_is_left_alone(existing, incoming):
    silent(existing, incoming)
