"""Agent Zero's ``memory_recall_post_filter`` works through the pack: the utility model picks
from the pack's (already validity- and role-filtered) selection, then the limits apply."""

from __future__ import annotations

import re

from festinger.recall.post_filter import parse_indices
from festinger_testkit.simulator import respond

from .helpers import shown, store

LOW = {"memory_recall_similarity_threshold": 0.5}


def _numbered(message: str) -> dict[int, str]:
    """The numbered memories the filter prompt lists (a dict rendered as text or JSON)."""
    return {int(i): t for i, t in re.findall(r"""["']?(\d+)["']?: ["']([^"']*)["']""", message)}


async def test_post_filter_keeps_only_what_the_utility_model_chose(festinger, make_sim):
    sim = make_sim("legacy", settings={**LOW, "memory_recall_post_filter": True})
    agent = sim.agent()
    await store(sim, agent, "The api server runs on Python 3.11")
    await store(sim, agent, "The api server greeting is hello")
    await store(sim, agent, "The old api server ran Python 3.9", validity="deprecated",
                superseded_by="x")
    asked: list[dict[int, str]] = []

    def choose(message: str) -> list[int]:
        listed = _numbered(message)
        asked.append(listed)
        return [i for i, t in listed.items() if "3.11" in t]

    sim.utility.recall_filter = choose
    await sim.communicate(agent, "which Python does the api server run", responses=[respond("ok")])
    text = shown(sim.last_prompt)
    assert "Python 3.11" in text and "greeting" not in text
    assert asked, "the utility model was never asked"
    # the model is never asked about a deprecated memory
    assert all("3.9" not in t for listed in asked for t in listed.values())


async def test_post_filter_off_never_calls_the_utility_model(festinger, make_sim):
    sim = make_sim("legacy", settings=LOW)
    agent = sim.agent()
    await store(sim, agent, "The api server runs on Python 3.11")
    called = []
    sim.utility.recall_filter = lambda m: called.append(m) or []
    await sim.communicate(agent, "which Python does the api server run", responses=[respond("ok")])
    assert "Python 3.11" in shown(sim.last_prompt) and not called


async def test_unusable_filter_answer_keeps_the_selection(festinger, make_sim):
    sim = make_sim("v1", settings={**LOW, "memory_recall_post_filter": True})
    agent = sim.agent()
    await store(sim, agent, "The api server runs on Python 3.11")
    sim.utility.recall_filter = lambda m: {"not": "a list"}  # type: ignore[return-value]
    await sim.communicate(agent, "which Python does the api server run", responses=[respond("ok")])
    assert "Python 3.11" in shown(sim.last_prompt)


async def test_filter_then_limits_as_agent_zero(festinger, make_sim):
    sim = make_sim("legacy", settings={**LOW, "memory_recall_post_filter": True,
                                       "memory_recall_memories_max_result": 1})
    agent = sim.agent()
    for n in range(4):
        await store(sim, agent, f"api server production note {n}")
    # the model names note 3 first, then note 2: the result limit keeps its first choice
    sim.utility.recall_filter = lambda m: sorted((i for i, t in _numbered(m).items() if t[-1] in "23"),
                                                 key=lambda i: -int(_numbered(m)[i][-1]))
    await sim.communicate(agent, "api server production note", responses=[respond("ok")])
    text = shown(sim.last_prompt)
    assert text.count("- [") == 1 and "note 3" in text


def test_parse_indices_reads_fenced_and_rejects_garbage():
    assert parse_indices("```json\n[0, 2]\n```") == [0, 2]
    assert parse_indices("[1, true, 3]") == [1, 3]
    assert parse_indices("no idea") is None
    assert parse_indices('{"a": 1}') is None
    assert parse_indices(None) is None
