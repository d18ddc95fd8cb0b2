"""The loop guard in the REAL Agent Zero (both tags), with a scripted loopback model.

One chat, installed with ``install.sh`` as a user would: four loops (an exact repeat of a
byte-identical reply, a near-repeat with a counting argument, an A-B cycle, a failing build
tried in ever different ways) by a model that ignores every mitigation, each followed by an
ordinary question; then a model that heeds the warning. A tiny test tool (``loop_probe_shell``,
written into the throwaway copy's ``usr/tools``) stands in for a terminal, so nothing runs on
the machine.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

from a0_harness import A0Install, copy_tree, detect_layout, install_pack, stop_leftover_postmaster
from fake_llm_server import FakeLLMServer
from fake_models import ChatRequest, HashEmbedder, ScriptedLLM, final_response, tool_call

TOOL_FILE = '''
try:
    from helpers.tool import Tool, Response  # Agent Zero v1.x
except ImportError:
    from python.helpers.tool import Tool, Response  # Agent Zero v0.9.x


OUTPUTS = {
    "tail -n 5 /var/log/app.log": "2026-11-23 INFO started\\n2026-11-23 INFO idle",
    "ls /srv/app": "README config.yml",
    "cat /srv/app/README": "# App\\nRun make.",
}


class LoopProbeShell(Tool):
    async def execute(self, cmd="", **kwargs):
        if cmd.startswith("curl"):
            out = "curl: (7) Failed to connect to localhost port 8080: Connection refused"
        elif "build" in cmd:
            out = "Traceback (most recent call last):\\nModuleNotFoundError: No module named 'yaml'"
        else:
            out = OUTPUTS.get(cmd, "ok")
        return Response(message=out, break_loop=False)
'''

BUILDS = ["python build.py", "python3 build.py", "python build.py --verbose", "PYTHONPATH=. python build.py",
          "python -m build", "python build.py --clean", "python3 -u build.py", "make build",
          "python build.py -x", "python ./build.py", "python build.py -q", "python build.py --all"]


def shell(cmd: str, thought: str = "running a command") -> str:
    reply = json.loads(tool_call("loop_probe_shell", headline="shell", cmd=cmd))
    reply["thoughts"] = [thought]
    return json.dumps(reply)


EXACT = shell("tail -n 5 /var/log/app.log", "Let me look at the log.")  # byte-identical every time

# turn tag -> (user message, model behaviour, normal answer or None)
TURNS: List[tuple] = [
    ("[T1]", "Check the app log.", "exact", None),
    ("[T2]", "What is 2+2?", "normal", "4"),
    ("[T3]", "Is the health endpoint up?", "near", None),
    ("[T4]", "Say hello.", "normal", "hello"),
    ("[T5]", "Look around /srv/app.", "cycle", None),
    ("[T6]", "And 3+3?", "normal", "6"),
    ("[T7]", "Build the project.", "stagnation", None),
    ("[T8]", "Status?", "normal", "all quiet"),
    ("[T9]", "Check the app log again.", "heeds", "I cannot learn more from the log; the app is idle."),
]
LOOP_TURNS = [t for t in TURNS if t[2] in ("exact", "near", "cycle", "stagnation")]


def turn_of(req: ChatRequest) -> str:
    """The tag of the latest user message in a request (every user message carries one)."""
    text = req.text
    return max(TURNS, key=lambda t: text.rfind(t[0] + " "))[0]


def warned(req: ChatRequest) -> bool:
    last = req.messages[-1] if req.messages else {}
    return "LOOP WARNING" in json.dumps(last.get("content"))


class LoopingModel:
    def __init__(self) -> None:
        self.calls: Dict[str, int] = {}

    def __call__(self, req: ChatRequest) -> str:
        tag = turn_of(req)
        n = self.calls[tag] = self.calls.get(tag, 0) + 1
        _, _, kind, answer = next(t for t in TURNS if t[0] == tag)
        if kind == "normal":
            return final_response(answer)
        if kind == "heeds":
            return final_response(answer) if warned(req) else EXACT
        if kind == "exact":
            return EXACT
        if kind == "near":
            return shell(f"curl -s localhost:8080/health?attempt={n}", f"Try again (attempt {n}).")
        if kind == "cycle":
            return shell("ls /srv/app" if n % 2 else "cat /srv/app/README", "Looking around.")
        return shell(BUILDS[(n - 1) % len(BUILDS)], "Maybe this way.")


@pytest.fixture(scope="module")
def loops_chat(a0_pristine, a0_python, tmp_path_factory):
    root = copy_tree(a0_pristine, tmp_path_factory.mktemp("loops") / "a0")
    python = install_pack(root, a0_python)
    (root / "usr" / "tools").mkdir(parents=True, exist_ok=True)
    (root / "usr" / "tools" / "loop_probe_shell.py").write_text(TOOL_FILE, encoding="utf-8")
    a0 = A0Install(root=root, python=python, layout=detect_layout(root))
    script = ScriptedLLM(default_main=LoopingModel())
    messages = [f"{tag} {text}" for tag, text, _, _ in TURNS]
    with FakeLLMServer(script=script, embedder=HashEmbedder()) as server:
        run = a0.run_chat(server, messages, name="loops")
        yield {"run": run, "server": server, "root": root}
    stop_leftover_postmaster(root / "usr" / "festinger" / "pgdata")


def requests_of(server: FakeLLMServer, tag: str) -> List[ChatRequest]:
    return [r for r in server.main_requests() if turn_of(r) == tag]


def temperature(req: ChatRequest) -> Optional[float]:
    value = req.raw.get("temperature")
    return float(value) if value is not None else None


def test_the_chat_stays_clean_and_answers_every_message(loops_chat):
    run = loops_chat["run"]
    run.assert_clean()
    assert len(run.responses) == len(TURNS)
    failures = [line for line in run.stdout.splitlines() if line.startswith("festinger:") and "failed" in line]
    assert not failures, run.explain("pack hooks reported failures")


@pytest.mark.parametrize("turn", LOOP_TURNS, ids=[t[2] for t in LOOP_TURNS])
def test_an_ignored_loop_is_stopped_by_the_breaker(loops_chat, turn):
    run, server = loops_chat["run"], loops_chat["server"]
    tag, _, kind, _ = turn
    index = [t[0] for t in TURNS].index(tag)
    answer = run.responses[index]
    assert answer and "I stopped because I was repeating myself" in answer, run.explain(f"{kind}: {answer!r}")
    assert "The loop guard tried: forbidden-action note, temperature +0.4, history truncation" in answer
    reqs = requests_of(server, tag)
    assert len(reqs) <= 12, f"{kind}: {len(reqs)} model calls"
    assert any(warned(r) for r in reqs), f"{kind}: the forbidden-action note never reached the model"
    assert any("[Festinger loop guard]" in r.text for r in reqs), f"{kind}: no collapsed history"
    # the next user message is answered normally, without any loop-guard residue
    nxt = TURNS[index + 1]
    assert run.responses[index + 1] == nxt[3]
    assert not any(warned(r) or "[Festinger loop guard]" in r.text for r in requests_of(server, nxt[0]))


@pytest.mark.parametrize("turn", LOOP_TURNS, ids=[t[2] for t in LOOP_TURNS])
def test_the_temperature_is_boosted_and_restored(loops_chat, turn):
    server = loops_chat["server"]
    tag = turn[0]
    reqs = requests_of(server, tag)
    base = temperature(reqs[0])
    boosted = [temperature(r) for r in reqs if temperature(r) != base]
    assert boosted, f"no request with a boosted temperature: {[temperature(r) for r in reqs]}"
    assert all(t is not None and t > (base if base is not None else 0.0) for t in boosted)
    nxt = TURNS[[t[0] for t in TURNS].index(tag) + 1][0]
    assert [temperature(r) for r in requests_of(server, nxt)] == [base]


def test_a_model_that_heeds_the_warning_answers_instead(loops_chat):
    run, server = loops_chat["run"], loops_chat["server"]
    assert run.responses[-1] == TURNS[-1][3]
    reqs = requests_of(server, TURNS[-1][0])
    assert sum(warned(r) for r in reqs) == 1 and warned(reqs[-1])


def test_events_reach_the_chat_log_once_and_the_events_file(loops_chat):
    run, root = loops_chat["run"], loops_chat["root"]
    headings = [item["heading"] for item in run.summary["log"] if item["heading"].startswith("Festinger:")]
    assert sum("repeating itself" in h for h in headings) == 5, headings  # four loops + the heeded one
    assert sum(h.startswith("Festinger: stopped") for h in headings) == 4, headings
    lines = (root / "usr" / "festinger" / "loops" / "events.jsonl").read_text().splitlines()
    stored = [json.loads(line) for line in lines]
    stopped = [e["kind"] for e in stored if e["event"] == "stopped"]
    assert stopped == ["exact", "near", "cycle", "stagnation"]


def test_the_health_report_carries_the_loop_section(loops_chat):
    health = loops_chat["run"].summary.get("agent_memory_health") or {}
    loops = health.get("loops") or {}
    assert loops.get("breaker_trips") == 4 and loops.get("detections", 0) >= 5, health
