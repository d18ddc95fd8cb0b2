"""The third to ninth attacks on the detector, written by attackers who read the rules
(`corpus_attack3.jsonl`: 682 compatible pairs, 72 contradictions written blind before any
run; `corpus_attack4.jsonl`: 611 and 93; `corpus_attack5.jsonl`: 760 and 86;
`corpus_attack6.jsonl`: 871 and 63; `corpus_attack7.jsonl`: 281 and 42; `corpus_attack8.jsonl`:
340 and 60; `corpus_attack9.jsonl`: 365 and 60, of which 14 compatible pairs are marked
`"debatable"`). Pairs found to be genuine contradictions among the attack drafts, and the
contradictions written after reading the code, are marked `"blind": false`.

Unlike the older sets, these are NOT at precision 1.00. When first run they found 221, 228, 64, 93,
24, 24 and 61 false positives; the general rules that answered them are in the README, and what is left is
pinned here so that none is added: the count may only go down, the named-correction rule
(`frames`) adds none, and blind recall does not slide. Both sets were tuned on after that first
run, so their precision is no longer a blind figure.
"""

from __future__ import annotations

import pytest

import festinger.core.contradiction.compare as compare
from festinger_testkit.contradiction_eval import evaluate, load_pairs

# (file, false positives left at delivery, blind recall floor: measured at delivery, a little below)
ATTACKS = [
    ("corpus_attack3.jsonl", 1, 0.74),  # 54 of 72 blind contradictions caught
    ("corpus_attack4.jsonl", 5, 0.46),  # 44 of 93
    ("corpus_attack5.jsonl", 9, 0.36),  # 32 of 86
    ("corpus_attack6.jsonl", 40, 0.66),  # 43 of 63
    ("corpus_attack7.jsonl", 0, 0.50),  # 22 of 42
    ("corpus_attack8.jsonl", 22, 0.23),  # 15 of 60
    ("corpus_attack9.jsonl", 5, 0.51),  # 32 of 60; the 5 left are debatable ("now uses Rust", "now works at WeWork Mitte")
]


def _sets(name: str):
    rows = load_pairs(name)
    compatible = [r for r in rows if not r["label"]]
    blind = [r for r in rows if r["label"] and r.get("blind", True)]
    return compatible, blind


@pytest.mark.parametrize("name,known_fp,_floor", ATTACKS)
def test_no_new_false_positive_beyond_the_known_ones(name, known_fp, _floor):
    compatible, _ = _sets(name)
    assert len(compatible) >= 250
    result = evaluate(compatible)
    assert result.fp <= known_fp, "\n".join(
        f"{f.existing!r} -> {f.incoming!r}" for f in result.failures if f.outcome == "false_positive")


@pytest.mark.parametrize("name,_fp,_floor", ATTACKS)
def test_the_named_correction_rule_deprecates_nothing_of_the_attack(name, _fp, _floor):
    compatible, _ = _sets(name)
    assert [r for r in compatible if compare._by_frame(r["existing"], r["incoming"]) is not None] == []


@pytest.mark.parametrize("name,_fp,floor", ATTACKS)
def test_blind_recall_holds(name, _fp, floor):
    _, blind = _sets(name)
    assert len(blind) >= 40
    assert evaluate(blind).recall >= floor
