"""``festinger loops``: the events an agent's process wrote, read from another process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from festinger.core.loops import Action, LoopSession, LoopSettings
from festinger.loops.events import LoopEventLog, read_events

REPO = Path(__file__).resolve().parents[2]


def cli(home: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, FESTINGER_HOME=str(home), PYTHONPATH=str(REPO / "plugin"))
    return subprocess.run([sys.executable, "-m", "festinger", "loops", *args], capture_output=True,
                          text=True, env=env, timeout=60)


def write_loop(home: Path, session: str = "chat1:0") -> None:
    ses = LoopSession(LoopSettings(), session)
    log = LoopEventLog(home)
    for i in range(6):
        out = ses.record(Action(tool="code_execution_tool", args={"code": "ls /tmp"}, result="a"), 1_700_000_000.0 + i)
        log.append([e.as_dict() for e in out.events])


def test_table_and_json_from_another_process(tmp_path):
    write_loop(tmp_path)
    table = cli(tmp_path)
    assert table.returncode == 0, table.stderr
    assert "detected" in table.stdout and "stopped" in table.stdout and 'ls /tmp' in table.stdout
    data = json.loads(cli(tmp_path, "--json").stdout)
    assert [e["event"] for e in data] == ["detected", "stopped"]
    assert data[1]["mitigations"] == ["forbidden-action note", "temperature +0.4", "history truncation"]
    assert json.loads(cli(tmp_path, "--json", "--event", "stopped").stdout)[0]["count"] == 5


def test_filters_and_limit(tmp_path):
    write_loop(tmp_path, "a:0")
    write_loop(tmp_path, "b:1")
    only_b = json.loads(cli(tmp_path, "--json", "--session", "b:1").stdout)
    assert {e["session"] for e in only_b} == {"b:1"}
    assert len(json.loads(cli(tmp_path, "--json", "--limit", "1").stdout)) == 1


def test_no_events_is_not_an_error(tmp_path):
    out = cli(tmp_path)
    assert out.returncode == 0 and "no loop events" in out.stdout


def test_bad_input_is_one_line_and_exit_2(tmp_path):
    for args in (["--limit", "0"], ["--limit", "100000"], ["--file", str(tmp_path / "missing.jsonl")]):
        out = cli(tmp_path, *args)
        assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1, (args, out.stderr)
    out = cli(tmp_path, "--kind", "spiral")
    assert out.returncode == 2


def test_a_damaged_file_shows_the_readable_events(tmp_path):
    write_loop(tmp_path)
    path = tmp_path / "loops" / "events.jsonl"
    with open(path, "a", encoding="utf-8") as f:
        f.write('{"event": "detected", "kind": "ex')  # cut by a crash mid-write
    assert len(json.loads(cli(tmp_path, "--json").stdout)) == 2


def test_two_processes_appending_at_once_keep_every_line_whole(tmp_path):
    code = ("import sys; from festinger.loops.events import LoopEventLog; log = LoopEventLog(sys.argv[1]);\n"
            "[log.append([{'at': i, 'session': sys.argv[2], 'event': 'detected', 'kind': 'exact', "
            "'action': 'x' * 900, 'count': 2, 'level': 1, 'mitigations': []}]) for i in range(300)]")
    env = dict(os.environ, PYTHONPATH=str(REPO / "plugin"))
    procs = [subprocess.Popen([sys.executable, "-c", code, str(tmp_path), name], env=env) for name in ("p1", "p2")]
    assert all(p.wait(timeout=60) == 0 for p in procs)
    lines = (tmp_path / "loops" / "events.jsonl").read_text().splitlines()
    assert all(json.loads(line)["action"] == "x" * 900 for line in lines)
    assert len(read_events(tmp_path / "loops" / "events.jsonl", 10_000)) == len(lines) >= 500


def test_the_events_file_stays_small(tmp_path):
    log = LoopEventLog(tmp_path, keep=50)
    for i in range(1000):
        log.append([{"at": i, "event": "detected", "action": "a" * 10_000, "outcome": "b" * 10_000}])
    lines = (tmp_path / "loops" / "events.jsonl").read_text().splitlines()
    assert len(lines) <= 100 and json.loads(lines[-1])["at"] == 999
    assert all(len(line) <= 4000 for line in lines)
