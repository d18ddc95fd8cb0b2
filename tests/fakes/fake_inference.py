"""Loopback fake inference servers for the proxy's tests: an Ollama (its own API and its
OpenAI-compatible /v1 routes, as the real one) and an OpenAI-compatible server (llama.cpp,
vLLM style: /v1 only). They record every request, answer `reply` (text or a function of the
request body) in chunks, fail on demand, and can hang until the client goes away, setting
`disconnected` when it does (the proxy must cancel its upstream call)."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Union

from aiohttp import web


class LoopThread:
    """An event loop on a thread: servers live here, sync client libraries call them."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def call(self, coro, timeout: float = 60.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@dataclass
class Seen:
    path: str
    body: Any
    headers: dict[str, str]


@dataclass
class FakeInference:
    kind: str  # "ollama" | "openai"
    reply: Union[str, Callable[[dict], str]] = "Hello from the fake upstream, in several chunks."
    fail: Optional[tuple[int, Any]] = None  # (status, JSON body) for the next chat call
    hang: bool = False
    seen: list[Seen] = field(default_factory=list)
    port: int = 0

    def __post_init__(self) -> None:
        self.disconnected = threading.Event()
        self.hanging = threading.Event()
        self._runner: Optional[web.AppRunner] = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}" + ("/v1" if self.kind == "openai" else "")

    def chats(self) -> list[Seen]:
        return [s for s in self.seen if s.path in ("/api/chat", "/v1/chat/completions",
                                                   "/api/generate")]

    # ---------------------------------------------------------------- lifecycle
    async def start(self) -> "FakeInference":
        app = web.Application(client_max_size=64 * 1024 * 1024)
        r = app.router
        r.add_post("/v1/chat/completions", self.openai_chat)
        r.add_get("/v1/models", self.openai_models)
        r.add_post("/v1/embeddings", self.openai_embeddings)
        if self.kind == "ollama":
            r.add_post("/api/chat", self.ollama_chat)
            r.add_post("/api/generate", self.ollama_chat)
            r.add_get("/api/version", self.ollama_version)
            r.add_get("/api/tags", self.ollama_tags)
            r.add_get("/api/ps", self.ollama_ps)
            r.add_post("/api/show", self.ollama_show)
            r.add_post("/api/embed", self.ollama_embed)
            r.add_post("/api/embeddings", self.ollama_embed)
            r.add_get("/", self.ollama_root)
        self._runner = web.AppRunner(app, handler_cancellation=True, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        return self

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    # ---------------------------------------------------------------- helpers
    async def _record(self, request: web.Request) -> Any:
        raw = await request.read()
        body = json.loads(raw) if raw else None
        self.seen.append(Seen(request.path, body, dict(request.headers)))
        return body

    def _text(self, body: dict) -> str:
        return self.reply(body) if callable(self.reply) else self.reply

    def _chunks(self, text: str) -> list[str]:
        words = text.split(" ")
        return [w + (" " if i < len(words) - 1 else "") for i, w in enumerate(words)]

    async def _failure_or_hang(self) -> Optional[web.Response]:
        if self.fail is not None:
            status, body = self.fail
            self.fail = None
            return web.json_response(body, status=status)
        if self.hang:
            self.hanging.set()
            try:
                await asyncio.Event().wait()  # until the proxy cancels us
            except asyncio.CancelledError:
                self.disconnected.set()
                raise
        return None

    # ---------------------------------------------------------------- Ollama API
    async def ollama_chat(self, request: web.Request) -> web.StreamResponse:
        body = await self._record(request)
        gen = request.path == "/api/generate"
        if body.get("model") == "missing":
            return web.json_response({"error": f"model '{body['model']}' not found"},
                                     status=404)
        bad = await self._failure_or_hang_stream(request, body, ollama=True)
        if bad is not None:
            return bad
        text, model = self._text(body), body.get("model")
        if not body.get("stream", True):
            out = {"model": model, "created_at": "2026-01-01T00:00:00Z", "done": True,
                   "done_reason": "stop", "eval_count": 3, "prompt_eval_count": 5}
            out.update({"response": text} if gen else
                       {"message": {"role": "assistant", "content": text}})
            return web.json_response(out)
        resp = web.StreamResponse(headers={"Content-Type": "application/x-ndjson"})
        await resp.prepare(request)
        for part in self._chunks(text):
            line = {"model": model, "created_at": "2026-01-01T00:00:00Z", "done": False}
            line.update({"response": part} if gen else
                        {"message": {"role": "assistant", "content": part}})
            await resp.write((json.dumps(line) + "\n").encode())
        last = {"model": model, "created_at": "2026-01-01T00:00:00Z", "done": True,
                "done_reason": "stop", "eval_count": 3, "prompt_eval_count": 5}
        last.update({"response": ""} if gen else {"message": {"role": "assistant",
                                                              "content": ""}})
        await resp.write((json.dumps(last) + "\n").encode())
        await resp.write_eof()
        return resp

    async def _failure_or_hang_stream(self, request, body, ollama: bool
                                      ) -> Optional[web.StreamResponse]:
        if self.hang and body.get("stream", ollama):
            # one chunk first, so the client sees the stream start, then nothing more
            resp = web.StreamResponse(headers={"Content-Type": "application/x-ndjson"
                                               if ollama else "text/event-stream"})
            await resp.prepare(request)
            first = ({"model": body.get("model"), "message": {"role": "assistant",
                                                              "content": "thinking"},
                      "done": False} if ollama else
                     {"id": "x", "object": "chat.completion.chunk", "created": 0,
                      "model": body.get("model"),
                      "choices": [{"index": 0, "delta": {"content": "thinking"}}]})
            await resp.write((json.dumps(first) + "\n").encode() if ollama else
                             f"data: {json.dumps(first)}\n\n".encode())
            await self._failure_or_hang()
            return resp
        return await self._failure_or_hang()

    async def ollama_version(self, request: web.Request) -> web.Response:
        await self._record(request)
        return web.json_response({"version": "0.12.0"})

    async def ollama_ps(self, request: web.Request) -> web.Response:
        await self._record(request)
        return web.json_response({"models": []})

    async def ollama_root(self, request: web.Request) -> web.Response:
        return web.Response(text="Ollama is running")

    async def ollama_tags(self, request: web.Request) -> web.Response:
        await self._record(request)
        return web.json_response({"models": [{"name": "fake:latest", "model": "fake:latest",
                                               "modified_at": "2026-01-01T00:00:00Z",
                                               "size": 1, "digest": "abc", "details": {}}]})

    async def ollama_show(self, request: web.Request) -> web.Response:
        body = await self._record(request)
        return web.json_response({"modelfile": "# fake", "parameters": "", "template": "",
                                  "details": {"family": "fake"}, "model_info": {},
                                  "capabilities": ["completion"], "model": body.get("model")})

    async def ollama_embed(self, request: web.Request) -> web.Response:
        body = await self._record(request)
        if request.path == "/api/embeddings":
            return web.json_response({"embedding": [0.1, 0.2, 0.3]})
        inputs = body.get("input")
        n = len(inputs) if isinstance(inputs, list) else 1
        return web.json_response({"model": body.get("model"),
                                  "embeddings": [[0.1, 0.2, 0.3]] * n})

    # ---------------------------------------------------------------- OpenAI API
    async def openai_chat(self, request: web.Request) -> web.StreamResponse:
        body = await self._record(request)
        if body.get("model") == "missing":
            return web.json_response({"error": {"message": "The model `missing` does not "
                                                "exist", "type": "invalid_request_error"}},
                                     status=404)
        bad = await self._failure_or_hang_stream(request, body, ollama=False)
        if bad is not None:
            return bad
        text, model = self._text(body), body.get("model")
        base = {"id": "chatcmpl-fake", "created": int(time.time()), "model": model}
        if not body.get("stream"):
            return web.json_response({**base, "object": "chat.completion", "choices": [
                {"index": 0, "message": {"role": "assistant", "content": text},
                 "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 5, "completion_tokens": 3, "total_tokens": 8}})
        resp = web.StreamResponse(headers={"Content-Type": "text/event-stream"})
        await resp.prepare(request)
        for i, part in enumerate(self._chunks(text)):
            delta = {"content": part} if i else {"role": "assistant", "content": part}
            chunk = {**base, "object": "chat.completion.chunk",
                     "choices": [{"index": 0, "delta": delta, "finish_reason": None}]}
            await resp.write(f"data: {json.dumps(chunk)}\n\n".encode())
        end = {**base, "object": "chat.completion.chunk",
               "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
        await resp.write(f"data: {json.dumps(end)}\n\ndata: [DONE]\n\n".encode())
        await resp.write_eof()
        return resp

    async def openai_models(self, request: web.Request) -> web.Response:
        await self._record(request)
        return web.json_response({"object": "list", "data": [
            {"id": "fake-model", "object": "model", "created": 0, "owned_by": "fake"}]})

    async def openai_embeddings(self, request: web.Request) -> web.Response:
        body = await self._record(request)
        inputs = body.get("input")
        items = inputs if isinstance(inputs, list) else [inputs]
        return web.json_response({"object": "list", "model": body.get("model"), "data": [
            {"object": "embedding", "index": i, "embedding": [0.1 * (i + 1), 0.2, 0.3]}
            for i in range(len(items))], "usage": {"prompt_tokens": 1, "total_tokens": 1}})
