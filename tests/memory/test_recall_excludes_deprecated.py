"""Spec Testing Criterion 6: a deprecated memory never reaches the model, through the pack's
whole hook chain (classification + the pack's recall) on the real store."""

from __future__ import annotations

from festinger.a0 import hooks
from festinger.simulator import respond

from .conftest import MEMORY_HANDLERS


async def test_criterion_6_deprecated_memories_are_not_recalled(world, monkeypatch):
    handlers = {k: list(v) for k, v in hooks.HANDLERS.items()}
    for hook, names in MEMORY_HANDLERS.items():
        handlers.setdefault(hook, [])
        handlers[hook] = [n for n in names if n not in handlers[hook]] + handlers[hook]
    handlers["monologue_start"].append("festinger.recall.hooks:on_monologue_start")
    handlers["prompts_after_recall_start"] = ["festinger.recall.hooks:on_prompts_after_recall_start"]
    handlers["prompts_after_recall"] = ["festinger.recall.hooks:on_prompts_after_recall"]
    monkeypatch.setattr(hooks, "HANDLERS", handlers)
    w = world()
    w.sim.settings.update(memory_recall_interval=1)
    agent = w.agent()
    await w.say(agent, "The project uses Python 3.9", "ok", fragments=["The project uses Python 3.9"])
    await w.settle()
    await w.say(agent, "Now the project uses Python 3.11", "ok", fragments=["The project uses Python 3.11"])
    await w.settle()
    assert w.ms.stats()["conflicts_resolved_this_session"] == 1
    await w.sim.communicate(agent, "Which Python version does the project use?", [respond("3.11")])
    recalled = str(w.sim.last_prompt.extras)   # what recall injected (history aside)
    assert "The project uses Python 3.11" in recalled
    assert "Python 3.9" not in recalled
