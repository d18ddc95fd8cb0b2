"""The Agent Zero adapters of the loop guard on Agent Zero's own data shapes (OutputMessage
dicts, ModelConfig kwargs, the per-call model object)."""

from __future__ import annotations

import json
from types import SimpleNamespace

from festinger.core.loops import LoopSettings, TruncationPlan, exchange_key
from festinger.loops import agent_zero as a0


def ai(tool: str, **args) -> dict:
    return {"ai": True, "content": json.dumps({"thoughts": ["x"], "tool_name": tool, "tool_args": args})}


def result(text: str) -> dict:
    return {"ai": False, "content": {"tool_name": "code_execution_tool", "tool_result": text}}


def user(text: str) -> dict:
    return {"ai": False, "content": {"system_message": [], "user_message": text, "attachments": []}}


def test_collapse_history_leaves_agent_zero_history_alone_and_keeps_user_words():
    history = [user("check the log"), ai("code_execution_tool", code="ls"), result("a"),
               ai("code_execution_tool", code="ls"), result("a"),
               {"ai": False, "content": {"system_warning": "You have sent the same message again."}},
               {"ai": False, "content": {"user_intervention": "stop repeating!", "attachments": []}},
               ai("code_execution_tool", code="ls"), result("a")]
    original = list(history)
    loop_data = SimpleNamespace(history_output=history)
    key = exchange_key("code_execution_tool", {"code": "ls"})
    dropped = a0.collapse_history(loop_data, TruncationPlan(frozenset({key}), "SUMMARY"))
    sent = loop_data.history_output
    assert history == original and sent is not history  # Agent Zero's list is untouched
    assert dropped == 5
    texts = [json.dumps(m["content"]) for m in sent]
    assert sum(1 for m in sent if m["ai"]) == 1  # the first exchange stays
    assert any("stop repeating!" in t for t in texts) and any("check the log" in t for t in texts)
    assert sent[3] == {"ai": False, "content": "SUMMARY"}


def test_inject_note_goes_into_the_temporary_extras():
    loop_data = SimpleNamespace(extras_temporary={})
    assert a0.inject_note(loop_data, "LOOP WARNING x")
    assert loop_data.extras_temporary == {"loop_warning": "LOOP WARNING x"}


def test_legacy_temperature_is_set_for_one_call_and_restored():
    kwargs = {"temperature": "0.2", "api_base": "http://x"}
    cfg = SimpleNamespace(chat_model=SimpleNamespace(kwargs=kwargs))
    agent = SimpleNamespace(config=cfg)
    assert a0.legacy_layout(agent)
    saved = a0.boost_legacy_config(agent, LoopSettings())
    assert cfg.chat_model.kwargs == {"temperature": 0.6, "api_base": "http://x"}
    assert kwargs == {"temperature": "0.2", "api_base": "http://x"}  # the user's dict never edited
    a0.restore_legacy_config(saved)
    assert cfg.chat_model.kwargs is kwargs


def test_v1_model_object_gets_a_new_kwargs_dict():
    shared = {"api_key": "k"}
    model = SimpleNamespace(kwargs=shared)
    assert a0.boost_model_kwargs(model, LoopSettings(temperature_cap=1.0)) == 1.0
    assert model.kwargs["temperature"] == 1.0 and "temperature" not in shared
    assert a0.boost_model_kwargs(SimpleNamespace(), LoopSettings()) is None  # no kwargs: nothing


async def test_breaker_answers_once_with_a_response_tool_call():
    class Agent:
        async def call_chat_model(self, **kwargs):
            return "from the model", ""

    agent = Agent()
    streamed = []

    async def callback(chunk, full):
        streamed.append(full)

    a0.install_breaker(agent, "I stopped because ...")
    reply, _ = await agent.call_chat_model(messages=[], response_callback=callback)
    request = a0.parse_tool_request(reply)
    assert request["tool_name"] == "response" and request["tool_args"]["text"] == "I stopped because ..."
    assert streamed == [reply]
    assert (await agent.call_chat_model(messages=[]))[0] == "from the model"  # one shot
    a0.remove_breaker(agent)  # idempotent, never removes the real method
    assert (await agent.call_chat_model(messages=[]))[0] == "from the model"


def test_tool_requests_in_odd_replies():
    assert a0.tool_of(a0.parse_tool_request('Sure!\n```json\n{"tool_name": "x:y", "tool_args": {"a": 1}}\n```')) == ("x", {"a": 1})
    assert a0.tool_of(a0.parse_tool_request("no json here")) == (None, {})
    assert a0.tool_of(a0.parse_tool_request('{"tool_name": 5}')) == (None, {})
    assert a0.tool_of(a0.parse_tool_request('{"tool": "t", "args": "oops"}')) == ("t", {})


def test_an_intervention_after_the_models_turn_is_a_new_task():
    assert a0.user_spoke_since_last_turn([user("hi")])
    assert not a0.user_spoke_since_last_turn([user("hi"), ai("t"), result("r")])
    intervention = {"ai": False, "content": {"user_intervention": "try something else", "attachments": []}}
    assert a0.user_spoke_since_last_turn([user("hi"), ai("t"), result("r"), intervention])
    assert not a0.user_spoke_since_last_turn([])
