"""The third attack on the detector (`corpus_attack3.jsonl`, written by an attacker who read the
rules): 682 compatible pairs in 30 categories and 72 contradictions written blind, before any run
(17 more genuine contradictions found among the attack drafts are marked `"blind": false`).

Unlike the other sets, this one is NOT at precision 1.00: its false positives in the older grammar
(nickname forms such as "Sam" / "Samantha", a scene set by a sentence before, labels that report
news, the agent's notes about itself, "we" of two groups) are known and listed in the README. The
test pins what was measured so that none is added: the count may only go down, the named-
correction rule (`frames`) adds none, and blind recall does not slide.
"""

from __future__ import annotations

import festinger.core.contradiction.compare as compare
from festinger_testkit.contradiction_eval import evaluate, load_pairs

KNOWN_FALSE_POSITIVES = 2  # measured at delivery; lower it when a fix lands
BLIND_RECALL_FLOOR = 0.70  # 53 of 72 at delivery


def _sets():
    rows = load_pairs("corpus_attack3.jsonl")
    compatible = [r for r in rows if not r["label"]]
    blind = [r for r in rows if r["label"] and r.get("blind", True)]
    return compatible, blind


def test_no_new_false_positive_beyond_the_known_ones():
    compatible, _ = _sets()
    assert len(compatible) >= 600
    result = evaluate(compatible)
    assert result.fp <= KNOWN_FALSE_POSITIVES, "\n".join(
        f"{f.existing!r} -> {f.incoming!r}" for f in result.failures if f.outcome == "false_positive")


def test_the_named_correction_rule_deprecates_nothing_of_the_attack():
    compatible, _ = _sets()
    fired = [r for r in compatible if compare._by_frame(r["existing"], r["incoming"]) is not None]
    assert fired == []


def test_blind_recall_holds():
    _, blind = _sets()
    assert len(blind) >= 60
    assert evaluate(blind).recall >= BLIND_RECALL_FLOOR
