"""``festinger bench`` case: the contradiction detector on the labelled sets."""

from __future__ import annotations

import time

from festinger.core.contradiction import detect_contradiction
from festinger_testkit.bench.timing import row
from festinger_testkit.contradiction_eval import evaluate, load_pairs


def bench_devset(quick: bool) -> list[dict]:
    """Precision/recall on both labelled sets, and the detector's time per pair."""
    rows = []
    for name in ("contradiction_devset.jsonl", "contradiction_holdout.jsonl"):
        pairs = load_pairs(name)
        samples = []
        for pair in pairs:
            t0 = time.perf_counter()
            detect_contradiction(pair["existing"], pair["incoming"])
            samples.append((time.perf_counter() - t0) * 1000)
        res = evaluate(pairs)
        rows.append(row(f"contradiction check, {name.split('_')[1].split('.')[0]} set", samples,
                        "precision 1.00", precision=f"{res.precision:.2f}",
                        recall=f"{res.recall:.3f}", pairs=len(pairs)))
    return rows
