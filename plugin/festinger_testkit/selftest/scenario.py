"""The self-test scenario: a short conversation with a simulated Agent Zero, checked like a user would.

The pack's real hook files run in the simulator (real langchain FAISS, the real embedding
model when available, the stock memorizers and recall with their background timing), on a
real PostgreSQL. Every check looks at what a user could see: the metadata stored on the
memories, the prompt the model received, the agent's health attributes.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any, Callable, Optional

from festinger.core.metadata import read_classification, read_lineage
from festinger_testkit.selftest.report import Report, short

PYTHON_OLD = "The user's project uses Python 3.9."
PYTHON_NEW = "The user's project uses Python 3.11."
INFERRED = "The config file is probably in /tmp."


async def wait_for(predicate: Callable[[], Any], timeout: float = 30.0, step: float = 0.1) -> Any:
    """Poll until ``predicate()`` is truthy (background work lands on its own schedule)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value or time.monotonic() > deadline:
            return value
        await asyncio.sleep(step)


async def turn(sim: Any, agent: Any, message: str, answer: str) -> None:
    """One user turn, then let the background work land, as a pause between turns would:
    Agent Zero's memorizer, then the pack's classification and graph writes."""
    from festinger.service import get_service
    from festinger_testkit.simulator import respond

    await sim.communicate(agent, message, responses=[respond(answer)])
    await sim.drain()
    service = get_service()
    await service.memory.drain(30)
    graph = service.graph
    await service.io.wait(graph.settle(30))


def _find(docs: dict, text: str) -> Optional[Any]:
    return next((d for d in docs.values() if d.page_content == text), None)


def _classified(docs: dict, text: str) -> Optional[Any]:
    doc = _find(docs, text)
    return doc if doc is not None and read_classification(doc.metadata) else None


async def run_scenario(report: Report, *, root: Path, extensions: Path, embeddings: Any,
                       layout: str = "v1") -> None:
    from festinger.a0.memory_store import all_docs
    from festinger_testkit.simulator import SimAgentZero

    settings = {"memory_recall_interval": 1}
    async with SimAgentZero(root, layout=layout, embeddings=embeddings,
                            extension_dirs=[extensions], settings=settings) as sim:
        agent = sim.agent(profile="developer", number=0)
        db = await sim.memory(agent)

        report.section("classification: every new memory gets four axes")
        sim.utility.script_fragments(PYTHON_OLD)
        await turn(sim, agent, "My project uses Python 3.9.", "Noted: Python 3.9.")
        old = await wait_for(lambda: _classified(all_docs(db), PYTHON_OLD))
        if report.check("the user's fact was memorized and classified", old is not None):
            cls = read_classification(old.metadata)
            report.info(f"{short(old.page_content)} -> {cls.to_dict()}")
            report.check("it is user_asserted and confirmed",
                         cls.source.value == "user_asserted" and cls.validity.value == "confirmed")

        sim.utility.script_fragments(INFERRED)
        await turn(sim, agent, "Where could the config file be?", "It is probably in /tmp, I did not check.")
        guess = await wait_for(lambda: _classified(all_docs(db), INFERRED))
        if report.check("the agent's guess was memorized and classified", guess is not None):
            cls = read_classification(guess.metadata)
            report.info(f"{short(guess.page_content)} -> {cls.to_dict()}")
            report.check("it is agent_inferred, inferred and tactical",
                         (cls.source.value, cls.validity.value, cls.utility.value)
                         == ("agent_inferred", "inferred", "tactical"))

        report.section("deprecation: a correction supersedes the old fact, nothing is deleted")
        sim.utility.script_fragments(PYTHON_NEW)
        await turn(sim, agent, "Actually, my project uses Python 3.11 now.", "Got it: Python 3.11.")
        new = await wait_for(lambda: _classified(all_docs(db), PYTHON_NEW))

        def deprecated_old():
            d = _find(all_docs(db), PYTHON_OLD)
            c = read_classification(d.metadata) if d is not None else None
            return d if c is not None and c.validity.value == "deprecated" else None

        old = await wait_for(deprecated_old, timeout=15)
        report.check("the corrected memory is classified", new is not None)
        if report.check("the old memory is deprecated (still in the store)", old is not None):
            lin_old, lin_new = read_lineage(old.metadata), read_lineage(new.metadata)
            report.info(f"deprecated: {short(old.page_content)} (reason: {lin_old.deprecated_reason})")
            report.check("superseded_by / supersedes point at each other",
                         lin_old.superseded_by == new.metadata.get("id")
                         and lin_new.supersedes == old.metadata.get("id"))
        log = getattr(agent, "_memory_conflict_log", None) or []
        report.check("the resolution is in agent._memory_conflict_log", len(log) >= 1,
                     f"{len(log)} entr{'y' if len(log) == 1 else 'ies'}")

        report.section("recall: the model sees the current fact, labelled, never the deprecated one")
        await turn(sim, agent, "Which Python version does my project use?", "Python 3.11.")
        # Only the recalled memories count: the chat history rightly still holds "3.9".
        recalled = json.dumps(sim.last_prompt.extras, ensure_ascii=False)
        report.info(short(recalled, 300))
        report.check("the current fact reached the model", PYTHON_NEW in recalled)
        report.check("the deprecated fact did not", PYTHON_OLD not in recalled)
        report.check("recalled memories carry a trust label", "user-stated" in recalled)
        access = read_lineage(_find(all_docs(db), PYTHON_NEW).metadata).access_count
        report.check("recall was access-tracked", access >= 1, f"access_count={access}")

        report.section("recollections: the concept graph learns from a prompt and answers later ones")
        # "X is a Y of Z" is a cue: the fact goes straight into the graph. The concept is
        # recollected once it is salient enough (the natural log of its mentions above the
        # read threshold, 0.5 by default): here from its second mention on.
        await turn(sim, agent, "gnommoweb is a repo of Glitch University.", "Noted.")
        first = sim.last_prompt.system or ""
        report.check("a concept mentioned once is not yet recollected",
                     "gnommoweb:" not in first)
        await turn(sim, agent, "Please update gnommoweb to use FastAPI instead.", "On it.")
        await turn(sim, agent, "Is gnommoweb deployed yet?", "Not yet.")
        await turn(sim, agent, "Deploy gnommoweb now, please.", "Deploying.")
        system = sim.last_prompt.system or ""
        block = system[: system.find("</recollection>") + len("</recollection>")] \
            if "</recollection>" in system else ""
        report.info(block or "(no recollection block)")
        report.check("a <recollection> block is at the top of the system prompt",
                     system.lstrip().startswith("<recollection>"))
        report.check("it holds the fact learnt from the cue",
                     "gnommoweb: [glitch_university] repo" in block)

        report.section("health: SALUTE memory health published for the dispatcher")
        await turn(sim, agent, "Thanks!", "You're welcome.")
        health = getattr(agent, "_memory_health", None)
        if report.check("agent._memory_health is set", isinstance(health, dict)):
            report.info(", ".join(f"{k}={health.get(k)}" for k in
                                  ("total_memories", "by_validity", "conflicts_resolved_this_session")))
            report.check("it counts the deprecated memory",
                         (health.get("by_validity") or {}).get("deprecated", 0) >= 1)
        await sim.drain()
