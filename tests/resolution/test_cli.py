"""`festinger models`, `festinger resolve` and `festinger conflicts resolve` against a serving
process (a GraphEnv, whose graph follows other processes' changes through LISTEN) on the same database and data folder."""

from __future__ import annotations

import json
import time

import pytest

from festinger.cli import main
from festinger.service import set_service
from tests.fakes.graph_env import make_service

pytestmark = pytest.mark.postgres

KEY = "sk-ant-cli-key-1234567890-abcd"


@pytest.fixture
def cli(pg_dsn, capsys):
    """cli(env, *argv) -> (exit code, stdout, stderr): one CLI process on env's database."""

    def run(env, *argv):
        capsys.readouterr()
        svc = make_service(pg_dsn, env.svc.home, env.svc.schema,
                           saliency_read_threshold=0.2)
        set_service(svc)
        try:
            code = main(list(argv))
        finally:
            set_service(None)
            svc.close()
        out = capsys.readouterr()
        return code, out.out, out.err

    return run


def wait_for(cond, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return True
        time.sleep(0.05)
    return cond()


def test_models_and_resolve_from_the_shell(graph_env, fake_llm, cli, monkeypatch):
    served = graph_env(saliency_read_threshold=0.2)
    served.fact("gnommoweb -isa repo")
    served.prompt("gnommoweb is a container")
    assert "[type?]" in served.block("gnommoweb")

    monkeypatch.setenv("TEST_ANTHROPIC_KEY", KEY)
    code, out, _ = cli(served, "models", "add", "--provider", "claude", "--model",
                       "claude-test-1", "--base-url", fake_llm.url, "--key-env",
                       "TEST_ANTHROPIC_KEY", "--use", "both")
    assert code == 0 and "added model #1" in out
    code, out, _ = cli(served, "models", "list")
    assert code == 0 and "claude-test-1" in out and "sk-a…abcd" in out and KEY not in out
    assert "write    -> model #1 (database)" in out
    stored = served.scalar("SELECT api_key FROM models WHERE id = 1")
    assert KEY not in stored and "abcd" not in stored

    fake_llm.script("ok")
    code, out, _ = cli(served, "models", "test", "1")
    assert code == 0 and "answered in" in out
    assert fake_llm.requests[-1].api_key == KEY

    code, out, _ = cli(served, "resolve", "status")
    assert code == 0 and "pending conflicts: 1" in out and "last run: never" in out

    fake_llm.script(json.dumps({"decision": "decompose", "existing_dimension": "artifact-type",
                                "new_dimension": "deployment-type"}))
    code, out, _ = cli(served, "resolve", "run")
    assert code == 0 and "1 resolved" in out, out
    assert wait_for(lambda: "?" not in served.block("gnommoweb"))
    assert "[deployment-type] container" in served.block("gnommoweb")
    served.check()

    code, out, _ = cli(served, "resolve", "status", "--json")
    status = json.loads(out)
    assert status["pending"] == 0 and status["last_run"]["trigger"] == "cli"


def test_conflicts_resolve_is_a_human_override(graph_env, cli):
    served = graph_env(saliency_read_threshold=0.2)
    served.prompt("gnommoweb is part of Glitch University")
    served.prompt("gnommoweb is part of Agent Zero")
    qid = served.queue("pending")[0]["id"]

    code, out, _ = cli(served, "conflicts")  # the listing still works
    assert code == 0 and f"#{qid}" in out

    code, _, err = cli(served, "conflicts", "resolve", str(qid), "--decision", "reclassify",
                       "--dimension", "membership")
    assert code == 2 and "another dimension" in err
    assert served.queue("pending")

    code, out, _ = cli(served, "conflicts", "resolve", str(qid), "--decision", "update",
                       "--reason", "moved to Agent Zero")
    assert code == 0 and f"conflict #{qid} resolved (update)" in out
    assert wait_for(lambda: "[membership] agent_zero" in served.block("gnommoweb"))
    served.check()
    resolution = json.loads(served.queue()[0]["resolution"])
    assert resolution["by"] == "human" and resolution["reasoning"] == "moved to Agent Zero"

    code, _, err = cli(served, "conflicts", "resolve", str(qid), "--decision", "dismiss")
    assert code == 2 and "no pending conflict" in err
    code, _, err = cli(served, "conflicts", "resolve", "--decision", "dismiss")
    assert code == 2 and "usage" in err


def test_resolve_schedule(graph_env, cli):
    env = graph_env()
    code, _, err = cli(env, "resolve", "schedule", "every night")
    assert code == 2 and "not a cron expression" in err
    code, out, _ = cli(env, "resolve", "schedule", "30 3 * * *")
    assert code == 0
    assert env.scalar("SELECT value FROM config WHERE key = 'resolution_schedule'") == "30 3 * * *"
    code, out, _ = cli(env, "resolve", "status")
    assert "schedule: 30 3 * * *" in out


def test_resolve_run_from_a_shell_without_a_model_touches_nothing(graph_env, cli):
    """A shell has no Agent Zero agent, so no utility model: the run says so and what to do,
    and does not count a failed attempt on every pending conflict."""
    served = graph_env(saliency_read_threshold=0.2)
    served.fact("gnommoweb -isa repo")
    served.prompt("gnommoweb is a container")
    code, out, err = cli(served, "resolve", "run")
    assert code == 1
    assert "1 skipped" in out and "0 failed" in out and "no resolve model available" in out
    assert "festinger models add" in err and "Agent Zero" in err
    row = served.queue("pending")[0]
    assert row["attempts"] == 0 and row["error"] is None


def test_config_shows_the_schedule_the_job_uses_and_where_it_came_from(graph_env, cli):
    env = graph_env()
    code, out, _ = cli(env, "config")
    assert "resolution_schedule" in out and "'0 2 * * *'  (default)" in out
    assert cli(env, "resolve", "schedule", "30 3 * * *")[0] == 0
    code, out, _ = cli(env, "config", "--json")
    item = json.loads(out)["settings"]["resolution_schedule"]
    assert item["value"] == "30 3 * * *" and item["origin"].startswith("database")
    code, out, _ = cli(env, "resolve", "status")
    assert "schedule: 30 3 * * *" in out


def test_resolve_schedule_refuses_when_an_explicit_setting_wins(graph_env, pg_dsn, capsys):
    env = graph_env()
    svc = make_service(pg_dsn, env.svc.home, env.svc.schema, resolution_schedule="15 1 * * *")
    set_service(svc)
    try:
        code = main(["resolve", "schedule", "30 3 * * *"])
    finally:
        set_service(None)
        svc.close()
    err = capsys.readouterr().err
    assert code == 2 and "set in config" in err and "change it there" in err
    assert env.scalar("SELECT value FROM config WHERE key = 'resolution_schedule'") == "0 2 * * *"
