"""The real Agent Zero, headless, against a loopback fake LLM (skipped unless A0_ROOT is set).

Two groups:
- Contract: a probe (our own hook files, written into a throwaway copy of the tree where the
  layout loads user hooks) shows which Agent Zero behaviours the pack relies on really hold:
  hooks fire with ``loop_data``, a block at ``loop_data.system[0]`` reaches the model, edits in
  ``before_main_llm_call`` do not, memorization lands in the background (after ``_55_``) and
  inherits contextvars, ``memory_save`` stores its extra arguments as metadata, recall puts
  memories into the prompt.
- Pack: ``install.sh --a0 <copy> --python <A0 interpreter>`` installs Festinger into a copy
  of the pristine tree; its hooks are discovered and run in a real chat without breaking it,
  and they classify the memories Agent Zero writes.
"""

from __future__ import annotations

import pytest

from a0_harness import REPO, A0Install, copy_tree, detect_layout, install_pack, stop_leftover_postmaster
from fake_llm_server import FakeLLMServer
from fake_models import HashEmbedder, MiniLMEmbedder, ScriptedLLM, final_response, tool_call
from probe_plugin import BEFORE_MAIN_MARKER, PLUGIN_NAME, SYSTEM0_MARKER, install_probe, read_events

SAVED_FACT = "The deploy target is a Raspberry Pi 5."
FRAGMENT = "The user's favourite colour is teal."


# --------------------------------------------------------------------------- contract (probe)


@pytest.fixture(scope="module")
def probe_run(a0_pristine, a0_python, tmp_path_factory):
    """One chat of two messages in a copy carrying the probe:
    1. the model calls memory_save with extra arguments, then answers; the utility model
       returns one fragment to memorize;
    2. a question about the saved fact (recall runs on the first iteration of each message)."""
    root = copy_tree(a0_pristine, tmp_path_factory.mktemp("probe") / "a0")
    a0 = A0Install(root=root, python=a0_python, layout=detect_layout(root))
    install_probe(root)
    log = root / "probe.jsonl"
    script = ScriptedLLM(fragments=[FRAGMENT])
    script.queue_main(
        tool_call("memory_save", text=SAVED_FACT, area="main", topic="deploy", confidence=0.9, tags=["hw", "edge"]),
        final_response("Noted."),
        final_response("Your deploy target is a Raspberry Pi 5."),
    )
    with FakeLLMServer(script=script, embedder=MiniLMEmbedder()) as server:
        run = a0.run_chat(
            server,
            ["Remember: the deploy target is a Raspberry Pi 5.", "Which board is the deploy target?"],
            # recall's query is the user message + this many chars of history; a long history
            # of tool JSON makes Agent Zero's own knowledge docs outrank a short fact
            memory={"memory_recall_history_len": 1},
            env={"A0PROBE_LOG": str(log)},
        )
        yield {"a0": a0, "run": run, "events": read_events(log), "server": server}


def _events(probe_run, name):
    return [e for e in probe_run["events"] if e["event"] == name]


def test_a_real_chat_round_trip_returns_the_models_answers(probe_run):
    run = probe_run["run"]
    run.assert_clean()
    assert run.responses == ["Noted.", "Your deploy target is a Raspberry Pi 5."]
    assert not _events(probe_run, "error"), probe_run["events"]


def test_user_hooks_load_from_the_layouts_user_folder(probe_run):
    a0, run = probe_run["a0"], probe_run["run"]
    listed = run.summary["extensions"]
    folder = "usr/extensions/" if a0.layout == "legacy" else f"usr/plugins/{PLUGIN_NAME}/extensions/python/"
    for hook, name in (("message_loop_prompts_after", "_95_a0probe"), ("before_main_llm_call", "_05_a0probe"),
                       ("monologue_end", "_05_a0probe")):
        assert any(entry.startswith(folder + hook + "/" + name) for entry in listed[hook]), (hook, listed[hook])
    if a0.layout == "plugins":
        assert PLUGIN_NAME in run.summary["enabled_plugins"], "usr/plugins/* must be enabled by default"


def test_the_three_hooks_fire_with_loop_data_only(probe_run):
    for hook in ("message_loop_prompts_after", "before_main_llm_call", "monologue_end"):
        fired = _events(probe_run, hook)
        assert fired, f"{hook} never fired"
        assert all(e["kwargs"] == ["loop_data"] and e["agent"] == 0 for e in fired), fired
    # one monologue per user message; one prompt per loop iteration (memory_save, answer, answer)
    assert len(_events(probe_run, "monologue_end")) == 2
    assert [e["iteration"] for e in _events(probe_run, "message_loop_prompts_after")] == [0, 1, 0]


def test_a_block_inserted_at_system0_is_the_start_of_what_the_model_sees(probe_run):
    mains = probe_run["server"].main_requests()
    assert len(mains) == 3
    for req in mains:
        assert req.messages[0]["role"] == "system"
        assert req.system.startswith(SYSTEM0_MARKER), req.system[:200]


def test_system_prompt_edits_in_before_main_llm_call_do_not_reach_the_model(probe_run):
    assert _events(probe_run, "before_main_llm_call")
    for req in probe_run["server"].main_requests():
        assert BEFORE_MAIN_MARKER not in req.text


