"""The whole pack in the simulated Agent Zero: the classifier's conflicts reach the SALUTE report."""

import json

import pytest

from . import exocortex_dispatcher


async def test_a_real_conflict_resolution_increments_the_salute_counter(tmp_path, make_service):
    from festinger.embeddings import HashEmbeddings
    from festinger_testkit.simulator import SimAgentZero, respond

    from .conftest import PACK_EXT

    root = tmp_path / "a0"
    exocortex_dispatcher.install(root / "usr" / "extensions", root / "usr" / "organizations")
    org_dir = root / "usr" / "organizations"
    exocortex_dispatcher.write_org(org_dir, {"codegen_specialist": ["codegen"]}, salute_interval_turns=1)
    with SimAgentZero(root, embeddings=HashEmbeddings(), extension_dirs=[PACK_EXT, root / "usr" / "extensions"],
                      utility_latency=0.0, recall_delay=0.0) as sim:
        svc = make_service(graph_enabled=False)
        health = svc.health
        health.org_dir, health.a0_root = org_dir, root
        agent = sim.agent(bst_domain="codegen")
        memory_service = svc.memory

        sim.utility.script_fragments("The user's project uses Python 3.9.")
        await sim.communicate(agent, "My project uses Python 3.9.", [respond("noted")])
        await sim.drain()
        await memory_service.drain()
        sim.utility.script_fragments("The user's project uses Python 3.11.")
        await sim.communicate(agent, "My project uses Python 3.11 now.", [respond("noted")])
        await sim.drain()
        await memory_service.drain()
        await sim.communicate(agent, "thanks", [respond("welcome")])

        report = json.loads((org_dir / "reports" / "codegen_specialist_latest.json").read_text())
        mh = report["environment"]["memory_health"]
        assert mh["conflicts_resolved_this_session"] == 1, mh
        assert mh["by_validity"]["deprecated"] == 1 and mh["total_memories"] == 2
        assert mh["last_classification_run"] is not None


async def test_postgres_unreachable_from_the_start_classify_recall_and_health_keep_working(
        tmp_path, make_service):
    from festinger.embeddings import HashEmbeddings
    from festinger_testkit.simulator import SimAgentZero, respond

    from .conftest import PACK_EXT

    root = tmp_path / "a0"
    with SimAgentZero(root, embeddings=HashEmbeddings(), extension_dirs=[PACK_EXT],
                      utility_latency=0.0, recall_delay=0.0) as sim:
        svc = make_service(salute_interval_turns=1)          # graph on, its database unreachable
        health = svc.health
        health.org_dir, health.a0_root = root / "usr" / "organizations", root
        agent = sim.agent()
        sim.utility.script_fragments("The user's project uses Python 3.9.")
        await sim.communicate(agent, "My project uses Python 3.9.", [respond("noted")])
        await sim.drain()
        await svc.memory.drain()
        sim.utility.script_fragments("The user's project uses Python 3.11.")
        await sim.communicate(agent, "My project uses Python 3.11 now.", [respond("noted")])
        await sim.drain()
        await svc.memory.drain()
        await sim.communicate(agent, "Which Python does my project use?", [respond("3.11")])

        assert not svc.db_ready
        recalled = sim.last_prompt.extras["memories"]
        assert "Python 3.11" in recalled and "Python 3.9" not in recalled   # deprecated: not shown
        report = json.loads((root / "usr" / "organizations" / "reports" / "festinger_latest.json").read_text())
        mh = report["environment"]["memory_health"]
        assert mh["conflicts_resolved_this_session"] == 1 and mh["by_validity"]["deprecated"] == 1
