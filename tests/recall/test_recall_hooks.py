"""What the model sees, end to end in the simulated Agent Zero (both layouts).

Spec criteria 6-9 and 15 plus the races against Agent Zero's background recall task.
"""

from __future__ import annotations

import json

import pytest

from festinger_testkit.simulator import respond, tool_call

from .helpers import all_shown, lineage, loop_replies, shown, store, store_plain

LOW = {"memory_recall_similarity_threshold": 0.5}  # HashEmbeddings: cosine >= 0
LAYOUTS = ["legacy", "v1"]


async def seed_python(sim, agent):
    new = await store(sim, agent, "The api server runs Python 3.11 in production")
    old = await store(sim, agent, "The api server runs Python 3.9 in production",
                      validity="deprecated", superseded_by=new)
    return new, old


# --- criterion 6: deprecated memories never reach the model ------------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("delayed", [False, True])
@pytest.mark.parametrize("interval", [1, 3])
async def test_deprecated_memory_never_reaches_any_prompt(festinger, make_sim, layout, delayed, interval):
    sim = make_sim(layout, settings={**LOW, "memory_recall_delayed": delayed,
                                     "memory_recall_interval": interval},
                   recall_delay=0.02, main_llm_latency=0.05)
    agent = sim.agent()
    await seed_python(sim, agent)
    await sim.communicate(agent, "which Python does the api server run in production",
                          responses=loop_replies(5))
    texts = all_shown(sim)
    assert len(texts) == 6
    assert not any("Python 3.9" in t for t in texts)
    assert any("Python 3.11" in t for t in texts)
    # the stock text never reached a prompt either (its heading is the stock template's)
    assert not any("# Memories on the topic" in p.text for p in sim.sent_prompts)


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("delayed", [False, True])
async def test_without_the_takeover_hook_the_stock_text_is_still_replaced(festinger, make_sim, layout, delayed):
    """Race test: only the _95 hook installed; the stock task runs (or is still running)."""
    sim = make_sim(layout, takeover=False, settings={**LOW, "memory_recall_delayed": delayed,
                                                      "memory_recall_interval": 1},
                   recall_delay=0.03, main_llm_latency=0.1)
    agent = sim.agent()
    await seed_python(sim, agent)
    await sim.communicate(agent, "which Python does the api server run in production",
                          responses=loop_replies(3))
    await sim.drain()
    for prompt in sim.sent_prompts:
        assert "Python 3.9" not in prompt.text
        assert "# Memories on the topic" not in prompt.text
    assert any("Python 3.11" in t for t in all_shown(sim))


@pytest.mark.parametrize("delayed", [False, True])
async def test_slow_stock_task_cannot_write_after_the_pack(festinger, make_sim, delayed):
    """The stock search takes longer than the main model call: nothing lands afterwards."""
    sim = make_sim("legacy", takeover=False, settings={**LOW, "memory_recall_delayed": delayed},
                   recall_delay=0.3, main_llm_latency=0.05)
    agent = sim.agent()
    await seed_python(sim, agent)
    await sim.communicate(agent, "which Python does the api server run in production",
                          responses=loop_replies(4))
    assert all("Python 3.9" not in p.text for p in sim.sent_prompts)


async def test_unfiltered_text_from_another_extension_is_replaced(festinger, make_sim, tmp_path):
    """An extension between _50 and _95 (like Exocortex's _55 filter) writes its own list."""
    sim = make_sim("legacy", settings=LOW)
    hook = sim.runtime.loader.sources[0].root / "message_loop_prompts_after" / "_55_other_filter.py"
    hook.write_text(
        "try:\n    from helpers.extension import Extension\nexcept ImportError:\n"
        "    from python.helpers.extension import Extension\n\n"
        "class Other(Extension):\n    async def execute(self, loop_data=None, **kw):\n"
        "        loop_data.extras_persistent['memories'] = 'The api server runs Python 3.9 in production'\n")
    sim.runtime.loader.clear_cache()
    agent = sim.agent()
    await seed_python(sim, agent)
    await sim.communicate(agent, "which Python does the api server run", responses=loop_replies(2))
    assert all("Python 3.9" not in p.text for p in sim.sent_prompts)
    assert all("Python 3.11" in shown(p) for p in sim.sent_prompts)


