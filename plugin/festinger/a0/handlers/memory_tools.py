"""Tool handlers: the agent's own memory tools read the store through the pack's filter.

Agent Zero's ``tool_execute_before``/``tool_execute_after`` hooks exist on both layouts and
get ``tool_name`` and ``tool_args`` (before) or ``response`` (after), not ``loop_data``: the
extension files hand the hook's kwargs dict over as the third argument. ``memory_load``'s
answer is replaced by :func:`festinger.recall.memory_load.answer` (current memories only,
superseded ones marked); ``memory_delete``/``memory_forget`` still delete (the memory
service logs each deletion). The arguments are kept from the ``before`` call, since the
``after`` call does not carry them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ..agent_state import get_data, set_data

if TYPE_CHECKING:
    from ...service import FestingerService

ARGS_DATA_KEY = "_festinger_memory_tool_args"
FILTERED_TOOLS = frozenset({"memory_load"})


def _kwargs(call: Any) -> Mapping[str, Any]:
    return call if isinstance(call, Mapping) else {}


async def on_tool_execute_before(service: FestingerService, agent: Any, call: Any) -> None:
    """Keep the arguments of a memory tool call for the ``after`` hook."""
    kwargs = _kwargs(call)
    name = kwargs.get("tool_name")
    args = kwargs.get("tool_args")
    if name in FILTERED_TOOLS:
        set_data(agent, ARGS_DATA_KEY, (name, dict(args) if isinstance(args, Mapping) else {}))


async def on_tool_execute_after(service: FestingerService, agent: Any, call: Any) -> None:
    """Replace ``memory_load``'s answer with the pack's filtered one."""
    kwargs = _kwargs(call)
    name = kwargs.get("tool_name")
    if name not in FILTERED_TOOLS:
        return
    stashed = get_data(agent, ARGS_DATA_KEY)
    set_data(agent, ARGS_DATA_KEY, None)
    args: Mapping[str, Any] = stashed[1] if isinstance(stashed, tuple) and stashed[0] == name else {}
    response = kwargs.get("response")
    if response is None or not hasattr(response, "message"):
        return
    from ...recall.memory_load import answer

    text = await answer(agent, query=args.get("query", ""), threshold=args.get("threshold"),
                        limit=args.get("limit"), filter=args.get("filter", ""))
    if text is not None:
        response.message = text
