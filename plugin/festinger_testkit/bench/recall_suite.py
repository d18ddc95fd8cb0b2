"""``festinger bench`` cases for the retrieval candidates: quality on the three labelled sets
(per variant, with per-question-type figures in ``extra``) and the cost of a query that names
a time on a 20k/100k store (the time window's extra dense scores and fusion)."""

from __future__ import annotations

import random
import time
from datetime import datetime, timedelta, timezone

from festinger_testkit.bench.timing import row


def bench_retrieval_suite(quick: bool) -> list[dict]:
    from festinger_testkit.recall_eval.suite import SETS, evaluate_set

    rows = []
    for name in SETS:
        for s in evaluate_set(name, limit_queries=60 if quick else None):
            kinds = {k: f"{v[1] / v[0]:.2f}/{v[2] / v[0]:.2f}" for k, v in s.by_kind.items() if v[0]}
            rows.append(row(f"recall quality [{name}]: {s.name}", s.latencies_ms, "",
                            recall_at_5=f"{s.recall:.3f}", mrr=f"{s.mrr:.3f}",
                            stale_rate=f"{s.stale_rate:.3f}", queries=s.n,
                            by_type_recall_mrr=kinds))
    return rows


def bench_recall_time_cues(quick: bool) -> list[dict]:
    """The whole retrieve path (FAISS scan, BM25 over stems, time window, person list,
    selection: the production defaults) for queries that name a day, next to the same queries
    without the date: at 20k memories (issue 17's target, <= 15 ms median) and, in a full
    run, at 100k (reported)."""
    rows = _time_cue_rows(20_000, 30 if quick else 100, "median <= 15 ms")
    if not quick:
        rows += _time_cue_rows(100_000, 100, "")
    return rows


def _time_cue_rows(n: int, turns: int, target: str) -> list[dict]:
    from festinger.recall.pipeline import Limits
    from festinger_testkit.bench.recall import _queries, _service, synthetic_store

    store, vectors = synthetic_store(n)
    rs = _service()
    docs = store.db.get_all_docs()
    rs.indexes.get(store, docs, wait=True)
    now = datetime(2026, 3, 1, tzinfo=timezone.utc)
    rng = random.Random(5)
    limits = Limits(threshold=0.7, memories=5, solutions=3, cap=8)
    # the first dated query builds the store's time index: once per store, not per turn
    rs.retrieve(store, vectors[0].tolist(), "warm-up on May 2", limits=limits, now=now.timestamp())
    dated, plain = [], []
    for vec, text in _queries(vectors, turns):
        day = now - timedelta(days=rng.randint(1, 600))
        q = f"{text} on {day:%B} {day.day}"
        v = vec.tolist()
        t0 = time.perf_counter()
        rs.retrieve(store, v, q, limits=limits, now=now.timestamp())
        dated.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        rs.retrieve(store, v, text, limits=limits, now=now.timestamp())
        plain.append((time.perf_counter() - t0) * 1000)
    label = f"{n // 1000}k memories"
    return [row(f"recall: whole retrieve path, query naming a day ({label}, excl. embedding)",
                dated, target),
            row(f"recall: whole retrieve path, same queries without the day ({label})", plain,
                target)]