def test_memorization_lands_after_monologue_end_hooks_and_inherits_contextvars(probe_run):
    # a _55_ hook (after the stock _50_/_51_ memorizers) sees no fragment of this monologue yet
    counts = [e["fragments"] for e in _events(probe_run, "monologue_end_55")]
    assert counts and counts[0] == 0, counts
    # ... because the memorizer's utility call runs in the "Background" DeferredTask thread,
    # where a contextvar set by an earlier monologue_end hook is visible (copied at start)
    memorize_calls = [e for e in _events(probe_run, "util_model_call_before")
                      if "HISTORY of conversation" in e["system_head"]]
    assert memorize_calls, probe_run["events"]
    assert {e["thread"] for e in memorize_calls} == {"Background"}
    assert {e["cv"] for e in memorize_calls} == {"set-in-monologue_end"}
    # and the fragment is in the store once the background work settled
    fragment = probe_run["run"].memory_with_text(FRAGMENT)
    assert fragment["metadata"]["area"] == "fragments"
    assert set(fragment["metadata"]) >= {"id", "timestamp"}


def test_memory_save_stores_every_extra_tool_argument_as_metadata(probe_run):
    saved = probe_run["run"].memory_with_text(SAVED_FACT)
    meta = saved["metadata"]
    assert meta["area"] == "main"
    assert meta["topic"] == "deploy" and meta["confidence"] == 0.9 and meta["tags"] == ["hw", "edge"]
    assert meta["id"] == saved["id"] and len(meta["id"]) == 10 and meta["timestamp"]


def test_memory_settings_overrides_reach_agent_zero(probe_run):
    settings = probe_run["run"].summary["memory_settings"]
    assert settings["memory_recall_history_len"] == 1  # ours
    assert settings["memory_recall_interval"] == 3 and settings["memory_recall_similarity_threshold"] == 0.7


def test_recalled_memories_reach_the_model_as_extras(probe_run):
    second_question = probe_run["server"].main_requests()[2]
    # the stock recall writes plain text under extras "memories", appended as the last user message
    assert "Raspberry Pi 5" in second_question.last_user
    prompts_after = _events(probe_run, "message_loop_prompts_after")
    assert "memories" in prompts_after[-1]["extras"]


# --------------------------------------------------------------------------- the pack


PACK_HOOKS = sorted(p.name for p in (REPO / "extensions").iterdir() if p.is_dir()) if (REPO / "extensions").is_dir() else []


def _pack_hook_files():
    return {hook: sorted(f.stem for f in (REPO / "extensions" / hook).glob("*.py")) for hook in PACK_HOOKS}


@pytest.fixture(scope="module")
def pack_a0(a0_pristine, a0_python, tmp_path_factory) -> A0Install:
    """A copy of the pristine tree with the pack installed by install.sh."""
    root = copy_tree(a0_pristine, tmp_path_factory.mktemp("pack") / "a0")
    install_pack(root, a0_python)
    return A0Install(root=root, python=a0_python, layout=detect_layout(root))


@pytest.fixture(scope="module")
def pack_run(pack_a0):
    script = ScriptedLLM(fragments=["The user's project uses Python 3.11."])
    script.queue_main(
        tool_call("memory_save", text=SAVED_FACT, area="main"),
        final_response("Noted."),
        final_response("It is a Raspberry Pi 5."),
    )
    with FakeLLMServer(script=script, embedder=HashEmbedder()) as server:
        run = pack_a0.run_chat(
            server,
            ["My project uses Python 3.11. Remember the deploy target is a Raspberry Pi 5.",
             "Which board is the deploy target?"],
            hooks=PACK_HOOKS,
            name="pack",
        )
        yield {"a0": pack_a0, "run": run, "server": server}
    stop_leftover_postmaster(pack_a0.root / "usr" / "festinger" / "pgdata")


def test_install_sh_installs_hooks_agent_zero_discovers(pack_run):
    listed = pack_run["run"].summary["extensions"]
    for hook, stems in _pack_hook_files().items():
        for stem in stems:
            assert any(f"/{hook}/{stem}.py:" in entry for entry in listed.get(hook, [])), (hook, stem, listed.get(hook))


def test_a_chat_with_the_pack_installed_stays_clean(pack_run):
    run = pack_run["run"]
    run.assert_clean()
    assert run.responses == ["Noted.", "It is a Raspberry Pi 5."]
    failures = [line for line in run.stdout.splitlines() if line.startswith("festinger:") and "failed" in line]
    assert not failures, run.explain("pack hooks reported failures")
    warnings = [item for item in run.summary.get("log", []) if "Festinger" in item["heading"] and "failed" in item["heading"]]
    assert not warnings, warnings


def test_the_pack_classifies_memories_agent_zero_wrote(pack_run):
    run = pack_run["run"]
    assert run.memories, run.explain("no memories were written")
    for memory in run.memories:
        classification = memory["metadata"].get("classification")
        assert isinstance(classification, dict), run.explain(f"unclassified memory {memory}")
        assert set(classification) >= {"validity", "relevance", "utility", "source"}
        assert "lineage" in memory["metadata"]


def test_the_pack_publishes_memory_health_on_the_agent(pack_run):
    health = pack_run["run"].summary.get("agent_memory_health")
    assert isinstance(health, dict) and "by_validity" in health, health
