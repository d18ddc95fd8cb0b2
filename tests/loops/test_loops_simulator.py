"""The loop guard inside the simulated Agent Zero message loop (both layouts): each loop kind
is broken within the configured number of model calls, and the chat answers the next message."""

from __future__ import annotations

import json

import pytest

from festinger.loops.events import read_events
from festinger.service import get_service
from festinger_testkit.simulator import respond, tool_call

LAYOUTS = ["legacy", "v1"]


def shell(code: str, thought: str = "") -> dict:
    reply = tool_call("code_execution_tool", runtime="terminal", code=code)
    if thought:
        reply["thoughts"] = [thought]
    return reply


def stubborn(make_reply):
    """A model that ignores every mitigation: call n gets make_reply(n)."""
    calls = {"n": 0}

    def reply(prompt):
        calls["n"] += 1
        return make_reply(calls["n"])

    return reply


def obedient(make_reply, alternative):
    """A model that repeats until the prompt carries the loop warning, then does something else."""
    calls = {"n": 0}

    def reply(prompt):
        if "LOOP WARNING" in prompt.text:
            return alternative
        calls["n"] += 1
        return make_reply(calls["n"])

    return reply


def events(sim_home):
    return read_events(sim_home / "loops" / "events.jsonl", 100)


SCENARIOS = {
    # kind -> (model reply for call n, shell output for a command)
    "exact": (lambda n: shell("cat /var/log/app.log | tail -n 5", f"Let me look at the log ({n})"),
              lambda code: "2026-11-23 INFO started\n2026-11-23 INFO idle"),
    "near": (lambda n: shell(f"curl -s http://localhost:8080/health?attempt={n}"),
             lambda code: "curl: (7) Failed to connect to localhost port 8080 after "
                          f"{len(code) % 7} ms: Connection refused"),
    "cycle": (lambda n: shell("ls /srv/app") if n % 2 else shell("cat /srv/app/README"),
              lambda code: "README config.yml" if code.startswith("ls") else "# App\nRun make."),
    "stagnation": (lambda n: shell(["python build.py", "python3 build.py", "python build.py --verbose",
                                    "PYTHONPATH=. python build.py", "python -m build",
                                    "python build.py --clean", "python3 -u build.py", "make build",
                                    "python build.py -x", "python ./build.py"][(n - 1) % 10]),
                   lambda code: "Traceback (most recent call last):\nModuleNotFoundError: No module named 'yaml'"),
}


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("kind", sorted(SCENARIOS))
async def test_a_model_that_ignores_every_mitigation_is_stopped_cleanly(loop_sim, layout, kind):
    make_reply, outputs = SCENARIOS[kind]
    sim, agent, sh = loop_sim(layout, outputs)
    answer = await sim.communicate(agent, "Find out why the app is not working.",
                                   [stubborn(make_reply)] * 30)

    model_calls = len(sim.sent_prompts)
    assert model_calls <= 12, f"{kind}: {model_calls} model calls before the breaker"
    assert "I stopped because I was repeating myself" in answer
    assert "The loop guard tried: forbidden-action note" in answer
    # the mitigations reached the model before the breaker
    warned = [p for p in sim.sent_prompts if "LOOP WARNING" in p.extras_message]
    assert warned, "the forbidden-action note never reached the model"
    assert any("[Festinger loop guard]" in p.text for p in sim.sent_prompts), "no truncation"
    # once per event in the chat log, not per iteration
    headings = [i.heading for i in agent.context.log.logs if (i.heading or "").startswith("Festinger:")]
    assert sum("repeating itself" in h for h in headings) == 1, headings
    assert sum("stopped" in h for h in headings) == 1, headings
    stored = events(get_service().home)
    assert [e["event"] for e in stored][-1] == "stopped" and stored[-1]["kind"] == kind

    # the chat stays usable: the next message is answered normally
    before = len(sim.sent_prompts)
    answer2 = await sim.communicate(agent, "Thanks. What is 2+2?", [respond("4")])
    assert answer2 == "4"
    assert "LOOP WARNING" not in sim.sent_prompts[before].text


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("kind", sorted(SCENARIOS))
async def test_a_model_that_heeds_the_warning_changes_its_action(loop_sim, layout, kind):
    make_reply, outputs = SCENARIOS[kind]
    sim, agent, sh = loop_sim(layout, outputs)
    answer = await sim.communicate(agent, "Find out why the app is not working.",
                                   [obedient(make_reply, respond("I could not find it; the service is down."))] * 30)
    assert answer == "I could not find it; the service is down."
    warned = [i for i, p in enumerate(sim.sent_prompts) if "LOOP WARNING" in p.extras_message]
    assert len(warned) == 1 and warned[0] == len(sim.sent_prompts) - 1
    assert warned[0] <= 6  # detected within the configured repeats (cycle: A B A B; stagnation: 3)


async def test_the_warning_says_what_was_repeated_and_what_it_produced(loop_sim):
    make_reply, outputs = SCENARIOS["exact"]
    sim, agent, sh = loop_sim("legacy", outputs)
    await sim.communicate(agent, "check", [stubborn(make_reply)] * 30)
    note = next(p.extras["loop_warning"] for p in sim.sent_prompts if "loop_warning" in p.extras)
    assert 'code_execution_tool({"code": "cat /var/log/app.log | tail -n 5"' in note
    assert "2026-11-23 INFO started" in note and "Do NOT issue this action again" in note


