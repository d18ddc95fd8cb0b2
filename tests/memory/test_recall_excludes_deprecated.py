"""Spec Testing Criterion 6: a deprecated memory never reaches the model, through the pack's
whole hook chain (classification + the pack's recall) on the real store."""

from __future__ import annotations

from festinger_testkit.simulator import respond
from tests.fakes.pack_hooks import MEMORY_HOOK_FILES, RECALL_HOOK_FILES, install_hook_files


async def test_criterion_6_deprecated_memories_are_not_recalled(world, tmp_path):
    ext = install_hook_files(tmp_path / "memory-and-recall", MEMORY_HOOK_FILES, RECALL_HOOK_FILES)
    w = world(extension_dirs=[ext])
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
