"""Run benchmark cases and format the table the README carries."""

from __future__ import annotations

import os
import platform
import traceback
from typing import Iterable, Optional

from .targets import misses

TESTKIT_MISSING = ("the benchmark cases are in the test kit (festinger-testkit), which is not "
                   "installed: pip install -e './plugin' from the checkout (or ./test.sh)")


class TestkitMissing(RuntimeError):
    pass


def load_cases() -> tuple:
    try:
        from festinger_testkit.bench import CASES
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.split(".")[0] == "festinger_testkit":
            raise TestkitMissing(TESTKIT_MISSING) from exc
        raise
    return CASES


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    mem = ""
    try:
        with open("/proc/meminfo") as f:
            kb = int(next(l.split()[1] for l in f if l.startswith("MemTotal")))
            mem = f", {kb / 1024 / 1024:.0f} GiB"
    except (OSError, StopIteration, ValueError):
        pass
    return f"{os.cpu_count()} cores {cpu}{mem}, Python {platform.python_version()}"


def run_cases(quick: bool, only: Optional[str] = None) -> list[dict]:
    rows: list[dict] = []
    for case in load_cases():
        path = f"{case.__module__}:{case.__name__}"
        if only and only not in path:
            continue
        try:
            result = case(quick)
        except Exception as exc:  # one broken case must not hide the others' figures
            rows.append({"name": path, "error": f"{type(exc).__name__}: {exc}",
                         "trace": traceback.format_exc(limit=3)})
            continue
        rows.extend(result if isinstance(result, list) else [result])
    return rows


def format_table(rows: Iterable[dict]) -> str:
    lines = ["| benchmark | median | p99 | n | target |", "|---|---:|---:|---:|---|"]
    for r in rows:
        if "error" in r:
            lines.append(f"| {r['name']} | error: {r['error']} | | | |")
            continue
        if "skipped" in r:
            lines.append(f"| {r['name']} | skipped: {r['skipped']} | | | |")
            continue
        extra = r.get("extra") or {}
        note = "; ".join(f"{k}={v}" for k, v in extra.items())
        name = r["name"] + (f" ({note})" if note else "")
        missed = misses(r)
        verdict = f" **MISSED: {'; '.join(missed)}**" if missed else ""
        lines.append(f"| {name} | {r['median_ms']:.3f} ms | {r['p99_ms']:.3f} ms | {r['n']} | "
                     f"{r.get('target', '')}{verdict} |")
    return "\n".join(lines)
