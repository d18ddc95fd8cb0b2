"""Precision/recall of the contradiction detector on labelled pairs (pure logic, no I/O).

Used by the test suite and by `festinger bench`, on the labelled sets of the test kit,
``festinger_testkit/data/contradiction/``: the original ``contradiction_devset.jsonl`` and
``contradiction_holdout.jsonl`` and the hand-written corpus (``corpus_dev``, ``corpus_holdout``
and the adversarial ``corpus_attack`` and ``corpus_attack2`` files; the later attack sets,
``corpus_attack3`` to ``corpus_attack15``, have their own test, ``tests/core/test_contradiction_attacks.py``,
which holds them at precision 1.00 too).
A pair is a mapping with `existing`, `incoming`, `label` (bool) and optionally `kind` and `category`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from festinger.core.contradiction.compare import Contradiction, detect_contradiction


@dataclass(frozen=True)
class EvalFailure:
    outcome: str  # "false_positive" | "false_negative" | "wrong_kind"
    existing: str
    incoming: str
    category: str
    expected_kind: str | None
    got: Contradiction | None


@dataclass(frozen=True)
class EvalResult:
    precision: float
    recall: float
    tp: int
    fp: int
    fn: int
    tn: int
    failures: tuple[EvalFailure, ...] = ()
    kind_mismatches: int = 0  # detected, but labelled with another kind
    per_category: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return self.tp + self.fp + self.fn + self.tn

    def summary(self) -> str:
        return (f"precision={self.precision:.3f} recall={self.recall:.3f} tp={self.tp} fp={self.fp} "
                f"fn={self.fn} tn={self.tn} kind_mismatches={self.kind_mismatches} n={self.total}")


def evaluate(
    pairs: Iterable[Mapping[str, Any]],
    detector: Callable[[str, str], Contradiction | None] = detect_contradiction,
) -> EvalResult:
    tp = fp = fn = tn = kind_mismatches = 0
    failures: list[EvalFailure] = []
    per_category: dict[str, dict[str, int]] = {}
    for pair in pairs:
        existing, incoming = str(pair.get("existing", "")), str(pair.get("incoming", ""))
        label = bool(pair.get("label"))
        expected_kind = pair.get("kind")
        category = str(pair.get("category", ""))
        got = detector(existing, incoming)
        counts = per_category.setdefault(category, {"tp": 0, "fp": 0, "fn": 0, "tn": 0})
        if label and got is not None:
            tp += 1
            counts["tp"] += 1
            if expected_kind and got.kind != expected_kind:
                kind_mismatches += 1
                failures.append(EvalFailure("wrong_kind", existing, incoming, category, expected_kind, got))
        elif label:
            fn += 1
            counts["fn"] += 1
            failures.append(EvalFailure("false_negative", existing, incoming, category, expected_kind, None))
        elif got is not None:
            fp += 1
            counts["fp"] += 1
            failures.append(EvalFailure("false_positive", existing, incoming, category, None, got))
        else:
            tn += 1
            counts["tn"] += 1
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    return EvalResult(precision, recall, tp, fp, fn, tn, tuple(failures), kind_mismatches, per_category)


def pairs_from_jsonl(text: str) -> list[dict[str, Any]]:
    """Parse a JSON-lines dev set already read into memory (blank lines and # comments skipped)."""
    rows = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            rows.append(json.loads(line))
    return rows


DATA_DIR = Path(__file__).resolve().parent / "data" / "contradiction"


def load_pairs(name: str) -> list[dict[str, Any]]:
    """A labelled set of the test kit (``festinger_testkit/data/contradiction/<name>``)."""
    return pairs_from_jsonl((DATA_DIR / name).read_text("utf-8"))


CORPUS_FILES = ("corpus_dev.jsonl", "corpus_holdout.jsonl", "corpus_attack.jsonl", "corpus_attack2.jsonl",
                "corpus_updates24_dev.jsonl", "corpus_updates24_holdout.jsonl",
                "corpus_updates25_dev.jsonl", "corpus_updates25_holdout.jsonl")


def load_corpus(name: str) -> list[dict[str, Any]]:
    """One file of the hand-written corpus (same folder as the original sets)."""
    return load_pairs(name)


def labelled_sets() -> list[tuple[str, list[dict[str, Any]]]]:
    """(name, pairs) of every labelled set: the original dev/held-out sets and the corpus."""
    sets = [("dev set", load_pairs("contradiction_devset.jsonl")),
            ("held-out set", load_pairs("contradiction_holdout.jsonl"))]
    for name in CORPUS_FILES:
        sets.append((name.removesuffix(".jsonl").replace("_", " "), load_pairs(name)))
    return sets
