"""The message loop: what the model sees, error handling, tools, knowledge, subordinates."""

from __future__ import annotations

import pytest
from langchain_core.messages import SystemMessage
from .sim_helpers import new_agent, probes, write_hook

from festinger_testkit.simulator import HandledException, ScriptExhausted, respond, tool_call


async def test_prompt_is_built_before_before_main_llm_call(make_sim, tmp_path):
    ext = tmp_path / "ext"
    write_hook(ext, "message_loop_prompts_after", "_60_inject.py", """
        class Inject(Extension):
            async def execute(self, loop_data=None, **kwargs):
                loop_data.system.insert(0, "PACK BLOCK")
                loop_data.extras_temporary["pack_note"] = "temporary " + str(loop_data.iteration)
                loop_data.extras_persistent["pack_state"] = "persistent"
    """)
    write_hook(ext, "before_main_llm_call", "_60_too_late.py", """
        class TooLate(Extension):
            async def execute(self, loop_data=None, **kwargs):
                loop_data.system.append("TOO LATE")
                loop_data.extras_persistent["too_late"] = True
    """)
    sim = make_sim(extension_dirs=[ext])
    agent = new_agent(sim)
    await sim.communicate(agent, "hi", responses=[tool_call("memory_load", query="x"), respond("ok")])

    first, second = sim.sent_prompts
    assert first.system.startswith("PACK BLOCK\n\n")
    assert "TOO LATE" not in first.text
    assert "too_late" not in first.extras  # first iteration: set after the prompt was built
    assert second.extras["too_late"] is True  # persistent extras live for the whole monologue
    assert first.extras_message.startswith("[EXTRAS]\n")
    assert first.extras["pack_note"] == "temporary 0" and second.extras["pack_note"] == "temporary 1"
    assert [m.type for m in second.messages] == ["system", "human", "ai", "human", "human"]
    assert isinstance(second.messages[0], SystemMessage)


async def test_a_new_monologue_starts_with_fresh_extras(make_sim, tmp_path):
    write_hook(tmp_path / "ext", "message_loop_prompts_after", "_60_once.py", """
        class Once(Extension):
            async def execute(self, loop_data=None, **kwargs):
                if self.agent.get_data("done") is None:
                    loop_data.extras_persistent["once"] = "x"
                    self.agent.set_data("done", True)
    """)
    sim = make_sim(extension_dirs=[tmp_path / "ext"])
    agent = new_agent(sim)
    await sim.communicate(agent, "one", responses=[respond("1")])
    await sim.communicate(agent, "two", responses=[respond("2")])
    assert "once" in sim.sent_prompts[0].extras and "once" not in sim.sent_prompts[1].extras


def failing_hook(root, failures: int):
    write_hook(root, "message_loop_prompts_after", "_60_flaky.py", f"""
        class Flaky(Extension):
            async def execute(self, loop_data=None, **kwargs):
                count = (self.agent.get_data("failures") or 0) + 1
                self.agent.set_data("failures", count)
                if count <= {failures}:
                    raise RuntimeError("flaky hook " + str(count))
    """)
    write_hook(root, "monologue_end", "_70_end.py", """
        class End(Extension):
            async def execute(self, loop_data=None, **kwargs):
                probe(self.agent, "monologue_end")
    """)


async def test_legacy_retries_a_failing_hook_once(make_sim, tmp_path):
    failing_hook(tmp_path / "ext", failures=1)
    sim = make_sim(extension_dirs=[tmp_path / "ext"])
    agent = new_agent(sim)
    assert await sim.communicate(agent, "hi", responses=[respond("recovered")]) == "recovered"
    warnings = agent.history.of_kind("warning")
    assert len(warnings) == 1 and "flaky hook 1" in str(warnings[0].content)
    assert probes(agent) == ["monologue_end"]


async def test_legacy_second_consecutive_failure_ends_the_chat_but_monologue_end_runs(make_sim, tmp_path):
    failing_hook(tmp_path / "ext", failures=2)
    sim = make_sim(extension_dirs=[tmp_path / "ext"])
    agent = new_agent(sim)
    with pytest.raises(HandledException) as info:
        await sim.communicate(agent, "hi", responses=[respond("never")])
    assert str(info.value.original) == "flaky hook 2"
    assert probes(agent) == ["monologue_end"]
    assert sim.sent_prompts == []
    assert agent.context.log.of_type("error")


async def test_v1_first_failure_ends_the_chat(make_sim, tmp_path):
    failing_hook(tmp_path / "ext", failures=1)
    sim = make_sim("v1", extension_dirs=[tmp_path / "ext"])
    agent = new_agent(sim)
    with pytest.raises(HandledException):
        await sim.communicate(agent, "hi", responses=[respond("never")])
    assert probes(agent) == ["monologue_end"]


