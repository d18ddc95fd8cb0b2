"""``memory_history`` ("what did we previously believe about X?"): the agent tool on both
layouts, and the same over HTTP (``GET /history``), with the supersedes chain and dates."""

from __future__ import annotations

import importlib.util
import json
import sys
import types
from pathlib import Path

import pytest

from festinger.core.metadata import read_lineage
from festinger_testkit.simulator import respond, tool_call
from festinger.web.routes_history import history_route, parse_history_query

REPO = Path(__file__).resolve().parents[2]
TOOL_FILE = REPO / "plugin" / "agent-zero" / "tools" / "memory_history.py"
PROMPT_FILE = REPO / "plugin" / "agent-zero" / "prompts" / "agent.system.tool.memory_history.md"


class FakeToolResponse:
    def __init__(self, message, break_loop):
        self.message, self.break_loop = message, break_loop


class FakeTool:
    def __init__(self, agent, name, method, args, message, loop_data, **kwargs):
        self.agent, self.name, self.args = agent, name, args


def load_tool_class(monkeypatch, layout: str):
    """The pack's tool file imported the way Agent Zero does, with its ``Tool`` base faked."""
    prefix = "helpers" if layout == "v1" else "python.helpers"
    fake = types.ModuleType(f"{prefix}.tool")
    fake.Tool, fake.Response = FakeTool, FakeToolResponse
    monkeypatch.setitem(sys.modules, f"{prefix}.tool", fake)
    spec = importlib.util.spec_from_file_location(f"a0_tool_memory_history_{layout}", TOOL_FILE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    (cls,) = [c for c in vars(module).values()
              if isinstance(c, type) and issubclass(c, FakeTool) and c is not FakeTool]
    return cls


def tool_results(agent, name: str) -> list[str]:
    return [m.content["tool_result"] for m in agent.history.of_kind("tool")
            if isinstance(m.content, dict) and m.content.get("tool_name") == name]


@pytest.mark.parametrize("layout", ["legacy", "v1"])
async def test_the_agent_asks_what_we_previously_believed(world, monkeypatch, layout):
    w = world(layout=layout)
    tool_cls = load_tool_class(monkeypatch, layout)

    async def memory_history(agent, **args):
        return (await tool_cls(agent, "memory_history", None, args, "", None).execute(**args)).message

    w.sim.register_tool("memory_history", memory_history)
    agent = w.agent()
    await w.say(agent, "The project uses Python 3.9", "ok", fragments=["The project uses Python 3.9"])
    await w.settle()
    await w.say(agent, "We moved, the project uses Python 3.11", "ok", fragments=["The project uses Python 3.11"])
    await w.settle()
    old = await w.find(agent, "The project uses Python 3.9")
    new = await w.find(agent, "The project uses Python 3.11")
    await w.sim.communicate(agent, "what Python did we use before?",
                            [tool_call("memory_history", query="python version of the project"), respond("3.9")])
    [answer] = tool_results(agent, "memory_history")
    lin = read_lineage(old.metadata)
    assert "previously: The project uses Python 3.9" in answer
    assert f"deprecated {lin.deprecated_at}" in answer
    assert f"-> [{new.metadata['id']}] (current) The project uses Python 3.11" in answer

    await w.sim.communicate(agent, "and?", [tool_call("memory_history"), respond("?")])
    assert "needs a `query`" in tool_results(agent, "memory_history")[-1]


def test_the_tool_prompt_names_the_tool_and_its_arguments():
    text = PROMPT_FILE.read_text()
    assert text.startswith("### memory_history") and '"tool_name": "memory_history"' in text
    assert "arg `query`" in text


def test_history_route_bad_input_is_one_clear_error(tmp_path):
    assert history_route({})[0] == 400
    status, body = history_route({"q": "python", "k": "many"})
    assert status == 400 and "k must be a whole number" in body["error"]
    status, body = history_route({"q": "python", "k": "0"})
    assert status == 400
    status, body = history_route({"q": "python", "memory_dir": str(tmp_path)})
    assert status == 404 and "not an Agent Zero memory folder" in body["error"]
    assert parse_history_query({"q": " x ", "embed": "0"}) == ("x", 5, None, False)


async def test_history_route_shows_the_chain_of_a_memory_folder(world):
    w = world()
    agent = w.agent()
    await w.say(agent, "The project uses Python 3.9", "ok", fragments=["The project uses Python 3.9"])
    await w.settle()
    await w.say(agent, "We moved, the project uses Python 3.11", "ok", fragments=["The project uses Python 3.11"])
    await w.settle()
    folder = Path(w.sim.root) / "usr" / "memory" / "default"
    status, body = history_route({"q": "python version", "memory_dir": str(folder), "embed": "0"})
    assert status == 200 and body["count"] == 1
    [belief] = body["beliefs"]
    assert belief["previous"]["text"] == "The project uses Python 3.9"
    assert belief["previous"]["deprecated_at"] and belief["previous"]["created_at"]
    assert belief["current"]["text"] == "The project uses Python 3.11"


def test_festinger_serve_has_the_history_route_behind_the_token():
    from festinger.web.server import build_router

    route, _ = build_router().match("GET", "/history")
    assert route.handler.__module__ == "festinger.web.routes_history" and route.auth


async def test_the_v1_plugin_api_answers_like_the_route(monkeypatch, tmp_path):
    """plugin/agent-zero/api/history.py, loaded the way Agent Zero v1.x loads plugin APIs."""
    fake = types.ModuleType("helpers.api")

    class ApiHandler:
        pass

    class Response:
        def __init__(self, response, status, mimetype):
            self.body, self.status = json.loads(response), status

    fake.ApiHandler, fake.Request, fake.Response = ApiHandler, object, Response
    monkeypatch.setitem(sys.modules, "helpers.api", fake)
    spec = importlib.util.spec_from_file_location("a0_api_history", REPO / "plugin" / "agent-zero" / "api" / "history.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = await module.FestingerHistory().process({"q": "python", "memory_dir": str(tmp_path)}, None)
    assert out.status == 200 and out.body["status"] == 404 and "not an Agent Zero memory folder" in out.body["error"]
    out = await module.FestingerHistory().process({}, None)
    assert out.body["status"] == 400
