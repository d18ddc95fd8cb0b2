"""The loop guard for the proxy: one `festinger.core.loops.LoopSession` per conversation.

A proxy sees the whole conversation on every request, not one action at a time, so each
request records the assistant turns it has not recorded yet (with the tool result that
followed each), then asks the session what the upcoming call must get:

- forbidden-action note  -> appended to the system message
- temperature boost      -> `options.temperature` (Ollama) / `temperature` (OpenAI)
- history truncation     -> the repeated exchanges collapsed to one line in what is sent
- circuit breaker        -> the proxy answers with the breaker's message, nothing forwarded

A new real user message after a stop starts a new task (the chat stays usable). A
conversation that got shorter (edited, regenerated from earlier) starts a new session.
Sessions are kept in memory, least recently used first out.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Optional

from ..core.loops import (Action, CallAdjustments, LoopEvent, LoopSession, LoopSettings,
                          boosted_temperature, collapse, exchange_key)
from ..logs import log
from . import messages as m

MAX_SESSIONS = 1000
# what a session keeps of each turn: the detector compares at most 2,000 characters of a key,
# and thousands of sessions of long answers must not grow the proxy without bound
MAX_TURN_CHARS = 4000


@dataclass
class SessionState:
    loops: LoopSession
    turns_recorded: int = 0
    user_turns: int = 0
    stopped_at_user_turns: Optional[int] = None
    stop_message: Optional[str] = None
    # the latest user message already counted by the graph, and its tokens (re-rendered on
    # later calls of the same turn, not counted again: an agent's ten tool calls are one
    # encounter, as in the Agent Zero hook)
    counted_user: Optional[str] = None
    counted_tokens: list[str] = field(default_factory=list)
    events: list[LoopEvent] = field(default_factory=list)


@dataclass
class Guarded:
    """What the guard decided for one request."""

    messages: list[m.Message]
    temperature: Optional[float] = None   # set: the boosted temperature to send
    stop_message: Optional[str] = None    # set: answer this, forward nothing
    applied: tuple[str, ...] = ()
    events: tuple[LoopEvent, ...] = ()    # new loop events of this request


class SessionTable:
    def __init__(self, settings: LoopSettings, max_sessions: int = MAX_SESSIONS) -> None:
        self.settings = settings
        self.max_sessions = max_sessions
        self._sessions: "OrderedDict[str, SessionState]" = OrderedDict()

    def __len__(self) -> int:
        return len(self._sessions)

    def reconfigure(self, settings: LoopSettings) -> None:
        self.settings = settings
        for state in self._sessions.values():
            state.loops.settings = settings

    def get(self, key: str) -> SessionState:
        state = self._sessions.get(key)
        if state is None:
            state = self._sessions[key] = SessionState(LoopSession(self.settings, key))
            while len(self._sessions) > self.max_sessions:
                self._sessions.popitem(last=False)
        else:
            self._sessions.move_to_end(key)
        return state

    def reset(self, key: str) -> SessionState:
        self._sessions.pop(key, None)
        return self.get(key)


def _actions(msgs: list[m.Message]) -> list[tuple[int, Action]]:
    out = []
    for i, msg in enumerate(msgs):
        if msg.get("role") != "assistant":
            continue
        tool, args = m.tool_call_of(msg)
        result = m.result_after(msgs, i)
        out.append((i, Action(response=m.text_of(msg.get("content"))[:MAX_TURN_CHARS],
                              tool=tool, args=args,
                              result=None if result is None else result[:MAX_TURN_CHARS])))
    return out


def _truncate(msgs: list[m.Message], adj: CallAdjustments) -> list[m.Message]:
    plan = adj.truncation
    if plan is None:
        return msgs
    entries: list[tuple[Optional[str], bool]] = []
    key: Optional[str] = None
    for msg in msgs:
        if msg.get("role") == "assistant":
            tool, args = m.tool_call_of(msg)
            key = exchange_key(tool, args, m.text_of(msg.get("content")))
            entries.append((key, True))
        elif m.is_tool_result(msg) and key is not None:
            entries.append((key, False))
        else:
            key = None
            entries.append((None, False))
    cut = collapse(entries, plan)
    if not cut.drop:
        return msgs
    drop = set(cut.drop)
    out: list[m.Message] = []
    for i, msg in enumerate(msgs):
        if i == cut.summary_at:
            out.append({"role": "user", "content": plan.summary})
        if i not in drop:
            out.append(msg)
    return out


def guard(table: SessionTable, state_key: str, msgs: list[m.Message],
          temperature: Optional[float], now: float) -> tuple[SessionState, Guarded]:
    """Record the conversation's new turns and decide the upcoming call's mitigations."""
    state = table.get(state_key)
    acts = _actions(msgs)
    users = m.user_turns(msgs)
    if len(acts) < state.turns_recorded or users < state.user_turns:
        state = table.reset(state_key)  # edited or regenerated from an earlier point
    if state.loops.stopped and state.stopped_at_user_turns is not None \
            and users > state.stopped_at_user_turns:
        state.loops.start_task()  # the user spoke after the breaker: a fresh start
        state.stopped_at_user_turns = None
        state.stop_message = None
    state.user_turns = users
    new_events: list[LoopEvent] = []
    for _, action in acts[state.turns_recorded:]:
        outcome = state.loops.record(action, now)
        new_events.extend(outcome.events)
        for event in outcome.events:
            state.events.append(event)
            del state.events[:-50]
            # no prompt or model text at INFO: the kind, the count and the session only
            log.info("proxy: loop %s (%s, %d times, level %d) in session %s", event.event,
                     event.kind, event.count, event.level, state_key[:10])
    state.turns_recorded = len(acts)
    adj = state.loops.next_call()
    if adj.stop_message:
        state.stopped_at_user_turns = users
        state.stop_message = adj.stop_message
    if state.loops.stopped and state.stop_message:
        # a client that calls again without a new user message gets the same answer
        return state, Guarded(msgs, stop_message=state.stop_message,
                              applied=("circuit breaker",), events=tuple(new_events))
    applied: list[str] = []
    out = msgs
    if adj.truncation is not None:
        out = _truncate(out, adj)
        if out is not msgs:
            applied.append("history truncation")
    if adj.inject_text:
        out = m.append_system_note(out, adj.inject_text)
        applied.append("forbidden action")
    new_temp = None
    if adj.temperature_boost:
        new_temp = boosted_temperature(temperature, table.settings)
        applied.append("temperature boost")
    return state, Guarded(out, new_temp, None, tuple(applied), tuple(new_events))