async def test_memory_deprecated_mid_monologue_leaves_the_next_prompt(festinger, make_sim):
    sim = make_sim("legacy", settings={**LOW, "memory_recall_interval": 10})
    agent = sim.agent()
    new, old = await seed_python(sim, agent)
    port = await store(sim, agent, "The api server listens on port 8080 in production")

    async def deprecate(agent, **args):
        db = await sim.memory(agent)
        doc = db.db.get_all_docs()[port]
        doc.metadata["classification"]["validity"] = "deprecated"
        await db.update_documents([doc])
        return "ok"

    sim.register_tool("deprecate", deprecate)
    await sim.communicate(agent, "which port and Python does the api server use in production",
                          responses=[tool_call("deprecate"), respond("done")])
    first, second = sim.sent_prompts
    assert "port 8080" in shown(first)
    assert "port 8080" not in second.text and "Python 3.11" in shown(second)


# --- Agent Zero's own settings --------------------------------------------------------------

async def test_recall_disabled_shows_nothing(festinger, make_sim):
    sim = make_sim("legacy", settings={**LOW, "memory_recall_enabled": False})
    agent = sim.agent()
    await seed_python(sim, agent)
    await sim.communicate(agent, "which Python does the api server run", responses=[respond("?")])
    assert shown(sim.last_prompt) == "\n"


async def test_recall_follows_agent_zero_interval(festinger, make_sim):
    sim = make_sim("legacy", settings={**LOW, "memory_recall_interval": 3})
    agent = sim.agent()
    await seed_python(sim, agent)
    await sim.communicate(agent, "which Python does the api server run", responses=loop_replies(4))
    recalls = [i for i in agent.context.log.logs if i.heading.startswith("Festinger recall:")]
    assert len(recalls) == 2  # iterations 0 and 3, as Agent Zero's own recall
    assert all("Python 3.11" in t for t in all_shown(sim))  # persistent between recalls


async def test_result_limits_and_threshold_are_agent_zeros(festinger, make_sim):
    sim = make_sim("legacy", settings={**LOW, "memory_recall_memories_max_result": 2})
    agent = sim.agent()
    for n in range(5):
        await store(sim, agent, f"The api server note number {n} about production Python")
    await sim.communicate(agent, "api server production Python notes", responses=[respond("ok")])
    assert shown(sim.last_prompt).count("- [") == 2

    sim.settings.update(memory_recall_similarity_threshold=0.999)
    await sim.communicate(agent, "api server production Python notes", responses=[respond("ok")])
    assert "memories" not in sim.last_prompt.extras


async def test_cap_is_shared_fairly_between_memories_and_solutions(festinger, make_sim):
    festinger.config.max_injected_memories = 4
    sim = make_sim("legacy", settings=LOW)
    agent = sim.agent()
    for n in range(5):
        await store(sim, agent, f"api server production fact {n}")
    for n in range(3):
        await store(sim, agent, f"api server production fix {n}", area="solutions",
                    source="agent_inferred", validity="inferred")
    await sim.communicate(agent, "api server production", responses=[respond("ok")])
    extras = sim.last_prompt.extras
    assert extras["memories"].count("- [") == 2 and extras["solutions"].count("- [") == 2


# --- trust labels ------------------------------------------------------------------------------

async def test_each_memory_carries_its_trust_label_and_the_block_says_how_to_weigh(festinger, make_sim):
    sim = make_sim("v1", settings=LOW)
    agent = sim.agent()
    await store(sim, agent, "The user said the api server must run Python 3.11",
                utility="load_bearing")
    await store(sim, agent, "The api server probably runs behind nginx",
                source="agent_inferred", validity="inferred")
    await store(sim, agent, "The api server docs say it supports Python 3.12",
                source="external_retrieved", validity="inferred")
    await store_plain(sim, agent, "The api server was set up last spring")
    await sim.communicate(agent, "tell me about the api server", responses=[respond("ok")])
    text = sim.last_prompt.extras["memories"]
    assert "- [user-stated, confirmed; load-bearing] The user said the api server must run" in text
    assert "- [agent-inferred] The api server probably runs behind nginx" in text
    assert "- [external] The api server docs say" in text
    assert "- [unclassified] The api server was set up last spring" in text
    assert "what the user says in this conversation comes first" in text
    # load_bearing first
    assert text.index("must run Python 3.11") < text.index("behind nginx")


# --- criteria 7-9: roles -------------------------------------------------------------------------

async def seed_domains(sim, agent):
    ids = {
        "bugfix": await store(sim, agent, "Deploy service crash: the log shows a null pointer in the deploy worker",
                              domain="bugfix"),
        "codegen": await store(sim, agent, "Deploy service code: the deploy worker module is generated from templates",
                               domain="codegen"),
        "docker": await store(sim, agent, "Deploy service container: the deploy worker image builds from the slim base",
                              domain="docker_ops"),
        "docker_lb": await store(sim, agent, "Deploy service container must never run as root in the deploy worker",
                                 domain="docker_ops", utility="load_bearing"),
        "general": await store(sim, agent, "Deploy service owner is Dana, who answers questions about the deploy worker"),
    }
    return ids