async def test_exception_in_monologue_end_loses_the_response(make_sim, tmp_path):
    write_hook(tmp_path / "ext", "monologue_end", "_55_broken.py", """
        class Broken(Extension):
            async def execute(self, loop_data=None, **kwargs):
                raise KeyError("classification")
    """)
    sim = make_sim(extension_dirs=[tmp_path / "ext"], utility_latency=0.0)
    agent = new_agent(sim)
    with pytest.raises(HandledException) as info:
        await sim.communicate(agent, "hi", responses=[respond("lost answer")])
    assert isinstance(info.value.original, KeyError)


async def test_running_out_of_scripted_replies_is_reported(make_sim):
    sim = make_sim()
    with pytest.raises(ScriptExhausted):
        await sim.communicate(sim.agent(), "hi", responses=[tool_call("memory_load", query="x")])


async def test_misformatted_reply_and_unknown_tool_become_warnings(make_sim):
    sim = make_sim()
    agent = sim.agent()
    await sim.communicate(agent, "hi", responses=["not json at all", tool_call("no_such_tool"), respond("ok")])
    assert len(agent.history.of_kind("warning")) == 2
    assert len(sim.sent_prompts) == 3


async def test_memory_save_puts_every_extra_argument_into_metadata(make_sim):
    sim = make_sim()
    agent = sim.agent()
    await sim.communicate(agent, "remember", responses=[
        tool_call("memory_save", text="Deploys go through staging first", area="main",
                  classification={"validity": "current"}, importance=3),
        respond("saved")])
    [doc] = (await sim.memory(agent)).db.get_all_docs().values()
    meta = doc.metadata
    assert (meta["area"], meta["classification"], meta["importance"]) == ("main", {"validity": "current"}, 3)
    assert agent.history.of_kind("tool")[0].content["tool_result"] == f"Memory saved with id {meta['id']}"


async def test_knowledge_import_metadata_and_reimport_on_change(make_sim, tmp_path):
    sim = make_sim()
    agent = sim.agent()
    doc = tmp_path / "kb" / "ops.md"
    doc.parent.mkdir()
    doc.write_text("# Ops\nThe staging server is staging.example.com\n")
    first = await sim.import_knowledge(agent, tmp_path / "kb")
    [ids] = first.values()
    stored = (await sim.memory(agent)).db.get_all_docs()[ids[0]].metadata
    assert stored["knowledge_source"] is True and stored["source_file"] == "ops.md"
    assert stored["source"] == str(doc) and stored["area"] == "main" and stored["file_type"] == "md"
    assert await sim.import_knowledge(agent, tmp_path / "kb") == {}  # unchanged: skipped
    doc.write_text("# Ops\nThe staging server moved to stage2.example.com\n")
    second = await sim.import_knowledge(agent, tmp_path / "kb")
    docs = (await sim.memory(agent)).db.get_all_docs()
    assert ids[0] not in docs and all(i in docs for i in second[str(doc)])


async def test_monologue_end_runs_for_subordinates_with_their_number(make_sim, tmp_path):
    write_hook(tmp_path / "ext", "monologue_end", "_70_who.py", """
        class Who(Extension):
            async def execute(self, loop_data=None, **kwargs):
                probe(self.agent, (self.agent.number, self.agent.config.profile))
    """)
    sim = make_sim(extension_dirs=[tmp_path / "ext"], utility_latency=0.0)
    agent = new_agent(sim, org_role={"role_id": "co", "capabilities": {"bst_domains": []}}, bst_domain="codegen")
    answer = await sim.communicate(
        agent, "delegate", responses=[tool_call("call_subordinate", message="write code", profile="developer"),
                                      respond("sub said: done")],
        subordinate_responses=[[respond("done")]])
    assert answer == "sub said: done"
    assert probes(agent) == [(1, "developer"), (0, "agent0")]
    assert agent._org_active_role["role_id"] == "co"
    assert agent._bst_store["__bst_belief_state__"]["domain"] == "codegen"
    assert agent.history.of_kind("tool")[0].content["tool_result"] == "done"


async def test_v1_chat_model_call_before_can_change_the_messages(make_sim, tmp_path):
    write_hook(tmp_path / "ext", "chat_model_call_before", "_60_edit.py", """
        class Edit(Extension):
            async def execute(self, call_data=None, **kwargs):
                call_data["messages"] = call_data["messages"][:1]
    """)
    sim = make_sim("v1", extension_dirs=[tmp_path / "ext"])
    await sim.communicate(sim.agent(), "hi", responses=[respond("ok")])
    assert len(sim.last_prompt.messages) == 1
