"""The cases behind ``festinger bench`` (figures for the README, not timed tests).

A case is ``def case(quick: bool) -> dict | list[dict]`` returning rows with ``name``,
``median_ms``, ``p99_ms``, ``n`` and optionally ``target`` (text) and ``extra`` (dict).
Each case module imports its heavy dependencies inside the case, so importing this list
is cheap.
"""

from __future__ import annotations

from typing import Callable, Union

from . import (detector, foundation, graph, graph_pg, loops, memory, proxy, real_a0, recall,
               recall_suite)

Case = Callable[[bool], Union[dict, list[dict]]]

CASES: tuple[Case, ...] = (
    foundation.bench_config_load,
    foundation.bench_hook_dispatch,
    detector.bench_detector,
    detector.bench_linear_classify,
    memory.bench_classify,
    graph.bench_recollect,
    graph.bench_cache_load,
    graph_pg.bench_pg,
    recall.bench_recall_overhead,
    recall.bench_retrieval_eval,
    recall_suite.bench_retrieval_suite,
    recall_suite.bench_recall_time_cues,
    loops.bench_loop_detection,
    loops.bench_history_collapse,
    proxy.bench_proxy,
    real_a0.bench_real_a0_turn,
)
