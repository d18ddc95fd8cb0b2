"""The graph's CLI commands as a user runs them: `festinger recollect / iknowthat /
conflicts / bootstrap`, honouring FESTINGER_HOME and FESTINGER_DSN."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from .conftest import PLUGIN
from .test_degradation import ThrowawayServer

pytestmark = pytest.mark.postgres


def cli(home, dsn, *args, stdin=None, timeout=180):
    env = dict(os.environ, FESTINGER_HOME=str(home), FESTINGER_DSN=dsn,
               PYTHONPATH=PLUGIN, PYTHONWARNINGS="ignore")
    return subprocess.run([sys.executable, "-m", "festinger", *args], input=stdin, env=env,
                          capture_output=True, text=True, timeout=timeout)


def test_recollect_iknowthat_conflicts(fresh_database, tmp_path):
    home = tmp_path / "home"
    r = cli(home, fresh_database, "recollect", "gnommoweb is a repo of Glitch University")
    assert r.returncode == 0, r.stderr
    assert "(no recollection for this prompt)" in r.stderr  # new concept: not salient yet
    for _ in range(2):
        assert cli(home, fresh_database, "recollect", "gnommoweb again").returncode == 0
    r = cli(home, fresh_database, "recollect", "-", stdin="what is gnommoweb?")
    assert r.returncode == 0
    assert r.stdout.startswith("<recollection>\ngnommoweb: [glitch_university] repo\n")
    r = cli(home, fresh_database, "recollect", "--json", "docker is a container")
    data = json.loads(r.stdout)
    assert data["facts"] == [{"fact": "docker -isa container in context of type",
                              "decision": "insert", "reason": None}]  # dictionary words
    assert data["written"] is True and data["journaled"] == 0

    r = cli(home, fresh_database, "iknowthat", "gnommoweb", "-isa", "service")  # unquoted
    assert r.returncode == 0 and r.stdout.strip() == \
        "stored: gnommoweb -isa service in context of type"
    r = cli(home, fresh_database, "iknowthat", "gnommoweb -isa container")
    assert r.returncode == 0 and r.stdout.startswith("conflict #1 (isa_isa, reviewed first)")
    r = cli(home, fresh_database, "iknowthat", "gnommoweb -isa gnommoweb")
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip().splitlines()[-1] == (
        "festinger iknowthat: not stored: gnommoweb cannot be inside itself: name a different "
        "parent")
    r = cli(home, fresh_database, "conflicts", "--json")
    rows = json.loads(r.stdout)
    assert [(c["id"], c["concept"], c["dimension"], c["existing_parent"], c["incoming_parent"],
             c["priority"]) for c in rows] == [(1, "gnommoweb", "type", "service", "container",
                                                True)]
    r = cli(home, fresh_database, "conflicts")
    assert r.stdout.startswith("#1     pending   isa_isa") and "priority" in r.stdout
    r = cli(home, fresh_database, "recollect", "gnommoweb")
    assert "[type?] service — conflict pending" in r.stdout


def test_bad_input_is_one_line_and_changes_nothing(fresh_database, tmp_path):
    home = tmp_path / "home"
    r = cli(home, fresh_database, "recollect", "-", stdin="gnommoweb " * 120_000)
    assert r.returncode == 2
    assert r.stderr.strip().splitlines()[-1] == (
        "festinger recollect: the prompt is 1200000 characters long (at most 100000); "
        "nothing was processed")
    r = cli(home, fresh_database, "iknowthat", "x'); DROP TABLE soas; -- -isa repo")
    assert r.returncode == 2 and "must be one concept" in r.stderr
    r = cli(home, fresh_database, "iknowthat", "--json", "gnommoweb\x01 -isa repo")
    assert r.returncode == 2 and json.loads(r.stdout)["outcome"] == "invalid"
    r = cli(home, fresh_database, "conflicts", "--status", "all")
    assert r.returncode == 0 and r.stdout.strip() == "no conflicts"


def test_bootstrap_shows_progress(fresh_database, tmp_path):
    r = cli(tmp_path / "home", fresh_database, "bootstrap", "--words", "20000")
    assert r.returncode == 0, r.stderr
    assert "loading words: 20000/20000 (100%)" in r.stderr  # not a terminal: plain lines
    assert r.stdout.strip().endswith(" s") and "new words in SOAS" in r.stdout
    r = cli(tmp_path / "home", fresh_database, "bootstrap", "--words", "20000", "--json",
            "--quiet")
    assert json.loads(r.stdout)["inserted"] == 0


def test_a_fact_given_while_the_database_is_down_is_written_by_the_next_command(tmp_path):
    srv = ThrowawayServer()
    dsn = srv.start()
    home = tmp_path / "home"
    try:
        assert cli(home, dsn, "recollect", "hello").returncode == 0  # creates the schema
        srv.stop()
        r = cli(home, dsn, "iknowthat", "gnommoweb -isa repo")
        assert r.returncode == 0 and r.stdout.startswith(
            "accepted: 'gnommoweb -isa repo in context of type' is journaled")
        assert list((home / "journal").glob("graph-*.jsonl"))
        srv.start()
        r = cli(home, dsn, "recollect", "--json", "gnommoweb")
        assert json.loads(r.stdout)["journaled"] == 0
        r = cli(home, dsn, "iknowthat", "gnommoweb -isa repo")
        assert r.stdout.strip() == "already known, confirmed: gnommoweb -isa repo in context " \
                                   "of type"
        assert not list((home / "journal").glob("graph-*.jsonl"))
    finally:
        srv.remove()
