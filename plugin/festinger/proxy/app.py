"""The proxy's routes (aiohttp): Ollama's API and OpenAI's, to an upstream of either kind.

    POST /api/chat, /v1/chat/completions   recollection + loop guard, then forwarded
    POST /api/generate                     recollection (a single prompt has no loop)
    /api/* and /v1/* otherwise             passed through (embeddings, tags, show, ps, ...)
    GET  /festinger/status                 sessions, upstream kind, config state

Streaming answers are relayed chunk by chunk as they arrive. When the client goes away,
aiohttp cancels the handler (handler_cancellation), which closes the upstream connection,
so the upstream stops generating. Upstream errors come back with their own status and body.
"""

from __future__ import annotations

import asyncio
import json
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Callable, Optional

from aiohttp import web

from ..core.loops import LoopSettings
from ..logs import log
from ..loops.events import LoopEventLog
from ..web import security
from ..web.http import HttpError, parse_json
from . import answers, flattened, translate, wire
from . import messages as m
from .config import ProxyConfig
from .loopguard import Guarded, SessionTable, guard
from . import recall
from .recall import Graph
from .relaying import RelayedResponse, relay, stream
from .upstream import Upstream, UpstreamError, request_headers

MAX_BODY_BYTES = 64 * 1024 * 1024  # images travel base64 inside chat requests
STATE = web.AppKey("festinger_proxy", object)


@dataclass
class ProxyState:
    cfg: ProxyConfig
    graph: Optional[Graph] = None
    base_loops: LoopSettings = field(default_factory=LoopSettings)
    clock: Callable[[], float] = time.monotonic
    port: int = 0
    config_error: Optional[str] = None
    reloads: int = 0
    event_log: Optional[LoopEventLog] = None  # shared with the pack: `festinger loops` shows both

    def __post_init__(self) -> None:
        # The graph pipeline is pure CPU under the graph's lock: one worker thread runs it, so
        # the event loop keeps relaying other clients' streams and completing their upstream
        # connections meanwhile (inline, 200 simultaneous 2,000-word prompts held the loop
        # for seconds and upstream connects timed out).
        self.graph_pool = ThreadPoolExecutor(1, thread_name_prefix="festinger-proxy-graph")
        # Requests being handled now. Alone, a request's graph work runs inline: the thread
        # hop costs a few tenths of a millisecond of its time to first byte, and there is no
        # other client the loop could serve meanwhile.
        self.active = 0
        self.upstream = Upstream(self.cfg)
        self.sessions = SessionTable(self.cfg.loop_settings(self.base_loops))
        self.requests = 0

    def apply(self, cfg: ProxyConfig) -> None:
        """A new config from the watched file: in force from the next request on."""
        self.sessions.reconfigure(cfg.loop_settings(self.base_loops))
        self.upstream.reconfigure(cfg)
        self.cfg = cfg
        self.config_error = None
        self.reloads += 1


def _api(path: str) -> str:
    return "openai" if path.startswith("/v1/") else "ollama"


def _fail(api: str, status: int, message: str) -> web.Response:
    return web.Response(status=status, body=answers.error_body(api, status, message),
                        content_type="application/json")


def _check_access(st: ProxyState, request: web.Request) -> None:
    cfg = st.cfg
    token = cfg.auth_token.get_secret_value()
    if security.is_loopback(cfg.listen_host):
        hosts = tuple(cfg.allowed_hosts)
        if not security.host_allowed(request.headers.get("Host"), st.port, hosts):
            raise HttpError(421, "the Host header must name this proxy's loopback address")
    origin = request.headers.get("Origin")
    if origin is not None:  # a web page: only one served from loopback or an allowed host
        host, _ = security.split_host(origin.split("://", 1)[-1])
        if not (security.is_loopback(host) or host in cfg.allowed_hosts):
            raise HttpError(403, "requests from web pages of other sites are refused")
    if token:
        auth = request.headers.get("Authorization", "")
        sent = auth[7:].strip() if auth.lower().startswith("bearer ") else \
            request.headers.get("X-Festinger-Token")
        if not security.token_matches(sent, token):
            raise HttpError(401, "missing or wrong proxy token (Authorization: Bearer <token>)")


