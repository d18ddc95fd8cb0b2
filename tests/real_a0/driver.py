"""Run one headless Agent Zero chat and print a JSON summary of what happened.

Executed by the real-Agent-Zero tests with Agent Zero's OWN interpreter, with the working
directory at an Agent Zero checkout (either layout: v0.9.x ``python/helpers`` or v1.x
``helpers`` + ``plugins``). It never imports anything from this repository.

    <a0 python> driver.py --config run.json [--out summary.json]

run.json:
    base_url        OpenAI-compatible fake server, e.g. http://127.0.0.1:PORT/v1   (required)
    messages        user messages, sent one after the other in the same chat       (required)
                    each a string, or {"text": ..., "pause": seconds, "wait_for": [...],
                    "wait_timeout": seconds}: after the answer and Agent Zero's background work,
                    the user waits until every wait_for condition holds on the memory store
                    (or wait_timeout passes), then pauses ``pause`` seconds. A condition is
                    {"text": substring of a memory, "meta": {"dotted.key": expected value}}
                    ("meta" optional; a dotted key reads nested metadata dicts).
    memory          overrides of Agent Zero's memory settings (same key names in both layouts,
                    e.g. {"memory_recall_interval": 1, "memory_memorize_consolidation": false})
    message_timeout seconds per message (default 180)
    settle_timeout  seconds to wait for background work (memorization) to finish (default 90)
    hooks           extension points whose discovered classes to report (default: the ones the
                    pack uses)
    exit_timeout    seconds the process's exit handlers (atexit) may take (default 60)
    seed            {"count": N, "batch": 500}: before the first message, insert N generated
                    memories (area "main") through Agent Zero's own Memory.insert_documents
                    (benchmarks: a store of realistic size); reported as ``seeded``

Per message the summary has ``turn_seconds``: wall time from sending it to its answer; with
``time_hooks: true`` also ``turn_hooks_ms`` (v1.x): ms per extension point and pack hook.

Like a normal interpreter exit, the driver runs the atexit handlers (an extension's own
shutdown, e.g. stopping a server it started) before leaving; it then ends with os._exit,
because Agent Zero leaves non-daemon threads behind that would keep the process alive.

The summary is printed as the last stdout line, prefixed with ``DRIVER_SUMMARY_JSON: ``, and
written to --out when given.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
import traceback
from typing import Any, Dict, List, Optional

# the driver's folder is sys.path[0] when Agent Zero's interpreter runs it as a script
from a0_setup import configure_legacy, configure_plugins, detect_layout, seed_memories
from turn_timer import TurnTimer

SUMMARY_PREFIX = "DRIVER_SUMMARY_JSON: "
DEFAULT_HOOKS = [
    "agent_init",
    "monologue_start",
    "message_loop_prompts_after",
    "before_main_llm_call",
    "monologue_end",
    "tool_execute_after",
]


class A0:
    """The handful of Agent Zero entry points the driver needs, per layout."""

    def __init__(self, layout: str):
        self.layout = layout
        if layout == "legacy":
            from python.helpers import runtime, defer, settings  # type: ignore

            self.runtime, self.defer, self.settings = runtime, defer, settings
        else:
            from helpers import runtime, defer, settings  # type: ignore

            self.runtime, self.defer, self.settings = runtime, defer, settings

    def memory_cls(self):
        if self.layout == "legacy":
            from python.helpers.memory import Memory  # type: ignore
        else:
            from plugins._memory.helpers.memory import Memory  # type: ignore
        return Memory

    def memory_dir(self, agent) -> str:
        if self.layout == "legacy":
            from python.helpers import memory  # type: ignore

            return memory.abs_db_dir(memory.get_agent_memory_subdir(agent))
        from plugins._memory.helpers import memory  # type: ignore

        return memory.get_memory_subdir_abs(agent)

    def memory_settings(self, agent) -> Dict[str, Any]:
        if self.layout == "legacy":
            s = self.settings.get_settings()
        else:
            from helpers import plugins  # type: ignore

            s = plugins.get_plugin_config("_memory", agent) or {}
        return {k: v for k, v in dict(s).items() if k.startswith("memory_") or k == "agent_memory_subdir"}

    def extension_classes(self, agent, hook: str) -> List[str]:
        if self.layout == "legacy":
            from python.helpers import extension, subagents  # type: ignore

            paths = subagents.get_paths(agent, "extensions", hook, default_root="python")
            seen: Dict[str, Any] = {}
            for p in paths:
                for cls in extension._get_extensions(p):
                    seen.setdefault(cls.__module__.split(".")[-1], cls)
            classes = [seen[k] for k in sorted(seen)]
        else:
            from helpers import extension  # type: ignore

            classes = extension._get_extension_classes(hook, agent=agent)
        out = []
        for cls in classes:
            # hook modules are loaded from file without a sys.modules entry: ask the code object
            try:
                origin = os.path.relpath(cls.execute.__code__.co_filename, os.getcwd())
            except Exception:
                origin = cls.__module__
            out.append(f"{origin}:{cls.__name__}")
        return out

    def enabled_plugins(self, agent) -> List[str]:
        if self.layout == "legacy":
            return []
        from helpers import plugins  # type: ignore

        return list(plugins.get_enabled_plugins(agent))


# Tasks that never end by design (litellm's async logging worker).
PERMANENT_TASKS = ("LoggingWorker",)


def settle(a0: A0, timeout: float) -> Dict[str, Any]:
    """Wait until every Agent Zero background event loop has no pending task (memorization
    runs in DeferredTask threads), seen idle three polls in a row."""

    async def pending() -> List[str]:
        me = asyncio.current_task()
        names = []
        for t in asyncio.all_tasks():
            if t is me or t.done():
                continue
            coro = t.get_coro()
            name = getattr(coro, "__qualname__", repr(coro))
            if not any(p in name for p in PERMANENT_TASKS):
                names.append(name)
        return names

    start = time.time()
    quiet = 0
    last: Dict[str, List[str]] = {}
    while time.time() - start < timeout:
        busy: Dict[str, List[str]] = {}
        for name, inst in list(a0.defer.EventLoopThread._instances.items()):
            loop = getattr(inst, "loop", None)
            if loop is None or not loop.is_running():
                continue
            try:
                names = asyncio.run_coroutine_threadsafe(pending(), loop).result(10)
            except Exception as e:  # a loop that cannot answer counts as busy
                names = [f"<unanswered: {e!r}>"]
            if names:
                busy[name] = names
        last = busy
        quiet = 0 if busy else quiet + 1
        if quiet >= 3:
            return {"settled": True, "seconds": round(time.time() - start, 2)}
        time.sleep(0.3)
    return {"settled": False, "seconds": round(time.time() - start, 2), "pending": last}


def _jsonable(value: Any) -> Any:
    try:
        json.dumps(value)
        return value
    except TypeError:
        if isinstance(value, dict):
            return {str(k): _jsonable(v) for k, v in value.items()}
        if isinstance(value, (list, tuple, set)):
            return [_jsonable(v) for v in value]
        return repr(value)


def _meta_value(meta: Dict[str, Any], dotted: str) -> Any:
    value: Any = meta
    for part in dotted.split("."):
        if not isinstance(value, dict) or part not in value:
            return None
        value = value[part]
    return value


def unmet_conditions(memories: List[Dict[str, Any]], conditions: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """The ``wait_for`` conditions no memory satisfies yet."""
    unmet = []
    for cond in conditions:
        text = str(cond.get("text", ""))
        expected = cond.get("meta") or {}
        if not any(text in m["text"] and all(_meta_value(m["metadata"], k) == v for k, v in expected.items())
                   for m in memories):
            unmet.append(cond)
    return unmet


def wait_for_memories(a0: A0, agent, conditions: List[Dict[str, Any]], timeout: float) -> Dict[str, Any]:
    """Poll the memory store (as another reader would) until every condition holds."""
    start = time.time()
    unmet = conditions
    while True:
        try:
            unmet = unmet_conditions(collect_memories(a0, agent)["memories"], conditions)
        except Exception as e:  # the store may be mid-write: try again
            unmet = [{"error": repr(e)}]
        if not unmet or time.time() - start >= timeout:
            return {"met": not unmet, "seconds": round(time.time() - start, 2), "unmet": unmet}
        time.sleep(0.2)


def collect_memories(a0: A0, agent) -> Dict[str, Any]:
    Memory = a0.memory_cls()

    async def read():
        db = await Memory.get(agent)
        return dict(db.db.get_all_docs())

    docs = asyncio.run(read())
    memories, knowledge = [], 0
    for doc_id, doc in docs.items():
        meta = dict(doc.metadata or {})
        if meta.get("knowledge_source"):
            knowledge += 1
            continue
        memories.append({"id": doc_id, "text": doc.page_content, "metadata": _jsonable(meta)})
    memories.sort(key=lambda m: str(m["metadata"].get("timestamp", "")))
    return {"memories": memories, "knowledge_docs": knowledge}


def run(root: str, cfg: Dict[str, Any]) -> Dict[str, Any]:
    layout = detect_layout(root)
    os.chdir(root)
    sys.path.insert(0, root)
    os.environ.setdefault("API_KEY_OTHER", "fake-key")
    os.environ.setdefault("OPENAI_API_KEY", "fake-key")
    if layout == "legacy":
        configure_legacy(root, cfg)
    else:
        configure_plugins(root, cfg)

    summary: Dict[str, Any] = {"layout": layout, "a0_root": root, "responses": [], "errors": []}
    a0 = A0(layout)
    # Filled by hand so that runtime.initialize() never parses this script's argv. "dockerized"
    # is what Agent Zero's own image passes: without it Agent Zero is in "development" mode and
    # forwards some calls (e.g. while building the system prompt) over RFC to a container.
    a0.runtime.args = {"port": None, "host": None, "cloudflare_tunnel": False, "development": False,
                       "dockerized": "true"}

    import initialize  # type: ignore
    from agent import AgentContext, UserMessage  # type: ignore

    t0 = time.time()
    config = initialize.initialize_agent()
    context = AgentContext(config=config)
    agent = context.agent0
    summary["memory_settings"] = _jsonable(a0.memory_settings(agent))
    summary["enabled_plugins"] = a0.enabled_plugins(agent)
    summary["extensions"] = {}
    for hook in cfg.get("hooks") or DEFAULT_HOOKS:
        try:
            summary["extensions"][hook] = a0.extension_classes(agent, hook)
        except Exception as e:
            summary["extensions"][hook] = [f"<error {e!r}>"]

    if cfg.get("seed"):
        summary["seeded"] = seed_memories(a0, agent, int(cfg["seed"]["count"]), int(cfg["seed"].get("batch", 500)))
        summary["seed_settle"] = settle(a0, float(cfg.get("settle_timeout", 90)))

    timer = TurnTimer(layout) if cfg.get("time_hooks") else None
    timeout = float(cfg.get("message_timeout", 180))
    for entry in cfg["messages"]:
        step = entry if isinstance(entry, dict) else {"text": entry}
        message = str(step["text"])
        if timer:
            timer.next_turn()
        try:
            sent = time.perf_counter()
            result = context.communicate(UserMessage(message=message)).result_sync(timeout)
            summary.setdefault("turn_seconds", []).append(time.perf_counter() - sent)
            if timer:
                timer.end_turn()
            summary["responses"].append(result if isinstance(result, str) else repr(result))
        except Exception as e:
            summary["responses"].append(None)
            summary["errors"].append({"message": message, "error": repr(e), "trace": traceback.format_exc()})
        summary.setdefault("settle", []).append(settle(a0, float(cfg.get("settle_timeout", 90))))
        # the user reads the answer before typing again: a pause, not a hook into the pack
        pause: Dict[str, Any] = {}
        if step.get("wait_for"):
            pause["wait"] = wait_for_memories(a0, agent, list(step["wait_for"]),
                                              float(step.get("wait_timeout", 30)))
        if step.get("pause"):
            time.sleep(float(step["pause"]))
            pause["paused"] = float(step["pause"])
        summary.setdefault("pauses", []).append(pause)
    summary["seconds"] = round(time.time() - t0, 2)
    if timer:
        summary["turn_hooks_ms"] = timer.turns

    try:
        summary.update(collect_memories(a0, agent))
        summary["memory_dir"] = a0.memory_dir(agent)
    except Exception as e:
        summary["errors"].append({"stage": "collect_memories", "error": repr(e), "trace": traceback.format_exc()})

    # what hooks left on the agent (e.g. the pack's memory health report for Exocortex)
    summary["agent_data_keys"] = sorted(str(k) for k in getattr(agent, "data", {}).keys())
    summary["agent_memory_health"] = _jsonable(getattr(agent, "_memory_health", None))

    summary["log"] = [
        {"type": item.type, "heading": str(item.heading or "")[:300], "content": str(item.content or "")[:2000]}
        for item in list(context.log.logs)
    ]
    return summary


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description="headless Agent Zero chat driver")
    parser.add_argument("--config", required=True)
    parser.add_argument("--out", default="")
    parser.add_argument("--root", default=os.getcwd(), help="Agent Zero checkout (default: cwd)")
    args = parser.parse_args(argv)
    with open(args.config, "r", encoding="utf-8") as f:
        cfg = json.load(f)
    # Agent Zero's runtime may parse sys.argv; leave it nothing of ours to misread.
    sys.argv = [sys.argv[0]]
    try:
        summary = run(os.path.abspath(args.root), cfg)
    except BaseException as e:  # report, do not hide, a crash before/while chatting
        summary = {"fatal": repr(e), "trace": traceback.format_exc()}
    summary["exit_handlers"] = run_exit_handlers(float(cfg.get("exit_timeout", 60)))
    text = json.dumps(summary, default=repr)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    sys.stdout.write("\n" + SUMMARY_PREFIX + text + "\n")
    sys.stdout.flush()
    # Agent Zero leaves non-daemon threads and event loops behind; do not wait for them.
    os._exit(0 if "fatal" not in summary else 2)


def run_exit_handlers(timeout: float) -> Dict[str, Any]:
    """Run the atexit handlers as a normal exit would (os._exit skips them), in a thread so
    that a handler that hangs costs at most ``timeout`` seconds."""
    import atexit
    import threading

    outcome: Dict[str, Any] = {}

    def target() -> None:
        try:
            atexit._run_exitfuncs()  # prints, never raises, a failing handler's traceback
            outcome["ok"] = True
        except BaseException as e:
            outcome["error"] = repr(e)

    start = time.time()
    worker = threading.Thread(target=target, name="exit-handlers", daemon=True)
    worker.start()
    worker.join(timeout)
    outcome["finished"] = not worker.is_alive()
    outcome["seconds"] = round(time.time() - start, 2)
    return outcome


if __name__ == "__main__":
    main()
