"""Hook loading: order, overrides, class choice, instances, kwargs, errors, module install."""

from __future__ import annotations

import sys

import pytest
from .sim_helpers import new_agent, probe_hook, probes, write_hook

from festinger_testkit.simulator import HandledException, LoopData, respond


async def test_files_run_in_filename_order_across_folders_first_filename_wins(make_sim, tmp_path):
    user, pack = tmp_path / "usr_ext", tmp_path / "pack_ext"
    hook = "message_loop_prompts_after"
    probe_hook(user, hook, "_20_shared.py", "'user'")
    probe_hook(user, hook, "_60_user_only.py", "'user'")
    probe_hook(pack, hook, "_10_pack_first.py", "'pack'")
    probe_hook(pack, hook, "_20_shared.py", "'pack'")  # same file name: the user's copy wins
    probe_hook(pack, hook, "_95_pack_last.py", "'pack'")
    sim = make_sim(extension_dirs=[user, pack])
    agent = new_agent(sim)

    await sim.communicate(agent, "hi", responses=[respond("done")])

    assert [(stem, origin) for stem, _, origin in probes(agent)] == [
        ("_10_pack_first", "pack"), ("_20_shared", "user"), ("_60_user_only", "user"), ("_95_pack_last", "pack")]
    # interleaved with the stock recall hooks purely by file name
    assert sim.hooks_called(hook) == [
        "_10_pack_first", "_20_shared", "_50_recall_memories", "_60_user_only", "_91_recall_wait", "_95_pack_last"]


async def test_user_file_named_like_a_stock_hook_replaces_it_in_legacy(make_sim, tmp_path):
    write_hook(tmp_path / "ext", "message_loop_prompts_after", "_50_recall_memories.py", """
        class NoRecall(Extension):
            async def execute(self, loop_data=None, **kwargs):
                probe(self.agent, "replacement ran")
    """)
    sim = make_sim(extension_dirs=[tmp_path / "ext"])
    agent = new_agent(sim)
    await sim.communicate(agent, "hi", responses=[respond("ok")])
    assert probes(agent) == ["replacement ran"]
    assert agent.get_data("_recall_memories_task") is None
    assert not [i for i in agent.context.log.logs if i.heading == "Searching memories..."]


async def test_v1_memory_plugin_sorts_before_a_pack_plugin_but_not_before_usr_extensions(make_sim, tmp_path):
    plugin = tmp_path / "plugins" / "festinger"
    body = """
        class NoRecall(Extension):
            async def execute(self, loop_data=None, **kwargs):
                probe(self.agent, "pack copy ran")
    """
    write_hook(plugin / "extensions" / "python", "message_loop_prompts_after", "_50_recall_memories.py", body)
    sim = make_sim("v1", plugins={"festinger": plugin})
    agent = new_agent(sim)
    await sim.communicate(agent, "hi", responses=[respond("ok")])
    assert probes(agent) == []  # "_memory" < "festinger": the stock file shadows the plugin's
    assert agent.get_data("_recall_memories_task") is not None

    write_hook(tmp_path / "usr_ext_python", "message_loop_prompts_after", "_50_recall_memories.py", body)
    sim2 = make_sim("v1", extension_dirs=[tmp_path / "usr_ext_python"], plugins={"festinger": plugin})
    agent2 = new_agent(sim2)
    await sim2.communicate(agent2, "hi", responses=[respond("ok")])
    assert probes(agent2) == ["pack copy ran"]


async def test_alphabetically_last_extension_class_of_a_file_is_the_one_used(make_sim, tmp_path):
    write_hook(tmp_path / "ext", "monologue_end", "_70_two_classes.py", """
        class Zeta(Extension):
            async def execute(self, loop_data=None, **kwargs):
                probe(self.agent, "Zeta")

        class Alpha(Extension):  # defined last, but sorts first: not used
            async def execute(self, loop_data=None, **kwargs):
                probe(self.agent, "Alpha")
    """)
    sim = make_sim(extension_dirs=[tmp_path / "ext"])
    agent = new_agent(sim)
    await sim.communicate(agent, "hi", responses=[respond("ok")])
    assert probes(agent) == ["Zeta"]


