"""SALUTE integration (spec criteria 10-11) and the pack's own reports without the org kernel.

Every test runs the pack's real hook files in the simulated Agent Zero; the org kernel is
our dispatcher fixture (``exocortex_dispatcher.py``), numbered _12_ like the real one.
"""

import json

from festinger.cli import main as cli_main
from festinger.core.health import SALUTE_SECTIONS, is_salute_report

from . import exocortex_dispatcher

SPEC_KEYS = ["total_memories", "by_validity", "by_utility", "by_source",
             "conflicts_resolved_this_session", "last_classification_run"]


def read(path):
    return json.loads(path.read_text())


async def test_criterion_10_salute_environment_carries_memory_health(world):
    w = world(dispatcher=True)
    exocortex_dispatcher.write_org(w.org_dir, {"bugfix_specialist": ["bugfix", "log_analysis"]},
                                   salute_interval_turns=2)
    agent = w.agent(bst_domain="bugfix")
    await w.add(agent, "The user must use Python 3.11", "confirmed", "load_bearing", "user_asserted")
    await w.add(agent, "the file is probably in /tmp")

    await w.turn(agent)
    report_path = w.org_dir / "reports" / "bugfix_specialist_latest.json"
    assert not report_path.exists()                  # the dispatcher reports every 2nd turn
    await w.turn(agent)
    report = read(report_path)

    assert is_salute_report(report) and list(report)[2:] == list(SALUTE_SECTIONS)
    mh = report["environment"]["memory_health"]
    assert list(mh)[:6] == SPEC_KEYS
    assert mh["total_memories"] == 2 == report["environment"]["memory_fragments_stored"]
    assert mh["by_validity"] == {"confirmed": 1, "inferred": 1, "deprecated": 0}
    assert mh["by_utility"] == {"load_bearing": 1, "tactical": 1, "archived": 0}
    assert mh["by_source"]["user_asserted"] == 1 and mh["by_source"]["agent_inferred"] == 1
    assert mh["degradation"] == {"health": "nominal", "reasons": []}
    # with the org kernel reporting, the pack does not write a report of its own
    assert not (w.org_dir / "reports" / "festinger_latest.json").exists()


async def test_criterion_11_conflicts_resolved_this_session_increments(world):
    w = world(dispatcher=True)
    exocortex_dispatcher.write_org(w.org_dir, {"codegen_specialist": ["codegen"]}, salute_interval_turns=1)
    agent = w.agent(bst_domain="codegen")
    old = await w.add(agent, "project uses Python 3.9", "confirmed", source="user_asserted")
    await w.turn(agent)
    path = w.org_dir / "reports" / "codegen_specialist_latest.json"
    assert read(path)["environment"]["memory_health"]["conflicts_resolved_this_session"] == 0

    new = await w.add(agent, "project uses Python 3.11", "confirmed", source="user_asserted")
    memory = await w.memory(agent)
    loser = memory.db.get_all_docs()[old]
    loser.metadata["classification"]["validity"] = "deprecated"
    loser.metadata["lineage"]["superseded_by"] = new
    await memory.update_documents([loser])              # how a resolution is persisted

    await w.turn(agent)
    mh = read(path)["environment"]["memory_health"]
    assert mh["conflicts_resolved_this_session"] == 1
    assert mh["by_validity"]["deprecated"] == 1 and mh["total_memories"] == 2
    assert mh["last_classification_run"] is not None


async def test_memory_health_is_published_before_the_dispatcher_reads_it(world):
    """_11_ runs before _12_: the report of a turn reflects memories stored before that turn."""
    w = world(dispatcher=True)
    exocortex_dispatcher.write_org(w.org_dir, {"codegen_specialist": ["codegen"]}, salute_interval_turns=1)
    agent = w.agent(bst_domain="codegen")
    await w.turn(agent)
    await w.add(agent, "a new memory")
    await w.turn(agent)
    report = read(w.org_dir / "reports" / "codegen_specialist_latest.json")
    assert report["environment"]["memory_health"]["total_memories"] == 1
    assert agent._memory_health["total_memories"] == 1


