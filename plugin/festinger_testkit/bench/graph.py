"""`festinger bench` cases for the in-memory concept graph.

Targets: tokenisation + saliency + recollection for a 2,000-word prompt against
500k SOAS tokens and 1M URD edges: median <= 5 ms; loading 1M edges <= 5 s. Quick mode uses
data ten times smaller. Data is synthetic and seeded, so runs are comparable.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from datetime import datetime, timedelta, timezone

from festinger.graph.cache import GraphCache
from festinger.graph.models import SEED_DIMENSIONS
from festinger.graph.recollection import RecollectionRenderer, recollect
from festinger.graph.saliency import SaliencyPolicy, english_common_words
from festinger_testkit.bench.timing import percentile

_LETTERS = "abcdefghijklmnopqrstuvwxyz"
N_EXTRA_DIMS = 50


def _word(i: int) -> str:
    """A distinct 6+ letter pseudo-word for every i (base-26, padded): 'qaaaab'..."""
    s = []
    while True:
        i, r = divmod(i, 26)
        s.append(_LETTERS[r])
        if i == 0:
            break
    return "q" + "".join(s).ljust(5, "a")


def _soas_rows(n_tokens: int, now: datetime) -> list[tuple]:
    rng = random.Random(5)
    rows = [(i + 1, d, 0, now, 0.0, 0.0) for i, (d, _) in enumerate(SEED_DIMENSIONS)]
    base = len(rows) + 1
    for i in range(n_tokens - len(rows)):
        count = rng.choice((1, 1, 2, 3, 5, 8, 20, 60))
        sal = 0.0 if count == 1 else round(math.log(count), 3)
        rows.append((base + i, _word(i), count, now, sal, 0.5))
    return rows


def _edge_rows(n_edges: int, n_tokens: int, now: datetime) -> list[tuple]:
    """Edges with unique (concept, dim): concept c gets dims c%D, (c+1)%D, ... as needed."""
    rng = random.Random(7)
    dims = list(range(1, 7)) + list(range(7, 7 + N_EXTRA_DIMS))
    n_dims = len(dims)
    old = now - timedelta(days=200)
    rows = []
    per_concept = max(1, -(-n_edges // (n_tokens - 10)))
    concept = 7
    k = 0
    while len(rows) < n_edges:
        dim = dims[(concept + k) % n_dims]
        parent = rng.randrange(7, n_tokens)
        if parent == concept:
            parent = concept + 1
        rows.append((concept, parent, dim, dim == 1, rng.choice((0.5, 0.8, 0.9, 1.0)),
                     old if rng.random() < 0.1 else now, "inferred"))
        k += 1
        if k >= per_concept:
            k, concept = 0, concept + 1
            if concept >= n_tokens:
                concept = 7
    return rows


def _prompts(count: int, n_words: int, vocab: list[str], common: list[str], fresh_start: int,
             ) -> list[str]:
    rng = random.Random(11)
    fresh = fresh_start
    out = []
    for _ in range(count):
        words = []
        for _ in range(n_words):
            r = rng.random()
            if r < 0.55:
                words.append(rng.choice(common))
            elif r < 0.85:
                words.append(rng.choice(vocab))
            elif r < 0.88:  # a few brand-new tokens in every prompt
                words.append(_word(fresh))
                fresh += 1
            elif r < 0.91:
                words.append(rng.choice(("Glitch University", "Agent Zero", "New York City")))
            else:
                words.append(rng.choice(("the", "a", "of", "to", "is", "and", "in", ".", ",")))
        words.append(". gnommoweb is a repo of Glitch University.")
        out.append(" ".join(words))
    return out


def _build(n_tokens: int, n_edges: int, now: datetime):
    common = english_common_words()
    cache = GraphCache(SaliencyPolicy(common_words=common))
    cache.load_soas(_soas_rows(n_tokens, now))
    cache.load_edges(_edge_rows(n_edges, n_tokens, now))
    return cache, common


def bench_recollect(quick: bool) -> dict:
    n_tokens, n_edges = (50_000, 100_000) if quick else (500_000, 1_000_000)
    now = datetime.now(timezone.utc)
    cache, common = _build(n_tokens, n_edges, now)
    rng = random.Random(3)
    vocab = [cache.soas_by_id[rng.randrange(7, n_tokens)] for _ in range(5000)]
    common_list = sorted(w for w in common if len(w) >= 3)
    n_runs = 60 if quick else 300
    prompts = _prompts(n_runs + 5, 2000, vocab, common_list, fresh_start=n_tokens * 2)
    renderer = RecollectionRenderer()
    samples, lines = [], []
    for i, text in enumerate(prompts):
        t0 = time.perf_counter()
        res = recollect(cache, renderer, text, now)
        dt = (time.perf_counter() - t0) * 1000.0
        if i >= 5:  # warm-up
            samples.append(dt)
            lines.append(res.block.count("\n") - 1 if res.block else 0)
    return {"name": f"recollect 2000-word prompt ({n_tokens // 1000}k SOAS, "
                    f"{n_edges // 1000}k URD)",
            "median_ms": statistics.median(samples), "p99_ms": percentile(samples, 99),
            "n": len(samples), "target": "median <= 5 ms",
            "extra": {"block_lines_median": statistics.median(lines)}}


def bench_cache_load(quick: bool) -> dict:
    n_tokens, n_edges = (50_000, 100_000) if quick else (500_000, 1_000_000)
    now = datetime.now(timezone.utc)
    soas = _soas_rows(n_tokens, now)
    edges = _edge_rows(n_edges, n_tokens, now)
    runs = 5 if quick else 3
    samples, soas_ms = [], []
    for _ in range(runs):
        cache = GraphCache()
        t0 = time.perf_counter()
        cache.load_soas(soas)
        t1 = time.perf_counter()
        cache.load_edges(edges)
        samples.append((time.perf_counter() - t1) * 1000.0)
        soas_ms.append((t1 - t0) * 1000.0)
        del cache
    return {"name": f"cache load {n_edges // 1000}k URD edges",
            "median_ms": statistics.median(samples), "p99_ms": percentile(samples, 99),
            "n": len(samples), "target": "<= 5000 ms",
            "extra": {f"soas_{n_tokens // 1000}k_ms": round(statistics.median(soas_ms), 1)}}
