"""A son's name never replaces the user's own, in the REAL Agent Zero (skipped unless A0_ROOT or
A0_TREES is set; see /work/notes/a0ci-RUNTIME.md or tests/real_a0/runtime.py).

Three user turns in a throwaway copy of the tree where ``install.sh`` installed the pack, against
the loopback fake LLM (its memorizer scripted per turn, as the other real-A0 tests do):

1  "My name is Alice."                    -> memory "The user's name is Alice." (user-stated)
2  "I have a son. His name is Leo."       -> memory "The user has a son. His name is Leo."
3  "What is my name?"                     -> recall must hand the model the user's own memory

The pack once read "His name is Leo" as the user's name and deprecated "The user's name is
Alice.", so turn 3 recalled nothing: the worst failure the pack can have.
"""

from __future__ import annotations

from typing import List

import pytest

from fake_models import final_response
from scripted_chat import classified as _classified, scripted_chat
from test_real_pack_behaviour import explain, first_request_for, one_each, recalled_part

NAME = "The user's name is Alice."
SON = "The user has a son. His name is Leo."
SAY_NAME = "My name is Alice."
SAY_SON = "I have a son. His name is Leo."
ASK_NAME = "What is my name?"


TURNS: List[tuple] = [
    (SAY_NAME, [NAME], [final_response("Nice to meet you, Alice.")],
     {"wait_for": [_classified(NAME, "confirmed")]}),
    # the son's memory is classified and conflict-checked in one pass: once it is classified,
    # any deprecation it caused has landed too
    (SAY_SON, [SON], [final_response("Leo is a lovely name.")],
     {"wait_for": [_classified(SON, "confirmed")]}),
    (ASK_NAME, [], [final_response("Your name is Alice.")], {}),
]


@pytest.fixture(scope="module")
def son_chat(a0_pristine, a0_python, tmp_path_factory):
    with scripted_chat(a0_pristine, a0_python, tmp_path_factory, "son-name", TURNS) as chat:
        yield chat


def test_the_users_name_stays_confirmed_after_a_sons_name(son_chat):
    run = son_chat["run"]
    run.assert_clean()
    assert run.pauses[0]["wait"]["met"] and run.pauses[1]["wait"]["met"], explain(son_chat, "memories never landed")
    mine, son = one_each(son_chat, NAME, SON)
    assert mine["classification"]["validity"] == "confirmed", explain(son_chat, f"the user's name: {mine}")
    assert mine["classification"]["source"] == "user_asserted", mine
    assert not mine["lineage"].get("superseded_by"), explain(son_chat, f"the user's name was superseded: {mine}")
    assert son["classification"]["validity"] == "confirmed", son


def test_what_is_my_name_recalls_the_users_own_memory(son_chat):
    req = first_request_for(son_chat["server"], ASK_NAME)
    recalled = recalled_part(req)
    assert NAME in recalled, explain(son_chat, "the user's own name was not recalled", req)
