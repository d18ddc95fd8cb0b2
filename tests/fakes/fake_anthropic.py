"""A loopback fake of the Anthropic Messages API (and OpenAI chat completions), real HTTP.

The real anthropic SDK is pointed at it with ``base_url`` or ``ANTHROPIC_BASE_URL``; every
request is recorded (path, headers, JSON body) so tests can check what the pack sent (the
decrypted API key, the closed dimension list in the prompt...). Answers come from, in order:
a scripted queue (`script`), then `handler(request) -> Reply | str`, then an empty text.

    with FakeAnthropic() as fake:
        fake.script(Reply(text='{"decision": "dismiss"}'))
        client = anthropic.AsyncAnthropic(api_key="k", base_url=fake.url)
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Optional, Union


@dataclass
class Reply:
    text: str = ""
    status: int = 200
    delay: float = 0.0  # seconds to wait before answering (timeouts)
    raw: Optional[bytes] = None  # a body sent as is (malformed responses)
    stop_reason: str = "end_turn"


@dataclass
class Request:
    path: str
    headers: dict
    body: Any
    at: float = field(default_factory=time.monotonic)

    @property
    def api_key(self) -> Optional[str]:
        """The key the client sent (x-api-key, or a Bearer token as newer SDKs send it)."""
        if self.headers.get("x-api-key"):
            return self.headers["x-api-key"]
        auth = self.headers.get("authorization", "")
        return auth[7:] if auth.lower().startswith("bearer ") else None

    @property
    def system(self) -> str:
        if not isinstance(self.body, dict):
            return ""
        if "system" in self.body:  # anthropic
            s = self.body["system"]
            return s if isinstance(s, str) else json.dumps(s)
        for m in self.body.get("messages", []):  # openai
            if m.get("role") == "system":
                return m.get("content", "")
        return ""

    @property
    def message(self) -> str:
        if not isinstance(self.body, dict):
            return ""
        for m in self.body.get("messages", []):
            if m.get("role") == "user":
                c = m.get("content", "")
                if isinstance(c, list):
                    return "".join(p.get("text", "") for p in c if isinstance(p, dict))
                return c
        return ""


Handler = Callable[[Request], Union[Reply, str]]


class FakeAnthropic:
    def __init__(self) -> None:
        self.requests: list[Request] = []
        self.handler: Optional[Handler] = None
        self._queue: deque[Reply] = deque()
        self._lock = threading.Lock()
        self._server: Optional[ThreadingHTTPServer] = None
        self._thread: Optional[threading.Thread] = None

    # ------------------------------------------------------------------ control
    def script(self, *replies: Union[Reply, str]) -> None:
        with self._lock:
            for r in replies:
                self._queue.append(r if isinstance(r, Reply) else Reply(text=r))

    def clear(self) -> None:
        with self._lock:
            self._queue.clear()
            self.requests.clear()

    @property
    def url(self) -> str:
        assert self._server is not None, "start() first"
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def start(self) -> "FakeAnthropic":
        fake = self

        class _H(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args) -> None:  # keep test output clean
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server API
                n = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(n) if n else b""
                try:
                    body = json.loads(raw or b"null")
                except ValueError:
                    body = None
                req = Request(self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                with fake._lock:
                    fake.requests.append(req)
                    reply = fake._queue.popleft() if fake._queue else None
                if reply is None:
                    got = fake.handler(req) if fake.handler else ""
                    reply = got if isinstance(got, Reply) else Reply(text=str(got))
                if reply.delay:
                    time.sleep(reply.delay)
                if reply.raw is not None:
                    payload = reply.raw
                elif reply.status >= 400:
                    payload = json.dumps({"type": "error", "error": {
                        "type": "api_error", "message": reply.text or "fake error"}}).encode()
                elif self.path.rstrip("/").endswith("/chat/completions"):
                    payload = json.dumps({
                        "id": "chatcmpl-fake", "object": "chat.completion",
                        "model": (body or {}).get("model", "fake"),
                        "choices": [{"index": 0, "finish_reason": "stop",
                                     "message": {"role": "assistant", "content": reply.text}}],
                    }).encode()
                else:
                    payload = json.dumps({
                        "id": "msg_fake", "type": "message", "role": "assistant",
                        "model": (body or {}).get("model", "fake"),
                        "content": [{"type": "text", "text": reply.text}],
                        "stop_reason": reply.stop_reason, "stop_sequence": None,
                        "usage": {"input_tokens": 10, "output_tokens": 10},
                    }).encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(payload)))
                    self.send_header("request-id", "req_fake")
                    self.end_headers()
                    self.wfile.write(payload)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up (timeout tests)

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _H)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="fake-anthropic",
                                        daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        server, self._server = self._server, None
        if server is not None:
            server.shutdown()
            server.server_close()

    def __enter__(self) -> "FakeAnthropic":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # ------------------------------------------------------------------ reading
    def messages_requests(self) -> list[Request]:
        return [r for r in self.requests if r.path.rstrip("/").endswith("/messages")]
