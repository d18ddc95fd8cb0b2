"""A later sentence that takes back what an incoming memory said before it (retraction.py), news
before a sentence the parser does not understand (not sure), and a bare "The X" after another
owner's X: the three statement-path false positives the seventh session's writer of the
per-sentence rules found, and the twenty-first attack's, with the variants written against the fix."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.text.retraction import retracted_inline, takes_back
from tests.core.detector_checks import caught, silent

TAKEN_BACK = [
    # the three found: a rejoin, a retraction after reported speech, another project's "the project"
    ("The user works at Acme Corp.", "The user left Acme Corp. The user rejoined Acme Corp a month later."),
    ("The user works at Acme Corp.", "The user said: I left Acme Corp. Not true though."),
    ("The project uses Jenkins.", "My old project was fun. The project moved from Jenkins to Buildkite."),
    # retractions as people type them
    ("User works at Acme Corp.", "I left Acme Corp. Actually no, I did not."),
    ("User works at Acme Corp.", "I left Acme Corp. Scratch that."),
    ("User works at Acme Corp.", "I left Acme Corp. lol jk"),
    ("User works at Acme Corp.", "I left Acme Corp. Never mind, that was a typo."),
    ("User works at Acme Corp.", "I quit Acme Corp. Just kidding!"),
    ("User works at Acme Corp.", "I left Acme Corp. That's not true."),
    ("User works at Acme Corp.", "I left Acme Corp. Ignore the above."),
    ("User lives in Denver.", "I moved to Austin. Not really."),
    ("User lives in Denver.", "We moved to Austin. Well, no."),
    ("The API port is 8080.", "The API port is 8081. Oops, typo."),
    ("The user's manager is Priya.", "The user's manager is Dan. It was a joke, lol."),
    # a return to the stored value later in the same memory
    ("User works at Acme Corp.", "I left Acme Corp last year. Moved back to Acme in March."),
    ("User lives in Denver.", "We moved from Denver to Austin. We moved back to Denver in 2023."),
    ("User works at Acme Corp.", "I left Acme Corp. Got rehired there in June."),
    ("The project uses Jenkins.", "The project moved from Jenkins to Buildkite. We switched back to Jenkins after a week."),
    ("The project uses Jenkins.", "The project moved from Jenkins to Buildkite. The team reverted it."),
    # the X of another owner or an earlier time, then "the X"
    ("The project uses Jenkins.", "My previous project was painful. The project used Jenkins and then moved to Buildkite."),
    ("The project uses Jenkins.", "Her project is new. The project uses Buildkite."),
    ("The database is Postgres.", "Their old database was slow. The database is MySQL."),
    ("The laptop runs Linux.", "My old laptop died. The laptop ran Windows."),
]

# The twenty-first attack's shapes (corpus_attack21): retractions no list held, a retraction then the
# old value, a return, the news given to someone else, the agent's own note of a retraction, another
# owner's "the X", text written for someone else.
TAKEN_BACK += [
    ("User lives in Denver.", "I moved to Berlin. jk \U0001F602"),
    ("User uses Vim.", "I switched to Emacs. Not."),
    ("User's manager is Sarah.", "My manager is now Tom. Forget I said that."),
    ("User lives in Denver.", "I moved to Berlin. Psych!"),
    ("User lives in Denver.", "I moved to Berlin. Not true, I still live in Denver."),
    ("User works at Acme Corp.", "I left Acme Corp and joined Globex. Nope, still at Acme."),
    ("User lives in Denver.", "I moved to Berlin. The move fell through."),
    ("User lives in Denver.", "I moved to Berlin. I'm back in Denver now."),
    ("User lives in Denver.", "I moved to Berlin. I think."),
    ("User lives in Berlin.", "User lives in Munich now. That was my brother, not me."),
    ("User lives in Denver.", "User moved to Berlin. The user retracted this."),
    ("User lives in Denver.", "User moved to Berlin; the user later said this was false."),
    ("User uses Vim.", "I switched to Emacs — not!"),
    ("User's OS is Ubuntu 22.04.", "My OS is Fedora 40 now, not."),
    ("User's favorite color is blue.", "My favorite color is green now - jk it's still blue"),
    ("User uses Vim.", "I switched to Emacs - lasted a day, back on Vim."),
    ("User uses Vim.", "Quote from a blog post I liked. I switched to Emacs."),
    ("User works at Acme Corp.", "Writing a cover letter for my wife. I left Acme Corp and joined Globex."),
    ("The laptop has 32 GB RAM.", "I'm using the loaner laptop. The laptop has 8 GB RAM."),
    ("The rent is $1500.", "I pay the garage rent separately. The rent is $100."),
    # a later sentence the grammar reads: the stored fact said again, or a retraction worded as a fact
    ("User uses Vim.", "I switched to Emacs. I use Vim."),
    ("User works at Acme Corp.", "I left Acme Corp. I still work at Acme Corp though."),
    ("User lives in Denver.", "User lives in Berlin now. User is lying."),
    ("User lives in Denver.", "User lives in Berlin now. The user is testing the memory."),
    ("User lives in Denver.", "I moved to Berlin. I'm joking."),
]

# News followed by a sentence the parser does not understand: the news is not sure, since the
# sentence may take it back in words no list holds. The cost of that rule, kept in view.
UNSURE = [
    # event news before chatter the parser does not read (the twenty-second attack hid take-backs in it)
    ('User has a dog.', 'Our dog died yesterday. My son is heartbroken.'),  # another person's fact after it
    ('The user has a cat.', "The user's cat died; they don't have a cat anymore."),
    ('User has a dog named Biscuit.', 'Biscuit passed away on Sunday. He was 14.'),
    ('I live in Denver.', 'Sarah and I got married. We moved to Austin last month.'),
    ("User works at Acme.", "Today was my last day at Acme. I feel weird."),  # a last day before a break?
    ('I have a dog named Biscuit.', 'Biscuit passed away on Sunday. The house feels empty.'),
    ('User works at Acme.', 'I retired last month. Golf every day now!'),
    ('I work at Stripe.', 'Rough week. I was let go by Stripe on Tuesday. Time to update the CV.'),
    ('User works at Deloitte.', 'I got laid off from Deloitte. Severance ends in March.'),
    ("I'm married to Chris.", 'Chris and I are officially divorced. The paperwork took months.'),
    ('The user lives in Berlin.', 'Big news: the user got the job. I moved to Hamburg last week and start on Monday.'),
    ("I live in Paris.", "Exciting week. We moved to Lyon on Saturday. The kids love it."),  # the event rules too
    ("User lives in Denver.", "Message from my sister. I moved to Berlin."),
    ("User works at Acme Corp.", "I left Acme Corp and joined Globex. Still deciding."),
    ("User works at Acme Corp.", "I left Acme Corp. No regrets, it was time."),
    ("User works at Acme Corp.", "I left Acme Corp. That was a mistake."),
    ("I'm a software engineer at IBM.", "I no longer work at IBM. I'm now at Salesforce."),
    ("The API base URL is https://api.old.example.com.",
     "Migration done. The API base URL is now https://api.example.com. The old host redirects for 30 days."),
]

STILL_CAUGHT = [
    ("The project uses Jenkins.", "The project moved from Jenkins to Buildkite."),
    ("User works at Acme Corp.", "I left Acme Corp."),
    ("User works at Acme Corp.", "I left Acme Corp. So relieved!"),  # a feeling about the news
    ("User lives in Denver.", "User lives in Berlin now. User works at Siemens."),  # a sentence read
    ("The DB port is 5432.", "The API port is 8081 - the DB port is now 5433."),  # a subject's "the"
    ("User works remotely.", "User no longer works remotely; they go to the office every day."),  # "; " clause
    ("I'm allergic to penicillin.",
     "Turns out I'm not allergic to penicillin after all; my allergy test came back negative."),
    ("The user is allergic to penicillin.", "The user is not allergic to penicillin; that was a mistake."),
    ("The user likes cats.", "The user likes dogs, not cats."),  # "X, not Y" is a correction
    ("I work at Stripe.", "Sorry, I misspoke earlier - I work at Square, not Stripe."),
    ("User works at Acme Corp.", "I left Acme Corp. No kidding!"),  # emphasis, not a retraction
]


@pytest.mark.parametrize("existing,incoming", TAKEN_BACK)
def test_what_a_later_sentence_takes_back_deprecates_nothing(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", UNSURE)
def test_news_before_an_unread_sentence_is_not_sure(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", STILL_CAUGHT)
def test_news_followed_by_chatter_is_still_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("sentence", [
    "Not true though.", "Actually no, I did not.", "Scratch that.", "lol jk", "Never mind, that was a typo.",
    "Just kidding!", "That is not true.", "No.", "That was a lie.", "Ignore the above.", "Oops, typo.",
    "The user rejoined Acme Corp a month later.", "We moved back to Denver.", "I went back to vim.",
    "jk it's still blue", "Nope, still at Acme.", "The user retracted this.", "That was my brother, not me.",
    "The move fell through.", "Forget I said that.", "April fools!", "I'm back in Denver now."])
def test_takes_back(sentence):
    assert takes_back(sentence)


@pytest.mark.parametrize("sentence", [
    "No regrets, it was time.", "Not an easy call.", "It was not easy.", "I did not like it.", "Really.",
    "Sorry.", "Okay.", "Actually I work at Globex.", "Not so sure about that yet.", "Actually, it was.",
    "My test results came back negative.", "I went back home early.", "No kidding!", "No joke.",
    "I'm back in March.", "We're back in the office full time."])
def test_does_not_take_back(sentence):
    assert not takes_back(sentence)


@pytest.mark.parametrize("sentence,retracted", [
    ("I switched to Emacs — not!", True), ("My OS is Fedora 40 now, not.", True),
    ("I switched to Emacs... not.", True), ("My email is now bob@globex.com - jk", True),
    ("The user likes dogs, not cats.", False), ("I work at Square, not Stripe.", False),
    ("I moved to Munich, no kidding.", False)])
def test_retracted_inline(sentence, retracted):
    assert retracted_inline(sentence) is retracted
