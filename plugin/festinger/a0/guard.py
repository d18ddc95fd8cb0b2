"""The one guard between Agent Zero's hook files and the pack's handlers.

An extension file imports its handler by name from ``festinger.a0.handlers.<family>`` and
calls ``await guarded(hook, handler, self.agent, kwargs)``. The guard gets the process's
service, runs the handler, and catches everything but cancellation: an exception escaping
an Agent Zero hook ends the user's chat. A handler that fails every turn is shown in the
chat once per (hook, handler, error type) and agent; later failures go to the debug log.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Awaitable, Callable

from ..logs import log, report_exception

if TYPE_CHECKING:
    from ..service import FestingerService

# ``async def handler(service, agent, loop_data) -> None``; agent and loop_data are Agent
# Zero's objects (the pack never imports Agent Zero, so they stay untyped here).
Handler = Callable[["FestingerService", Any, Any], Awaitable[None]]

REPORTED_DATA_KEY = "_festinger_reported_failures"
_reported_without_agent: set[tuple[str, str, str]] = set()
_reported_by_id: dict[int, set] = {}


def handler_name(handler: Handler) -> str:
    """``module:function`` of a handler, for the report's heading."""
    module = getattr(handler, "__module__", "") or ""
    name = getattr(handler, "__qualname__", None) or repr(handler)
    return f"{module}:{name}" if module else name


def _seen_for(agent: Any) -> set:
    from . import agent_state

    if agent is None:
        return _reported_without_agent
    seen = agent_state.get_data(agent, REPORTED_DATA_KEY)
    if not isinstance(seen, set):
        seen = _reported_by_id.get(id(agent))
    if not isinstance(seen, set):
        seen = set()
        if not agent_state.set_data(agent, REPORTED_DATA_KEY, seen):
            if len(_reported_by_id) >= 1000:  # agents without data storage: keep it bounded
                _reported_by_id.clear()
            _reported_by_id[id(agent)] = seen
    return seen


def report_once(hook: str, handler: str, exc: BaseException, agent: Any) -> None:
    """Post a failure to the chat once per (hook, handler, error type) and agent: a handler
    that fails every turn must not flood the user's chat (later ones go to the debug log)."""
    key = (hook, handler, type(exc).__name__)
    seen = _seen_for(agent)
    if key in seen:
        log.debug("%s -> %s failed again: %s: %s", hook, handler, type(exc).__name__, exc)
        return
    if len(seen) < 1000:
        seen.add(key)
    report_exception(f"{hook} -> {handler}", exc, agent)


async def guarded(hook: str, handler: Handler, agent: Any, kwargs: dict) -> None:
    """Run one handler for one Agent Zero hook call. Never raises (but cancellation).

    ``hook`` only names the call site in reports; nothing is looked up by it."""
    try:
        from ..service import get_service

        service = get_service()
        loop_data = kwargs.get("loop_data")
    except Exception as exc:
        report_once(hook, "start-up", exc, agent)
        return
    try:
        await handler(service, agent, loop_data)
    except Exception as exc:
        report_once(hook, handler_name(handler), exc, agent)
