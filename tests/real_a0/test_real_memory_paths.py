"""Every memory path in the REAL Agent Zero (both tags): consolidation keeps history, and the
agent's own tools see current memories only.

One headless chat in a copy of the tree where ``install.sh`` installed the pack, Agent Zero's
consolidation ON (its default) and the fake utility model scripted to answer it:

1-2  "Our cache is Redis 6." ... "We upgraded the cache to Redis 7.": consolidation is told to
     REPLACE the Redis 6 memory with "The user's cache is Redis 7." -- the pack keeps the
     Redis 6 memory, deprecated with ``superseded_by`` the replacement.
3-4  "The project uses Python 3.11." ... "We manage it with Poetry.": consolidation is told to
     MERGE the Python memory into "The user's project uses Python 3.11 and Poetry." -- kept,
     deprecated, linked to the merged one.
5    the model calls ``memory_load`` for "Redis 6": the answer shows Redis 7 as the memory,
     Redis 6 only marked "superseded by ..., on <date>", and no dump of the pack's metadata.
6    the model calls the pack's ``memory_history`` tool: the chain with dates.
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict, List

import pytest

from a0_harness import A0Install, copy_tree, detect_layout, install_pack, stop_leftover_postmaster
from fake_llm_server import FakeLLMServer
from fake_models import MARK_CONSOLIDATION, ChatRequest, HashEmbedder, ScriptedLLM, final_response, tool_call

REDIS_6 = "The user's cache is Redis 6."
REDIS_7_FRAGMENT = "The user's cache runs Redis 7 now."
REDIS_7 = "The user's cache is Redis 7."
PY = "The user's project uses Python 3.11."
POETRY_FRAGMENT = "The user's project uses Python 3.11 with Poetry."
MERGED = "The user's project uses Python 3.11 and Poetry."

SAY_6 = "Our cache is Redis 6."
SAY_7 = "We upgraded the cache to Redis 7."
SAY_PY = "The project uses Python 3.11."
SAY_POETRY = "We manage it with Poetry."
ASK_LOAD = "Look up what you remember about our Redis 6 cache."
ASK_HISTORY = "What did we previously believe about the cache?"


def _classified(text: str, validity: str) -> Dict[str, Any]:
    return {"text": text, "meta": {"classification.validity": validity}}


def _new_memory(req: ChatRequest) -> str:
    text = req.text
    start = text.find("**New Memory to Process**:")
    end = text.find("**New Memory Metadata**", start)
    return text[start:end] if start >= 0 and end > start else ""


def _similar(req: ChatRequest) -> List[tuple]:
    return re.findall(r"ID: (\S+)\s*\nTimestamp: [^\n]*\nContent: ([^\n]*)", req.text)


def consolidation(word: str, build):
    """A rule answering Agent Zero's consolidation question about a new memory naming ``word``."""
    def predicate(req: ChatRequest) -> bool:
        return MARK_CONSOLIDATION in req.system and word in _new_memory(req)

    def reply(req: ChatRequest) -> str:
        return json.dumps(build(_similar(req)))

    return predicate, reply


def replace_redis(similar):
    return {"action": "replace", "memories_to_remove": [i for i, c in similar if "Redis 6" in c],
            "memories_to_update": [], "new_memory_content": REDIS_7, "metadata": {}, "reasoning": "scripted"}


def merge_python(similar):
    return {"action": "merge", "memories_to_remove": [i for i, c in similar if c.strip() == PY],
            "memories_to_update": [], "new_memory_content": MERGED, "metadata": {}, "reasoning": "scripted"}


TURNS: List[tuple] = [
    (SAY_6, [REDIS_6], [final_response("Noted.")], {"wait_for": [_classified(REDIS_6, "confirmed")]}),
    (SAY_7, [REDIS_7_FRAGMENT], [final_response("Noted: Redis 7.")],
     {"wait_for": [_classified(REDIS_6, "deprecated"), {"text": REDIS_7}]}),
    (SAY_PY, [PY], [final_response("Noted.")], {"wait_for": [{"text": PY}]}),
    (SAY_POETRY, [POETRY_FRAGMENT], [final_response("Noted: Poetry.")],
     {"wait_for": [_classified(PY, "deprecated"), {"text": MERGED}]}),
    (ASK_LOAD, [], [tool_call("memory_load", query="The user's cache is Redis 6", threshold=0.3),
                    final_response("Your cache is Redis 7.")], {}),
    (ASK_HISTORY, [], [tool_call("memory_history", query="the user's cache"),
                       final_response("It was Redis 6 before.")], {}),
]


