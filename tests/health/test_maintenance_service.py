"""Maintenance through the pack's real monologue_end hook (spec criteria 16-17, purge, restarts)."""

import json
from datetime import datetime, timezone

from langchain_core.documents import Document

from festinger.health.state_file import STATE_FILE


def utility_of(memory, doc_id):
    return memory.db.get_all_docs()[doc_id].metadata["classification"]["utility"]


async def access(w, agent, doc_id, times):
    """What recall's access tracking does when the memory reaches the prompt ``times`` times."""
    memory = await w.memory(agent)
    doc = memory.db.get_all_docs()[doc_id]
    lin = doc.metadata["lineage"]
    lin["access_count"] = lin.get("access_count", 0) + times
    lin["last_accessed"] = datetime.now(timezone.utc).isoformat()
    await memory.update_documents([doc])


async def turns(w, agent, n):
    for _ in range(n):
        await w.turn(agent)


async def test_criteria_16_17_archival_after_50_idle_cycles_and_back_after_3_accesses(world):
    w = world(maintenance_interval_loops=5)            # spec thresholds: 50 cycles, 3 accesses
    agent = w.agent()
    idle = await w.add(agent, "the build took 4 minutes today")
    used = await w.add(agent, "the staging host is web-2")
    rule = await w.add(agent, "never push to main", "confirmed", "load_bearing", "user_asserted")
    memory = await w.memory(agent)

    await turns(w, agent, 40)
    await access(w, agent, used, 1)                    # recall surfaced it at cycle 40
    await turns(w, agent, 10)                          # cycle 50: exactly 50 cycles idle
    assert utility_of(memory, idle) == "tactical"
    await turns(w, agent, 5)                           # cycle 55: maintenance runs
    assert utility_of(memory, idle) == "archived"
    assert utility_of(memory, used) == "tactical" and utility_of(memory, rule) == "load_bearing"
    health, _ = await w.health.health_for(agent)      # what the next turn publishes
    assert health["by_utility"] == {"load_bearing": 1, "tactical": 1, "archived": 1}
    assert health["maintenance"]["last_run"]["archived"] == 1
    assert any("memory maintenance" in i.heading for i in agent.context.log.logs)

    await access(w, agent, idle, 2)
    await turns(w, agent, 5)
    assert utility_of(memory, idle) == "archived"       # two accesses are not enough
    await access(w, agent, idle, 1)
    await turns(w, agent, 5)
    assert utility_of(memory, idle) == "tactical"       # the third brings it back
    lin = memory.db.get_all_docs()[idle].metadata["lineage"]
    assert "archived_at" not in lin and lin["reactivated_at"]

    # the changes are on disk, in Agent Zero's own files
    w.sim.Memory.index.clear()
    reloaded = await w.memory(agent)
    assert utility_of(reloaded, idle) == "tactical" and utility_of(reloaded, rule) == "load_bearing"


async def test_maintenance_counter_survives_a_restart(world, make_service, tmp_path):
    w = world(maintenance_interval_loops=5)
    agent = w.agent()
    await turns(w, agent, 3)
    state = json.loads((w.service.home / STATE_FILE).read_text())
    assert state["stores"]["default"]["clock"]["cycle"] == 3
    w.service.close()

    restarted = make_service(home=w.service.home, maintenance_interval_loops=5)
    health = restarted.health
    health.org_dir = w.org_dir
    await turns(w, agent, 1)
    info = (await health.health_for(agent))[0]["maintenance"]
    assert info["cycle"] == 4 and info["last_run_at"] is None and info["next_run_in_cycles"] == 1
    await turns(w, agent, 1)
    info = (await health.health_for(agent))[0]["maintenance"]
    assert info["last_run_cycle"] == 5 and info["last_run_at"] is not None   # at 5, not at 8


async def test_purge_is_off_by_default(world):
    w = world(maintenance_interval_loops=1, deprecation_retention_cycles=2)
    agent = w.agent()
    dep = await w.add(agent, "the API uses REST", "deprecated",
                      deprecated_at=datetime.now(timezone.utc).isoformat())
    await turns(w, agent, 6)
    assert dep in (await w.memory(agent)).db.get_all_docs()


