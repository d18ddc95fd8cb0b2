"""The loop guard's Agent Zero handlers, one per hook (the hook files call them by name).

Flow of one iteration: ``before_main_llm_call`` (temperature on v0.9.x, circuit breaker) ->
``chat_model_call_before`` (temperature on v1.x) -> model -> ``response_stream_end`` (mark
that the model answered; restore the v0.9.x temperature) -> ``tool_execute_before/after``
(the tool call and what it returned) -> ``message_loop_end`` (record the action, plan the
mitigation). The next ``message_loop_prompts_after`` applies the note and the truncation.
``monologue_start`` marks a new user message (a new task for the detector).

Handlers are ``async def on_x(service, agent, loop_data, **hook_kwargs)``; a hook file runs
them through :func:`festinger.a0.guard.guarded`, with :func:`with_hook_kwargs` for the hooks
whose other arguments matter (``tool_name``, ``tool_args``, ``response``, ``call_data``). They
also catch what they raise themselves and report it under one name ("loop guard"): the guard
fails in every one of its hooks when it fails, and the user needs to read about it once.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Awaitable, Callable, Optional

from ...logs import log
from .. import agent_state

if TYPE_CHECKING:
    from festinger.service import FestingerService

STATE_KEY = "_festinger_loops"


@dataclass
class _AgentLoopState:
    """Per agent: what the current iteration did so far."""

    iteration: int = -1
    responded: bool = False
    tool: Optional[str] = None
    args: dict = field(default_factory=dict)
    result: Optional[str] = None
    tool_started: bool = False
    legacy_saved: Optional[tuple] = None  # v0.9.x chat model kwargs to restore after the call

    def start_iteration(self, iteration: int) -> None:
        """Forget the previous iteration (a pending temperature restore is kept)."""
        self.iteration, self.responded, self.tool_started = iteration, False, False
        self.tool, self.args, self.result = None, {}, None


def with_hook_kwargs(handler: Callable[..., Awaitable[None]], kwargs: dict) -> Callable[..., Awaitable[None]]:
    """The handler with the hook's own keyword arguments bound (same name in reports)."""

    @functools.wraps(handler)
    async def bound(service: FestingerService, agent: Any, loop_data: Any) -> None:
        await handler(service, agent, loop_data, **{k: v for k, v in kwargs.items() if k != "loop_data"})

    return bound


def _state(agent: Any) -> _AgentLoopState:
    st = agent_state.get_data(agent, STATE_KEY)
    if not isinstance(st, _AgentLoopState):
        st = _AgentLoopState()
        agent_state.set_data(agent, STATE_KEY, st)
    return st


def _iteration(agent: Any, loop_data: Any = None) -> int:
    ld = loop_data if loop_data is not None else getattr(agent, "loop_data", None)
    value = getattr(ld, "iteration", -1)
    return value if isinstance(value, int) else -1


def _fresh(agent: Any, loop_data: Any = None) -> _AgentLoopState:
    """The state for the current iteration (reset when a new one started)."""
    st = _state(agent)
    it = _iteration(agent, loop_data)
    if st.iteration != it:
        st.start_iteration(it)
    return st


def _report(where: str, exc: BaseException, agent: Any) -> None:
    try:
        from ..guard import report_once

        log.debug("loop guard failed in %s: %r", where, exc)
        report_once("loop guard", "festinger.a0.handlers.loops", exc, agent)
    except Exception:
        log.error("loop guard %s failed: %r", where, exc)


def _chat_log(agent: Any, events: list[dict]) -> None:
    """One chat-log line per loop event (detected, stopped, recovered), never per iteration."""
    ctx_log = getattr(getattr(agent, "context", None), "log", None)
    if ctx_log is None:
        return
    for ev in events:
        who = agent_state.agent_label(agent)
        if ev["event"] == "detected":
            heading = f"Festinger: {who} is repeating itself ({ev['kind']})"
            content = (f"{ev['action']} - {ev['count']} times in a row. "
                       f"Mitigation: {', '.join(ev['mitigations']) or 'none (disabled)'}.")
        elif ev["event"] == "stopped":
            heading = f"Festinger: stopped {who}'s loop"
            content = (f"{ev['action']} kept repeating ({ev['count']} times) after: "
                       f"{', '.join(ev['mitigations']) or 'no mitigation'}.")
        else:
            heading = f"Festinger: {who} broke out of the loop"
            content = f"It no longer repeats {ev['action']}."
        try:
            ctx_log.log(type="warning" if ev["event"] != "recovered" else "info",
                        heading=heading, content=content)
        except Exception as exc:  # the UI log is a courtesy; never let it break the loop guard
            log.debug("chat log failed: %r", exc)


# --- handlers ---------------------------------------------------------------------------

async def on_monologue_start(service: FestingerService, agent: Any, loop_data: Any = None, **_: Any) -> None:
    try:
        from ...loops import agent_zero as a0

        a0.remove_breaker(agent)
        service.loops.session(agent_state.agent_key(agent)).start_task()
    except Exception as exc:
        _report("monologue_start", exc, agent)


