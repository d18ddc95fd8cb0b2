"""Relevance ``dormant`` is set where the spec says: toggled by role activation, for memories
whose domain is outside the newly active role's domains (load_bearing and unscoped memories
stay active); switching roles wakes them; recall of the matching role still shows them."""

from __future__ import annotations

import asyncio

from festinger.core.metadata import read_classification
from festinger_testkit.simulator import respond

from .test_recall_hooks import LOW, QUESTION, role_file, seed_domains
from .helpers import shown


async def relevance(sim, agent, doc_id):
    db = await sim.memory(agent)
    return read_classification(db.db.get_all_docs()[doc_id].metadata).relevance.value


async def settled(festinger):
    task = festinger.recall._relevance_task
    if task is not None:
        await asyncio.wrap_future(task)


async def test_role_activation_makes_out_of_domain_memories_dormant_and_back(festinger, make_sim):
    sim = make_sim("legacy", settings=LOW)
    agent = sim.agent(org_role=role_file(festinger, "bugfix_specialist"))
    ids = await seed_domains(sim, agent)
    await sim.communicate(agent, QUESTION, responses=[respond("ok")])
    await settled(festinger)
    assert await relevance(sim, agent, ids["codegen"]) == "dormant"
    assert await relevance(sim, agent, ids["docker"]) == "dormant"
    assert await relevance(sim, agent, ids["bugfix"]) == "active"
    assert await relevance(sim, agent, ids["docker_lb"]) == "active"   # load_bearing
    assert await relevance(sim, agent, ids["general"]) == "active"     # no domain

    agent._org_active_role = role_file(festinger, "codegen_specialist")
    await sim.communicate(agent, QUESTION, responses=[respond("ok")])
    await settled(festinger)
    assert await relevance(sim, agent, ids["codegen"]) == "active"
    assert await relevance(sim, agent, ids["bugfix"]) == "dormant"
    # the next prompt shows the codegen memory although it was dormant a moment ago
    await sim.communicate(agent, QUESTION, responses=[respond("ok")])
    assert "generated from templates" in shown(sim.last_prompt)


async def test_a_dormant_memory_still_reaches_another_agent_whose_role_covers_it(festinger, make_sim):
    sim = make_sim("legacy", settings=LOW)
    bug = sim.agent(org_role=role_file(festinger, "bugfix_specialist"))
    ids = await seed_domains(sim, bug)
    await sim.communicate(bug, QUESTION, responses=[respond("ok")])
    await settled(festinger)
    assert await relevance(sim, bug, ids["codegen"]) == "dormant"
    coder = sim.agent(org_role=role_file(festinger, "codegen_specialist"))
    # the codegen agent's own activation would wake it; check the read rule alone first
    festinger.recall.note_role = lambda *a, **k: None
    await sim.communicate(coder, QUESTION, responses=[respond("ok")])
    assert "generated from templates" in shown(sim.last_prompt)


async def test_no_role_wakes_everything(festinger, make_sim):
    sim = make_sim("legacy", settings=LOW)
    agent = sim.agent(org_role=role_file(festinger, "bugfix_specialist"))
    ids = await seed_domains(sim, agent)
    await sim.communicate(agent, QUESTION, responses=[respond("ok")])
    await settled(festinger)
    assert await relevance(sim, agent, ids["codegen"]) == "dormant"
    agent._org_active_role = None
    await sim.communicate(agent, QUESTION, responses=[respond("ok")])
    await settled(festinger)
    assert await relevance(sim, agent, ids["codegen"]) == "active"


async def test_a_wildcard_role_sees_dormant_memories_before_its_own_activation_lands(festinger, make_sim):
    sim = make_sim("legacy", settings=LOW)
    bug = sim.agent(org_role=role_file(festinger, "bugfix_specialist"))
    ids = await seed_domains(sim, bug)
    await sim.communicate(bug, QUESTION, responses=[respond("ok")])
    await settled(festinger)
    assert await relevance(sim, bug, ids["docker"]) == "dormant"
    festinger.recall.note_role = lambda *a, **k: None   # the read rule alone
    general = sim.agent(profile="agent0")                 # the general assistant: every domain
    await sim.communicate(general, QUESTION, responses=[respond("ok")])
    assert "slim base" in shown(sim.last_prompt)
