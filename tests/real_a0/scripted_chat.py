"""One scripted chat in the REAL Agent Zero: a throwaway copy of a pristine tree with the pack
installed by its own installer, the loopback fake LLM answering from a script (the memorizer's
fragments per user message, the main model's replies per turn), then the pack's embedded
PostgreSQL stopped. Shared by the scenario tests (test_real_pack_behaviour, test_real_son_name,
test_real_ended_news)."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Any, Dict, Iterator, List

from a0_harness import A0Install, copy_tree, detect_layout, install_pack, stop_leftover_postmaster
from fake_llm_server import FakeLLMServer
from fake_models import HashEmbedder, ScriptedLLM


def classified(text: str, validity: str) -> Dict[str, Any]:
    """A `wait_for` condition: the memory `text` stored with this validity."""
    return {"text": text, "meta": {"classification.validity": validity}}


@contextmanager
def scripted_chat(a0_pristine: Path, a0_python: Path, tmp_path_factory: Any, name: str,
                  turns: List[tuple]) -> Iterator[Dict[str, Any]]:
    """Run `turns` ((user text, memorizer fragments, main replies, pause), in order) as one chat;
    yields {"a0", "run", "server", "root"} while the fake LLM server is still up."""
    root = copy_tree(a0_pristine, tmp_path_factory.mktemp(name) / "a0")
    install_pack(root, a0_python)
    a0 = A0Install(root=root, python=a0_python, layout=detect_layout(root))
    script = ScriptedLLM(fragments_by_message={text: frags for text, frags, _, _ in turns})
    messages: List[Any] = []
    for text, _, replies, pause in turns:
        script.queue_main(*replies)
        messages.append({"text": text, **pause, **({"wait_timeout": 45} if "wait_for" in pause else {})})
    try:
        with FakeLLMServer(script=script, embedder=HashEmbedder()) as server:
            run = a0.run_chat(server, messages, memory={"memory_recall_interval": 1}, name=name)
            yield {"a0": a0, "run": run, "server": server, "root": root}
    finally:
        stop_leftover_postmaster(root / "usr" / "festinger" / "pgdata")
