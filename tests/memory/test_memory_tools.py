"""Every path that shows the model a memory is guarded: the agent's own memory tools.

The agent's ``memory_load`` is answered through the pack's filter (current memories only, a
superseded one only marked "superseded by <id>, on <date>"), no raw dump of the pack's
metadata; ``memory_delete``/``memory_forget`` still delete (privacy wins), deprecated
memories included, and the deletion is logged.
"""

from __future__ import annotations

import logging

import pytest

from festinger.core.metadata import read_classification, read_lineage
from festinger_testkit.simulator import respond, tool_call


def tool_results(agent, name: str) -> list[str]:
    return [m.content["tool_result"] for m in agent.history.of_kind("tool")
            if isinstance(m.content, dict) and m.content.get("tool_name") == name]


async def corrected_world(world, layout: str = "legacy"):
    w = world(layout=layout)
    agent = w.agent()
    await w.say(agent, "The project uses Python 3.9", "ok", fragments=["The project uses Python 3.9"])
    await w.settle()
    await w.say(agent, "We moved, the project uses Python 3.11", "ok",
                fragments=["The project uses Python 3.11"])
    await w.settle()
    old = await w.find(agent, "The project uses Python 3.9")
    new = await w.find(agent, "The project uses Python 3.11")
    assert read_lineage(old.metadata).superseded_by == new.metadata["id"]
    return w, agent, old, new


@pytest.mark.parametrize("layout", ["legacy", "v1"])
async def test_memory_load_of_a_superseded_fact_answers_with_the_current_one(world, layout):
    w, agent, old, new = await corrected_world(world, layout)
    await w.sim.communicate(agent, "what Python did we use?",
                            [tool_call("memory_load", query="The project uses Python 3.9"), respond("ok")])
    [answer] = tool_results(agent, "memory_load")
    current, _, superseded = answer.partition("Superseded memories")
    assert "Content: The project uses Python 3.11" in current
    assert "3.9" not in current                       # never presented as current
    day = read_lineage(old.metadata).deprecated_at[:10]
    assert f"[superseded by {new.metadata['id']}, on {day}] The project uses Python 3.9" in superseded
    assert "classification" not in answer and "lineage" not in answer   # no dump of the pack's keys
    assert f"id: {new.metadata['id']}" in current                      # ids stay (memory_delete needs them)


async def test_memory_load_never_shows_a_deprecated_memory_without_a_current_successor(world):
    w, agent, old, new = await corrected_world(world)
    db = await w.sim.memory(agent)
    await db.delete_documents_by_ids([new.metadata["id"]])   # the user forgot the new one
    await w.sim.communicate(agent, "what Python did we use?",
                            [tool_call("memory_load", query="The project uses Python 3.9"), respond("ok")])
    [answer] = tool_results(agent, "memory_load")
    assert "Content:" not in answer and "superseded" not in answer  # "No memories found for ..."


async def test_memory_forget_deletes_deprecated_memories_too_and_is_logged(world, caplog):
    w, agent, old, new = await corrected_world(world)
    caplog.set_level(logging.INFO, logger="festinger")
    await w.sim.communicate(agent, "forget everything about the Python version",
                            [tool_call("memory_forget", query="The project uses Python", threshold=0.6),
                             respond("done")])
    await w.settle()
    docs = await w.docs(agent)
    assert old.metadata["id"] not in docs and new.metadata["id"] not in docs
    assert any("deleted on request" in r.getMessage() for r in caplog.records)
    assert w.ms.stats()["forgotten_this_session"] >= 2


async def test_memory_delete_by_id_deletes_a_deprecated_memory(world):
    w, agent, old, new = await corrected_world(world)
    await w.sim.communicate(agent, "delete the old one",
                            [tool_call("memory_delete", ids=old.metadata["id"]), respond("done")])
    await w.settle()
    docs = await w.docs(agent)
    assert old.metadata["id"] not in docs and new.metadata["id"] in docs
    assert read_classification(docs[new.metadata["id"]].metadata).validity.value == "confirmed"


async def test_outside_an_agent_searches_are_not_filtered(world):
    """The memory dashboard (the user's own view) still finds deprecated memories."""
    w, agent, old, new = await corrected_world(world)
    db = await w.sim.memory(agent)
    found = await db.search_similarity_threshold("The project uses Python 3.9", limit=5, threshold=0.5)
    assert old.metadata["id"] in {d.metadata["id"] for d in found}
