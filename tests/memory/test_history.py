"""What did we previously believe about X? Deprecated memories with their successors."""

from __future__ import annotations

import json

from festinger.cli import main
from festinger.memory.history import history_for_agent


async def _three_versions(w, agent):
    for version in ("3.9", "3.11", "3.12"):
        await w.say(agent, f"The project uses Python {version}", "ok",
                    fragments=[f"The project uses Python {version}"])
        await w.settle()


async def test_history_follows_the_supersedes_chain(world):
    w = world()
    agent = w.agent()
    await w.say(agent, "The office dog is called Rex", "ok", fragments=["The office dog is called Rex"])
    await _three_versions(w, agent)
    found = await history_for_agent(agent, "Which Python version did the project use?")
    assert [h.previous.text for h in found][:2] and {h.previous.text for h in found} == {
        "The project uses Python 3.9", "The project uses Python 3.11"}
    by_prev = {h.previous.text: h for h in found}
    chain = by_prev["The project uses Python 3.9"]
    assert [s.text for s in chain.successors] == ["The project uses Python 3.11", "The project uses Python 3.12"]
    assert chain.current.text == "The project uses Python 3.12" and chain.current.validity == "confirmed"
    assert chain.previous.deprecated_at and chain.previous.reason
    assert await history_for_agent(agent, "office dog") == []   # nothing was believed before


async def test_history_cli_reads_a_memory_folder(world, capsys):
    w = world()
    agent = w.agent()
    await _three_versions(w, agent)
    folder = str(w.sim.memory_dir(agent))
    assert main(["history", "python version", "--memory-dir", folder, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {d["previous"]["text"] for d in data} == {"The project uses Python 3.9", "The project uses Python 3.11"}
    assert all(d["current"]["text"] == "The project uses Python 3.12" for d in data)
    assert main(["history", "python version", "--memory-dir", folder, "--no-embed"]) == 0
    text = capsys.readouterr().out
    assert "previously: The project uses Python 3.9" in text and "(current) The project uses Python 3.12" in text
    assert main(["history", "x", "--memory-dir", str(w.sim.root / "nowhere")]) == 2
