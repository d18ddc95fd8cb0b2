"""Stock recall: delete-then-rewrite of extras, interval, delayed mode, settings accessors."""

from __future__ import annotations

import pytest
from .sim_helpers import new_agent, probe_hook, probes, write_hook

from festinger_testkit.simulator import respond, tool_call

HOOK = "message_loop_prompts_after"
LOW = {"memory_recall_similarity_threshold": 0.55}  # HashEmbeddings vs a long history query


def seed_stale_extras(root):
    write_hook(root, HOOK, "_40_seed_stale.py", """
        class Seed(Extension):
            async def execute(self, loop_data=None, **kwargs):
                loop_data.extras_persistent["memories"] = "STALE deprecated memory text"
    """)


async def store(sim, agent, text, area="fragments"):
    db = await sim.memory(agent)
    return await db.insert_text(text, {"area": area})


async def test_recall_task_first_deletes_then_rewrites_the_extras(make_sim, tmp_path):
    ext = tmp_path / "ext"
    seed_stale_extras(ext)
    task_state = "(lambda t: None if t is None else t.done())(self.agent.get_data('_recall_memories_task'))"
    probe_hook(ext, HOOK, "_55_filter.py", f"(dict(loop_data.extras_persistent), {task_state})")
    probe_hook(ext, HOOK, "_95_after_wait.py", "dict(loop_data.extras_persistent)")
    sim = make_sim(extension_dirs=[ext], settings=LOW)
    agent = new_agent(sim)
    doc_id = await store(sim, agent, "User prefers green tea")

    await sim.communicate(agent, "which tea does the user prefer", responses=[respond("green")])

    at_55, at_95 = probes(agent)
    assert at_55[2] == ({"memories": "STALE deprecated memory text"}, False)  # recall has not run yet
    memories = at_95[2]["memories"]
    assert "STALE" not in memories and "User prefers green tea" in memories
    assert memories.startswith("# Memories on the topic")
    assert doc_id not in memories and "fragments" not in memories  # plain text: no ids/metadata
    assert "STALE" not in sim.last_prompt.text
    assert sim.last_prompt.extras["memories"] == memories


async def test_recall_with_no_match_leaves_the_keys_deleted(make_sim, tmp_path):
    ext = tmp_path / "ext"
    seed_stale_extras(ext)
    sim = make_sim(extension_dirs=[ext])
    agent = new_agent(sim)
    await sim.communicate(agent, "hello there", responses=[respond("hi")])
    assert "memories" not in sim.last_prompt.extras
    assert any(i.heading == "No memories or solutions found" for i in agent.context.log.logs)


async def test_recall_runs_on_every_third_iteration_by_default(make_sim, tmp_path):
    probe_hook(tmp_path / "ext", HOOK, "_95_task.py",
               "(loop_data.iteration, self.agent.get_data('_recall_memories_task') is not None)")
    sim = make_sim(extension_dirs=[tmp_path / "ext"])
    agent = new_agent(sim)
    replies = [tool_call("memory_load", query=f"q{i}") for i in range(4)] + [respond("done")]
    await sim.communicate(agent, "work", responses=replies)
    assert [p[2] for p in probes(agent)] == [(0, True), (1, False), (2, False), (3, True), (4, False)]
    searches = [i for i in agent.context.log.logs if i.heading == "No memories or solutions found"]
    assert len(searches) == 2  # the "Searching memories..." items, updated by the two searches


async def test_delayed_mode_does_not_wait_and_memories_arrive_one_iteration_later(make_sim):
    sim = make_sim(settings={**LOW, "memory_recall_delayed": True}, recall_delay=0.05, main_llm_latency=0.2)
    agent = new_agent(sim)
    await store(sim, agent, "User prefers green tea")
    await sim.communicate(agent, "which tea does the user prefer",
                          responses=[tool_call("memory_load", query="tea"), respond("green")])
    first, second = sim.sent_prompts
    assert "memories" not in first.extras and "memory_recall_delayed" in first.extras
    assert "User prefers green tea" in second.extras["memories"]  # landed during the LLM call
    assert "memory_recall_delayed" not in second.extras  # temporary extras are cleared


async def test_recall_limits_and_areas(make_sim):
    sim = make_sim(settings={"memory_recall_similarity_threshold": 0.0, "memory_recall_memories_max_result": 2,
                             "memory_recall_solutions_max_result": 1})
    agent = new_agent(sim)
    for i in range(4):
        await store(sim, agent, f"fact number {i}", area="main")
    await store(sim, agent, "# Problem\n x\n# Solution\n y", area="solutions")
    await store(sim, agent, "# Problem\n z\n# Solution\n w", area="solutions")
    await sim.communicate(agent, "facts", responses=[respond("ok")])
    extras = sim.last_prompt.extras
    assert extras["memories"].count("fact number") == 2
    assert extras["solutions"].count("# Problem") == 1 and "fact number" not in extras["solutions"]


async def test_recall_disabled(make_sim):
    sim = make_sim(settings={"memory_recall_enabled": False, "memory_recall_similarity_threshold": 0.0})
    agent = new_agent(sim)
    await store(sim, agent, "anything")
    await sim.communicate(agent, "anything", responses=[respond("ok")])
    assert sim.last_prompt.extras == {}
    assert agent.get_data("_recall_memories_task") is None


@pytest.mark.parametrize("layout", ["legacy", "v1"])
async def test_settings_reach_the_pack_through_the_real_accessor(make_sim, tmp_path, layout, monkeypatch):
    env = "A0_SET_memory_recall_history_len" if layout == "legacy" else "A0_SET__memory__memory_recall_history_len"
    monkeypatch.setenv(env, "500")
    write_hook(tmp_path / "ext", HOOK, "_60_read_settings.py", """
        class ReadSettings(Extension):
            async def execute(self, loop_data=None, **kwargs):
                try:
                    from helpers.plugins import get_plugin_config
                    cfg = get_plugin_config("_memory", agent=self.agent)
                except ImportError:
                    from python.helpers.settings import get_settings
                    cfg = get_settings()
                probe(self.agent, (cfg["memory_recall_interval"], cfg["memory_recall_similarity_threshold"],
                                   cfg["memory_recall_history_len"], cfg["memory_recall_delayed"]))
    """)
    sim = make_sim(layout, extension_dirs=[tmp_path / "ext"], settings={"memory_recall_interval": 1})
    agent = new_agent(sim)
    await sim.communicate(agent, "hi", responses=[respond("ok")])
    sim.settings.update(memory_recall_similarity_threshold=0.6)
    await sim.communicate(agent, "again", responses=[respond("ok")])
    assert probes(agent) == [(1, 0.7, 500, False), (1, 0.6, 500, False)]
