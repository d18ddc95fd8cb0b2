"""``festinger bench``: the pack's benchmarks (not timed tests: figures for the README).

A case is ``def case(quick: bool) -> dict | list[dict]`` returning rows with ``name``,
``median_ms``, ``p99_ms``, ``n`` and optionally ``target`` (text) and ``extra`` (dict); cases
are listed here by dotted path and imported only when run.
"""

from __future__ import annotations

CASES: list[str] = [
    "festinger.bench.cases_foundation:bench_config_load",
    "festinger.bench.cases_foundation:bench_hook_dispatch",
    "festinger.core.contradiction_eval:bench_devset",
    "festinger.memory.bench_cases:bench_classify",
    "festinger.graph.bench_cases:bench_recollect",
    "festinger.graph.bench_cases:bench_cache_load",
    "festinger.graph.bench_pg:bench_pg",
    "festinger.recall.bench_cases:bench_recall_overhead",
    "festinger.recall.bench_cases:bench_retrieval_eval",
    "festinger.bench.cases_real_a0:bench_real_a0_turn",
]
