"""The pure loop detector and mitigation planner (festinger.core.loops)."""

from __future__ import annotations

import itertools

import pytest

from festinger.core.loops import (Action, LoopSession, LoopSettings, TruncationPlan, collapse,
                                  exchange_key, normalise_volatile)
from festinger.core.loops.mitigation import boosted_temperature

from .normal_tasks import TASKS


def sh(code: str, out: str = "ok") -> Action:
    return Action(tool="code_execution_tool", args={"runtime": "terminal", "code": code}, result=out)


def run(actions, settings: LoopSettings = LoopSettings()):
    ses = LoopSession(settings, "test")
    return ses, [ses.record(a, float(i)) for i, a in enumerate(actions)]


def first_detection(actions, settings: LoopSettings = LoopSettings()):
    _, outs = run(actions, settings)
    for i, out in enumerate(outs):
        if out.detection is not None:
            return i, out.detection
    return None, None


# --- the four kinds ---------------------------------------------------------------------

def test_exact_repeat_with_the_same_result_is_caught_at_the_second_call():
    i, d = first_detection([sh("ls /tmp", "a b")] * 3)
    assert (i, d.kind, d.count) == (1, "exact", 2)
    assert d.actions[0].args["code"] == "ls /tmp" and d.outcome == "a b"


def test_a_single_retry_that_got_a_different_answer_is_not_a_loop():
    actions = [sh("git pull", "Could not resolve host"), sh("git pull", "Fast-forward"), sh("pytest", "3 passed")]
    assert first_detection(actions) == (None, None)


def test_exact_repeat_with_changing_results_is_caught_at_repeat_count():
    actions = [sh("date", f"Mon Nov 23 19:{m:02d}:00 UTC 2026 load {m}") for m in range(5)]
    i, d = first_detection(actions)
    assert d.kind == "exact" and d.count == 2  # timestamps are not news: the same result
    actions = [sh("cat counter.txt", str(n)) for n in (1, 5, 9, 14)]
    i, d = first_detection(actions)
    assert (i, d.kind, d.count) == (2, "exact", 3)


def test_whitespace_and_key_order_do_not_hide_an_exact_repeat():
    a = Action(tool="t", args={"a": "x  y", "b": 1}, result="r")
    b = Action(tool="t", args={"b": 1, "a": "x y\n"}, result="r")
    assert first_detection([a, b])[1].kind == "exact"


@pytest.mark.parametrize("make", [
    lambda n: sh(f"curl localhost:8080/health?attempt={n}", "Connection refused"),
    lambda n: sh(f"echo 'retry at 2026-11-23T19:{n:02d}:00Z' && ./start.sh", "start.sh: port busy"),
    lambda n: sh(f"./fetch --request-id {['3f2a9c1b-0d4e-4f5a-9b8c-7d6e5f4a3b2c', '9b8c7d6e-5f4a-3b2c-1d0e-f9e8d7c6b5a4', '0d4e4f5a-9b8c-7d6e-5f4a-3b2c1d0ef9e8'][n % 3]}", "HTTP 502"),
    lambda n: sh(f"cat /tmp/out_{'a1b2c3d4e5' if n % 2 else 'ffe4c3d2b1'}.log", "empty log"),
])
def test_near_repeats_differ_only_in_volatile_parts(make):
    i, d = first_detection([make(n) for n in range(1, 6)])
    assert d is not None and d.kind in ("near", "stagnation") and i == 2


def test_reading_files_whose_names_differ_by_one_letter_is_not_a_near_repeat():
    # a short argument that still differs after normalisation names another target, even
    # when the files look alike (the proxy's review found `src/a.py`, `src/b.py`, ... flagged)
    session = LoopSession(LoopSettings(), "reader")
    session.start_task()
    for i, letter in enumerate("abcdef"):
        name = f"src/festinger/components/widget_{letter}.py"
        outcome = session.record(Action(response="reading", tool="code_execution_tool",
                                        args={"runtime": "terminal", "code": f"cat {name}"},
                                        result=f"# {name}\nclass Widget{i}: pass"), now=float(i))
        assert outcome.detection is None, (name, outcome.detection)


def test_normalisation_replaces_counters_times_and_ids():
    text = "run 12 at 2026-11-23 19:01:02 id 3f2a9c1b-0d4e-4f5a-9b8c-7d6e5f4a3b2c sha deadbeef42"
    assert normalise_volatile(text) == "run <n> at <time> id <id> sha <id>"


