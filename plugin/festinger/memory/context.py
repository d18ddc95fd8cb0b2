"""The context of the monologue that produced a memory, captured before the memorizers run.

Agent Zero's memorizers (``monologue_end/_50``, ``_51``) hand their work to a background
thread and return; their inserts land a second or more later, when the agent may already
be in its next monologue with a new user message. So the pack takes a snapshot at
``monologue_end/_45_`` (user messages, agent and tool messages, role, BST domain) and
makes it travel WITH the memorizer's task: it is put in a context variable, and Agent
Zero's ``DeferredTask`` starts the background coroutine through
``asyncio.run_coroutine_threadsafe``, which copies the caller's contextvars. Every memory
event raised inside that task (fragment and solution inserts, consolidation merges,
replaces and updates) therefore carries the snapshot of the monologue that produced it.

At ``_55_`` the variable is reset to what it was before ``_45_``, so a superior agent does
not inherit the snapshot of a subordinate that ran inside its turn, and a ``memory_save``
during the next monologue is not mistaken for this monologue's.
"""

from __future__ import annotations

import contextvars
import itertools
import json
import time
import weakref
from dataclasses import dataclass, field
from typing import Any, Optional

from ..a0 import agent_state
from ..core.classification import ClassificationContext
from ..core.source_attribution import MAX_MESSAGE_CHARS, ContextMessage

MAX_MESSAGES = 200   # the newest messages of a long chat are the ones the memorizer saw last

_seq = itertools.count(1)


@dataclass
class MonologueSnapshot:
    agent_key: str
    agent_label: str
    context: ClassificationContext
    store_key: Optional[str] = None
    seq: int = field(default_factory=lambda: next(_seq))
    taken_at: float = field(default_factory=time.monotonic)
    _agent_ref: Any = field(default=None, repr=False)

    @property
    def agent(self) -> Any:
        return self._agent_ref() if self._agent_ref is not None else None


# The snapshot of the monologue whose end hooks are running (and of its background tasks).
CURRENT_SNAPSHOT: contextvars.ContextVar[Optional[MonologueSnapshot]] = contextvars.ContextVar(
    "festinger_monologue_snapshot", default=None)
# The agent whose monologue is running (set at monologue_start when that hook is wired).
CURRENT_AGENT: contextvars.ContextVar[Optional[Any]] = contextvars.ContextVar(
    "festinger_current_agent", default=None)

TOKEN_DATA_KEY = "_festinger_snapshot_token"


def in_memorizer_work() -> bool:
    """True inside a monologue's end hooks and the memorizer tasks they start."""
    return CURRENT_SNAPSHOT.get() is not None


def in_agent_work() -> bool:
    """True while an agent works (its monologue and tools, or its memorizers): what it reads
    from the store is read for its model."""
    return CURRENT_AGENT.get() is not None or CURRENT_SNAPSHOT.get() is not None

AGENT_TOKEN_DATA_KEY = "_festinger_agent_token"


def _flatten(value: Any, out: list[str], depth: int = 0) -> None:
    """All text inside a message content (dicts of the JSON the model wrote, lists, ...)."""
    if depth > 6:
        return
    if isinstance(value, str):
        out.append(value)
    elif isinstance(value, dict):
        for v in value.values():
            _flatten(v, out, depth + 1)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _flatten(v, out, depth + 1)


def _text(value: Any) -> str:
    parts: list[str] = []
    _flatten(value, parts)
    return "\n".join(parts)[:MAX_MESSAGE_CHARS]


def _as_dict(content: Any) -> Any:
    if isinstance(content, str) and content.lstrip().startswith("{"):
        try:
            return json.loads(content)
        except ValueError:
            return content
    return content


def message_of(ai: bool, content: Any) -> Optional[ContextMessage]:
    """Sort one history message into user / agent / tool (None: warnings, summaries)."""
    if ai:
        text = _text(_as_dict(content))
        return ContextMessage("agent", text) if text else None
    content = _as_dict(content)
    if isinstance(content, dict):
        if "tool_name" in content and "tool_result" in content:
            name = content.get("tool_name")
            return ContextMessage("tool", _text(content.get("tool_result")),
                                  name if isinstance(name, str) else None)
        for key in ("user_message", "user_intervention", "message"):
            if isinstance(content.get(key), str):
                return ContextMessage("user", content[key][:MAX_MESSAGE_CHARS])
    return None  # system warnings, compressed-history summaries: nobody's assertion