def role_file(festinger, role_id):
    rs = festinger.recall
    return json.loads((rs.roles.dirs[0] / f"{role_id}.json").read_text())


QUESTION = "what do we know about the deploy service deploy worker"


async def test_bugfix_role_suppresses_codegen_and_docker_memories_unless_load_bearing(festinger, make_sim):
    sim = make_sim("legacy", settings=LOW)
    agent = sim.agent(org_role=role_file(festinger, "bugfix_specialist"))
    await seed_domains(sim, agent)
    await sim.communicate(agent, QUESTION, responses=[respond("ok")])
    text = shown(sim.last_prompt)
    assert "null pointer" in text                       # bugfix: in scope
    assert "generated from templates" not in text       # codegen: suppressed
    assert "slim base" not in text                      # docker_ops: suppressed
    assert "must never run as root" in text             # docker_ops but load_bearing
    assert "owner is Dana" in text                      # no domain: never suppressed


async def test_switching_to_codegen_brings_codegen_memories_back(festinger, make_sim):
    sim = make_sim("v1", settings=LOW)
    agent = sim.agent(org_role=role_file(festinger, "bugfix_specialist"))
    await seed_domains(sim, agent)
    await sim.communicate(agent, QUESTION, responses=[respond("ok")])
    assert "generated from templates" not in shown(sim.last_prompt)

    agent._org_active_role = role_file(festinger, "codegen_specialist")
    await sim.communicate(agent, QUESTION, responses=[respond("ok")])
    text = shown(sim.last_prompt)
    assert "generated from templates" in text and "must never run as root" in text
    assert "null pointer" not in text


async def test_load_bearing_surfaces_for_every_role(festinger, make_sim):
    sim = make_sim("legacy", settings=LOW)
    agent = sim.agent()
    await seed_domains(sim, agent)
    for role_id in ("bugfix_specialist", "codegen_specialist", "osint_specialist", "analysis_specialist"):
        agent._org_active_role = role_file(festinger, role_id)
        await sim.communicate(agent, QUESTION, responses=[respond("ok")])
        assert "must never run as root" in shown(sim.last_prompt), role_id


async def test_role_is_derived_from_the_current_bst_domain_not_the_stale_dispatcher_role(
        festinger, make_sim, tmp_path):
    org = tmp_path / "org" / "active.json"
    org.parent.mkdir(parents=True)
    org.write_text(json.dumps({"hierarchy": {"co": {}, "engineering_xo": {}, "codegen_specialist": {},
                                             "bugfix_specialist": {}}}))
    sim = make_sim("legacy", settings=LOW)
    # the dispatcher still holds last turn's codegen role; the BST already says bugfix
    agent = sim.agent(org_role=role_file(festinger, "codegen_specialist"), bst_domain="bugfix")
    await seed_domains(sim, agent)
    await sim.communicate(agent, QUESTION, responses=[respond("ok")])
    text = shown(sim.last_prompt)
    assert "null pointer" in text and "generated from templates" not in text


async def test_profile_maps_to_a_role_without_exocortex(festinger, make_sim):
    sim = make_sim("legacy", settings=LOW)
    researcher = sim.agent(profile="researcher")
    await seed_domains(sim, researcher)
    await sim.communicate(researcher, QUESTION, responses=[respond("ok")])
    text = shown(sim.last_prompt)
    assert "slim base" not in text and "generated from templates" not in text
    assert "must never run as root" in text and "owner is Dana" in text

    agent0 = sim.agent(profile="agent0")
    await sim.communicate(agent0, QUESTION, responses=[respond("ok")])
    assert "slim base" in shown(sim.last_prompt)  # the general assistant sees every domain


async def test_no_role_at_all_filters_validity_only(festinger, make_sim):
    sim = make_sim("legacy", settings=LOW)
    agent = sim.agent(profile="no_such_profile")
    await seed_domains(sim, agent)
    await sim.communicate(agent, QUESTION, responses=[respond("ok")])
    text = shown(sim.last_prompt)
    for needle in ("null pointer", "generated from templates", "slim base", "owner is Dana"):
        assert needle in text


