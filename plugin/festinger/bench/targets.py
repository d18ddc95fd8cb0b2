"""Whether a benchmark row meets its target, so a miss is marked instead of passing silently.

A row's ``target`` is the README's wording ("median <= 5 ms", "p99 <= 30 ms", "<= 5000 ms",
"1M edges <= 5000 ms"; several clauses joined by ";" or ","). Each clause that states a time
bound in ms (or s) is checked against the row's median (or p99 when it says p99); clauses
about anything else (precision, recall) are left to the rows that report them.
"""

from __future__ import annotations

import re
from typing import Optional

_BOUND = re.compile(r"(?:<=|≤)\s*(?P<bound>\d+(?:\.\d+)?)\s*(?P<unit>ms|s)\b", re.IGNORECASE)
_STAT = re.compile(r"\b(median|p99)\b", re.IGNORECASE)


def _clauses(target: str) -> list[tuple[str, float]]:
    """(statistic, bound in ms) of each time clause of a target text."""
    out = []
    for clause in re.split(r"[;,]", target):
        m = _BOUND.search(clause)
        if m:
            stat = _STAT.search(clause[:m.start()])
            bound = float(m.group("bound")) * (1000.0 if m.group("unit").lower() == "s" else 1.0)
            out.append(((stat.group(1) if stat else "median").lower(), bound))
    return out


def misses(row: dict) -> list[str]:
    """The target clauses the row misses, worded for the table ("median 6.2 ms > 5 ms")."""
    target = row.get("target") or ""
    if "error" in row or "skipped" in row or not isinstance(target, str):
        return []
    out = []
    for stat, bound in _clauses(target):
        value = row.get(f"{stat}_ms")
        if isinstance(value, (int, float)) and value > bound:
            out.append(f"{stat} {value:.4g} ms > {bound:g} ms")
    return out


def met(row: dict) -> Optional[bool]:
    """True/False when the row has a checkable time target, None when it has none."""
    if "error" in row or "skipped" in row or not _clauses(str(row.get("target") or "")):
        return None
    return not misses(row)