async def test_truncation_changes_only_what_is_sent(loop_sim):
    make_reply, outputs = SCENARIOS["exact"]
    sim, agent, sh = loop_sim("v1", outputs)
    await sim.communicate(agent, "check", [stubborn(make_reply)] * 30)
    truncated = [p for p in sim.sent_prompts if "[Festinger loop guard]" in p.text]
    assert truncated
    sent_ai = sum(1 for m in truncated[-1].messages if m.type == "ai")
    kept_ai = sum(1 for m in agent.history.output() if m.ai)
    assert sent_ai < kept_ai  # the model saw fewer repeats than Agent Zero keeps
    assert sum('"cat /var/log/app.log' in str(m.content) for m in truncated[-1].messages if m.type == "ai") == 1


async def test_disabled_mitigations_still_stop_within_bound(loop_sim):
    make_reply, outputs = SCENARIOS["cycle"]
    sim, agent, sh = loop_sim("legacy", outputs, loop_inject_forbidden="false",
                              loop_truncate_history="false", loop_temperature_boost="0")
    answer = await sim.communicate(agent, "go", [stubborn(make_reply)] * 30)
    assert "no mitigation" in answer and len(sim.sent_prompts) <= 12
    assert not any("LOOP WARNING" in p.text for p in sim.sent_prompts)


async def test_breaker_off_means_warnings_only(loop_sim):
    make_reply, outputs = SCENARIOS["exact"]
    sim, agent, sh = loop_sim("legacy", outputs, loop_circuit_breaker="false")
    replies = [stubborn(make_reply)] * 14 + [respond("giving up")]
    answer = await sim.communicate(agent, "go", replies)
    assert answer == "giving up"
    assert sum("LOOP WARNING" in p.extras_message for p in sim.sent_prompts) >= 10


async def test_loop_guard_off_changes_nothing(loop_sim):
    make_reply, outputs = SCENARIOS["exact"]
    sim, agent, sh = loop_sim("legacy", outputs, loop_detection_enabled="false")
    answer = await sim.communicate(agent, "go", [stubborn(make_reply)] * 8 + [respond("done")])
    assert answer == "done" and not any("LOOP" in p.text for p in sim.sent_prompts)


async def test_subordinates_have_their_own_session(loop_sim):
    make_reply, outputs = SCENARIOS["exact"]
    sim, agent, sh = loop_sim("legacy", outputs)
    superior = [shell("cat /var/log/app.log | tail -n 5", "superior reads once"),
                tool_call("call_subordinate", message="look at the log"),
                respond("the subordinate got stuck; stopping")]
    answer = await sim.communicate(agent, "go", superior,
                                   subordinate_responses=[[stubborn(make_reply)] * 30])
    assert answer == "the subordinate got stuck; stopping"
    stored = events(get_service().home)
    assert {e["session"].rsplit(":", 1)[1] for e in stored} == {"1"}  # only A1 looped
    # the subordinate's breaker answered the superior's call_subordinate
    tool_results = [m for m in agent.history.output() if not m.ai and "I stopped because" in str(m.content)]
    assert tool_results


async def test_a_failing_guard_never_breaks_the_chat(loop_sim, monkeypatch):
    from festinger.loops import service as loop_service

    sim, agent, sh = loop_sim("v1")

    def broken(self, key):
        raise RuntimeError("session store exploded")

    monkeypatch.setattr(loop_service.LoopGuardService, "session", broken)
    answer = await sim.communicate(agent, "go", [shell("ls"), respond("fine")])
    assert answer == "fine"
    warnings = [i for i in agent.context.log.logs if "session store exploded" in str(i.content)]
    assert len(warnings) == 1  # reported once, not per hook call


@pytest.mark.parametrize("layout", LAYOUTS)
async def test_normal_tasks_in_agent_zero_get_no_mitigation(loop_sim, layout):
    from collections import deque

    from festinger_testkit.simulator.tools import ToolResponse

    from .normal_tasks import TASKS

    sim, _, _ = loop_sim(layout)
    results: deque = deque()

    async def scripted_tool(agent, **kwargs):
        return ToolResponse(results.popleft())

    for steps in TASKS.values():
        for a in steps:
            if a.tool and a.tool != "response":
                sim.runner.tools[a.tool.split(":", 1)[0]] = scripted_tool

    for name, steps in TASKS.items():
        agent = sim.agent()
        replies = []
        for a in steps:
            if a.tool is None:
                replies.append(a.response)  # text without a tool call (Agent Zero warns: misformat)
            else:
                replies.append({"thoughts": [f"step of {name}"], "tool_name": a.tool, "tool_args": dict(a.args)})
                if a.tool != "response":
                    results.append(a.result)
        answer = await sim.communicate(agent, f"Please do: {name}", replies)
        assert answer == steps[-1].args["text"], name
    assert not any("LOOP WARNING" in p.text or "loop guard" in p.text for p in sim.sent_prompts)
    assert events(get_service().home) == []
    assert len(sim.sent_prompts) >= 250


async def test_a_user_intervention_starts_a_new_task(loop_sim):
    from festinger_testkit.simulator.agent import UserMessage

    make_reply, outputs = SCENARIOS["exact"]
    sim, agent, sh = loop_sim("legacy", outputs)

    def outputs_with_intervention(code):
        if len(sh.calls) == 2:  # the user types while the second call runs
            agent.hist_add_user_message(UserMessage("Look at the log once more, please."), intervention=True)
        return outputs(code)

    sh.outputs = outputs_with_intervention
    answer = await sim.communicate(agent, "check", [stubborn(make_reply)] * 30)
    warned = [i for i, p in enumerate(sim.sent_prompts) if "LOOP WARNING" in p.extras_message]
    assert 2 not in warned  # the repeat the user asked for is not held against the model
    assert warned and "I stopped because" in answer and len(sim.sent_prompts) <= 14