@pytest.mark.parametrize("period", [2, 3])
def test_short_cycles(period):
    steps = [sh("ls /srv", "a b"), sh("cat /srv/a", "A"), sh("cat /srv/b", "B")][:period]
    i, d = first_detection(steps * 3)
    assert (i, d.kind, d.count) == (2 * period - 1, "cycle", 2)
    assert len(d.actions) == period


def test_a_cycle_that_gets_new_results_is_progress():
    # edit, test, edit, test... with the tests failing differently each time
    steps = []
    for n in range(4):
        steps += [Action(tool="text_editor", args={"op": "patch", "path": "a.py"}, result="Edited a.py"),
                  sh("pytest -q", ["FAILED test_login - 401 != 200", "FAILED test_logout - KeyError: 'sid'",
                                   "FAILED test_refresh - token expired", "12 passed"][n])]
    assert first_detection(steps) == (None, None)


def test_stagnation_on_the_same_error_from_different_commands():
    cmds = ["python build.py", "python3 build.py", "make build", "pip list && python build.py"]
    i, d = first_detection([sh(c, "ModuleNotFoundError: No module named 'yaml'") for c in cmds])
    assert (i, d.kind, d.count) == (2, "stagnation", 3)
    assert "yaml" in d.outcome


def test_the_same_success_message_after_different_actions_is_not_stagnation():
    acts = [Action(tool="memory_save", args={"text": t}, result="Memory saved.") for t in
            ("User likes tea", "Server is in Oslo", "Deploys are on Tuesday", "Team size is 5")]
    assert first_detection(acts) == (None, None)


def test_a_growing_backoff_is_exempt_for_a_few_polls_only():
    polls = [sh(f"sleep {2 ** n} && jobctl status 42", "RUNNING") for n in range(1, 12)]
    s = LoopSettings()
    i, d = first_detection(polls, s)
    assert i == s.backoff_max_polls  # poll number max+1 is no longer a backoff
    assert first_detection(polls[:s.backoff_max_polls]) == (None, None)


def test_text_only_loops_are_detected():
    acts = [Action(response="I will now check the file.")] * 3
    assert first_detection(acts)[1].kind == "exact"


# --- escalation, the bound, events ---------------------------------------------------------

LOOPS = {
    "exact": lambda n: sh("ls /tmp", "a"),
    "exact-changing": lambda n: sh("cat c.txt", str(n)),
    "near": lambda n: sh(f"curl x?attempt={n}", "refused"),
    "cycle2": lambda n: [sh("ls", "a"), sh("pwd", "/")][n % 2],
    "cycle3": lambda n: [sh("ls", "a"), sh("pwd", "/"), sh("id", "root")][n % 3],
    "stagnation": lambda n: sh(f"build variant {'abcdefghij'[n % 10]}{n * 7919 % 97}", "Error: no compiler"),
}


def model_calls_until_stopped(make, settings: LoopSettings, limit: int = 60):
    """A model that ignores every mitigation: how many model calls happen before the breaker
    answers instead of the model (the breaker's own answer is not a model call)."""
    ses = LoopSession(settings, "s")
    for call in range(1, limit + 1):
        adj = ses.next_call()
        if adj.stop_message:
            return call - 1
        ses.record(make(call), float(call))
    return None


FLAG_SETS = list(itertools.product([True, False], repeat=3))


@pytest.mark.parametrize("kind", sorted(LOOPS))
@pytest.mark.parametrize("flags", FLAG_SETS, ids=lambda f: "".join("1" if x else "0" for x in f))
def test_an_ignored_loop_is_stopped_within_12_model_calls(kind, flags):
    inject, truncate, boost = flags
    s = LoopSettings(inject_forbidden=inject, truncate_history=truncate,
                     temperature_boost=0.4 if boost else 0.0)
    calls = model_calls_until_stopped(LOOPS[kind], s)
    assert calls is not None and calls <= 12, f"{kind}: {calls}"


def test_escalation_order_and_breaker_message():
    ses = LoopSession(LoopSettings(), "s")
    plans = [ses.record(sh("ls /tmp", "a"), float(i)).plan for i in range(5)]
    assert [p.applied for p in plans[1:4]] == [
        ("forbidden-action note",),
        ("forbidden-action note", "temperature +0.4"),
        ("forbidden-action note", "temperature +0.4", "history truncation")]
    stop = plans[4].stop_message
    assert "ls /tmp" in stop and "forbidden-action note, temperature +0.4, history truncation" in stop
    assert ses.next_call().stop_message == stop and ses.next_call().stop_message is None


