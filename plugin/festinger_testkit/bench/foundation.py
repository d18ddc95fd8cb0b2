"""Foundation benchmarks: what every hook call pays before the pack does real work."""

from __future__ import annotations

import asyncio
import time

from festinger.config import load_config
from festinger_testkit.bench.timing import row


def bench_config_load(quick: bool) -> dict:
    n = 200 if quick else 2000
    env = {"FESTINGER_MAX_INJECTED_MEMORIES": "6", "FESTINGER_CONFLICT_TOP_K": "7"}
    samples = []
    for _ in range(n):
        t0 = time.perf_counter()
        load_config(file_layer={"archival_threshold_cycles": 40}, environ=env)
        samples.append((time.perf_counter() - t0) * 1000)
    return row("config load (file + env layers)", samples, "once per process")


def bench_hook_dispatch(quick: bool) -> dict:
    """The cost of an extension call whose handler does nothing: the guard's own overhead
    (getting the process's service, running the handler, the try/except)."""
    from festinger.a0.guard import guarded

    async def noop(service, agent, loop_data) -> None:
        return None

    n = 500 if quick else 5000

    async def go() -> list[float]:
        out = []
        for _ in range(n):
            t0 = time.perf_counter()
            await guarded("_bench_noop", noop, None, {"loop_data": None})
            out.append((time.perf_counter() - t0) * 1000)
        return out

    samples = asyncio.run(go())
    return row("hook dispatch overhead", samples, "< 0.05 ms")
