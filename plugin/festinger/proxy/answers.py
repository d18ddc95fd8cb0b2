"""Answers the proxy writes itself, in the client's API: the circuit breaker's message and
errors (Ollama: `{"error": "..."}`; OpenAI: `{"error": {"message", "type"}}`)."""

from __future__ import annotations

import json
import time
import uuid
from datetime import datetime, timezone


def _now_iso() -> str:
    return datetime.now(timezone.utc).isoformat().replace("+00:00", "Z")


def error_body(api: str, status: int, message: str) -> bytes:
    if api == "openai":
        kind = "invalid_request_error" if status < 500 else "upstream_error"
        return json.dumps({"error": {"message": message, "type": kind, "code": status}}
                          ).encode()
    return json.dumps({"error": message}).encode()


def ollama_chat(model: str, text: str, stream: bool) -> tuple[bytes, str]:
    """A complete /api/chat answer: NDJSON (one content line, one done line) or one JSON."""
    done = {"model": model, "created_at": _now_iso(), "done": True, "done_reason": "stop",
            "total_duration": 0, "load_duration": 0, "prompt_eval_count": 0,
            "prompt_eval_duration": 0, "eval_count": 0, "eval_duration": 0}
    if not stream:
        return (json.dumps({**done, "message": {"role": "assistant", "content": text}})
                .encode(), "application/json; charset=utf-8")
    first = {"model": model, "created_at": _now_iso(),
             "message": {"role": "assistant", "content": text}, "done": False}
    last = {**done, "message": {"role": "assistant", "content": ""}}
    return ((json.dumps(first) + "\n" + json.dumps(last) + "\n").encode(),
            "application/x-ndjson")


def ollama_generate(model: str, text: str, stream: bool) -> tuple[bytes, str]:
    done = {"model": model, "created_at": _now_iso(), "done": True, "done_reason": "stop",
            "context": [], "eval_count": 0, "prompt_eval_count": 0}
    if not stream:
        return json.dumps({**done, "response": text}).encode(), "application/json; charset=utf-8"
    first = {"model": model, "created_at": _now_iso(), "response": text, "done": False}
    return ((json.dumps(first) + "\n" + json.dumps({**done, "response": ""}) + "\n").encode(),
            "application/x-ndjson")


def openai_chat(model: str, text: str, stream: bool) -> tuple[bytes, str]:
    ident, created = "chatcmpl-festinger-" + uuid.uuid4().hex[:12], int(time.time())
    if not stream:
        return json.dumps({
            "id": ident, "object": "chat.completion", "created": created, "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                         "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
        }).encode(), "application/json"
    base = {"id": ident, "object": "chat.completion.chunk", "created": created,
            "model": model}
    chunks = [
        {**base, "choices": [{"index": 0, "delta": {"role": "assistant", "content": text},
                              "finish_reason": None}]},
        {**base, "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
    ]
    body = "".join(f"data: {json.dumps(c)}\n\n" for c in chunks) + "data: [DONE]\n\n"
    return body.encode(), "text/event-stream"
