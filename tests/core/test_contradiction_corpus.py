"""The adversarial corpus (festinger_testkit/data/contradiction): no true memory is ever deprecated.

Hand-written pairs of memories as people and Agent Zero's memorizer phrase them, most of them
compatible look-alikes (other people's possessives, headings, titles, scoped environments, ...).
Precision 1.00 on every labelled set is the assertion; recall is reported by `festinger bench`
(and floors below catch a regression). The held-out file is never tuned on: only its aggregate
figures are ever looked at.
"""

from __future__ import annotations

import collections

import pytest

from festinger_testkit.contradiction_eval import evaluate, labelled_sets, load_corpus, load_pairs

# Measured at delivery (see the README): the floors keep
# recall from silently sliding back; precision has no margin.
CORPUS_DEV_RECALL_FLOOR = 0.77  # 183 of 235 after session 11's three rules; 180 of 235 after session 10's four rules (178 before them; 163 before the updates24 rules)
CORPUS_HOLDOUT_RECALL_FLOOR = 0.55  # 62 of 111 after session 11's rules; 61 of 111 after session 10's rules (56 before them, 49 before the updates24 rules)
# The everyday updates written blind on 2026-11-27 (13.5 % caught at their first run)
UPDATES_DEV_RECALL_FLOOR = 0.73  # 181 of 246 after session 12's rules; 177 of 246 after session 11's rules; 173 of 246 after session 10's rules, tuned on it (123 before; 33 at its first run)
UPDATES_HOLDOUT_RECALL_FLOOR = 0.28  # 29 of 102 after session 12's rules; 28 of 102 after session 11's rules; 27 of 102 after session 10's rules (24 before; 14 at its first run; never tuned on)
# The second blind set of everyday updates (2026-11-27, session 10: 560 pairs in 28 categories written
# by a writer who read no code): 0 of 280 look-alikes flagged and 8 of 280 updates caught at its first run
UPDATES25_DEV_RECALL_FLOOR = 0.43  # 86 of 196 after session 12's four rules, tuned on it; 52 of 196 after session 11's three rules; 15 of 196 after session 10's rules (role_holders tuned on it: 8); 5 at its first run
UPDATES25_HOLDOUT_RECALL_FLOOR = 0.13  # 11 of 84 after session 12's rules; 8 of 84 after session 11's rules; 5 of 84 after session 10's rules (3 at its first run; never tuned on)


def _false_positives(result) -> str:
    return "\n".join(f"[{f.category}] {f.existing!r} -> {f.incoming!r}: {f.got.to_dict() if f.got else None}"
                     for f in result.failures if f.outcome == "false_positive")


def test_the_corpus_is_as_large_and_varied_as_promised():
    pairs = load_corpus("corpus_dev.jsonl") + load_corpus("corpus_holdout.jsonl")
    compatible = [p for p in pairs if not p["label"]]
    contradictions = [p for p in pairs if p["label"]]
    assert len(compatible) >= 1000 and len(contradictions) >= 300
    assert len({p["category"] for p in compatible}) >= 25
    for p in pairs:
        assert isinstance(p["existing"], str) and isinstance(p["incoming"], str) and p["category"]
        assert p.get("kind") in (("value", "negation", "correction") if p["label"] else (None,)), p
    # every category is in both files (the held-out third is a third of every category)
    dev = collections.Counter(p["category"] for p in load_corpus("corpus_dev.jsonl"))
    held = collections.Counter(p["category"] for p in load_corpus("corpus_holdout.jsonl"))
    assert set(dev) == set(held)


@pytest.mark.parametrize("name", [
    "dev set", "held-out set", "corpus dev", "corpus holdout", "corpus attack", "corpus attack2",
    "corpus updates24 dev", "corpus updates24 holdout", "corpus updates25 dev", "corpus updates25 holdout"])
def test_precision_is_perfect_on_every_labelled_set(name):
    pairs = dict(labelled_sets())[name]
    result = evaluate(pairs)
    assert result.fp == 0 and result.precision == 1.0, _false_positives(result)


def test_corpus_recall_stays_above_its_floors():
    dev = evaluate(load_corpus("corpus_dev.jsonl"))
    held = evaluate(load_corpus("corpus_holdout.jsonl"))
    assert dev.recall >= CORPUS_DEV_RECALL_FLOOR, dev.summary()
    assert held.recall >= CORPUS_HOLDOUT_RECALL_FLOOR, held.summary()


def test_everyday_update_recall_stays_above_its_floors():
    dev = evaluate(load_corpus("corpus_updates24_dev.jsonl"))
    held = evaluate(load_corpus("corpus_updates24_holdout.jsonl"))
    assert dev.recall >= UPDATES_DEV_RECALL_FLOOR, dev.summary()
    assert held.recall >= UPDATES_HOLDOUT_RECALL_FLOOR, held.summary()
    dev = evaluate(load_corpus("corpus_updates25_dev.jsonl"))
    held = evaluate(load_corpus("corpus_updates25_holdout.jsonl"))
    assert dev.recall >= UPDATES25_DEV_RECALL_FLOOR, dev.summary()
    assert held.recall >= UPDATES25_HOLDOUT_RECALL_FLOOR, held.summary()


def test_the_detector_raises_on_no_labelled_pair():
    # detect_contradiction swallows every exception (a detector bug must not break the memory
    # write path), so a bug would only show as lost recall: run the inner detector bare.
    from festinger.core.contradiction.compare import _detect

    names = [n for n, _ in labelled_sets()] + [f"corpus_attack{k}.jsonl" for k in (3, 4, 5, 6)]
    for name in names:
        pairs = dict(labelled_sets()).get(name) or load_pairs(name)
        for p in pairs:
            _detect(p["existing"], p["incoming"])
            _detect(p["incoming"], p["existing"])