@web.middleware
async def access(request: web.Request, handler):
    st: ProxyState = request.app[STATE]
    st.requests += 1
    st.active += 1
    api = _api(request.path)
    try:
        _check_access(st, request)
        response = await handler(request)
    except HttpError as exc:
        return _fail(api, exc.status, exc.message)
    except UpstreamError as exc:
        log.warning("proxy: %s %s: %s", request.method, request.path, exc.message)
        return _fail(api, exc.status, exc.message)
    except (asyncio.CancelledError, ConnectionResetError):
        raise  # the client went away: nothing to answer
    except Exception as exc:
        # the message may quote the prompt: its type at ERROR, the details at DEBUG only
        log.error("proxy: %s %s failed: %s", request.method, request.path, type(exc).__name__)
        log.debug("proxy: failure details", exc_info=True)
        return _fail(api, 500, f"festinger proxy internal error ({type(exc).__name__})")
    finally:
        st.active -= 1
    log.debug("proxy: %s %s -> %s", request.method, request.path, response.status)
    return response


async def forward(request: web.Request, body: Optional[bytes] = None, path: Optional[str] = None,
                  after_first: Optional[Callable[[], None]] = None) -> web.StreamResponse:
    st: ProxyState = request.app[STATE]
    raw = await request.read() if body is None else body
    headers = request_headers(request.headers, st.cfg, st.cfg.session_header)
    up = await st.upstream.open(request.method, path or request.path, headers, raw,
                                request.rel_url.raw_query_string)
    return await relay(request, up, after_first)


async def _body(request: web.Request, api: str) -> dict:
    try:
        data = parse_json(await request.read())
    except web.HTTPRequestEntityTooLarge:
        raise HttpError(413, f"request body larger than {MAX_BODY_BYTES} bytes") from None
    if not isinstance(data, dict):
        raise HttpError(400, "expected a JSON object")
    return data


def _set_temperature(body: dict, api: str, value: float) -> None:
    if api == "openai":
        body["temperature"] = value
    else:
        opts = body.get("options") if isinstance(body.get("options"), dict) else {}
        body["options"] = {**opts, "temperature": value}


def _current_temperature(body: dict, api: str) -> Optional[float]:
    src = body if api == "openai" else (body.get("options") or {})
    value = src.get("temperature") if isinstance(src, dict) else None
    return float(value) if isinstance(value, (int, float)) else None


@dataclass
class Treated:
    messages: list[m.Message]
    temperature: Optional[float] = None
    stop_message: Optional[str] = None


async def treat(st: ProxyState, request: web.Request, msgs: list[m.Message],
                temperature: Optional[float]) -> Treated:
    """The proxy's work on one conversation: loop guard, then the recollection block."""
    cfg = st.cfg
    key = m.session_key(msgs, request.headers.get(cfg.session_header))
    try:
        state, g = guard(st.sessions, key, msgs, temperature, st.clock())
    except Exception as exc:  # a loop-guard bug must not stop inference either
        log.warning("proxy: loop guard skipped for this request: %s", type(exc).__name__)
        log.debug("proxy: loop guard failure", exc_info=True)
        state, g = st.sessions.get(key), Guarded(msgs)
    if g.events and st.event_log is not None:
        st.event_log.append([{**e.as_dict(), "front": "proxy"} for e in g.events])
    if g.stop_message:
        return Treated(msgs, stop_message=g.stop_message)
    out = g.messages
    if cfg.recollection and st.graph is not None:
        block = await recall.block(st, state, m.latest_user_text(msgs),
                                 m.system_text(msgs) if cfg.read_system else "")
        out = m.prepend_system(out, block)
    return Treated(out, g.temperature)