async def test_editing_a_role_file_applies_on_the_next_turn(festinger, make_sim):
    sim = make_sim("legacy", settings=LOW)
    agent = sim.agent(org_role=role_file(festinger, "bugfix_specialist"))
    await seed_domains(sim, agent)
    await sim.communicate(agent, QUESTION, responses=[respond("ok")])
    assert "slim base" not in shown(sim.last_prompt)

    path = festinger.recall.roles.dirs[0] / "bugfix_specialist.json"
    data = json.loads(path.read_text())
    data["capabilities"]["bst_domains"].append("docker_ops")
    path.write_text(json.dumps(data, indent=2) + "\n")  # the dispatcher's dict is not reloaded
    await sim.communicate(agent, QUESTION, responses=[respond("ok")])
    assert "slim base" in shown(sim.last_prompt)


# --- criterion 15: access tracking -------------------------------------------------------------------

@pytest.mark.parametrize("layout", LAYOUTS)
async def test_five_recalls_give_access_count_five(festinger, make_sim, layout):
    sim = make_sim(layout, settings={**LOW, "memory_recall_interval": 1})
    agent = sim.agent()
    new, old = await seed_python(sim, agent)
    for turn in range(5):
        # three iterations per turn, a recall on each: still one access per turn
        await sim.communicate(agent, "which Python does the api server run in production",
                              responses=loop_replies(2))
    lin = await lineage(sim, agent, new)
    assert lin["access_count"] == 5 and lin["last_accessed"]
    assert (await lineage(sim, agent, old))["access_count"] == 0


async def test_access_counts_are_saved_in_batches_not_per_iteration(festinger, make_sim):
    from festinger_testkit.simulator.memory import files_of

    sim = make_sim("legacy", settings={**LOW, "memory_recall_interval": 1,
                                       "memory_memorize_enabled": False})
    agent = sim.agent()
    new, _ = await seed_python(sim, agent)
    folder = sim.memory_dir(agent)
    before = files_of(folder)
    for _ in range(3):
        await sim.communicate(agent, "which Python does the api server run", responses=loop_replies(3))
    assert files_of(folder) == before  # twelve prompts, no index rewrite

    rs = festinger.recall
    assert rs.access.pending() == 3
    rs.access.max_age_s = 0  # make the batch due
    assert await rs.flush_due() == 1
    assert files_of(folder) != before
    reloaded = await sim.Memory.reload(agent)
    assert reloaded.db.get_all_docs()[new].metadata["lineage"]["access_count"] == 3


async def test_agent_zero_writes_carry_pending_counts_without_an_extra_save(festinger, make_sim):
    sim = make_sim("legacy", settings=LOW)
    agent = sim.agent()
    new, _ = await seed_python(sim, agent)
    await sim.communicate(agent, "which Python does the api server run", responses=[respond("ok")])
    rs = festinger.recall
    assert rs.access.pending() == 1
    await store_plain(sim, agent, "an unrelated new memory")  # Agent Zero saves the whole store
    assert rs.access.pending() == 0 and rs.access.saves == 0
    reloaded = await sim.Memory.reload(agent)
    assert reloaded.db.get_all_docs()[new].metadata["lineage"]["access_count"] == 1


# --- controls: the scenarios above do expose the stock behaviour -------------------------------

@pytest.mark.parametrize("delayed", [False, True])
async def test_control_stock_recall_alone_serves_the_deprecated_memory(make_sim, tmp_path, delayed):
    from festinger.embeddings import HashEmbeddings
    from festinger_testkit.simulator import SimAgentZero

    with SimAgentZero(tmp_path / "plain", embeddings=HashEmbeddings(),
                      settings={**LOW, "memory_recall_delayed": delayed, "memory_recall_interval": 1},
                      recall_delay=0.02, main_llm_latency=0.05) as sim:
        agent = sim.agent()
        await seed_python(sim, agent)
        await sim.communicate(agent, "which Python does the api server run in production",
                              responses=loop_replies(2))
        await sim.drain()
        assert any("Python 3.9" in p.text for p in sim.sent_prompts)


async def test_without_takeover_the_stock_task_runs_and_its_text_is_replaced(festinger, make_sim):
    sim = make_sim("legacy", takeover=False, settings=LOW)
    agent = sim.agent()
    await seed_python(sim, agent)
    await sim.communicate(agent, "which Python does the api server run", responses=[respond("ok")])
    # the stock task ran to completion (no takeover), then the pack replaced its text
    assert any(i.heading.endswith("relevant solutions found") for i in agent.context.log.logs)
    assert "Python 3.9" not in sim.last_prompt.text and "Python 3.11" in shown(sim.last_prompt)