async def on_prompts_after(service: FestingerService, agent: Any, loop_data: Any = None, **_: Any) -> None:
    """Forbidden-action note and history truncation for the prompt being built."""
    try:
        from ...loops import agent_zero as a0

        session = service.loops.session(agent_state.agent_key(agent))
        if a0.user_spoke_since_last_turn(getattr(loop_data, "history_output", None) or ()):
            session.start_task()  # an intervention mid-monologue: the user asked for something
        adj = session.peek_call()
        if adj.inject_text:
            a0.inject_note(loop_data, adj.inject_text)
        if adj.truncation is not None:
            a0.collapse_history(loop_data, adj.truncation)
    except Exception as exc:
        _report("message_loop_prompts_after", exc, agent)


async def on_before_main_llm_call(service: FestingerService, agent: Any, loop_data: Any = None, **_: Any) -> None:
    """Consume this call's adjustments: the breaker, or the v0.9.x temperature boost."""
    try:
        from ...loops import agent_zero as a0

        guard = service.loops
        st = _fresh(agent, loop_data)
        adj = guard.session(agent_state.agent_key(agent)).next_call()
        if adj.stop_message:
            a0.install_breaker(agent, adj.stop_message)
            return
        if adj.temperature_boost and a0.legacy_layout(agent):
            a0.restore_legacy_config(st.legacy_saved)
            st.legacy_saved = a0.boost_legacy_config(agent, guard.settings)
        elif adj.temperature_boost:
            agent_state.set_data(agent, STATE_KEY + "_boost", True)
    except Exception as exc:
        _report("before_main_llm_call", exc, agent)


async def on_chat_model_call_before(service: FestingerService, agent: Any, loop_data: Any = None, call_data: Any = None,
                                    **_: Any) -> None:
    """v1.x: the chat model object for this call is in ``call_data``; boost it if due."""
    try:
        from ...loops import agent_zero as a0

        if not agent_state.get_data(agent, STATE_KEY + "_boost"):
            return
        agent_state.set_data(agent, STATE_KEY + "_boost", False)
        if isinstance(call_data, dict) and call_data.get("model") is not None:
            a0.boost_model_kwargs(call_data["model"], service.loops.settings)
    except Exception as exc:
        _report("chat_model_call_before", exc, agent)


async def on_response_stream_end(service: FestingerService, agent: Any, loop_data: Any = None, **_: Any) -> None:
    try:
        from ...loops import agent_zero as a0

        st = _fresh(agent, loop_data)
        st.responded = True
        a0.restore_legacy_config(st.legacy_saved)
        st.legacy_saved = None
    except Exception as exc:
        _report("response_stream_end", exc, agent)


async def on_tool_execute_before(service: FestingerService, agent: Any, loop_data: Any = None, tool_name: Any = None,
                                 tool_args: Any = None, **_: Any) -> None:
    try:
        st = _fresh(agent)
        st.responded = True
        st.tool_started = True
        st.tool = str(tool_name) if tool_name else None
        st.args = dict(tool_args) if isinstance(tool_args, dict) else {}
    except Exception as exc:
        _report("tool_execute_before", exc, agent)


async def on_tool_execute_after(service: FestingerService, agent: Any, loop_data: Any = None, response: Any = None,
                                tool_name: Any = None, **_: Any) -> None:
    try:
        st = _fresh(agent)
        message = getattr(response, "message", None)
        st.result = message if isinstance(message, str) else (None if message is None else str(message))
    except Exception as exc:
        _report("tool_execute_after", exc, agent)


async def on_message_loop_end(service: FestingerService, agent: Any, loop_data: Any = None, **_: Any) -> None:
    """Record what the model did in this iteration and plan the next call's mitigation."""
    try:
        from ...core.loops import Action
        from ...loops import agent_zero as a0
        from ...loops.service import now

        st = _fresh(agent, loop_data)
        a0.restore_legacy_config(st.legacy_saved)  # the call failed before response_stream_end
        st.legacy_saved = None
        a0.remove_breaker(agent)  # unused when the iteration failed before the model call
        agent_state.set_data(agent, STATE_KEY + "_boost", False)  # v1.x: a boost never consumed
        if not st.responded:
            return  # no model answer this iteration (an error or an intervention)
        text = getattr(loop_data, "last_response", "") or ""
        tool, args = (st.tool, st.args) if st.tool_started else a0.tool_of(a0.parse_tool_request(text))
        error = None
        if st.tool_started and st.result is None:
            error = "the tool failed without a result"
        action = Action(response=text, tool=tool, args=args, result=st.result, error=error)
        guard = service.loops
        out = guard.session(agent_state.agent_key(agent)).record(action, now())
        st.responded = False
        if out.plan.applied and not out.plan.stop_message:
            guard.count_mitigation()
        events = guard.publish(out.events)
        if events:
            _chat_log(agent, events)
    except Exception as exc:
        _report("message_loop_end", exc, agent)
