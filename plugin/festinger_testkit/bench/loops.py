"""``festinger bench`` cases: the loop guard's cost per model iteration.

Each sample is what the Agent Zero hooks do once per iteration: ``LoopSession.record`` (keys
of the new action, detection over the history's tail, mitigation planning) plus ``next_call``.
The session is first filled with 200 steps of varied agent work (terminal commands, file
reads, memory and search calls with realistic result sizes), the default ``loop_history_size``.
A third row times collapsing repeated exchanges in a 200-message prompt history.
"""

from __future__ import annotations

import random
import time

from festinger_testkit.bench.timing import row
from festinger.core.loops import Action, LoopSession, LoopSettings, TruncationPlan, collapse, exchange_key

TARGET = "<= 0.5 ms median"
HISTORY = 200

_FILES = ["src/app.py", "src/db.py", "src/cart.py", "tests/test_api.py", "README.md", "setup.cfg",
          "docs/index.md", "web/src/App.tsx", "Makefile", "docker-compose.yml"]
_WORDS = "deploy staging config port user order cart payment login token cache queue worker".split()


def _result(rng: random.Random, size: int) -> str:
    return "\n".join(" ".join(rng.choice(_WORDS) for _ in range(12)) for _ in range(size // 80 + 1))[:size]


def varied_action(rng: random.Random, i: int) -> Action:
    kind = i % 5
    if kind == 0:
        f = rng.choice(_FILES)
        return Action(tool="code_execution_tool", args={"runtime": "terminal", "code": f"cat {f} | head -n {rng.randint(20, 200)}"},
                      result=_result(rng, rng.randint(200, 3000)))
    if kind == 1:
        return Action(tool="code_execution_tool", args={"runtime": "terminal", "code": f"pytest -q -k {rng.choice(_WORDS)}"},
                      result=f"{rng.randint(0, 3)} failed, {rng.randint(10, 90)} passed in {rng.random() * 9:.2f}s")
    if kind == 2:
        return Action(tool="memory_load", args={"query": " ".join(rng.sample(_WORDS, 3)), "threshold": 0.7},
                      result=_result(rng, rng.randint(100, 1500)))
    if kind == 3:
        return Action(tool="text_editor", args={"op": "patch", "path": rng.choice(_FILES),
                                                "patch": _result(rng, rng.randint(80, 600))}, result="Edited: 1 hunk applied")
    return Action(tool="search_engine", args={"query": " ".join(rng.sample(_WORDS, 4))}, result=_result(rng, 2000))


def _filled(settings: LoopSettings, seed: int = 11) -> tuple[LoopSession, random.Random]:
    rng = random.Random(seed)
    ses = LoopSession(settings, "bench")
    for i in range(HISTORY):
        ses.record(varied_action(rng, i), float(i))
    return ses, rng


def _timed(ses: LoopSession, actions: list[Action]) -> list[float]:
    samples = []
    for i, a in enumerate(actions):
        t0 = time.perf_counter()
        ses.record(a, float(HISTORY + i))
        ses.next_call()
        samples.append((time.perf_counter() - t0) * 1000.0)
    return samples


def bench_loop_detection(quick: bool) -> list[dict]:
    n = 500 if quick else 5000
    settings = LoopSettings(circuit_breaker=False)  # keep planning mitigations, never stop
    ses, rng = _filled(settings)
    normal = _timed(ses, [varied_action(rng, HISTORY + i) for i in range(n)])
    assert ses.detections == 0, "the varied work must not look like a loop"
    ses, rng = _filled(settings)
    looping = [Action(tool="code_execution_tool", args={"runtime": "terminal", "code": f"curl -s localhost:8080/health?attempt={i}"},
                      result="curl: (7) Failed to connect to localhost port 8080: Connection refused") for i in range(n)]
    loop = _timed(ses, looping)
    return [row("loop guard: record + plan per iteration, normal work (200-step history)", normal, TARGET),
            row("loop guard: record + plan per iteration, inside a loop (200-step history)", loop, TARGET)]


def bench_history_collapse(quick: bool) -> dict:
    n = 200 if quick else 2000
    rng = random.Random(5)
    key = exchange_key("code_execution_tool", {"code": "ls /tmp"})
    entries = []
    for i in range(100):  # 100 turns: an assistant message and its tool result each
        k = key if i % 3 == 0 else exchange_key("t", {"x": rng.random()})
        entries += [(k, True), (k, False)]
    plan = TruncationPlan(frozenset({key}), "summary")
    samples = []
    for _ in range(n):
        t0 = time.perf_counter()
        collapse(entries, plan)
        samples.append((time.perf_counter() - t0) * 1000.0)
    return row("loop guard: collapse repeats in a 200-message prompt history", samples, TARGET)
