"""`festinger bench` cases for the proxy: overhead per request against calling the upstream
directly, time to first streamed byte, and 200 concurrent streaming clients.

The graph is the in-memory cache the graph bench builds (500k SOAS tokens, 1M URD edges;
quick: ten times smaller), behind the proxy's `Graph` interface through `recollect` (the
same tokenise/count/cue/render steps `GraphService.process_prompt` runs, without the
Postgres journal handoff, which is one non-blocking queue put). Prompts are 2,000 words, a
new conversation each, so every request is fully processed. The upstream is a loopback
fake Ollama answering at once, so the figures are the proxy's own cost.

As deployed, the client, the proxy and the upstream are three processes: each runs in its
own here, the proxy with a graph it builds itself (the same seeded data). In one process the
three would share one GIL, and the proxy's counting after the first chunk would delay the
client's own timestamp of that chunk. The proxy processes run on the loop `festinger proxy`
runs on (uvloop when installed, proxy/eventloop.py); the client and the upstream on asyncio's.
"""

from __future__ import annotations

import asyncio
import gc
import json
import multiprocessing
import random
import statistics
import threading
from multiprocessing.connection import Connection
import time
from datetime import datetime, timezone
from types import SimpleNamespace
from typing import Any, Optional

import aiohttp
from aiohttp import web

from festinger.core.loops import LoopSettings
from festinger.graph.cues import scan_prompt
from festinger.graph.recollection import RecollectionRenderer, recollect, run_pipeline
from festinger.proxy import eventloop
from festinger.proxy.app import ProxyState
from festinger.proxy.config import ProxyConfig
from festinger.proxy.server import ProxyServer
from festinger_testkit.bench.graph import _build, _prompts
from festinger_testkit.bench.timing import percentile

STREAM_CHUNKS = 20
CONCURRENT = 200


class CacheGraph:
    """The proxy's Graph interface over a bare GraphCache (no database), counting the way
    `GraphService` does: with `defer_count`, after the answer (`settle_counts`); new tokens
    get their rows then too (a store interns them after the prompt)."""

    def __init__(self, cache: Any) -> None:
        self.cache, self.renderer = cache, RecollectionRenderer()
        self.lock = threading.Lock()
        self.uncounted: list = []

    def process_prompt(self, text: str, defer_count: bool = False) -> Any:
        now = datetime.now(timezone.utc)
        if not defer_count:
            with self.lock:
                self._settle_locked()
                r = recollect(self.cache, self.renderer, text, now)
            return SimpleNamespace(block=r.block, tokens=r.scan.tokens)
        scan = scan_prompt(text, names=self.renderer.names)
        with self.lock:
            self._settle_locked()
            r = run_pipeline(self.cache, self.renderer, scan, now,
                             decide=lambda t: self.cache.submit(t, now),
                             intern=lambda new: None, defer_count=True)
            self.uncounted.append((r.uncounted, now))
        return SimpleNamespace(block=r.block, tokens=r.scan.tokens)

    def settle_counts(self) -> None:
        with self.lock:
            self._settle_locked()

    def _settle_locked(self) -> None:
        for sighting, at in self.uncounted:
            self.cache.count(sighting, at)
        self.uncounted.clear()

    def render_tokens(self, tokens: list[str]) -> str:
        with self.lock:
            self._settle_locked()
            get = self.cache.soas_by_token.get
            rows = [x for x in (get(t) for t in tokens) if x is not None]
            return self.renderer.render(self.cache, rows, datetime.now(timezone.utc))


async def _fake_chat(request: web.Request) -> web.StreamResponse:
    body = await request.json()
    model = body.get("model")
    if not body.get("stream", True):
        return web.json_response({"model": model, "done": True,
                                  "message": {"role": "assistant", "content": "ok"}})
    resp = web.StreamResponse(headers={"Content-Type": "application/x-ndjson"})
    await resp.prepare(request)
    for i in range(STREAM_CHUNKS):
        await resp.write((json.dumps({"model": model, "done": False, "message": {
            "role": "assistant", "content": f"w{i} "}}) + "\n").encode())
        await asyncio.sleep(0)
    await resp.write((json.dumps({"model": model, "done": True}) + "\n").encode())
    await resp.write_eof()
    return resp