async def test_without_org_kernel_the_pack_writes_its_own_report_every_n_turns(world, capsys):
    w = world(salute_interval_turns=3)
    agent = w.agent()
    await w.add(agent, "The user must use Python 3.11", "confirmed", "load_bearing", "user_asserted")
    latest = w.org_dir / "reports" / "festinger_latest.json"
    for _ in range(2):
        await w.turn(agent)
    assert not latest.exists()
    await w.turn(agent)
    report = read(latest)
    assert is_salute_report(report)
    assert report["_schema"] == "orgkernel:salute_report" and report["_version"] == "1.0"
    assert report["status"]["health"] == "nominal" and report["status"]["pace_level"] == "primary"
    assert report["unit"]["role_id"] == "festinger" and report["unit"]["agent_number"] == 0
    assert report["time"]["turns_elapsed"] == 3
    assert report["environment"]["memory_health"]["total_memories"] == 1
    assert report["environment"]["memory_fragments_stored"] == 1
    assert list((w.org_dir / "reports" / "archive").glob("festinger_*.json"))

    # the operator's view
    assert cli_main(["health", "--file", str(latest)]) == 0
    out = capsys.readouterr().out
    assert "memory health: NOMINAL" in out and "1 classified" in out
    assert cli_main(["health", "--json", "--file", str(latest)]) == 0
    assert json.loads(capsys.readouterr().out)["unit"]["role_id"] == "festinger"


async def test_degradation_shows_in_status_health_at_once(world, capsys, monkeypatch):
    w = world(salute_interval_turns=100, degradation_deprecated_ratio=0.5)
    agent = w.agent()
    for i in range(4):
        await w.add(agent, f"confirmed fact {i}", "confirmed", source="user_asserted")
    await w.turn(agent)
    assert agent._memory_health["degradation"]["health"] == "nominal"
    for i in range(5):
        await w.add(agent, f"superseded claim {i}", "deprecated")
    await w.turn(agent)                         # not an interval turn: written because it changed
    latest = w.org_dir / "reports" / "festinger_latest.json"
    report = read(latest)
    assert report["status"]["health"] == "degraded"
    assert "deprecated/confirmed 5/4" in report["status"]["health_reasons"][0]

    monkeypatch.setenv("FESTINGER_HOME", str(w.service.home))  # the CLI finds it through the state
    assert cli_main(["health"]) == 1
    out = capsys.readouterr().out
    assert "memory health: DEGRADED" in out and "deprecated/confirmed 5/4" in out


async def test_cli_falls_back_to_an_org_kernel_report_and_says_when_there_is_none(world, capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("FESTINGER_HOME", str(tmp_path / "empty-home"))
    monkeypatch.chdir(tmp_path)
    assert cli_main(["health"]) == 2
    assert "no SALUTE report found" in capsys.readouterr().err

    w = world(dispatcher=True)
    exocortex_dispatcher.write_org(w.org_dir, {"codegen_specialist": ["codegen"]}, salute_interval_turns=1)
    agent = w.agent(bst_domain="codegen")
    await w.turn(agent)
    home = tmp_path / "org-home"
    (home / "organizations").mkdir(parents=True)
    (home / "organizations" / "reports").symlink_to(w.org_dir / "reports")
    monkeypatch.setenv("FESTINGER_HOME", str(home))
    assert cli_main(["health"]) == 0
    out = capsys.readouterr().out
    assert "codegen_specialist_latest.json" in out and "memory health: NOMINAL" in out


async def test_subordinates_publish_but_only_the_main_agent_reports(world):
    w = world(salute_interval_turns=1)
    sub = w.agent(number=1)
    await w.turn(sub)
    assert sub._memory_health["total_memories"] == 0
    assert not (w.org_dir / "reports" / "festinger_latest.json").exists()