async def test_new_instance_per_call_and_loop_data_is_the_only_kwarg(make_sim, tmp_path):
    write_hook(tmp_path / "ext", "message_loop_prompts_after", "_60_inspect.py", """
        class Inspect(Extension):
            calls = 0
            async def execute(self, **kwargs):
                type(self).calls += 1
                self.seen_before = getattr(self, "seen_before", False)
                probe(self.agent, (id(self), sorted(kwargs), self.seen_before, type(self).calls))
                self.seen_before = True
    """)
    sim = make_sim(extension_dirs=[tmp_path / "ext"])
    agent = new_agent(sim)
    await sim.communicate(agent, "hi", responses=[{"tool_name": "memory_load", "tool_args": {"query": "x"}},
                                                   respond("ok")])
    first, second = probes(agent)
    assert first[1] == second[1] == ["loop_data"]
    assert first[2] is False and second[2] is False  # fresh instance: no state from the last call
    assert (first[3], second[3]) == (1, 2)  # class state persists (module loaded once)


async def test_exception_in_a_hook_propagates_out_of_the_runner(make_sim, tmp_path):
    write_hook(tmp_path / "ext", "message_loop_prompts_after", "_60_boom.py", """
        class Boom(Extension):
            async def execute(self, loop_data=None, **kwargs):
                raise ValueError("hook failed")
    """)
    sim = make_sim(extension_dirs=[tmp_path / "ext"])
    agent = new_agent(sim)
    with pytest.raises(ValueError, match="hook failed"):
        await sim.loader.call("message_loop_prompts_after", agent, loop_data=LoopData(iteration=0))
    with pytest.raises(HandledException) as info:
        await sim.communicate(agent, "hi", responses=[respond("never sent")])
    assert isinstance(info.value.original, ValueError)


@pytest.mark.parametrize("layout", ["legacy", "v1"])
async def test_sync_execute_crashes_legacy_but_runs_in_v1(make_sim, tmp_path, layout):
    write_hook(tmp_path / "ext", "monologue_end", "_70_sync.py", """
        class Sync(Extension):
            def execute(self, loop_data=None, **kwargs):
                probe(self.agent, "sync ran")
    """)
    sim = make_sim(layout, extension_dirs=[tmp_path / "ext"])
    agent = new_agent(sim)
    if layout == "legacy":
        with pytest.raises(HandledException) as info:
            await sim.communicate(agent, "hi", responses=[respond("ok")])
        assert isinstance(info.value.original, TypeError)
    else:
        assert await sim.communicate(agent, "hi", responses=[respond("ok")]) == "ok"
    assert probes(agent) == ["sync ran"]


@pytest.mark.parametrize("layout", ["legacy", "v1"])
def test_fake_modules_follow_the_layout_and_are_removed_on_close(make_sim, layout):
    before = {name: sys.modules.get(name) for name in ("python", "helpers", "plugins", "agent")}
    sim = make_sim(layout)
    import agent as agent_module  # noqa: F401  (stock hook files import LoopData from here)

    if layout == "legacy":
        from python.helpers.memory import Memory
        from python.helpers.settings import get_settings

        assert get_settings()["memory_recall_interval"] == 3
        with pytest.raises(ImportError):
            import helpers.extension  # noqa: F401
        with pytest.raises(ImportError):
            import plugins._memory.helpers.memory  # noqa: F401
    else:
        from helpers.plugins import get_plugin_config
        from plugins._memory.helpers.memory import Memory

        assert get_plugin_config("_memory")["project_memory_isolation"] is True
        with pytest.raises(ImportError):
            from python.helpers.extension import Extension  # noqa: F401
    assert Memory is sim.Memory and Memory.Area.FRAGMENTS.value == "fragments"

    sim.close()
    assert {name: sys.modules.get(name) for name in before} == before
    assert "python.helpers.memory" not in sys.modules
    assert "plugins._memory.helpers.memory" not in sys.modules
