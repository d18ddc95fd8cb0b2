"""`festinger bench` cases for the proxy: overhead per request against calling the upstream
directly, time to first streamed byte, and 200 concurrent streaming clients.

The graph is the in-memory cache the graph bench builds (500k SOAS tokens, 1M URD edges;
quick: ten times smaller), behind the proxy's `Graph` interface through `recollect` (the
same tokenise/count/cue/render steps `GraphService.process_prompt` runs, without the
Postgres journal handoff, which is one non-blocking queue put). Prompts are 2,000 words, a
new conversation each, so every request is fully processed. The upstream is a loopback
fake Ollama answering at once, on its own thread and loop, so the figures are the proxy's
own cost; the proxy also runs on its own thread, the clients on the caller's loop.
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import statistics
import threading
import time
from datetime import datetime, timezone
from types import SimpleNamespace
from typing import Any

import aiohttp
from aiohttp import web

from festinger.core.loops import LoopSettings
from festinger.graph.cues import scan_prompt
from festinger.graph.recollection import RecollectionRenderer, recollect, run_pipeline
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


class _Thread:
    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def call(self, coro) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(120)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


async def _start_upstream() -> tuple[web.AppRunner, str]:
    app = web.Application(client_max_size=64 * 1024 * 1024)
    app.router.add_post("/api/chat", _fake_chat)
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0, backlog=1024)
    await site.start()
    return runner, f"http://127.0.0.1:{runner.addresses[0][1]}"


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
    now = datetime.now(timezone.utc)
    cache, common = _build(n_tokens, n_edges, now)
    # as `festinger proxy` does once its graph has loaded (proxy/gcfreeze.py): the collector no
    # longer walks the cache's millions of objects in the middle of a request
    gc.collect()
    gc.freeze()
    rng = random.Random(3)
    vocab = [cache.soas_by_id[rng.randrange(7, n_tokens)] for _ in range(5000)]
    common_list = sorted(w for w in common if len(w) >= 3)
    n = 60 if quick else 300
    # three sets: a prompt seen before is only re-rendered (a later call of the same turn),
    # so each series gets prompts of its own and every request is fully processed
    every = _prompts(3 * (n + 5), 2000, vocab, common_list, fresh_start=n_tokens * 2)
    prompts, s_prompts, g_prompts = every[:n + 5], every[n + 5:2 * n + 10], every[2 * n + 10:]
    up_thread, px_thread = _Thread(), _Thread()
    try:
        runner, up_url = up_thread.call(_start_upstream())
        state = ProxyState(ProxyConfig(upstream=up_url, upstream_kind="ollama",
                                       listen="127.0.0.1:0"),
                           graph=CacheGraph(cache), base_loops=LoopSettings())
        server = ProxyServer(state)
        px_url = px_thread.call(server.start())
        # the same proxy without the graph: its own HTTP hop, parsing and loop guard
        bare = ProxyServer(ProxyState(ProxyConfig(upstream=up_url, upstream_kind="ollama",
                                                  listen="127.0.0.1:0", recollection=False),
                                      base_loops=LoopSettings()))
        bare_url = px_thread.call(bare.start())
        direct, d_first = asyncio.run(_series(up_url, prompts, False))
        proxied, p_first = asyncio.run(_series(px_url, prompts, False))
        hop, _ = asyncio.run(_series(bare_url, prompts, False))
        px_thread.call(bare.stop())
        _, ds_first = asyncio.run(_series(up_url, s_prompts, True))
        _, ps_first = asyncio.run(_series(px_url, s_prompts, True))
        graph_ms, before_ms = [], []
        for i, p in enumerate(g_prompts):  # the graph pipeline alone, for the breakdown
            t0 = time.perf_counter()
            state.graph.process_prompt(p, defer_count=True)  # what precedes the forward
            t1 = time.perf_counter()
            state.graph.settle_counts()  # what follows the answer
            t2 = time.perf_counter()
            if i >= 5:
                before_ms.append((t1 - t0) * 1000.0)
                graph_ms.append((t2 - t0) * 1000.0)
        ok, errors, wall = asyncio.run(_concurrent(px_url, prompts[:50]))
        px_thread.call(server.stop())
        up_thread.call(runner.cleanup())
    finally:
        px_thread.close()
        up_thread.close()
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
