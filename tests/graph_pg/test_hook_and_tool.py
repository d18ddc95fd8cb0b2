"""The recollection hook and the iknowthat tool inside a (simulated) Agent Zero, against real
PostgreSQL: the pack's real extension file `_96_festinger_recollection.py` and the real tool
file `plugin/agent-zero/tools/iknowthat.py`, both layouts."""

from __future__ import annotations

import importlib.util
import shutil
import sys
import types
from dataclasses import dataclass
from pathlib import Path

import pytest

from festinger.embeddings import HashEmbeddings
from festinger.a0.handlers.recollection import STATE_KEY, on_prompts_after_recollection
from festinger.service import set_service
from festinger_testkit.simulator import SimAgentZero, respond, tool_call

from .conftest import scalar, settle, sql

pytestmark = pytest.mark.postgres
REPO = Path(__file__).resolve().parents[2]
HOOK_FILE = REPO / "extensions" / "message_loop_prompts_after" / "_96_festinger_recollection.py"
TOOL_FILE = REPO / "plugin" / "agent-zero" / "tools" / "iknowthat.py"
API_FILE = REPO / "plugin" / "agent-zero" / "api" / "iknowthat.py"


# ------------------------------------------------------------------ the handler on its own
class Msg:
    def __init__(self, text: str, ident: str) -> None:
        self.content = {"user_message": text, "attachments": []}
        self.id = ident


class Loop:
    def __init__(self, msg, system=None) -> None:
        self.user_message = msg
        self.system = list(system or ["main prompt", "tools"])


class FakeAgent:
    def __init__(self) -> None:
        self.data = {}

    def get_data(self, key):
        return self.data.get(key)

    def set_data(self, key, value):
        self.data[key] = value


def salient(svc, graph, token="gnommoweb", count=50, saliency=0.9, novelty=0.5):
    sql(svc, "INSERT INTO soas (token, encounter_count, saliency, novelty) VALUES "
             "($1, $2, $3, $4)", token, count, saliency, novelty)
    svc.io.call(graph.reload())


async def test_block_on_top_every_iteration_counted_once_per_message(graph_factory):
    svc, graph = graph_factory()
    salient(svc, graph)
    agent, msg = FakeAgent(), Msg("Please update gnommoweb to use FastAPI", "m1")
    systems = []
    for _ in range(3):  # three iterations of one monologue: system rebuilt each time
        ld = Loop(msg)
        await on_prompts_after_recollection(svc, agent, ld)
        systems.append(ld.system)
    for system in systems:
        assert system[0].startswith("<recollection>\n? gnommoweb: no recollection")
        assert system[1:] == ["main prompt", "tools"]
    assert graph.cache.soas_by_token["gnommoweb"].encounter_count == 51  # once, not thrice
    assert agent.data[STATE_KEY][0] == "id:m1"
    ld = Loop(Msg("gnommoweb again", "m2"))  # a new user message is counted again
    await on_prompts_after_recollection(svc, agent, ld)
    assert graph.cache.soas_by_token["gnommoweb"].encounter_count == 52
    assert settle(svc, graph)
    assert scalar(svc, "SELECT encounter_count FROM soas WHERE token = 'gnommoweb'") == 52


async def test_nothing_is_inserted_when_switched_off_or_nothing_is_salient(graph_factory):
    svc, graph = graph_factory(graph_enabled=False)
    ld = Loop(Msg("gnommoweb", "m1"))
    await on_prompts_after_recollection(svc, FakeAgent(), ld)
    assert ld.system == ["main prompt", "tools"]
    svc2, g2 = graph_factory()
    ld = Loop(Msg("a brand new zorblax here", "m1"))
    await on_prompts_after_recollection(svc2, FakeAgent(), ld)
    assert ld.system == ["main prompt", "tools"]  # new tokens are below the read threshold


# ------------------------------------------------------------------ in a simulated Agent Zero
@dataclass
class FakeToolResponse:
    message: str
    break_loop: bool
    additional: dict = None


class FakeTool:
    def __init__(self, agent, name, method, args, message, loop_data, **kwargs):
        self.agent, self.name, self.args = agent, name, args


