"""Applying the loop guard's decisions to Agent Zero objects (both layouts).

- what the model is sent: ``loop_data.extras_temporary`` (the forbidden-action note, rendered
  as the last message) and ``loop_data.history_output`` (a copy of the history built for this
  prompt: collapsing exchanges there never touches ``agent.history`` or the chat log);
- the temperature: v1.x hands the freshly built chat model to ``chat_model_call_before``
  (``call_data["model"].kwargs``); v0.9.x builds it inside ``call_chat_model`` from
  ``agent.config.chat_model.kwargs``, so the boost is set just before the call and restored
  right after it (a subordinate's calls run later, inside the superior's tool step);
- the circuit breaker: the next main-model call is answered, without calling the model, by a
  ``response`` tool call carrying the message for the user. Agent Zero then ends the monologue
  the normal way (the response tool), so nothing is raised and the chat stays usable.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Mapping, Optional, Sequence

from ..core.loops import Collapse, TruncationPlan, boosted_temperature, collapse, exchange_key
from ..core.loops.settings import LoopSettings

EXTRAS_KEY = "loop_warning"
_OVERRIDE_FLAG = "_festinger_loop_breaker"


# --- tool requests in assistant text ------------------------------------------------------

def parse_tool_request(text: str) -> Optional[dict]:
    """The JSON tool request of an assistant message (what Agent Zero would execute)."""
    if not isinstance(text, str):
        return None
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        return None
    try:
        parsed = json.loads(text[start:end + 1])
    except ValueError:
        return None
    return parsed if isinstance(parsed, dict) else None


def tool_of(request: Optional[dict]) -> tuple[Optional[str], dict]:
    if not request:
        return None, {}
    name = request.get("tool_name", request.get("tool"))
    args = request.get("tool_args", request.get("args", {}))
    if not isinstance(name, str) or not name.strip():
        return None, {}
    return name.split(":", 1)[0].strip(), args if isinstance(args, dict) else {}


# --- history truncation -------------------------------------------------------------------

def _field(msg: Any, name: str) -> Any:
    if isinstance(msg, Mapping):
        return msg.get(name)
    return getattr(msg, name, None)


def _is_user_content(content: Any) -> bool:
    """A user's message or intervention (never collapsed)."""
    if isinstance(content, Mapping):
        return "user_message" in content or "user_intervention" in content
    if isinstance(content, str):
        return '"user_message"' in content or '"user_intervention"' in content
    return False


def history_entries(messages: Sequence[Any]) -> list[tuple[Optional[str], bool]]:
    """(exchange key, starts a turn) per message of ``loop_data.history_output``."""
    entries: list[tuple[Optional[str], bool]] = []
    current: Optional[str] = None
    for msg in messages:
        content = _field(msg, "content")
        if _field(msg, "ai"):
            text = content if isinstance(content, str) else json.dumps(content, default=str)
            tool, args = tool_of(parse_tool_request(text))
            current = exchange_key(tool, args, text)
            entries.append((current, True))
        elif current is None or _is_user_content(content):
            current = None
            entries.append((None, False))
        else:
            entries.append((current, False))  # a tool result or warning of the current turn
    return entries


def user_spoke_since_last_turn(messages: Sequence[Any]) -> bool:
    """The user's words (a message or an intervention) come after the model's last turn: what
    the model does next answers them, so it is a new task for the detector."""
    for msg in reversed(messages or ()):
        if _field(msg, "ai"):
            return False
        if _is_user_content(_field(msg, "content")):
            return True
    return False


def _summary_message(like: Any, text: str) -> Any:
    if isinstance(like, Mapping):
        return {**like, "ai": False, "content": text}
    msg = copy.copy(like)
    try:
        msg.ai = False
        msg.content = text
    except AttributeError:
        return {"ai": False, "content": text}
    return msg


def collapse_history(loop_data: Any, plan: TruncationPlan) -> int:
    """Collapse the repeated exchanges in ``loop_data.history_output``; returns messages left out."""
    messages = getattr(loop_data, "history_output", None)
    if not isinstance(messages, list) or not messages:
        return 0
    found: Collapse = collapse(history_entries(messages), plan)
    if not found.drop:
        return 0
    drop = set(found.drop)
    out: list[Any] = []
    for i, msg in enumerate(messages):
        if i == found.summary_at:
            out.append(_summary_message(msg, plan.summary))
        if i not in drop:
            out.append(msg)
    loop_data.history_output = out  # a new list: Agent Zero's own history is untouched
    return len(drop)


# --- the forbidden-action note ------------------------------------------------------------

def inject_note(loop_data: Any, text: str) -> bool:
    extras = getattr(loop_data, "extras_temporary", None)
    if extras is None:
        return False
    extras[EXTRAS_KEY] = text
    return True


# --- temperature ---------------------------------------------------------------------------

def _as_float(value: Any) -> Optional[float]:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def boost_model_kwargs(model: Any, settings: LoopSettings) -> Optional[float]:
    """v1.x: raise the temperature of the model object about to be called (built for this call)."""
    kwargs = getattr(model, "kwargs", None)
    if not isinstance(kwargs, dict):
        return None
    value = boosted_temperature(_as_float(kwargs.get("temperature")), settings)
    model.kwargs = {**kwargs, "temperature": value}  # a new dict: never edit a shared one
    return value


def boost_legacy_config(agent: Any, settings: LoopSettings) -> Optional[tuple[Any, dict]]:
    """v0.9.x: raise ``agent.config.chat_model.kwargs["temperature"]`` for the coming call.
    Returns what ``restore_legacy_config`` needs."""
    cfg = getattr(getattr(agent, "config", None), "chat_model", None)
    kwargs = getattr(cfg, "kwargs", None)
    if cfg is None or not isinstance(kwargs, dict):
        return None
    value = boosted_temperature(_as_float(kwargs.get("temperature")), settings)
    cfg.kwargs = {**kwargs, "temperature": value}
    return cfg, kwargs


def restore_legacy_config(saved: Optional[tuple[Any, dict]]) -> None:
    if saved:
        cfg, original = saved
        cfg.kwargs = original


def legacy_layout(agent: Any) -> bool:
    """v0.9.x builds the chat model from ``agent.config.chat_model`` (v1.x has no such field)."""
    cfg = getattr(getattr(agent, "config", None), "chat_model", None)
    return isinstance(getattr(cfg, "kwargs", None), dict)


# --- circuit breaker -----------------------------------------------------------------------

def breaker_reply(message: str) -> str:
    return json.dumps({
        "thoughts": ["The Festinger loop guard stopped a repetition; telling the user."],
        "headline": "Stopped a repeating loop",
        "tool_name": "response",
        "tool_args": {"text": message},
    }, ensure_ascii=False)


def install_breaker(agent: Any, message: str) -> None:
    """Answer the next main-model call with a ``response`` tool call (one shot)."""
    reply = breaker_reply(message)

    async def answer_without_model(*args: Any, **kwargs: Any) -> tuple[str, str]:
        remove_breaker(agent)
        callback = kwargs.get("response_callback")
        if callback is not None:  # let Agent Zero stream it to the chat like a model reply
            await callback(reply, reply)
        return reply, ""

    setattr(answer_without_model, _OVERRIDE_FLAG, True)
    agent.call_chat_model = answer_without_model  # instance attribute: shadows the method once


def remove_breaker(agent: Any) -> None:
    current = getattr(agent, "__dict__", {}).get("call_chat_model")
    if current is not None and getattr(current, _OVERRIDE_FLAG, False):
        del agent.__dict__["call_chat_model"]
