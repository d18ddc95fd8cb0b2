"""Small timing helpers shared by benchmark cases."""

from __future__ import annotations

import statistics
import time
from typing import Callable


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def measure(fn: Callable[[], object], n: int, warmup: int = 3) -> tuple[float, float]:
    """(median_ms, p99_ms) of ``n`` calls of ``fn`` after ``warmup`` untimed ones."""
    for _ in range(warmup):
        fn()
    samples = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000.0)
    return statistics.median(samples), percentile(samples, 99)


def row(name: str, samples_ms: list[float], target: str = "", **extra) -> dict:
    return {"name": name, "median_ms": statistics.median(samples_ms),
            "p99_ms": percentile(samples_ms, 99), "n": len(samples_ms), "target": target,
            "extra": extra}
