"""Ollama's API in front of an OpenAI-compatible upstream (llama.cpp, vLLM, LM Studio).

An OpenAI client in front of Ollama needs nothing: Ollama serves `/v1/*` itself, so those
requests pass through. The other way round, each Ollama route maps onto OpenAI's:

    /api/chat, /api/generate   -> /v1/chat/completions (SSE deltas -> NDJSON lines)
    /api/embed, /api/embeddings -> /v1/embeddings
    /api/tags                  -> /v1/models
    /api/version, /api/show, /api/ps  answered here (OpenAI has no equivalent)
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from typing import Any, AsyncIterator, Optional

# Ollama option -> OpenAI parameter (same meaning)
_OPTIONS = {"temperature": "temperature", "top_p": "top_p", "num_predict": "max_tokens",
            "stop": "stop", "seed": "seed", "presence_penalty": "presence_penalty",
            "frequency_penalty": "frequency_penalty"}
VERSION = "0.6.0"  # what /api/version says in front of an OpenAI server (clients check >=)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat().replace("+00:00", "Z")


def chat_request(body: dict, generate: bool = False) -> dict:
    """An Ollama /api/chat (or /api/generate) body as an OpenAI chat completion request."""
    if generate:
        msgs: list[dict] = []
        if isinstance(body.get("system"), str) and body["system"]:
            msgs.append({"role": "system", "content": body["system"]})
        msgs.append({"role": "user", "content": str(body.get("prompt") or "")})
    else:
        msgs = []
        for m in body.get("messages") or []:
            out = {k: v for k, v in m.items() if k in ("role", "content", "tool_calls",
                                                       "name", "tool_call_id")}
            for call in out.get("tool_calls") or []:
                fn = call.get("function") if isinstance(call, dict) else None
                if isinstance(fn, dict) and not isinstance(fn.get("arguments"), str):
                    fn["arguments"] = json.dumps(fn.get("arguments") or {})
                    call.setdefault("type", "function")
            msgs.append(out)
    req: dict[str, Any] = {"model": body.get("model"), "messages": msgs,
                           "stream": bool(body.get("stream", True))}
    opts = body.get("options") if isinstance(body.get("options"), dict) else {}
    for k, v in opts.items():
        if k in _OPTIONS:
            req[_OPTIONS[k]] = v
    if body.get("format") == "json":
        req["response_format"] = {"type": "json_object"}
    elif isinstance(body.get("format"), dict):
        req["response_format"] = {"type": "json_schema",
                                  "json_schema": {"name": "format", "schema": body["format"]}}
    if body.get("tools"):
        req["tools"] = body["tools"]
    if req["stream"]:
        req["stream_options"] = {"include_usage": True}
    return req


def _tool_calls(calls: Any) -> Optional[list]:
    if not calls:
        return None
    out = []
    for c in calls:
        fn = (c or {}).get("function") or {}
        args = fn.get("arguments")
        if isinstance(args, str):
            try:
                args = json.loads(args) if args else {}
            except ValueError:
                args = {"raw": args}
        out.append({"function": {"name": fn.get("name"), "arguments": args or {}}})
    return out


def _done(model: str, usage: Optional[dict], reason: Optional[str]) -> dict:
    usage = usage or {}
    return {"model": model, "created_at": _now(), "done": True,
            "done_reason": reason or "stop", "total_duration": 0, "load_duration": 0,
            "prompt_eval_count": usage.get("prompt_tokens", 0), "prompt_eval_duration": 0,
            "eval_count": usage.get("completion_tokens", 0), "eval_duration": 0}


def chat_response(data: dict, model: str, generate: bool = False) -> dict:
    choice = (data.get("choices") or [{}])[0]
    msg = choice.get("message") or {}
    text = msg.get("content") or ""
    out = _done(data.get("model") or model, data.get("usage"), choice.get("finish_reason"))
    if generate:
        out["response"] = text
    else:
        out["message"] = {"role": "assistant", "content": text}
        calls = _tool_calls(msg.get("tool_calls"))
        if calls:
            out["message"]["tool_calls"] = calls
    return out


async def chat_stream(lines: AsyncIterator[bytes], model: str, generate: bool = False
                      ) -> AsyncIterator[bytes]:
    """OpenAI SSE lines -> Ollama NDJSON lines, one per content delta, then the done line."""
    usage, reason, name = None, None, model
    async for raw in lines:
        line = raw.strip()
        if not line.startswith(b"data:"):
            continue
        payload = line[5:].strip()
        if payload == b"[DONE]":
            break
        try:
            chunk = json.loads(payload)
        except ValueError:
            continue
        name = chunk.get("model") or name
        usage = chunk.get("usage") or usage
        for choice in chunk.get("choices") or []:
            delta = choice.get("delta") or {}
            reason = choice.get("finish_reason") or reason
            text = delta.get("content") or ""
            calls = _tool_calls(delta.get("tool_calls"))
            if not text and not calls:
                continue
            part: dict[str, Any] = {"model": name, "created_at": _now(), "done": False}
            if generate:
                part["response"] = text
            else:
                part["message"] = {"role": "assistant", "content": text}
                if calls:
                    part["message"]["tool_calls"] = calls
            yield (json.dumps(part) + "\n").encode()
    last = _done(name, usage, reason)
    last["response" if generate else "message"] = "" if generate else {"role": "assistant",
                                                                          "content": ""}
    yield (json.dumps(last) + "\n").encode()


def embed_request(body: dict) -> dict:
    value = body.get("input", body.get("prompt", ""))
    return {"model": body.get("model"), "input": value}


def embed_response(data: dict, model: str, legacy: bool) -> dict:
    vectors = [d.get("embedding") for d in sorted(data.get("data") or [],
                                                  key=lambda d: d.get("index", 0))]
    if legacy:  # /api/embeddings: one prompt, one vector
        return {"embedding": vectors[0] if vectors else []}
    return {"model": data.get("model") or model, "embeddings": vectors}


def tags_response(data: dict) -> dict:
    models = []
    for m in data.get("data") or []:
        name = str(m.get("id"))
        models.append({"name": name, "model": name, "modified_at": _now(), "size": 0,
                       "digest": "", "details": {"format": "", "family": "",
                                                 "parameter_size": "",
                                                 "quantization_level": ""}})
    return {"models": models}


def show_response(model: str) -> dict:
    return {"modelfile": "", "parameters": "", "template": "", "details": {
        "parent_model": "", "format": "", "family": "", "families": None,
        "parameter_size": "", "quantization_level": ""}, "model_info": {},
        "capabilities": ["completion", "tools"], "modified_at": _now(), "model": model}