async def chat(request: web.Request) -> web.StreamResponse:
    try:
        return await _chat(request)
    finally:
        recall.settle(request.app[STATE])


async def _chat(request: web.Request) -> web.StreamResponse:
    st: ProxyState = request.app[STATE]
    api = _api(request.path)
    body = await _body(request, api)
    msgs = m.valid_messages(body)
    if msgs is None:  # not ours to judge: the upstream answers with its own error
        return await _send_chat(request, api, body)
    t = await treat(st, request, msgs, _current_temperature(body, api))
    stream = bool(body.get("stream", api == "ollama"))  # Ollama streams unless told not to
    if t.stop_message:
        maker = answers.openai_chat if api == "openai" else answers.ollama_chat
        data, ctype = maker(str(body.get("model") or ""), t.stop_message, stream)
        return web.Response(body=data, headers={"Content-Type": ctype})
    body["messages"] = t.messages
    if t.temperature is not None:
        _set_temperature(body, api, t.temperature)
    return await _send_chat(request, api, body)


async def generate(request: web.Request) -> web.StreamResponse:
    try:
        return await _generate(request)
    finally:
        recall.settle(request.app[STATE])


async def _generate(request: web.Request) -> web.StreamResponse:
    st: ProxyState = request.app[STATE]
    body = await _body(request, "ollama")
    prompt = body.get("prompt")
    if not isinstance(prompt, str) or not prompt or body.get("raw"):
        return await _send_chat(request, "ollama", body, generate=True)
    msgs = flattened.parse(prompt)
    if msgs is not None:  # a chat flattened by LiteLLM (Agent Zero's "ollama" provider)
        t = await treat(st, request, msgs, _current_temperature(body, "ollama"))
        if t.stop_message:
            data, ctype = answers.ollama_generate(str(body.get("model") or ""),
                                                  t.stop_message, bool(body.get("stream", True)))
            return web.Response(body=data, headers={"Content-Type": ctype})
        body["prompt"] = flattened.render(t.messages)
        if t.temperature is not None:
            _set_temperature(body, "ollama", t.temperature)
    elif st.cfg.recollection and st.graph is not None:
        key = m.session_key([{"role": "user", "content": prompt}],
                            request.headers.get(st.cfg.session_header))
        state = st.sessions.get(key)
        system = body.get("system") if isinstance(body.get("system"), str) else ""
        block = await recall.block(st, state, prompt, system if st.cfg.read_system else "")
        if block:
            body["system"] = block + ("\n\n" + system if system else "")
    return await _send_chat(request, "ollama", body, generate=True)


async def _send_chat(request: web.Request, api: str, body: dict, generate: bool = False
                     ) -> web.StreamResponse:
    st: ProxyState = request.app[STATE]
    # The prompt's saliency counts (`recall.settle`) are applied once the answer's first chunk
    # is out: while a model streams the rest, not when the client may already be sending its
    # next request (an agent's tool loop), whose first byte would wait on them. The handlers'
    # `finally` settles whatever an answer without a chunk (an error, a cancel) left.
    def after_first() -> None:
        recall.settle(st)

    if api == "ollama" and await st.upstream.kind() == "openai":
        return await _ollama_via_openai(request, body, generate, after_first)
    return await forward(request, wire.dumps(body), after_first=after_first)


async def _ollama_via_openai(request: web.Request, body: dict, generate: bool,
                             after_first: Callable[[], None]) -> web.StreamResponse:
    st: ProxyState = request.app[STATE]
    req = translate.chat_request(body, generate)
    headers = request_headers(request.headers, st.cfg, st.cfg.session_header)
    headers["Content-Type"] = "application/json"
    up = await st.upstream.open("POST", "/v1/chat/completions", headers, wire.dumps(req))
    model = str(body.get("model") or "")
    try:
        if up.status >= 400 or not req["stream"]:
            raw = await up.read()
            if up.status >= 400:
                return _fail("ollama", up.status, _error_text(raw))
            out = translate.chat_response(json.loads(raw), model, generate)
            return web.json_response(out)
        resp = RelayedResponse(headers={"Content-Type": "application/x-ndjson"})
        await resp.prepare(request)
        await stream(resp, translate.chat_stream(up.content.__aiter__(), model, generate),
                     after_first)
        return resp
    finally:
        up.close()