def _from_superior(msg: ContextMessage) -> ContextMessage:
    """A subordinate's "user" is its superior agent: those words are no user assertion."""
    return ContextMessage("agent", msg.text) if msg.speaker == "user" else msg


def _raw_history(agent: Any, loop_data: Any) -> list:
    """The monologue's history as Agent Zero renders it for the model.

    At monologue end ``loop_data.history_output`` holds what the last prompt was built from
    and ``loop_data.last_response`` the model's final answer after it: together, the
    history, without rendering it again (``history.output()`` re-reads Agent Zero's model
    configuration from disk, ~1-10 ms of every turn). Outside a monologue: ``output()``."""
    rendered = agent_state.get_attr(loop_data, "history_output") if loop_data is not None else None
    if isinstance(rendered, list) and rendered:
        raw = list(rendered)
        last = agent_state.get_attr(loop_data, "last_response")
        if isinstance(last, str) and last.strip():
            raw.append({"ai": True, "content": last})
        return raw
    history = agent_state.get_attr(agent, "history")
    output = getattr(history, "output", None)
    return output() if callable(output) else []


def history_messages(agent: Any, loop_data: Any = None) -> list[ContextMessage]:
    raw = _raw_history(agent, loop_data)
    out: list[ContextMessage] = []
    for item in list(raw)[-MAX_MESSAGES:]:
        ai = bool(getattr(item, "ai", False) if not isinstance(item, dict) else item.get("ai"))
        content = getattr(item, "content", None) if not isinstance(item, dict) else item.get("content")
        msg = message_of(ai, content)
        if msg is not None:
            out.append(msg)
    return out


def capture(agent: Any, loop_data: Any, store_key: Optional[str] = None,
            role_id: Optional[str] = None) -> MonologueSnapshot:
    """Snapshot the monologue (cheap: copies message texts, never waits).

    ``role_id``: the agent's role as recall resolves it (:func:`agent_state.resolve_agent_role`:
    org routing of the BST domain, Exocortex role, profile mapping), so a memory is scoped to
    the role recall will later filter by; without it, only the Exocortex role attribute.
    """
    messages = history_messages(agent, loop_data)
    user_msg = agent_state.get_attr(loop_data, "user_message") if loop_data is not None else None
    if user_msg is not None:
        current = message_of(False, getattr(user_msg, "content", None))
        if current is not None and all(m.text != current.text for m in messages if m.speaker == "user"):
            messages.append(current)
    if (agent_state.get_attr(agent, "number", 0) or 0) > 0:
        messages = [_from_superior(m) for m in messages]
    ctx = ClassificationContext(messages=tuple(messages),
                                role_id=role_id or agent_state.active_role_id(agent),
                                bst_domain=agent_state.bst_domain(agent, loop_data),
                                agent=agent_state.agent_label(agent))
    try:
        ref = weakref.ref(agent)
    except TypeError:
        ref = (lambda a=agent: a)
    return MonologueSnapshot(agent_state.agent_key(agent), agent_state.agent_label(agent), ctx,
                             store_key=store_key, _agent_ref=ref)


def enter(agent: Any, snapshot: MonologueSnapshot) -> None:
    """Make the snapshot current for this task and the background tasks it starts."""
    token = CURRENT_SNAPSHOT.set(snapshot)
    agent_state.set_data(agent, TOKEN_DATA_KEY, token)


def leave(agent: Any) -> None:
    """Undo ``enter`` (at _55_). Tolerates a token from another context."""
    token = agent_state.get_data(agent, TOKEN_DATA_KEY)
    agent_state.set_data(agent, TOKEN_DATA_KEY, None)
    if token is None:
        return
    try:
        CURRENT_SNAPSHOT.reset(token)
    except (ValueError, RuntimeError):
        CURRENT_SNAPSHOT.set(None)


def enter_agent(agent: Any) -> None:
    agent_state.set_data(agent, AGENT_TOKEN_DATA_KEY, CURRENT_AGENT.set(agent))


def leave_agent(agent: Any) -> None:
    token = agent_state.get_data(agent, AGENT_TOKEN_DATA_KEY)
    agent_state.set_data(agent, AGENT_TOKEN_DATA_KEY, None)
    if token is None:
        return
    try:
        CURRENT_AGENT.reset(token)
    except (ValueError, RuntimeError):
        CURRENT_AGENT.set(None)
