"""Background memorization: timing, thread, context propagation, consolidation effects."""

from __future__ import annotations

import contextvars
import threading

from .sim_helpers import new_agent, probe_hook, probes

from festinger_testkit.simulator import respond, tool_call

REQUEST_ID = contextvars.ContextVar("request_id", default="unset")


def fragments_of(db) -> list:
    return [d for d in db.db.get_all_docs().values() if d.metadata.get("area") == "fragments"]


async def test_memorized_fragments_land_after_monologue_end_hooks_have_run(make_sim, tmp_path):
    probe_hook(tmp_path / "ext", "monologue_end", "_55_count.py",
               "sum(1 for d in __import__('python.helpers.memory', fromlist=['Memory']).Memory.index['default']"
               ".get_all_docs().values() if d.metadata.get('area') == 'fragments')")
    sim = make_sim(extension_dirs=[tmp_path / "ext"], utility_latency=0.15)
    agent = new_agent(sim)
    sim.utility.script_fragments("User prefers green tea", "The API server listens on port 8080")

    assert await sim.communicate(agent, "remember my tea", responses=[respond("noted")]) == "noted"
    db = await sim.memory(agent)
    assert probes(agent) == [("_55_count", 0, 0)]  # a _55_ hook runs before the new memories exist
    assert fragments_of(db) == []  # still nothing when communicate returns
    await sim.drain()
    assert sorted(d.page_content for d in fragments_of(db)) == [
        "The API server listens on port 8080", "User prefers green tea"]
    [call] = sim.utility.calls_for("memorize_fragments")
    assert call.background and call.thread == "Background"
    assert "user: " in call.message and "remember my tea" in call.message  # the whole history


async def test_background_work_sees_a_snapshot_of_the_callers_contextvars(make_sim):
    sim = make_sim(utility_latency=0.05)
    agent = sim.agent()
    seen = []
    sim.utility.keywords = lambda text: seen.append((REQUEST_ID.get(), threading.current_thread().name)) or []
    sim.utility.script_fragments("a fact worth keeping")

    token = REQUEST_ID.set("turn-1")
    try:
        await sim.communicate(agent, "hello", responses=[respond("hi")])
        REQUEST_ID.set("changed-after-start")  # not seen: the task copied the context at start
        await sim.drain()
    finally:
        REQUEST_ID.reset(token)
    assert seen == [("turn-1", "Background")]


async def test_memorize_disabled_writes_nothing(make_sim):
    sim = make_sim(settings={"memory_memorize_enabled": False}, utility_latency=0.0)
    agent = sim.agent()
    sim.utility.script_fragments("never stored")
    await sim.communicate(agent, "hi", responses=[respond("ok")])
    await sim.drain()
    assert fragments_of(await sim.memory(agent)) == []
    assert sim.utility.calls == []


async def seed_fragment(sim, agent, text: str, **extra) -> str:
    db = await sim.memory(agent)
    return await db.insert_text(text, {"area": "fragments", **extra})


async def test_merge_replaces_ids_carries_custom_metadata_and_leaks_similarity(make_sim):
    sim = make_sim(utility_latency=0.0)
    agent = sim.agent()
    old_id = await seed_fragment(sim, agent, "User prefers green tea in the morning",
                                 lineage={"created_by_role": "co", "access_count": 4})
    seen_candidates = []

    def merge(new_memory, similar):
        seen_candidates.extend(similar)
        return {"action": "merge", "memories_to_remove": [similar[0]["id"]],
                "new_memory_content": "User prefers green tea, in the morning and evening"}

    sim.utility.script_consolidation(merge)
    sim.utility.script_fragments("User prefers green tea in the evening too")
    await sim.communicate(agent, "tea again", responses=[respond("ok")])
    await sim.drain()

    docs = fragments_of(await sim.memory(agent))
    assert [d.page_content for d in docs] == ["User prefers green tea, in the morning and evening"]
    merged = docs[0].metadata
    assert merged["id"] != old_id and old_id not in (await sim.memory(agent)).db.get_all_docs()
    assert merged["consolidated_from"] == [old_id]
    assert merged["consolidation_action"] == "merge"
    assert merged["lineage"] == {"created_by_role": "co", "access_count": 4}  # carried over
    assert merged["_consolidation_similarity"] == 1.0  # leaked from the compared doc
    assert seen_candidates[0]["metadata"]["_consolidation_similarity"] == 1.0