def _error_text(raw: bytes) -> str:
    try:
        data = json.loads(raw)
        err = data.get("error") if isinstance(data, dict) else None
        if isinstance(err, dict):
            return str(err.get("message") or err)
        if err:
            return str(err)
    except ValueError:
        pass
    return raw.decode("utf-8", "replace")[:500] or "upstream error"


async def ollama_misc(request: web.Request) -> web.StreamResponse:
    """The rest of Ollama's API: passed through, or answered from an OpenAI upstream."""
    st: ProxyState = request.app[STATE]
    if await st.upstream.kind() == "ollama":
        return await forward(request)
    name = request.path
    if name == "/api/version":
        return web.json_response({"version": translate.VERSION})
    if name == "/api/ps":
        return web.json_response({"models": []})
    if name == "/api/show":
        body = await _body(request, "ollama")
        return web.json_response(translate.show_response(str(body.get("model")
                                                              or body.get("name") or "")))
    if name == "/api/tags":
        return await _openai_json(request, "GET", "/v1/models", None, translate.tags_response)
    if name in ("/api/embed", "/api/embeddings"):
        body = await _body(request, "ollama")
        model = str(body.get("model") or "")
        return await _openai_json(request, "POST", "/v1/embeddings",
                                  translate.embed_request(body),
                                  lambda d: translate.embed_response(
                                      d, model, name == "/api/embeddings"))
    return _fail("ollama", 404, f"{name} has no equivalent on an OpenAI-compatible upstream")


async def _openai_json(request: web.Request, method: str, path: str, body: Optional[dict],
                       convert: Callable[[dict], dict]) -> web.Response:
    st: ProxyState = request.app[STATE]
    headers = request_headers(request.headers, st.cfg, st.cfg.session_header)
    headers["Content-Type"] = "application/json"
    up = await st.upstream.open(method, path, headers,
                                json.dumps(body).encode() if body is not None else b"")
    try:
        raw = await up.read()
    finally:
        up.close()
    if up.status >= 400:
        return _fail("ollama", up.status, _error_text(raw))
    return web.json_response(convert(json.loads(raw)))


async def root(request: web.Request) -> web.StreamResponse:
    st: ProxyState = request.app[STATE]
    if await st.upstream.kind() == "ollama":
        return await forward(request)
    return web.Response(text="Ollama is running")  # what clients probe for


async def status(request: web.Request) -> web.Response:
    st: ProxyState = request.app[STATE]
    return web.json_response({"ok": True, "upstream": st.cfg.upstream,
                              "upstream_kind": await st.upstream.kind(),
                              "sessions": len(st.sessions), "requests": st.requests,
                              "config_reloads": st.reloads, "config_error": st.config_error})


def make_app(st: ProxyState) -> web.Application:
    app = web.Application(middlewares=[access], client_max_size=MAX_BODY_BYTES)
    app[STATE] = st
    r = app.router
    r.add_post("/api/chat", chat)
    r.add_post("/v1/chat/completions", chat)
    r.add_post("/api/generate", generate)
    r.add_get("/festinger/status", status)
    for name in ("version", "tags", "ps"):
        r.add_route("*", f"/api/{name}", ollama_misc)
    for name in ("show", "embed", "embeddings"):
        r.add_route("*", f"/api/{name}", ollama_misc)
    r.add_route("*", "/api/{tail:.*}", forward)
    r.add_route("*", "/v1/{tail:.*}", forward)
    r.add_get("/", root)
    return app


