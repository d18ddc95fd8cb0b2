"""Time cues in a recall query, read against a fixed 'now' (no clock)."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from festinger.core.query_fields import salient_words
from festinger.core.temporal import time_window

NOW = datetime(2023, 5, 7, 10, 0, tzinfo=timezone.utc).timestamp()


def day(ts: float) -> str:
    if ts in (float("inf"), float("-inf")):
        return "open"
    return datetime.fromtimestamp(ts, tz=timezone.utc).strftime("%Y-%m-%d")


@pytest.mark.parametrize("query, start, end", [
    ("On May 2nd, I was very upset. What caused it?", "2023-05-02", "2023-05-03"),
    ("what did we talk about on April 27th", "2023-04-27", "2023-04-28"),
    ("the 3rd of May", "2023-05-03", "2023-05-04"),
    ("December 3rd", "2022-12-03", "2022-12-04"),            # no year: the last one that passed
    ("I noted it in April 2023", "2023-04-01", "2023-05-01"),
    ("last May", "2022-05-01", "2022-06-01"),                # said in May: a year ago
    ("in March", "2023-03-01", "2023-04-01"),
    ("What did we do yesterday?", "2023-05-06", "2023-05-07"),
    ("two weeks ago we said", "2023-04-19", "2023-04-28"),
    ("deployed on 2023-04-30", "2023-04-30", "2023-05-01"),
    ("before March 3", "open", "2023-03-03"),
    ("since June 2022", "2022-06-01", "2023-05-08"),
])
def test_time_cues_become_windows(query, start, end):
    w = time_window(query, NOW)
    assert w is not None, query
    assert (day(w.start), day(w.end)) == (start, end)


@pytest.mark.parametrize("query", [
    "May I ask you something?",           # the modal verb, not the month
    "which port does billing use",
    "recently I have been exploring workouts",   # too vague to tell memories apart
    "the meeting on 2031-01-05",          # only the future: a plan, not a memory
    "",
    "March forward with 1000 steps",
])
def test_no_time_cue_no_window(query):
    assert time_window(query, NOW) is None


def test_window_contains_is_half_open():
    w = time_window("on May 2nd", NOW)
    assert w.contains(w.start) and not w.contains(w.end) and not w.contains(None)


def test_salient_words_names_dates_identifiers():
    assert salient_words("Emily: I recommended a movie, what was it?") == {"emily"}
    assert salient_words("How big should the changes be that Alice reviews?") == {"alice"}
    assert salient_words("What runs on db-prod-07.internal since August 2025?") == {
        "db-prod-07.internal", "august", "2025"}
    assert salient_words("Which movie did I watch? I loved it.") == set()
