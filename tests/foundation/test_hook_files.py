"""Every hook file: loads under both layouts, one async Extension, and nothing escapes it.

An exception escaping an Agent Zero hook ends the user's chat (agent-zero-facts.md), so each
file is executed here with the pack broken in every way we can think of.
"""

import asyncio
import importlib.util
import inspect
import sys
import types
from pathlib import Path

import pytest

from festinger.a0 import guard

EXT_ROOT = Path(__file__).resolve().parents[2] / "extensions"
HOOK_FILES = sorted(EXT_ROOT.glob("*/*.py"))


class Extension:  # stands in for Agent Zero's base class
    def __init__(self, agent, **kwargs):
        self.agent = agent
        self.kwargs = kwargs


@pytest.fixture(params=["v1", "legacy"])
def layout(request, monkeypatch):
    """Register the Extension base where the given layout has it (and only there)."""
    name = "helpers.extension" if request.param == "v1" else "python.helpers.extension"
    mod = types.ModuleType(name)
    mod.Extension = Extension
    parts = name.split(".")
    for i in range(1, len(parts)):
        monkeypatch.setitem(sys.modules, ".".join(parts[:i]), types.ModuleType(".".join(parts[:i])))
    monkeypatch.setitem(sys.modules, name, mod)
    if request.param == "legacy":  # make sure v1's import path really fails
        monkeypatch.setitem(sys.modules, "helpers", None)
    return request.param


def load_extension_class(path: Path):
    """Agent Zero's rule: the last Extension subclass in the module, the base excluded."""
    spec = importlib.util.spec_from_file_location(f"hookfile_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    classes = [c for _, c in inspect.getmembers(module, inspect.isclass)
               if c is not Extension and issubclass(c, Extension)]
    return classes


def test_hook_files_exist_for_every_hook_the_pack_uses():
    names = {p.parent.name for p in HOOK_FILES}
    assert {"message_loop_prompts_after", "before_main_llm_call", "monologue_end",
            "monologue_start"} <= names
    # the order matters: after the stock recall (_50, _91), before Exocortex (_12), and
    # around the stock memorizers (_50, _51)
    by_name = {p.name for p in HOOK_FILES}
    assert "_95_festinger_recall.py" in by_name and "_11_festinger_health.py" in by_name
    assert "_45_festinger_snapshot.py" in by_name and "_55_festinger_classify.py" in by_name
    assert "_56_festinger_maintenance.py" in by_name  # health after the classification


@pytest.mark.parametrize("path", HOOK_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_one_async_extension_per_file(path, layout):
    classes = load_extension_class(path)
    assert len(classes) == 1
    assert inspect.iscoroutinefunction(classes[0].execute)
    assert len(path.read_text().splitlines()) <= 20  # a few lines: the logic lives in the core


@pytest.mark.parametrize("path", HOOK_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_nothing_escapes_when_the_pack_is_broken(path, layout, monkeypatch, capsys):
    (cls,) = load_extension_class(path)

    async def exploding_guard(*a, **k):
        raise RuntimeError("boom")

    monkeypatch.setattr(guard, "guarded", exploding_guard)
    asyncio.run(cls(agent=None).execute(loop_data=object()))
    assert "boom" in capsys.readouterr().out

    # the pack not importable at all
    monkeypatch.setitem(sys.modules, "festinger.a0.guard", None)
    asyncio.run(cls(agent=None).execute(loop_data=object()))


def test_every_hook_file_runs_its_handlers_through_the_guard():
    """Two hops: the file names its handler (an IDE or grep follows it), the guard runs it."""
    for path in HOOK_FILES:
        text = path.read_text()
        assert "from festinger.a0.guard import guarded" in text, path.name
        assert "from festinger.a0.handlers." in text and "await guarded(" in text, path.name


async def test_guard_isolates_handlers_and_reports():
    calls = []

    async def bad(service, agent, loop_data):
        calls.append("bad")
        raise ValueError("handler failed")

    async def good(service, agent, loop_data):
        calls.append("good")

    class Log:
        def __init__(self):
            self.items = []

        def log(self, **kw):
            self.items.append(kw)

    async def hook_call(agent):  # what a hook file with two handlers does
        await guard.guarded("_test", bad, agent, {"loop_data": None})
        await guard.guarded("_test", good, agent, {"loop_data": None})

    agent = types.SimpleNamespace(context=types.SimpleNamespace(log=Log()))
    await hook_call(agent)
    assert calls == ["bad", "good"]  # the failing part did not stop the next one
    (item,) = agent.context.log.items
    assert item["type"] == "warning" and "handler failed" in item["content"]
    assert "bad" in item["heading"]  # the report names the failing handler

    # A part that fails every turn is shown in the chat once per agent, not every turn.
    for _ in range(3):
        await hook_call(agent)
    assert calls.count("bad") == 4 and len(agent.context.log.items) == 1
    other = types.SimpleNamespace(context=types.SimpleNamespace(log=Log()), data={})
    await hook_call(other)
    assert len(other.context.log.items) == 1


async def test_cancellation_is_not_swallowed():
    """Stopping a chat cancels its task: the pack must let that through."""
    started = asyncio.Event()

    async def slow(service, agent, loop_data):
        started.set()
        await asyncio.sleep(10)

    task = asyncio.ensure_future(guard.guarded("_slow", slow, None, {"loop_data": None}))
    await asyncio.wait_for(started.wait(), 10)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
