"""Per-turn cost of the pack inside the REAL Agent Zero v1.7 (stock vs pack, same store).

Runs the checkout's ``tests/real_a0/turn_bench.py`` (a loopback fake model server, headless
Agent Zero driven turn by turn) when a runtime is there: ``A0_TREES``/``A0_PYTHON`` or the
default cache that ``python3 tests/real_a0/runtime.py prepare`` builds. Without one, or from
an installed pack without the checkout's tests, the rows say ``skipped: no Agent Zero
runtime`` instead of figures (building the runtime takes minutes: never done here).
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Optional

from .timing import row

SIZES = (300, 10_000)
TARGET = "pack adds <= 10 ms per turn at 10,000 memories"


def _turn_bench() -> Optional[ModuleType]:
    here = Path(__file__).resolve().parents[3] / "tests" / "real_a0"
    if not (here / "turn_bench.py").is_file():
        return None
    if str(here) not in sys.path:
        sys.path.insert(0, str(here))
    return importlib.import_module("turn_bench")


def skipped(reason: str) -> list[dict]:
    return [{"name": f"real Agent Zero v1.7 turn, {n:,} memories", "skipped": reason} for n in SIZES]


def bench_real_a0_turn(quick: bool) -> list[dict]:
    tb = _turn_bench()
    if tb is None or tb.locate_runtime() is None:
        return skipped("no Agent Zero runtime")
    # four alternating rounds: on a shared 2-core box the second process of a pair runs a few
    # ms slower (the first one's exit work), and two rounds left a 10 ms swing in the median
    results = tb.bench(SIZES, turns=12 if quick else 24, rounds=1 if quick else 4)
    rows = []
    for r in results:
        label = f"{r['memories']:,} memories"
        rows.append(row(f"real Agent Zero v1.7 turn, stock, {label}", r["stock_samples"]))
        rows.append(row(f"real Agent Zero v1.7 turn, with the pack, {label}", r["pack_samples"],
                        added_median_ms=round(r["added_ms"], 1)))
        rows.append({"name": f"real Agent Zero v1.7 turn, added by the pack, {label}",
                     "median_ms": r["added_ms"], "p99_ms": float("nan"), "n": r["n"],
                     "target": TARGET if r["memories"] >= 10_000 else "", "extra": {}})
    return rows
