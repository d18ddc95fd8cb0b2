"""Reading and editing a chat request's messages, for both APIs (pure: dicts in, dicts out).

Ollama's `/api/chat` and OpenAI's `/v1/chat/completions` share the message shape
(`{"role", "content"}`); OpenAI content may also be a list of parts (`{"type": "text"}`), and
tool results come as role `tool` (OpenAI, Ollama) or, in Agent Zero's prompt layout, as a
`user` message holding a JSON object with `tool_name`/`tool_result`.

What the proxy reads (the same as the Agent Zero hook): the latest *real* user message, i.e.
the last `user` message that is not a tool result. System messages, assistant turns, tool
results and earlier user messages are not read for facts.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any, Optional

Message = dict[str, Any]


def text_of(content: Any) -> str:
    """The text of a message's content: a string, or the text parts of a list."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, dict) and isinstance(part.get("text"), str):
                parts.append(part["text"])
            elif isinstance(part, str):
                parts.append(part)
        return "\n".join(parts)
    return ""


def json_object(text: str) -> Optional[dict]:
    """A JSON object a message consists of (Agent Zero fences its messages in ```json)."""
    stripped = text.strip()
    if stripped.startswith("```"):
        stripped = stripped.split("\n", 1)[1] if "\n" in stripped else ""
        stripped = stripped.rstrip()
        if stripped.endswith("```"):
            stripped = stripped[:-3]
        stripped = stripped.strip()
    if not stripped.startswith("{") or len(stripped) > 1_000_000:
        return None
    try:
        data = json.loads(stripped)
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def _tool_result_json(text: str) -> Optional[dict]:
    data = json_object(text)
    return data if data is not None and "tool_result" in data else None


def is_tool_result(msg: Message) -> bool:
    role = msg.get("role")
    if role in ("tool", "function", "ipython"):
        return True
    return role == "user" and _tool_result_json(text_of(msg.get("content"))) is not None


def user_words(msg: Message) -> str:
    """A user message's own words: Agent Zero wraps them as {"user_message": ...}."""
    text = text_of(msg.get("content"))
    data = json_object(text) if text.lstrip().startswith(("{", "```")) else None
    if data is not None and isinstance(data.get("user_message"), str):
        return data["user_message"]
    return text


def valid_messages(body: dict) -> Optional[list[Message]]:
    msgs = body.get("messages")
    if not isinstance(msgs, list) or not all(isinstance(m, dict) for m in msgs):
        return None
    return msgs


def latest_user_text(msgs: list[Message]) -> str:
    for msg in reversed(msgs):
        if msg.get("role") == "user" and not is_tool_result(msg):
            return user_words(msg)
    return ""


def system_text(msgs: list[Message]) -> str:
    return "\n".join(text_of(m.get("content")) for m in msgs if m.get("role") == "system")


def user_turns(msgs: list[Message]) -> int:
    return sum(1 for m in msgs if m.get("role") == "user" and not is_tool_result(m))


def digest(*parts: str) -> str:
    h = hashlib.blake2b(digest_size=12)
    for p in parts:
        h.update(p.encode("utf-8", "replace"))
        h.update(b"\x00")
    return h.hexdigest()


def session_key(msgs: list[Message], header: Optional[str]) -> str:
    """The conversation a request belongs to: the client's explicit header, else the first
    real user message and the first assistant answer (two chats that open with the same
    words part at the model's first reply; before it there is nothing to detect)."""
    if header:
        return "h:" + digest(header[:200])
    first_user = next((user_words(m) for m in msgs
                       if m.get("role") == "user" and not is_tool_result(m)), "")
    first_answer = next((text_of(m.get("content")) for m in msgs
                         if m.get("role") == "assistant"), "")
    return "c:" + digest(first_user[:4000], first_answer[:4000])


def prepend_system(msgs: list[Message], block: str) -> list[Message]:
    """The spec's decision: prepended to the existing system message, else a new system
    message at position 0. The caller's list is not changed."""
    if not block:
        return msgs
    out = list(msgs)
    for i, msg in enumerate(out):
        if msg.get("role") == "system":
            content = msg.get("content")
            if isinstance(content, list):
                new_content: Any = [{"type": "text", "text": block}] + content
            else:
                text = text_of(content)
                new_content = block + ("\n\n" + text if text else "")
            out[i] = {**msg, "content": new_content}
            return out
    return [{"role": "system", "content": block}] + out


def append_system_note(msgs: list[Message], note: str) -> list[Message]:
    """A note (the loop guard's) at the end of the first system message, or a new one."""
    if not note:
        return msgs
    out = list(msgs)
    for i, msg in enumerate(out):
        if msg.get("role") == "system":
            content = msg.get("content")
            if isinstance(content, list):
                out[i] = {**msg, "content": content + [{"type": "text", "text": note}]}
            else:
                out[i] = {**msg, "content": text_of(content) + "\n\n" + note}
            return out
    return [{"role": "system", "content": note}] + out


def tool_call_of(msg: Message) -> tuple[Optional[str], dict]:
    """(tool name, arguments) of an assistant turn: OpenAI/Ollama `tool_calls`, or Agent
    Zero's JSON answer with `tool_name`/`tool_args`."""
    calls = msg.get("tool_calls")
    if isinstance(calls, list) and calls and isinstance(calls[0], dict):
        fn = calls[0].get("function") or {}
        if isinstance(fn, dict):
            args = fn.get("arguments")
            if isinstance(args, str):
                try:
                    args = json.loads(args)
                except (ValueError, RecursionError):
                    args = {"raw": args}
            return (str(fn.get("name") or "") or None,
                    args if isinstance(args, dict) else {"value": args})
    data = json_object(text_of(msg.get("content")))
    if data is not None and isinstance(data.get("tool_name"), str):
        args = data.get("tool_args")
        return data["tool_name"], args if isinstance(args, dict) else {}
    return None, {}


def result_after(msgs: list[Message], i: int) -> Optional[str]:
    """The tool result that answered assistant turn i, if the next message is one."""
    if i + 1 < len(msgs) and is_tool_result(msgs[i + 1]):
        text = text_of(msgs[i + 1].get("content"))
        data = _tool_result_json(text)
        if data is not None and "tool_result" in data:
            return str(data["tool_result"])
        return text
    return None
