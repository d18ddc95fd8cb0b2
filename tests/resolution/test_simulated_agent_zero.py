"""T35 and T36 inside the simulated Agent Zero, with the pack's real recollection hook file:
the hook remembers the agent, the background write path asks the agent's (fake) utility
model, and the next prompt's system message carries the recollection."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from festinger.embeddings import HashEmbeddings
from festinger_testkit.simulator import respond
from festinger.service import set_service
from tests.fakes.graph_env import GraphEnv, make_service

pytestmark = pytest.mark.postgres
REPO = Path(__file__).resolve().parents[2]
HOOK = ("message_loop_prompts_after", "_96_festinger_recollection.py")
TRIPLES = json.dumps({"triples": [
    {"concept": "gnommoweb", "parent": "repo", "dimension": "type", "is_isa": True,
     "confidence": 0.9},
    {"concept": "gnommoweb", "parent": "glitch_university", "dimension": "membership",
     "is_isa": False, "confidence": 0.8}]})


@pytest.fixture
def a0(tmp_path, pg_dsn):
    """(sim factory, GraphEnv): the pack's service is what the hooks get."""
    from festinger.llm.providers import UTILITY
    from festinger_testkit.simulator import SimAgentZero

    svc = make_service(pg_dsn, tmp_path / "home", saliency_read_threshold=0.2,
                       saliency_write_threshold=0.3)
    env = GraphEnv(svc)
    env.res.write_path.poll_interval = 3600  # the tests drive the write path themselves
    set_service(svc)
    ext = tmp_path / "ext"
    (ext / HOOK[0]).mkdir(parents=True)
    shutil.copy(REPO / "extensions" / HOOK[0] / HOOK[1], ext / HOOK[0] / HOOK[1])
    sims = []

    def make(layout):
        sim = SimAgentZero(tmp_path / f"a0-{layout}", layout=layout, embeddings=HashEmbeddings(),
                           extension_dirs=[ext], utility_latency=0.01, stock_memory=False).start()
        sims.append(sim)
        return sim

    yield make, env
    for sim in sims:
        sim.close()
    set_service(None)
    UTILITY.forget()
    from tests.fakes.graph_env import drop_schema
    drop_schema(svc)
    svc.close()


@pytest.mark.parametrize("layout", ["legacy", "v1"])
async def test_t35_cue_fact_reaches_the_next_prompt(a0, layout):
    make, env = a0
    sim = make(layout)
    agent = sim.agent()
    await sim.communicate(agent, "FYI gnommoweb is a repo of Glitch University",
                          responses=[respond("noted")])
    await env.svc.io.wait(env.graph.settle(30))
    await sim.communicate(agent, "what is gnommoweb again?", responses=[respond("a repo")])
    system = sim.last_prompt.system
    assert system.startswith("<recollection>")
    assert "gnommoweb: [glitch_university] repo" in system
    assert env.edges("gnommoweb") == {"glitch_university": "repo"}
    assert env.sql("SELECT source FROM urd u JOIN soas s ON s.id = u.id "
                   "WHERE s.token = 'gnommoweb'") == [{"source": "inferred"}]


@pytest.mark.parametrize("layout", ["legacy", "v1"])
async def test_t36_write_path_through_the_agents_utility_model(a0, layout):
    make, env = a0
    sim = make(layout)
    sim.utility.fallback = lambda system, message: TRIPLES if "What is `gnommoweb`?" in message \
        else ""
    agent = sim.agent()
    await sim.communicate(agent, "please check gnommoweb", responses=[respond("ok")])
    await env.svc.io.wait(env.graph.settle(30))  # its SOAS id comes from Postgres
    await sim.communicate(agent, "is gnommoweb deployed?", responses=[respond("unsure")])
    assert "? gnommoweb: no recollection" in sim.last_prompt.system
    await env.svc.io.wait(env.graph.settle(30))
    assert env.scalar("SELECT count(*) FROM write_queue WHERE status = 'pending'") == 1
    # the hook made the background work start; drive one pass of the write path now
    assert env.res._started
    out = await env.svc.io.wait(env.res.write_path.process_due())
    assert [o.status for o in out] == ["done"], [o.as_dict() for o in out]
    calls = [c for c in sim.utility.calls if "What is `gnommoweb`?" in c.message]
    assert len(calls) == 1 and calls[0].background is True
    await sim.communicate(agent, "so what is gnommoweb?", responses=[respond("a repo")])
    system = sim.last_prompt.system
    assert "[type] repo" in system and "[membership] glitch_university" in system
    assert "no recollection" not in system
    await env.svc.io.wait(env.graph.settle(30))
    env.check()
