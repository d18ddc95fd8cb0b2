"""A tiny probe written into a COPY of an Agent Zero tree, where each layout loads user hooks.

It records (one JSON line per event, to the file named by env ``A0PROBE_LOG``) which hooks
fire, with which kwargs, in which thread, and whether a contextvar set in an early
``monologue_end`` hook is visible from the background memorizer's utility-model call. Its
``message_loop_prompts_after`` hook inserts a marker at ``loop_data.system[0]`` so a test can
check that the marker reached the fake model; its ``before_main_llm_call`` hook inserts another
marker to show that editing the system prompt there has no effect.

Layouts:
  legacy (v0.9.x): usr/extensions/<hook>/<file>.py
  plugins (v1.x):  usr/plugins/a0probe/plugin.yaml + usr/plugins/a0probe/extensions/python/<hook>/
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Dict, List, Tuple

SYSTEM0_MARKER = "A0PROBE-SYSTEM0-BLOCK"
BEFORE_MAIN_MARKER = "A0PROBE-BEFORE-MAIN-INSERT"
PLUGIN_NAME = "a0probe"

_COMMON = '''
import json, os, sys, threading, time, contextvars
try:
    from helpers.extension import Extension
except ImportError:
    from python.helpers.extension import Extension

# one ContextVar per process, whichever module instance loads first
CV = getattr(sys, "_a0probe_cv", None)
if CV is None:
    CV = contextvars.ContextVar("a0probe", default="<unset>")
    sys._a0probe_cv = CV


def record(event, **data):
    path = os.environ.get("A0PROBE_LOG")
    if not path:
        return
    data.update(event=event, thread=threading.current_thread().name, at=time.time())
    with open(path, "a", encoding="utf-8") as f:
        f.write(json.dumps(data, default=repr) + "\\n")
'''

# (hook, file name, class body). _05_ runs before the stock memory hooks (_50_, _51_),
# _55_ right after them, _95_ after _91_recall_wait.
_FILES: List[Tuple[str, str, str]] = [
    ("message_loop_prompts_after", "_95_a0probe.py", """
class A0ProbePromptsAfter(Extension):
    async def execute(self, **kwargs):
        try:
            loop_data = kwargs.get("loop_data")
            loop_data.system.insert(0, "%(system0)s")
            record("message_loop_prompts_after", kwargs=sorted(kwargs), agent=self.agent.number,
                   iteration=loop_data.iteration, system_len=len(loop_data.system),
                   extras=sorted(loop_data.extras_persistent))
        except Exception as e:
            record("error", hook="message_loop_prompts_after", error=repr(e))
"""),
    ("before_main_llm_call", "_05_a0probe.py", """
class A0ProbeBeforeMain(Extension):
    async def execute(self, **kwargs):
        try:
            loop_data = kwargs.get("loop_data")
            loop_data.system.insert(0, "%(before_main)s")
            record("before_main_llm_call", kwargs=sorted(kwargs), agent=self.agent.number,
                   iteration=loop_data.iteration)
        except Exception as e:
            record("error", hook="before_main_llm_call", error=repr(e))
"""),
    ("monologue_end", "_05_a0probe.py", """
class A0ProbeMonologueEnd(Extension):
    async def execute(self, **kwargs):
        try:
            CV.set("set-in-monologue_end")
            record("monologue_end", kwargs=sorted(kwargs), agent=self.agent.number)
        except Exception as e:
            record("error", hook="monologue_end", error=repr(e))
"""),
    ("monologue_end", "_55_a0probe_count.py", """
class A0ProbeCountAfterMemorizers(Extension):
    async def execute(self, **kwargs):
        try:
            try:
                from plugins._memory.helpers.memory import Memory
            except ImportError:
                from python.helpers.memory import Memory
            db = await Memory.get(self.agent)
            docs = db.db.get_all_docs().values()
            record("monologue_end_55", agent=self.agent.number,
                   fragments=sum(1 for d in docs if d.metadata.get("area") == "fragments"))
        except Exception as e:
            record("error", hook="monologue_end_55", error=repr(e))
"""),
    ("util_model_call_before", "_05_a0probe.py", """
class A0ProbeUtilBefore(Extension):
    async def execute(self, **kwargs):
        try:
            call_data = kwargs.get("call_data") or {}
            record("util_model_call_before", cv=CV.get(), background=call_data.get("background"),
                   system_head=str(call_data.get("system", ""))[:80])
        except Exception as e:
            record("error", hook="util_model_call_before", error=repr(e))
"""),
]


def probe_files() -> List[Tuple[str, str, str]]:
    """(hook, file name, full source) of every probe hook file."""
    subst = {"system0": SYSTEM0_MARKER, "before_main": BEFORE_MAIN_MARKER}
    return [(hook, name, _COMMON + (body % subst)) for hook, name, body in _FILES]


def detect_layout(root: Path) -> str:
    if (root / "helpers" / "extension.py").is_file():
        return "plugins"
    if (root / "python" / "helpers" / "extension.py").is_file():
        return "legacy"
    raise ValueError(f"not an Agent Zero checkout: {root}")


def install_probe(root: Path) -> str:
    """Write the probe into the tree at ``root``; returns the layout name."""
    root = Path(root)
    layout = detect_layout(root)
    if layout == "legacy":
        base = root / "usr" / "extensions"
    else:
        plugin = root / "usr" / "plugins" / PLUGIN_NAME
        plugin.mkdir(parents=True, exist_ok=True)
        (plugin / "plugin.yaml").write_text(
            f"name: {PLUGIN_NAME}\ntitle: A0 probe\ndescription: test probe\nversion: 0.0.1\n",
            encoding="utf-8",
        )
        base = plugin / "extensions" / "python"
    for hook, name, source in probe_files():
        folder = base / hook
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(source, encoding="utf-8")
    return layout


def read_events(log_path: Path):
    import json

    if not os.path.exists(log_path):
        return []
    with open(log_path, "r", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]