def test_temperature_boost_lasts_the_configured_calls():
    ses = LoopSession(LoopSettings(temperature_boost_calls=2), "s")
    for i in range(3):
        ses.record(sh("ls", "a"), float(i))
    assert [ses.next_call().temperature_boost for _ in range(3)] == [0.4, 0.4, 0.0]


def test_boosted_temperature_respects_the_cap():
    s = LoopSettings(temperature_boost=0.5, temperature_cap=1.0)
    assert boosted_temperature(0.2, s) == 0.7 and boosted_temperature(0.9, s) == 1.0
    assert boosted_temperature(None, s) == 1.0  # unset: the common 0.7 default, then boosted


def test_events_once_per_episode_and_recovery():
    ses = LoopSession(LoopSettings(), "chat:0")
    events = []
    for i, a in enumerate([sh("ls", "a")] * 4 + [sh("cat README", "# hi")]):
        events += ses.record(a, float(i)).events
    assert [e.event for e in events] == ["detected", "recovered"]
    assert events[0].as_dict()["action"].startswith("code_execution_tool(")


def test_a_loop_that_resumes_keeps_escalating():
    ses = LoopSession(LoopSettings(), "s")
    acts = ([sh("ls", "a")] * 3 + [sh("pwd", "/")]) * 4
    stopped_at = None
    for i, a in enumerate(acts):
        if ses.record(a, float(i)).plan.stop_message:
            stopped_at = i
            break
    assert stopped_at is not None and stopped_at < 12


def test_a_new_task_starts_clean():
    ses = LoopSession(LoopSettings(), "s")
    for i in range(6):
        ses.record(sh("ls", "a"), float(i))
    assert ses.stopped
    ses.start_task()
    assert not ses.stopped and ses.record(sh("ls", "a"), 10.0).detection is None


def test_history_is_bounded():
    ses = LoopSession(LoopSettings(history_size=50), "s")
    for i in range(1000):
        ses.record(sh(f"cat file_{i}.txt", f"content {i}"), float(i))
    assert ses.history_length <= 100


def test_hostile_input_never_raises():
    weird = [Action(tool="t", args={"x": object()}), Action(tool="", args=None, response=None or ""),
             Action(tool="t", args={"big": "x" * 1_000_000}, result="y" * 1_000_000),
             Action(tool="t", args={"nested": {"a": [1, {"b": None}]}}, result="\x00\udcff"),
             Action(response="```json\n{\"tool_name\": broken", tool=None)]
    ses = LoopSession(LoopSettings(), "s")
    for i, a in enumerate(weird * 3):
        ses.record(a, float(i))


def test_disabled_detection_never_plans():
    _, outs = run([sh("ls", "a")] * 10, LoopSettings(enabled=False))
    assert all(o.detection is None and o.plan.empty for o in outs)


# --- truncation ------------------------------------------------------------------------------

def test_collapse_keeps_the_first_exchange_and_never_user_messages():
    k = exchange_key("code_execution_tool", {"code": "ls"})
    other = exchange_key("code_execution_tool", {"code": "pwd"})
    entries = [(None, False), (k, True), (k, False), (other, True), (other, False),
               (k, True), (k, False), (None, False), (k, True), (k, False)]
    out = collapse(entries, TruncationPlan(frozenset({k}), "summary"))
    assert out.drop == (5, 6, 8, 9) and out.summary_at == 5


# --- no false alarms --------------------------------------------------------------------------

def test_corpus_has_at_least_50_varied_tasks():
    assert len(TASKS) >= 50
    tools = {a.tool for steps in TASKS.values() for a in steps}
    assert len(tools) >= 8


@pytest.mark.parametrize("name", sorted(TASKS))
def test_normal_tasks_get_no_mitigation(name):
    ses = LoopSession(LoopSettings(), name)
    for i, a in enumerate(TASKS[name]):
        out = ses.record(a, float(i))
        assert out.detection is None, f"step {i}: {out.detection}"
        assert ses.next_call().inject_text is None


def test_normal_tasks_back_to_back_in_one_session_get_no_mitigation():
    # an agent's long chat: task after task in one session, each a new user message
    ses = LoopSession(LoopSettings(), "long chat")
    n = 0
    for steps in TASKS.values():
        ses.start_task()
        for a in steps:
            n += 1
            assert ses.record(a, float(n)).detection is None
