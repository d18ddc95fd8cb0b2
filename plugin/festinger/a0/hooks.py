"""Entry points for the pack's Agent Zero extension files.

Each extension file calls ``dispatch(hook, agent, kwargs)``. The handlers for a hook run in
the order listed; each is isolated, so one failing part (say the concept graph) neither stops
the others nor reaches Agent Zero, where an exception would end the user's chat.
"""

from __future__ import annotations

import importlib
from typing import Any, Awaitable, Callable

from ..logs import log, report_exception

# hook name (the extension file's role) -> handlers "module:function", run in this order.
# A handler is ``async def handler(service, agent, loop_data) -> None``.
HANDLERS: dict[str, list[str]] = {
    "monologue_start": [
        "festinger.memory.hooks:on_monologue_start",
        "festinger.recall.hooks:on_monologue_start",
    ],
    "prompts_after_recall_start": [
        "festinger.recall.hooks:on_prompts_after_recall_start",
    ],
    "prompts_after_recall": [
        "festinger.recall.hooks:on_prompts_after_recall",
    ],
    "prompts_after_recollection": [
        "festinger.graph.hooks:on_prompts_after_recollection",
        # issue 6: remember the agent (its utility model is the default LLM) and start the
        # write path, the resolution scheduler and the reload listener in this process
        "festinger.graph.resolution_service:on_prompt_hook",
    ],
    "before_main_llm_call": [
        "festinger.health.hooks:on_before_main_llm_call",
    ],
    "monologue_end_snapshot": [
        "festinger.memory.hooks:on_monologue_end_snapshot",
    ],
    "monologue_end": [
        "festinger.memory.hooks:on_monologue_end",
        "festinger.health.hooks:on_monologue_end",
    ],
}

_resolved: dict[str, Callable[..., Awaitable[None]]] = {}
REPORTED_DATA_KEY = "_festinger_reported_failures"
_reported_without_agent: set[tuple[str, str, str]] = set()
_reported_by_id: dict[int, set] = {}


def _report_once(hook: str, handler: str, exc: BaseException, agent: Any) -> None:
    """Post a failure to the chat once per (hook, handler, error type) and agent: a handler
    that fails every turn must not flood the user's chat (later ones go to the debug log)."""
    from . import agent_state

    key = (hook, handler, type(exc).__name__)
    if agent is None:
        seen = _reported_without_agent
    else:
        seen = agent_state.get_data(agent, REPORTED_DATA_KEY)
        if not isinstance(seen, set):
            seen = _reported_by_id.get(id(agent))
        if not isinstance(seen, set):
            seen = set()
            if not agent_state.set_data(agent, REPORTED_DATA_KEY, seen):
                if len(_reported_by_id) >= 1000:  # an agent without data storage
                    _reported_by_id.clear()
                _reported_by_id[id(agent)] = seen
    if key in seen:
        log.debug("%s -> %s failed again: %s: %s", hook, handler, type(exc).__name__, exc)
        return
    if len(seen) < 1000:
        seen.add(key)
    report_exception(f"{hook} -> {handler}", exc, agent)


def _handler(path: str) -> Callable[..., Awaitable[None]]:
    fn = _resolved.get(path)
    if fn is None:
        module_name, _, fn_name = path.partition(":")
        fn = getattr(importlib.import_module(module_name), fn_name)
        _resolved[path] = fn
    return fn


async def dispatch(hook: str, agent: Any, kwargs: dict) -> None:
    """Run the pack's handlers for one Agent Zero hook call. Never raises (but cancellation)."""
    try:
        from ..service import get_service

        service = get_service()
        loop_data = kwargs.get("loop_data")
    except Exception as exc:
        _report_once(hook, "start-up", exc, agent)
        return
    for path in HANDLERS.get(hook, ()):
        try:
            await _handler(path)(service, agent, loop_data)
        except Exception as exc:
            _report_once(hook, path, exc, agent)