async def test_purge_removes_old_deprecated_memories_logs_them_and_spares_knowledge(world):
    w = world(maintenance_interval_loops=1, deprecation_retention_cycles=3, enable_purge=True)
    agent = w.agent()
    now = datetime.now(timezone.utc).isoformat()
    dep = await w.add(agent, "the API uses REST", "deprecated", deprecated_at=now)
    undated = await w.add(agent, "the port is 8080", "deprecated")
    memory = await w.memory(agent)
    knowledge = Document(page_content="REST reference page", metadata={
        "area": "main", "knowledge_source": True, "source_file": "rest.md",
        "classification": {"validity": "deprecated", "relevance": "active", "utility": "tactical",
                           "source": "bookshelf_document"},
        "lineage": {"created_at": now, "deprecated_at": now}})
    (kid,) = await memory.insert_documents([knowledge])
    keep = await w.add(agent, "the API uses GraphQL", "confirmed", source="user_asserted")

    await turns(w, agent, 3)
    docs = memory.db.get_all_docs()
    assert dep in docs                                   # 3 cycles: within the retention
    await turns(w, agent, 1)
    docs = memory.db.get_all_docs()
    assert dep not in docs and kid in docs and keep in docs
    assert undated in docs and docs[undated].metadata["lineage"]["deprecated_at"]  # clock started
    assert (await w.health.health_for(agent))[0]["total_memories"] == 3
    log = [json.loads(line) for line in (w.service.home / "purged_memories.jsonl").read_text().splitlines()]
    assert [e["id"] for e in log] == [dep] and log[0]["text"] == "the API uses REST"
    assert "deprecated 4 cycles ago" in log[0]["reason"]

    w.sim.Memory.index.clear()                           # gone from Agent Zero's files too
    assert dep not in (await w.memory(agent)).db.get_all_docs()


async def test_one_full_scan_per_store_then_deltas(world, monkeypatch):
    from festinger.core.health import ClassificationLedger

    scans = []
    original = ClassificationLedger.rebuild
    monkeypatch.setattr(ClassificationLedger, "rebuild",
                        lambda self, docs: (scans.append(1), original(self, docs))[1])
    w = world()
    agent = w.agent()
    for i in range(5):
        await w.add(agent, f"fact number {i}")
        await w.turn(agent)
    memory = await w.memory(agent)
    await memory.delete_documents_by_ids([next(iter(memory.db.get_all_docs()))])
    await w.turn(agent)
    assert len(scans) == 1
    assert agent._memory_health["total_memories"] == 4

    w.sim.Memory.index.clear()                           # Agent Zero reloaded the store
    await w.turn(agent)
    assert len(scans) == 2 and agent._memory_health["total_memories"] == 4


async def test_state_is_saved_off_the_chat_loop_and_in_order(world, monkeypatch):
    """The state file is fsynced at every monologue end: never on Agent Zero's chat loop
    (it would stall the chat), and a slow older save never overwrites a newer one."""
    import asyncio

    w = world(maintenance_interval_loops=1000)
    agent = w.agent()
    saved: list[tuple[bool, int]] = []
    real_save = w.health.state_file.save

    def save(state):
        try:
            asyncio.get_running_loop()
            on_a_loop = True
        except RuntimeError:
            on_a_loop = False
        saved.append((on_a_loop, state.stores["default"].clock.cycle))
        real_save(state)

    monkeypatch.setattr(w.health.state_file, "save", save)
    await turns(w, agent, 3)
    assert [cycle for _, cycle in saved] == [1, 2, 3]
    assert not any(on_a_loop for on_a_loop, _ in saved), "saved on an event loop"

    # ordering: an older copy that reaches the disk late is dropped
    health = w.health
    older, newer = health._state_copy(), health._state_copy()
    health._write_state(*newer)
    health._write_state(*older)
    assert len(saved) == 4
    assert json.loads((w.service.home / STATE_FILE).read_text())[
        "stores"]["default"]["clock"]["cycle"] == 3