async def test_skip_leaves_the_similarity_key_on_the_compared_memory(make_sim):
    sim = make_sim(utility_latency=0.0)
    agent = sim.agent()
    old_id = await seed_fragment(sim, agent, "The deploy script lives in scripts/deploy.sh")
    sim.utility.script_fragments("The deploy script lives in scripts/deploy.sh now")
    await sim.communicate(agent, "deploy", responses=[respond("ok")])
    await sim.drain()
    docs = (await sim.memory(agent)).db.get_all_docs()
    assert len(fragments_of(await sim.memory(agent))) == 2  # no decision scripted => skip => insert
    assert docs[old_id].metadata["_consolidation_similarity"] == 1.0


async def test_update_and_replace_actions(make_sim):
    sim = make_sim(utility_latency=0.0)
    agent = sim.agent()
    old_port = await seed_fragment(sim, agent, "The API server listens on port 8080", owner="ops")
    sim.utility.script_consolidation(lambda new, similar: {
        "action": "update",
        "memories_to_update": [{"id": similar[0]["id"], "new_content": "The API server listens on port 9090"}],
        "new_memory_content": ""})
    sim.utility.script_fragments("The API server now listens on port 9090")
    await sim.communicate(agent, "port changed", responses=[respond("ok")])
    await sim.drain()
    [updated] = fragments_of(await sim.memory(agent))
    assert updated.page_content == "The API server listens on port 9090"
    assert updated.metadata["updated_from"] == old_port and updated.metadata["owner"] == "ops"

    sim.utility.script_consolidation(lambda new, similar: {
        "action": "replace", "memories_to_remove": [similar[0]["id"]],
        "new_memory_content": "The API server listens on port 7070"})
    sim.utility.script_fragments("The API server listens on port 7070 since today")
    await sim.communicate(agent, "port changed again", responses=[respond("ok")])
    await sim.drain()
    [replaced] = fragments_of(await sim.memory(agent))
    assert replaced.page_content == "The API server listens on port 7070"
    assert replaced.metadata["replaced_memories"] == [updated.metadata["id"]]
    assert replaced.metadata["updated_from"] == old_port  # an old key survives via carry-over


async def test_replace_of_a_memory_that_was_not_compared_is_blocked(make_sim):
    sim = make_sim(utility_latency=0.0)
    agent = sim.agent()
    unrelated = await seed_fragment(sim, agent, "Backups run nightly at 02:00")
    await seed_fragment(sim, agent, "User likes short answers")
    sim.utility.script_consolidation({"action": "replace", "memories_to_remove": [unrelated],
                                      "new_memory_content": "User likes very short answers"})
    sim.utility.script_fragments("User likes short answers, really short")
    await sim.communicate(agent, "be brief", responses=[respond("ok")])
    await sim.drain()
    docs = (await sim.memory(agent)).db.get_all_docs()
    assert unrelated in docs  # no similarity estimate on it (< 0.9): converted to keep_separate
    safety = [d for d in docs.values() if d.metadata.get("consolidation_action") == "keep_separate_safety"]
    assert [d.page_content for d in safety] == ["User likes very short answers"]


async def test_without_consolidation_near_duplicates_are_replaced(make_sim):
    sim = make_sim(settings={"memory_memorize_consolidation": False}, utility_latency=0.0)
    agent = sim.agent()
    old = await seed_fragment(sim, agent, "User prefers green tea")
    sim.utility.script_fragments("User prefers green tea")
    await sim.communicate(agent, "tea", responses=[respond("ok")])
    await sim.drain()
    [doc] = fragments_of(await sim.memory(agent))
    assert doc.metadata["id"] != old and set(doc.metadata) == {"area", "id", "timestamp"}


async def test_solutions_are_stored_as_problem_solution_text(make_sim):
    sim = make_sim(utility_latency=0.0)
    agent = sim.agent()
    sim.utility.script_solutions({"problem": "pip install fails offline", "solution": "use the local wheel index"})
    await sim.communicate(agent, "fix pip", responses=[tool_call("memory_load", query="pip"), respond("done")])
    await sim.drain()
    docs = [d for d in (await sim.memory(agent)).db.get_all_docs().values() if d.metadata["area"] == "solutions"]
    assert [d.page_content for d in docs] == [
        "# Problem\n pip install fails offline\n# Solution\n use the local wheel index"]


async def test_close_cancels_pending_background_work_and_stops_its_thread(make_sim):
    sim = make_sim(utility_latency=5.0)
    agent = sim.agent()
    sim.utility.script_fragments("would land in 5 s")
    await sim.communicate(agent, "hi", responses=[respond("ok")])
    assert sim.runtime.pending_work() == 2  # fragments + solutions memorizers
    threads = [t for t in threading.enumerate() if t.name == "Background"]
    sim.close()
    assert sim.runtime.pending_work() == 0
    assert not any(t.is_alive() for t in threads)