def _serve(conn: Connection, make_server, proxy_loop: bool = False) -> None:
    """In a child process: start the server `make_server()` builds (a coroutine returning
    (url, stop coroutine factory)), send its URL, serve until the parent says stop.
    `proxy_loop`: on the loop `festinger proxy` runs on (uvloop when installed)."""
    async def main() -> None:
        url, stop = await make_server()
        conn.send(url)
        await asyncio.get_running_loop().run_in_executor(None, conn.recv)
        await stop()
    try:
        if proxy_loop:
            eventloop.run(main())
        else:
            asyncio.run(main())
    finally:
        conn.close()


class _Child:
    """A server in a forked process (forked before the parent builds anything; a proxy builds its own
    graph, which takes seconds at full size)."""

    def __init__(self, make_server, proxy_loop: bool = False) -> None:
        ctx = multiprocessing.get_context("fork")
        self.conn, child_end = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child_end, make_server, proxy_loop),
                                daemon=True)
        self.proc.start()
        child_end.close()
        while not self.conn.poll(1.0):
            if not self.proc.is_alive():
                raise RuntimeError(f"a bench server exited before it started (exit code {self.proc.exitcode})")
        self.url: str = self.conn.recv()

    def close(self) -> None:
        try:
            self.conn.send("stop")
        except OSError:
            pass
        self.proc.join(10)
        if self.proc.is_alive():
            self.proc.kill()


async def _start_upstream() -> tuple[str, Any]:
    app = web.Application(client_max_size=64 * 1024 * 1024)
    app.router.add_post("/api/chat", _fake_chat)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0, backlog=1024)
    await site.start()
    return f"http://127.0.0.1:{runner.addresses[0][1]}", runner.cleanup


def _proxy_factory(up_url: str, size: Optional[tuple[int, int]]):
    """`make_server` for a proxy on `up_url` with a graph of `size` (tokens, edges) it builds
    itself, as `festinger proxy` loads its own (a cache shared with the parent by fork would
    cost a copy-on-write page fault wherever a reference count changes); None: no graph."""
    async def start() -> tuple[str, Any]:
        graph = None
        if size is not None:
            cache, _ = _build(*size, datetime.now(timezone.utc))
            gc.collect()
            gc.freeze()
            graph = CacheGraph(cache)
        state = ProxyState(ProxyConfig(upstream=up_url, upstream_kind="ollama",
                                       listen="127.0.0.1:0", recollection=graph is not None),
                           graph=graph, base_loops=LoopSettings())
        server = ProxyServer(state)
        return await server.start(), server.stop
    return start


async def _one(session: aiohttp.ClientSession, url: str, prompt: str, stream: bool
               ) -> tuple[float, float]:
    """(total ms, ms to the first body byte) of one chat call."""
    body = {"model": "bench", "stream": stream,
            "messages": [{"role": "system", "content": "You are a benchmark."},
                         {"role": "user", "content": prompt}]}
    t0 = time.perf_counter()
    async with session.post(url + "/api/chat", json=body) as r:
        if r.status != 200:
            raise RuntimeError(f"HTTP {r.status}: {(await r.text())[:200]}")
        first = None
        async for _ in r.content.iter_any():
            if first is None:
                first = time.perf_counter()
    t1 = time.perf_counter()
    return (t1 - t0) * 1000.0, ((first or t1) - t0) * 1000.0


async def _series(url: str, prompts: list[str], stream: bool) -> tuple[list, list]:
    totals, firsts = [], []
    async with aiohttp.ClientSession() as s:
        for i, p in enumerate(prompts):
            total, first = await _one(s, url, p, stream)
            if i >= 5:  # warm-up
                totals.append(total)
                firsts.append(first)
    return totals, firsts


async def _concurrent(url: str, prompts: list[str]) -> tuple[list[float], int, float]:
    conn = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=conn) as s:
        t0 = time.perf_counter()
        results = await asyncio.gather(*(_one(s, url, prompts[i % len(prompts)] + f" {i}",
                                              True) for i in range(CONCURRENT)),
                                       return_exceptions=True)
        wall = (time.perf_counter() - t0) * 1000.0
    ok = [r[0] for r in results if not isinstance(r, BaseException)]
    return ok, CONCURRENT - len(ok), wall


