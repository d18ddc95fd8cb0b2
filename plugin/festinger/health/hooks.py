"""The health component's Agent Zero handlers (dispatched by ``festinger.a0.hooks``).

Each catches everything itself. A failure that repeats every turn (say the memory module is
not importable) is shown in the chat's log once, then only logged at debug level: a warning
on every turn would bury the user's chat.
"""

from __future__ import annotations

from typing import Any

from ..logs import log, report_exception

_reported: set[tuple[str, str, str]] = set()


def _report_once(where: str, exc: Exception, agent: Any) -> None:
    key = (where, type(exc).__name__, str(exc)[:200])
    if key in _reported:
        log.debug("%s failed again: %s: %s", where, type(exc).__name__, exc)
        return
    if len(_reported) < 1000:
        _reported.add(key)
    report_exception(where, exc, agent)


async def on_before_main_llm_call(service: Any, agent: Any, loop_data: Any) -> None:
    """Publish ``agent._memory_health`` (before the Exocortex dispatcher, _12_, reads it)."""
    try:
        await service.component("health").on_before_main_llm_call(agent, loop_data)
    except Exception as exc:
        _report_once("memory health", exc, agent)


async def on_monologue_end(service: Any, agent: Any, loop_data: Any) -> None:
    """Advance the cycle clock and run maintenance when it is due."""
    try:
        await service.component("health").on_monologue_end(agent, loop_data)
    except Exception as exc:
        _report_once("memory maintenance", exc, agent)