@pytest.fixture(scope="module")
def chat(a0_pristine, a0_python, tmp_path_factory):
    root = copy_tree(a0_pristine, tmp_path_factory.mktemp("paths") / "a0")
    install_pack(root, a0_python)
    a0 = A0Install(root=root, python=a0_python, layout=detect_layout(root))
    script = ScriptedLLM(fragments_by_message={text: frags for text, frags, _, _ in TURNS})
    script.on(*consolidation("Redis 7", replace_redis))
    script.on(*consolidation("Poetry", merge_python))
    messages: List[Any] = []
    for text, _, replies, pause in TURNS:
        script.queue_main(*replies)
        messages.append({"text": text, **pause, **({"wait_timeout": 60} if "wait_for" in pause else {})})
    with FakeLLMServer(script=script, embedder=HashEmbedder()) as server:
        run = a0.run_chat(server, messages, name="paths")
        yield {"run": run, "server": server}
    stop_leftover_postmaster(root / "usr" / "festinger" / "pgdata")


def memory(run, text: str) -> Dict[str, Any]:
    found = [m for m in run.memories if m["text"] == text]
    assert len(found) == 1, f"{text!r}: {len(found)} memories in {[m['text'] for m in run.memories]}"
    return found[0]["metadata"]


def tool_result_request(server: FakeLLMServer, marker: str) -> str:
    """The text of the first main request that holds a tool result with ``marker``."""
    for req in server.main_requests():
        if marker in req.text:
            return req.text
    raise AssertionError(f"no main request holds {marker!r}")


def test_the_chat_stays_clean(chat):
    chat["run"].assert_clean()
    failures = [line for line in chat["run"].stdout.splitlines() if line.startswith("festinger:") and "failed" in line]
    assert not failures, failures


def test_replace_keeps_the_replaced_memory_deprecated_and_linked(chat):
    run = chat["run"]
    old, new = memory(run, REDIS_6), memory(run, REDIS_7)
    assert new.get("consolidation_action") == "replace" and new.get("replaced_memories") == [old["id"]]
    assert old["classification"]["validity"] == "deprecated", old
    assert old["lineage"]["superseded_by"] == new["id"]
    assert "consolidated into" in old["lineage"]["deprecated_reason"]
    assert old["id"] in new["lineage"].get("supersedes_all", [new["lineage"].get("supersedes")])
    assert new["classification"]["validity"] != "deprecated"


def test_merge_keeps_the_merged_memory_deprecated_and_linked(chat):
    run = chat["run"]
    old, merged = memory(run, PY), memory(run, MERGED)
    # Agent Zero spreads the consumed memory's metadata over the new one (carried keys win), so
    # ``consolidation_action`` reads the consumed memory's own; ``consolidated_from`` is new.
    assert merged.get("consolidated_from") == [old["id"]], merged
    assert old["classification"]["validity"] == "deprecated", old
    assert old["lineage"]["superseded_by"] == merged["id"]
    assert merged["lineage"]["derived_from"] == [old["id"]]


def test_memory_load_shows_the_current_memory_and_marks_the_superseded_one(chat):
    run = chat["run"]
    old, new = memory(run, REDIS_6), memory(run, REDIS_7)
    text = tool_result_request(chat["server"], "Superseded memories")
    answer = text[text.find("memory_load"):]
    current, _, superseded = answer.partition("Superseded memories")
    assert f"Content: {REDIS_7}" in current and "Redis 6" not in current.split("Content:")[-1]
    assert f"[superseded by {new['id']}, on {old['lineage']['deprecated_at'][:10]}] {REDIS_6}" in superseded
    assert "'classification'" not in answer and "'lineage'" not in answer


def test_memory_history_tool_shows_the_chain(chat):
    text = tool_result_request(chat["server"], "previously: ")
    assert f"previously: {REDIS_6}" in text and f"(current) {REDIS_7}" in text
