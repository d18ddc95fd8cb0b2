"""What a user of the Festinger pack notices, in the REAL Agent Zero (skipped unless A0_ROOT is set).

One headless chat of nine user turns in a throwaway copy of the tree where ``install.sh``
installed the pack, against the loopback fake LLM; the user pauses between turns until the
pack's background classification has landed, as a person reading the answer would. The pack
runs as users get it: default config, its embedded PostgreSQL under ``<copy>/usr/festinger``.

1-3   "My project uses Python 3.9." ... "Actually, my project uses Python 3.11 now." ...
      "Which Python version does my project use?": the old memory is deprecated (kept, linked
      both ways to its successor), and the model is shown only the current one, trust-labelled.
4-7   "gnommoweb is a repo of Glitch University." and three more mentions: from the fourth
      mention on the system prompt opens with a <recollection> of that fact.
8-9   the model stores "dobby -isa worker in context of agent_pool" with the pack's
      ``iknowthat`` tool; the next message naming dobby recollects it although it is only
      dobby's second mention (a fact confirmed by a write path has novelty 1.0).
At exit Agent Zero's process flushes the pack's graph to Postgres and stops the embedded server.

Agent Zero's memory consolidation stays ON (its default). The fake utility model is scripted
to answer its consolidation question with ``keep_separate``: a fragment about Python 3.11
is close to the one about 3.9, so Agent Zero asks; ``keep_separate`` stores the new fragment as
it is, and the correction is left to the pack.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import List, Optional

import pytest

from a0_harness import ChatRun, processes_mentioning
from fake_llm_server import FakeLLMServer
from fake_models import ChatRequest, final_response, tool_call
from scripted_chat import classified as _classified, scripted_chat

PYTHON_OLD = "The user's project uses Python 3.9."
PYTHON_NEW = "The user's project uses Python 3.11."

SAY_OLD = "My project uses Python 3.9."
SAY_NEW = "Actually, my project uses Python 3.11 now."
ASK_VERSION = "Which Python version does my project use?"
CUE = "gnommoweb is a repo of Glitch University."
GNOMMO_2 = "Please update gnommoweb to use FastAPI instead."
GNOMMO_3 = "Is gnommoweb deployed yet?"
GNOMMO_4 = "Deploy gnommoweb now, please."
NAME_WORKER = "Our new pool worker is called dobby, please record it."
ASK_WORKER = "Ask dobby to run the test suite."
DOBBY_FACT = "dobby -isa worker in context of agent_pool"

GNOMMOWEB_LINE = "gnommoweb: [glitch_university] repo"
DOBBY_LINE = "dobby: [agent_pool] worker"



# (user message, what the memorizer extracts from it, the model's replies, the user's pause)
TURNS: List[tuple] = [
    (SAY_OLD, [PYTHON_OLD], [final_response("Noted: Python 3.9.")],
     {"wait_for": [_classified(PYTHON_OLD, "confirmed")]}),
    (SAY_NEW, [PYTHON_NEW], [final_response("Got it: Python 3.11.")],
     {"wait_for": [_classified(PYTHON_NEW, "confirmed"), _classified(PYTHON_OLD, "deprecated")]}),
    (ASK_VERSION, [], [final_response("Your project uses Python 3.11.")], {}),
    # a cue's fact naming tokens the graph does not know yet is written on the pack's I/O
    # loop and shows from the next prompt on: a reading pause is enough
    (CUE, [], [final_response("Noted.")], {"pause": 1.5}),
    (GNOMMO_2, [], [final_response("On it.")], {"pause": 0.5}),
    (GNOMMO_3, [], [final_response("Not yet.")], {"pause": 0.5}),
    (GNOMMO_4, [], [final_response("Deploying.")], {}),
    (NAME_WORKER, [], [tool_call("iknowthat", headline="Storing what dobby is", fact=DOBBY_FACT),
                       final_response("Recorded: dobby is a worker of the agent pool.")], {"pause": 1.0}),
    (ASK_WORKER, [], [final_response("Asking dobby.")], {}),
]


@pytest.fixture(scope="module")
def behaviour(a0_pristine, a0_python, tmp_path_factory):
    with scripted_chat(a0_pristine, a0_python, tmp_path_factory, "behaviour", TURNS) as chat:
        chat["left_running"] = processes_mentioning(chat["root"] / "usr" / "festinger")
        yield chat


# --------------------------------------------------------------------------- helpers


def first_request_for(server: FakeLLMServer, user_text: str) -> ChatRequest:
    """The first main-model request of the turn that sent ``user_text`` (its history is the
    first to hold that message)."""
    for req in server.main_requests():
        if any(m.get("role") == "user" and user_text in str(m.get("content")) for m in req.messages):
            return req
    raise AssertionError(f"the model never received {user_text!r}")


def requests_of_turn(server: FakeLLMServer, user_text: str, next_text: Optional[str]) -> List[ChatRequest]:
    def holds(req: ChatRequest, text: str) -> bool:
        return text in req.text

    return [r for r in server.main_requests() if holds(r, user_text) and not (next_text and holds(r, next_text))]


def recalled_part(req: ChatRequest) -> str:
    """The memories Agent Zero's recall put into the request: the ``memories`` entry of the
    [EXTRAS] message (the history before it legitimately holds the user's own words)."""
    text = req.text
    at = text.rfind("[EXTRAS]")
    assert at >= 0, f"no [EXTRAS] in the request:\n{text[-3000:]}"
    extras = text[at + len("[EXTRAS]"):]
    try:
        parsed = json.loads(extras.strip())
    except ValueError:
        return extras
    return str(parsed.get("memories", "")) if isinstance(parsed, dict) else extras


def recollection_block(req: ChatRequest) -> str:
    system = req.system
    end = system.find("</recollection>")
    return system[: end + len("</recollection>")] if end >= 0 else ""


def explain(behaviour, what: str, req: Optional[ChatRequest] = None) -> str:
    run: ChatRun = behaviour["run"]
    festinger_lines = [line for line in (run.stdout + run.stderr).splitlines() if "festinger" in line.lower()]
    head = f"--- request system head\n{req.system[:1500]}\n--- request tail\n{req.text[-2500:]}\n" if req else ""
    return (f"{what}\n{head}--- pauses\n{json.dumps(run.pauses, indent=1)}\n--- festinger output\n"
            + "\n".join(festinger_lines[-60:]) + "\n" + run.explain("")[:6000])


def one_each(chat, *texts: str) -> List[dict]:
    """The metadata of the one stored memory of each text (fails, explained, unless each landed once)."""
    found = [[m for m in chat["run"].memories if m["text"] == text] for text in texts]
    assert all(len(f) == 1 for f in found), explain(chat, f"expected one memory of each of {texts}")
    return [f[0]["metadata"] for f in found]


# --------------------------------------------------------------------------- the chat itself


def test_the_nine_turn_chat_stays_clean(behaviour):
    run = behaviour["run"]
    run.assert_clean()
    assert run.responses[0] == "Noted: Python 3.9." and run.responses[-1] == "Asking dobby."
    failures = [line for line in run.stdout.splitlines() if line.startswith("festinger:") and "failed" in line]
    assert not failures, explain(behaviour, "pack hooks reported failures")


# --------------------------------------------------------------------------- 1. deprecation


def test_a_correction_deprecates_the_old_memory_and_links_both(behaviour):
    run = behaviour["run"]
    old, new = one_each(behaviour, PYTHON_OLD, PYTHON_NEW)
    # Agent Zero's consolidation was asked about the close pair and kept both (as scripted)
    assert new.get("consolidation_action") == "keep_separate", new
    assert old["classification"]["validity"] == "deprecated", explain(behaviour, f"old memory: {old}")
    assert new["classification"]["validity"] == "confirmed", explain(behaviour, f"new memory: {new}")
    assert old["lineage"]["superseded_by"] == new["id"], (old, new)
    assert new["lineage"]["supersedes"] == old["id"], (old, new)
    # the user waited for this, as a reader would: it landed within the pause
    assert run.pauses[1]["wait"]["met"], explain(behaviour, "deprecation did not land while the user paused")


# --------------------------------------------------------------------------- 2. filtered recall


def test_recall_shows_the_current_fact_labelled_and_never_the_deprecated_one(behaviour):
    req = first_request_for(behaviour["server"], ASK_VERSION)
    recalled = recalled_part(req)
    assert PYTHON_NEW in recalled, explain(behaviour, "the current fact was not recalled", req)
    assert "user-stated" in recalled, explain(behaviour, "the recalled fact has no trust label", req)
    assert PYTHON_OLD not in recalled and "Python 3.9" not in recalled, explain(
        behaviour, "the deprecated memory reached the model", req)
    # the history still holds the user's own words: only the recall is filtered
    assert SAY_OLD in req.text


# --------------------------------------------------------------------------- 3. recollection


def test_a_concept_defined_by_a_cue_is_recollected_at_its_next_mention(behaviour):
    # saliency = ln(mentions): 0 at the defining sentence, 0.69 (> the 0.5 read threshold) at
    # the next mention, so the user's own definition shows up when it is first needed
    server = behaviour["server"]
    second = first_request_for(server, GNOMMO_2)
    assert second.system.startswith("<recollection>"), explain(behaviour, "no recollection block on top", second)
    assert GNOMMOWEB_LINE in recollection_block(second), explain(behaviour, "the cue's fact is not recollected", second)
    later = first_request_for(server, GNOMMO_4)
    assert GNOMMOWEB_LINE in recollection_block(later), explain(behaviour, "the recollection did not last", later)


def test_agent_zero_exiting_flushes_the_graph_and_stops_its_embedded_postgres(behaviour):
    run: ChatRun = behaviour["run"]
    home: Path = behaviour["a0"].root / "usr" / "festinger"
    pgdata = home / "pgdata"
    assert (pgdata / "PG_VERSION").is_file(), "the pack did not use its embedded server under usr/festinger"
    assert run.summary["exit_handlers"]["finished"], run.summary["exit_handlers"]
    assert not behaviour["left_running"], behaviour["left_running"]
    assert not (pgdata / "postmaster.pid").exists(), "the embedded server was not shut down"
    # the last mention counts reach Postgres before it stops: nothing is left in the journal
    # (another process, e.g. the festinger CLI, would not see them until the next start)
    leftover = {p.name: p.read_text(encoding="utf-8").count("\n") - 1 for p in (home / "journal").glob("graph-*.jsonl")}
    assert not any(leftover.values()), explain(behaviour, f"operations left journaled at exit: {leftover}")
    assert "PostgreSQL lost" not in run.stderr + run.stdout, explain(behaviour, "the server stopped under the pack")


# --------------------------------------------------------------------------- 4. iknowthat


def test_the_model_learns_of_the_iknowthat_tool(behaviour):
    req = first_request_for(behaviour["server"], SAY_OLD)
    assert "iknowthat" in req.system, explain(behaviour, "the tool prompt is not in the system prompt", req)


def test_a_fact_stored_with_iknowthat_is_recollected_on_the_next_mention(behaviour):
    server = behaviour["server"]
    turn = requests_of_turn(server, NAME_WORKER, ASK_WORKER)
    assert len(turn) == 2, explain(behaviour, f"expected the tool call and the answer, got {len(turn)} requests")
    # Agent Zero found the pack's tool, ran it, and handed its answer back to the model
    assert f"stored: {DOBBY_FACT}" in turn[1].text, explain(behaviour, "the tool did not store the fact", turn[1])
    # the same monologue's next prompt already recollects it (the cache shows it at once)
    assert DOBBY_LINE in recollection_block(turn[1]), explain(behaviour, "not recollected after the tool", turn[1])
    ask = first_request_for(server, ASK_WORKER)
    assert ask.system.startswith("<recollection>"), explain(behaviour, "no recollection block on top", ask)
    assert DOBBY_LINE in recollection_block(ask), explain(behaviour, "the stored fact is not recollected", ask)