def load_tool_class(monkeypatch, layout: str):
    """Import the pack's tool file the way Agent Zero does, with its `Tool` base faked."""
    prefix = "helpers" if layout == "v1" else "python.helpers"
    fake = types.ModuleType(f"{prefix}.tool")
    fake.Tool, fake.Response = FakeTool, FakeToolResponse
    monkeypatch.setitem(sys.modules, f"{prefix}.tool", fake)
    spec = importlib.util.spec_from_file_location(f"a0_tool_iknowthat_{layout}", TOOL_FILE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    classes = [c for c in vars(module).values()
               if isinstance(c, type) and issubclass(c, FakeTool) and c is not FakeTool]
    assert len(classes) == 1
    return classes[0]


@pytest.mark.parametrize("layout", ["legacy", "v1"])
async def test_zero_hit_answered_with_the_tool_shows_the_fact_next_iteration(
        graph_factory, tmp_path, monkeypatch, layout):
    svc, graph = graph_factory()
    salient(svc, graph)
    ext = tmp_path / "ext" / "message_loop_prompts_after"
    ext.mkdir(parents=True)
    shutil.copy(HOOK_FILE, ext / HOOK_FILE.name)  # only the graph's hook: nothing else runs
    set_service(svc)
    try:
        with SimAgentZero(tmp_path / "a0", layout=layout, embeddings=HashEmbeddings(),
                          extension_dirs=[tmp_path / "ext"]) as sim:
            tool_cls = load_tool_class(monkeypatch, layout)

            async def iknowthat_tool(agent, **args):
                tool = tool_cls(agent, "iknowthat", None, args, "", None)
                return (await tool.execute(**args)).message

            sim.register_tool("iknowthat", iknowthat_tool)
            agent = sim.agent()
            answer = await sim.communicate(agent, "Please update gnommoweb to use FastAPI", [
                tool_call("iknowthat", fact="gnommoweb -isa repo in context of type"),
                respond("done")])
            assert answer == "done"
            first, second = sim.sent_prompts[0].system, sim.sent_prompts[1].system
            assert first.startswith("<recollection>\n? gnommoweb: no recollection. If not a "
                                    "typo, store it before proceeding:\niknowthat 'gnommoweb "
                                    "-isa <parent> in context of <dimension>'")
            assert second.startswith("<recollection>\ngnommoweb: [type] repo\n</recollection>")
            assert "stored: gnommoweb -isa repo in context of type" in sim.sent_prompts[1].text
    finally:
        set_service(None)
    assert settle(svc, graph)
    assert scalar(svc, "SELECT encounter_count FROM soas WHERE token = 'gnommoweb'") == 51
    assert sql(svc, "SELECT u.source, u.confidence FROM urd u JOIN soas s ON s.id = u.id "
                    "WHERE s.token = 'gnommoweb'") == [{"source": "gutask", "confidence": 1.0}]


async def test_tool_reports_bad_facts_in_words(graph_factory, monkeypatch):
    svc, graph = graph_factory()
    set_service(svc)
    try:
        tool_cls = load_tool_class(monkeypatch, "v1")
        tool = tool_cls(None, "iknowthat", None, {}, "", None)
        r = await tool.execute(fact="gnommoweb -isa <parent> in context of <dimension>")
        assert r.break_loop is False and r.message.startswith("not stored: replace the "
                                                              "<placeholders>")
        r = await tool.execute()
        assert r.message.startswith("not stored:")
    finally:
        set_service(None)


# ------------------------------------------------------------------ the v1.x api handler
class FakeFlaskResponse:
    def __init__(self, response=None, status=200, mimetype=None, **kw):
        self.response, self.status, self.mimetype = response, status, mimetype


class FakeApiHandler:
    def __init__(self, app=None, thread_lock=None):
        pass

    @classmethod
    def requires_auth(cls):
        return True

    @classmethod
    def requires_api_key(cls):
        return False

    @classmethod
    def requires_csrf(cls):
        return cls.requires_auth()


async def test_v1_api_handler_posts_a_fact_behind_the_api_key(graph_factory, monkeypatch):
    import json

    svc, graph = graph_factory()
    fake = types.ModuleType("helpers.api")
    fake.ApiHandler, fake.Request, fake.Response = FakeApiHandler, object, FakeFlaskResponse
    monkeypatch.setitem(sys.modules, "helpers", types.ModuleType("helpers"))
    monkeypatch.setitem(sys.modules, "helpers.api", fake)
    spec = importlib.util.spec_from_file_location("a0_api_iknowthat", API_FILE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    handler_cls = module.FestingerIKnowThat
    assert handler_cls.requires_api_key() and not handler_cls.requires_auth()
    assert not handler_cls.requires_csrf() and handler_cls.get_methods() == ["POST"]
    set_service(svc)
    try:
        h = handler_cls()
        out = await h.process({"fact": "gnommoweb -isa repo", "api_key": "k"}, None)
        assert out.status == 200 and json.loads(out.response)["outcome"] == "stored"
        out = await h.process({"fact": "gnommoweb -isa gnommoweb"}, None)
        assert out.status == 400 and "inside itself" in json.loads(out.response)["message"]
        out = await h.process({}, None)
        assert out.status == 400
    finally:
        set_service(None)
