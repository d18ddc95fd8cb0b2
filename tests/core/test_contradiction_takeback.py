"""A later sentence that takes back what an incoming memory said before it (situation.takes_back),
and a bare "The X" after another owner's X: the three statement-path false positives the seventh
session's writer of the per-sentence rules found, with the variants written against the fix."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.situation import takes_back
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

STILL_CAUGHT = [
    ("The project uses Jenkins.", "The project moved from Jenkins to Buildkite."),
    ("User works at Acme Corp.", "I left Acme Corp."),
    ("User works at Acme Corp.", "I left Acme Corp. No regrets, it was time."),
    ("User works at Acme Corp.", "I left Acme Corp. Not an easy call."),
    ("User works at Acme Corp.", "I left Acme Corp. It was not easy."),
    ("User works at Acme Corp.", "I left Acme Corp. That was a mistake."),  # regret, not a retraction
    ("The user is allergic to penicillin.", "The user is not allergic to penicillin; that was a mistake."),
    ("I'm allergic to penicillin.",
     "Turns out I'm not allergic to penicillin after all; my allergy test came back negative."),
    ("User works at Acme Corp.", "I left Acme Corp. The offer came back to me in a week."),
]


@pytest.mark.parametrize("existing,incoming", TAKEN_BACK)
def test_what_a_later_sentence_takes_back_deprecates_nothing(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", STILL_CAUGHT)
def test_news_followed_by_chatter_is_still_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("sentence", [
    "Not true though.", "Actually no, I did not.", "Scratch that.", "lol jk", "Never mind, that was a typo.",
    "Just kidding!", "That is not true.", "No.", "That was a lie.", "Ignore the above.", "Oops, typo.",
    "The user rejoined Acme Corp a month later.", "We moved back to Denver.", "I went back to vim."])
def test_takes_back(sentence):
    assert takes_back(sentence)


@pytest.mark.parametrize("sentence", [
    "No regrets, it was time.", "Not an easy call.", "It was not easy.", "I did not like it.", "Really.",
    "Sorry.", "Okay.", "Actually I work at Globex.", "Not so sure about that yet.", "Actually, it was.",
    "My test results came back negative.", "I went back home early."])
def test_does_not_take_back(sentence):
    assert not takes_back(sentence)