def bench_proxy(quick: bool) -> list[dict]:
    n_tokens, n_edges = (50_000, 100_000) if quick else (500_000, 1_000_000)
    # three processes, forked before this one builds anything
    upstream = _Child(_start_upstream)
    children = [upstream]
    try:
        proxy = _Child(_proxy_factory(upstream.url, (n_tokens, n_edges)), proxy_loop=True)
        children.append(proxy)
        # the same proxy without the graph: its own HTTP hop, parsing and loop guard
        bare = _Child(_proxy_factory(upstream.url, None), proxy_loop=True)
        children.append(bare)
        now = datetime.now(timezone.utc)
        cache, common = _build(n_tokens, n_edges, now)
        # as `festinger proxy` does once its graph has loaded (proxy/gcfreeze.py): the
        # collector no longer walks the cache's millions of objects in the middle of a request
        gc.collect()
        gc.freeze()
        rng = random.Random(3)
        vocab = [cache.soas_by_id[rng.randrange(7, n_tokens)] for _ in range(5000)]
        common_list = sorted(w for w in common if len(w) >= 3)
        n = 60 if quick else 300
        # three sets: a prompt seen before is only re-rendered (a later call of the same
        # turn), so each series gets prompts of its own and every request is fully processed
        every = _prompts(3 * (n + 5), 2000, vocab, common_list, fresh_start=n_tokens * 2)
        prompts, s_prompts, g_prompts = every[:n + 5], every[n + 5:2 * n + 10], every[2 * n + 10:]
        up_url = upstream.url
        direct, _ = asyncio.run(_series(up_url, prompts, False))
        proxied, _ = asyncio.run(_series(proxy.url, prompts, False))
        hop, _ = asyncio.run(_series(bare.url, prompts, False))
        bare.close()
        _, ds_first = asyncio.run(_series(up_url, s_prompts, True))
        _, ps_first = asyncio.run(_series(proxy.url, s_prompts, True))
        ok, errors, wall = asyncio.run(_concurrent(proxy.url, prompts[:50]))
        proxy.close()
        # the graph pipeline alone, in this process, for the breakdown
        graph = CacheGraph(cache)
        graph_ms, before_ms = [], []
        for i, p in enumerate(g_prompts):
            t0 = time.perf_counter()
            graph.process_prompt(p, defer_count=True)  # what precedes the forward
            t1 = time.perf_counter()
            graph.settle_counts()  # what follows the answer's first chunk
            t2 = time.perf_counter()
            if i >= 5:
                before_ms.append((t1 - t0) * 1000.0)
                graph_ms.append((t2 - t0) * 1000.0)
    finally:
        for child in children:
            child.close()
        gc.unfreeze()
    size = f"{n_tokens // 1000}k SOAS, {n_edges // 1000}k URD"
    med = statistics.median
    return [
        {"name": f"proxy overhead per request, 2000-word prompt ({size})",
         "median_ms": med(proxied) - med(direct),
         "p99_ms": percentile(proxied, 99) - percentile(direct, 99), "n": len(proxied),
         "target": "median <= 5 ms (spec ceiling 50 ms)",
         "extra": {"direct_median_ms": round(med(direct), 3),
                   "proxied_median_ms": round(med(proxied), 3),
                   "direct_p99_ms": round(percentile(direct, 99), 3),
                   "proxied_p99_ms": round(percentile(proxied, 99), 3),
                   "graph_process_prompt_median_ms": round(med(graph_ms), 3),
                   "graph_before_forward_median_ms": round(med(before_ms), 3)}},
        {"name": "proxy overhead per request without the graph (HTTP hop, JSON, loop guard)",
         "median_ms": med(hop) - med(direct),
         "p99_ms": percentile(hop, 99) - percentile(direct, 99), "n": len(hop),
         "target": "(the rest is the graph pipeline)"},
        {"name": "proxy time-to-first-byte overhead (streamed)",
         "median_ms": med(ps_first) - med(ds_first),
         "p99_ms": percentile(ps_first, 99) - percentile(ds_first, 99), "n": len(ps_first),
         "target": "median <= 2 ms",
         "extra": {"direct_ttfb_ms": round(med(ds_first), 3),
                   "proxied_ttfb_ms": round(med(ps_first), 3)}},
        {"name": f"{CONCURRENT} concurrent streaming clients through the proxy",
         "median_ms": med(ok) if ok else float("nan"),
         "p99_ms": percentile(ok, 99) if ok else float("nan"), "n": len(ok),
         "target": "0 errors",
         "extra": {"errors": errors, "wall_ms": round(wall, 1)}},
    ]
