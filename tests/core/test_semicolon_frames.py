"""A clause after "; " goes on its sentence: what frames the left side (someone else's words, an open
quote, a label naming a speaker, a fiction, a hypothetical, a goal, a dream, text written for someone)
frames it too (`text/segment.frames_what_follows`, the sixtieth attack). The user's own plain left side
still lets the clause be read alone ("I switched clinics; my new doctor is Dr. Lee.").

ATTACK60_SHAPES are shapes of corpus_attack60; HELD_OUT was written afterwards with other people,
slots, verbs and frames: 7 of its 15 pairs deprecated a true memory before the fix, none after."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.compare import detect_contradiction
from festinger.core.contradiction.text.segment import frames_what_follows, split_sentences

ATTACK60_SHAPES = [
    ("My doctor is Dr. Patel.", 'My husband said, "Good news; my new doctor is Dr. Lee."'),  # quoted speech
    ("I live at 12 Oak Street.", "My daughter wrote: the lease ended; I moved to 45 Pine Avenue."),  # no quotes
    ("My salary is $90,000.", 'My stepdad boasted, "Promotion came through; my salary is now $150,000."'),
    ("The user is allergic to penicillin.",
     'The user\'s mother-in-law insists: "Tests were wrong; I\'m not allergic to penicillin."'),  # memorizer
    ("I live at 12 Oak Street.",
     "Filling out Grandma's change-of-address form for her: I moved; my new address is 45 Pine Avenue."),
    ("My salary is $90,000.", 'My daughter\'s essay starts: "I got a raise; my salary is now $100,000."'),
    ("My salary is $90,000.", "Sarcastic: sure, I got a raise; my salary is now $1,000,000."),
    ("My salary is $90,000.", "My goal for 2027: pay off the car; my salary is $120,000."),
    ("My manager is Karen.", "I had a nightmare that Karen quit; my new manager is Greg."),  # a dream
    ("My doctor is Dr. Patel.", "My husband said this; my new doctor is Dr. Lee."),  # someone's reporting verb
]

# Written after the fix, not from attack60 (other people, slots, verbs, curly quotes); 7 fired before it.
HELD_OUT = [
    ("My doctor is Dr. Patel.", "My neighbour texted, \u201cBig move; my new doctor is Dr. Okafor.\u201d"),
    ("My salary is $90,000.", "My best friend posted: finally promoted; my salary is now $140,000."),
    ("I live in Lisbon.", "My cousin emailed: we sold the farm; I moved to Faro."),
    ("My manager is Karen.", "My brother-in-law complained: reorg again; my new manager is Victor."),
    ("My phone number is 555-1234.", "Aunt Lina's voicemail: my phone died; my new number is 555-4321."),
    ("My email is ana@gmail.com.",
     "Typing this for my neighbour, she dictated: I got locked out; my new email is lou@yahoo.com."),
    ("I live at 12 Oak Street.", "Helping Grandpa with his bank form: I sold the house; my new address is 9 Elm Road."),
    ("My dentist is Dr. Kim.", "Line from my screenplay: the hero sighs; my new dentist is Dr. Fang."),
    ("My salary is $90,000.", "In theory: I negotiate hard; my salary is $130,000."),
    ("My salary is $90,000.", "New year's resolution: ask for a raise; my salary is $110,000."),
    ("My manager is Karen.", "Dreamt that the office flooded; my new manager is Bruno."),
    ("I work at Google.", 'My roommate announced, "Big day; I left Google and now work at Apple."'),
    ("The user's landlord is Mr. Brown.", 'The user\'s sister wrote: "Building sold; my new landlord is Ms. Vega."'),
    ("I'm allergic to penicillin.", "My uncle claims: the test was wrong; I'm not allergic to penicillin."),
    ("I live in Lisbon.", "Pretend for a second: I quit everything; I live in Bali now."),
]

# The user's own left side, or the user's own news label: the clause after "; " is still read.
STILL_UPDATES = [
    ("My doctor is Dr. Patel.", "I switched clinics; my new doctor is Dr. Lee."),
    ("I work at Acme.", "I left Acme; now I work at Globex."),
    ("My salary is $90,000.", "Big news: I got a raise; my salary is now $100,000."),
    ("My doctor is Dr. Patel.", "Update: I switched clinics; my new doctor is Dr. Lee."),
    ("My manager is Karen.", "Karen quit; my new manager is Greg."),
]


@pytest.mark.parametrize("existing,incoming", ATTACK60_SHAPES + HELD_OUT)
def test_framed_clause_after_semicolon_is_not_the_users_news(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", STILL_UPDATES)
def test_users_own_clause_after_semicolon_still_updates(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None


def test_a_framed_sentence_is_not_split_at_its_semicolon():
    assert split_sentences('My husband said, "Good news; my new doctor is Dr. Lee."') == [
        'My husband said, "Good news; my new doctor is Dr. Lee."']
    assert split_sentences("I emailed my landlord; his email is bo@x.com.") == [
        "I emailed my landlord", "his email is bo@x.com."]


@pytest.mark.parametrize("left,framed", [
    ('My wife said, "Big news', True),  # an open quote
    ("My coworker said: ok", True),  # a speaker's colon
    ("Hypothetically: I got a raise", True),
    ("My husband said this", True),  # someone else's reporting verb
    ("I dreamed I got hacked", True),
    ("Update: I moved", False),  # the user's own news label
    ("Correction: the user is not allergic to latex", False),
    ("I switched jobs: big change", False),  # the user's lead announcing a change
    ("I emailed my landlord", False),
    ("Tom texted the user", False),  # a reporting verb with its own object: an event, not a speech
    ("Tom texted me", False),
    ("The user said he moved", False),  # the user's own words, reported
])
def test_what_frames_the_clause_after_a_semicolon(left, framed):
    assert frames_what_follows(left) is framed
