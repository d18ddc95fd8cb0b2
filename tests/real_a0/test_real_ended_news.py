"""The user's news that a thing ended supersedes the fact it ends, in the REAL Agent Zero (skipped
unless A0_ROOT or A0_TREES is set; see tests/real_a0/runtime.py).

1  "We have a cat named Miso."                             -> "The user has a cat named Miso."
2  "Miso passed away last week. Still very sad about it."  -> "The user's cat Miso passed away last week."
3  "Do I still have a cat?"                                -> recall must not hand the model the old fact

The detector read the pair right from session 12 on, and the resolver then deprecated the NEWS:
the old memory is a stated fact (load_bearing), the news is not (tactical), and utility came before
recency. Between two memories of the user's own words the newer now wins (core/resolution.py).
"""

from __future__ import annotations

from typing import List

import pytest

from fake_models import final_response
from scripted_chat import classified as _classified, scripted_chat
from test_real_pack_behaviour import explain, first_request_for, one_each, recalled_part

CAT = "The user has a cat named Miso."
NEWS = "The user's cat Miso passed away last week."
SAY_CAT = "We have a cat named Miso."
SAY_NEWS = "Miso passed away last week. Still very sad about it."
ASK = "Do I still have a cat?"


TURNS: List[tuple] = [
    (SAY_CAT, [CAT], [final_response("Miso is a lovely name.")], {"wait_for": [_classified(CAT, "confirmed")]}),
    # classified and conflict-checked in one pass: once the news is classified, the deprecation has landed
    (SAY_NEWS, [NEWS], [final_response("I'm so sorry.")], {"wait_for": [_classified(NEWS, "confirmed")]}),
    (ASK, [], [final_response("Sadly, no.")], {}),
]


@pytest.fixture(scope="module")
def news_chat(a0_pristine, a0_python, tmp_path_factory):
    with scripted_chat(a0_pristine, a0_python, tmp_path_factory, "ended-news", TURNS) as chat:
        yield chat


def test_the_news_supersedes_the_fact_it_ends(news_chat):
    run = news_chat["run"]
    run.assert_clean()
    assert run.pauses[0]["wait"]["met"] and run.pauses[1]["wait"]["met"], explain(news_chat, "memories never landed")
    old, new = one_each(news_chat, CAT, NEWS)
    assert new["classification"]["validity"] == "confirmed", explain(news_chat, f"the news: {new}")
    assert old["classification"]["validity"] == "deprecated", explain(news_chat, f"the old fact: {old}")
    assert old["lineage"].get("superseded_by") == new["id"], old


def test_the_ended_fact_is_not_recalled(news_chat):
    req = first_request_for(news_chat["server"], ASK)
    assert CAT not in recalled_part(req), explain(news_chat, "the deprecated fact was recalled", req)
