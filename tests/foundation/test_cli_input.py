"""Every CLI command meets bad input with one clear line on stderr, exit 2, and does nothing;
a closed pipe or a bad port never ends in a traceback (the operator-experience review)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from festinger.cli import main

REPO = Path(__file__).resolve().parents[2]


def run_cli(capsys, *argv) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture(autouse=True)
def _home(tmp_path, monkeypatch):
    # no database may be created by a refused command: a fresh home shows it
    monkeypatch.setenv("FESTINGER_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("FESTINGER_DSN", raising=False)


@pytest.mark.parametrize("argv, words", [
    (["serve", "--port", "99999"], "not a port"),
    (["serve", "--port", "-1"], "not a port"),
    (["serve", "--port", "http"], "not a port number"),
    (["contradiction", "", "x"], "empty"),
    (["contradiction", "x", "   "], "empty"),
    (["history", ""], "empty"),
    (["history", "python", "-k", "-3"], "not a positive number"),
    (["history", "python", "-k", "0"], "not a positive number"),
    (["recollect", ""], "empty"),
    (["conflicts", "--limit", "0"], "not a positive number"),
    (["conflicts", "resolve", "1", "--decision", "decompose"], "--existing-dimension and --new-dimension"),
    (["conflicts", "resolve", "1", "--decision", "reclassify"], "--dimension"),
    (["conflicts", "resolve", "1", "--decision", "explode"], "invalid choice"),
    (["models", "remove", "-2"], "not a positive number"),
    (["bootstrap", "--words", "0"], "not a positive number"),
    (["nosuchcommand"], "unknown command"),
])
def test_bad_input_is_one_line_exit_2_and_changes_nothing(capsys, tmp_path, argv, words):
    code, out, err = run_cli(capsys, *argv)
    assert code == 2, (code, out, err)
    lines = [l for l in err.splitlines() if l.strip()]
    assert len(lines) == 1 and words in lines[0], err
    assert "Traceback" not in err and out == ""
    assert not (tmp_path / "home").exists()  # no database, no files


def test_contradiction_reads_empty_stdin_as_bad_input(capsys, monkeypatch):
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("  \n"))
    code, _, err = run_cli(capsys, "contradiction", "-", "The port is 8080")
    assert code == 2 and "OLD is empty" in err


def test_version(capsys):
    from festinger import __version__

    code, out, _ = run_cli(capsys, "--version")
    assert code == 0 and out.strip() == f"festinger {__version__}"


def _cli_env(tmp_path) -> dict:
    env = dict(os.environ, FESTINGER_HOME=str(tmp_path / "home"),
               PYTHONPATH=str(REPO / "plugin"))
    env.pop("FESTINGER_DSN", None)
    return env


def test_a_closed_pipe_is_not_an_error(tmp_path):
    # `festinger config --json | head -3`: the reader goes away after three lines
    proc = subprocess.Popen([sys.executable, "-m", "festinger", "config", "--json", "--no-db"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_cli_env(tmp_path))
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(60)
    assert first.strip() == b"{"
    assert "Traceback" not in err and "BrokenPipeError" not in err, err


def test_config_reports_a_bad_cron_keeps_the_default_and_says_where_values_come_from(tmp_path):
    env = dict(_cli_env(tmp_path), FESTINGER_RESOLUTION_SCHEDULE="not a cron",
               FESTINGER_CONFLICT_TOP_K="7")
    proc = subprocess.run([sys.executable, "-m", "festinger", "config", "--no-db"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "invalid: environment: invalid value 'not a cron' for 'resolution_schedule'" in proc.stdout
    assert "resolution_schedule" in proc.stdout and "'0 2 * * *'  (default)" in proc.stdout
    assert "conflict_top_k" in proc.stdout and "7  (environment (FESTINGER_CONFLICT_TOP_K))" in proc.stdout


def test_config_never_prints_the_database_password(tmp_path):
    env = dict(_cli_env(tmp_path), FESTINGER_DSN="postgresql://festinger:s3cr3t-pw@127.0.0.1:1/x")
    proc = subprocess.run([sys.executable, "-m", "festinger", "config", "--json", "--no-db"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert "s3cr3t-pw" not in proc.stdout + proc.stderr
    assert "127.0.0.1:1/x" in proc.stdout


def test_a_busy_port_is_one_line_and_no_task_dump(tmp_path):
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        proc = subprocess.run([sys.executable, "-m", "festinger", "serve", "--port", str(port)],
                              capture_output=True, text=True, env=_cli_env(tmp_path), timeout=120)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    lines = [l for l in proc.stderr.splitlines() if l.strip()]
    assert len(lines) == 1 and f"cannot listen on 127.0.0.1:{port}" in lines[0], proc.stderr
    assert "Task was destroyed" not in proc.stderr and "Traceback" not in proc.stderr
