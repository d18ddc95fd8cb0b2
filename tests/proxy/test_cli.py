"""`festinger proxy` as a user runs it: refuses an open bind without a token (exit 2, one
line), serves on loopback, stops cleanly on SIGTERM."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[2]


def _env(tmp_path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(REPO / "plugin"), FESTINGER_HOME=str(tmp_path))
    return env


def test_a_non_loopback_bind_without_a_token_is_refused(tmp_path):
    r = subprocess.run([sys.executable, "-m", "festinger", "proxy", "--no-graph",
                        "--listen", "0.0.0.0:0", "--upstream", "http://127.0.0.1:9"],
                       env=_env(tmp_path), capture_output=True, text=True, timeout=60)
    assert r.returncode == 2, r.stderr
    assert "auth_token" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_a_bad_config_file_is_one_line_and_exit_2(tmp_path):
    bad = tmp_path / "p.yaml"
    bad.write_text("upstream: [oops\n")
    r = subprocess.run([sys.executable, "-m", "festinger", "proxy", "--no-graph",
                        "--config", str(bad)], env=_env(tmp_path), capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 2 and "YAML" in r.stderr


def test_serves_on_loopback_and_stops_on_sigterm(tmp_path, lt, fake_ollama):
    cfg = tmp_path / "proxy.yaml"
    cfg.write_text(f"upstream: {fake_ollama.url}\nlisten: 127.0.0.1:0\n")
    p = subprocess.Popen([sys.executable, "-m", "festinger", "proxy", "--no-graph",
                          "--config", str(cfg)], env=_env(tmp_path), stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
    try:
        line = p.stdout.readline()
        assert "listening on http://127.0.0.1:" in line, line + p.stderr.read()
        url = line.split("listening on ", 1)[1].split(",", 1)[0]
        r = httpx.post(url + "/api/chat", json={"model": "m", "stream": False, "messages": [
            {"role": "user", "content": "hi"}]}, timeout=30)
        assert r.status_code == 200 and r.json()["message"]["content"] == fake_ollama.reply
    finally:
        p.send_signal(signal.SIGTERM)
        assert p.wait(30) == 0


def test_festinger_serve_runs_on_the_new_stack(tmp_path):
    """`festinger serve` as a user starts it (graph off: no database needed for /health)."""
    env = dict(_env(tmp_path), FESTINGER_GRAPH_ENABLED="false",
               FESTINGER_SERVE_TOKEN="serve-cli-token-123456")
    p = subprocess.Popen([sys.executable, "-m", "festinger", "serve", "--port", "0"], env=env,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = p.stdout.readline()
        assert "listening on http://127.0.0.1:" in line, line + p.stderr.read()
        url = line.split("listening on ", 1)[1].split(" ", 1)[0]
        assert httpx.get(url + "/health", timeout=30).json() == {"ok": True, "graph": None}
        assert httpx.get(url + "/graph/stats", timeout=30).status_code == 401
        assert httpx.get(url + "/health", headers={"Host": "evil.example"},
                         timeout=30).status_code == 421
    finally:
        p.send_signal(signal.SIGTERM)
        assert p.wait(30) == 0
