"""The selection step on its own: eligibility, validity, role scope, ranking, cap."""

from __future__ import annotations

from types import SimpleNamespace

from festinger.core.roles import ActiveRole
from festinger.recall.bm25_index import Bm25Index
from festinger.recall.pipeline import Limits, select

from .helpers import meta

NOW = 1_800_000_000.0


def doc(doc_id, text, **kw):
    m = meta(**kw)
    m["id"] = doc_id
    return SimpleNamespace(page_content=text, metadata=m)


def test_dense_threshold_and_identifier_rescue():
    docs = {
        "near": doc("near", "the database host is in frankfurt"),
        "far": doc("far", "the database server is db-prod-07.internal"),
        "words": doc("words", "database host notes"),
    }
    dense = [("near", 0.75), ("far", 0.62), ("words", 0.6)]
    sparse = [("far", 5.0), ("words", 2.0), ("near", 1.0)]
    out = select(docs, dense, sparse, "which database host is db-prod-07.internal", now=NOW)
    ids = out.ids
    assert "near" in ids and "far" in ids       # far: below threshold, shares the hostname
    assert "words" not in ids                   # plain word overlap does not rescue
    assert out.below_threshold == 2


def test_deprecated_and_superseded_never_pass():
    docs = {
        "old": doc("old", "python 3.9", validity="deprecated"),
        "old2": doc("old2", "python 3.8", superseded_by="new"),
        "new": doc("new", "python 3.11"),
    }
    out = select(docs, [("old", 0.9), ("old2", 0.9), ("new", 0.8)], [], "python", now=NOW)
    assert out.ids == ["new"] and out.deprecated_dropped == 2


def test_role_scope_dormant_and_load_bearing():
    bugfix = ActiveRole("bugfix_specialist", frozenset({"bugfix", "log_analysis"}), "exocortex")
    docs = {
        "bug": doc("bug", "a", domain="bugfix"),
        "code": doc("code", "b", domain="codegen"),
        "code_lb": doc("code_lb", "c", domain="codegen", utility="load_bearing"),
        "dormant": doc("dormant", "d", relevance="dormant"),
        "plain": doc("plain", "e"),
    }
    dense = [(k, 0.8) for k in docs]
    out = select(docs, dense, [], "q", role=bugfix, now=NOW)
    assert set(out.ids) == {"bug", "code_lb", "plain"}
    assert out.ids[0] == "code_lb" and out.role_suppressed == 2
    assert out.items[0].load_bearing


def test_ranking_prefers_agreement_of_both_lists_and_is_deterministic():
    docs = {k: doc(k, k) for k in ("a", "b", "c", "d")}
    dense = [("a", 0.9), ("b", 0.85), ("c", 0.8), ("d", 0.8)]
    sparse = [("c", 3.0), ("b", 1.0)]
    out = select(docs, dense, sparse, "q", now=NOW)
    assert set(out.ids[:2]) == {"b", "c"} and out.ids[2] == "a"
    again = select(docs, list(reversed(dense)), sparse, "q", now=NOW)
    assert again.ids == out.ids


def test_cap_and_per_kind_limits():
    docs = {f"m{i}": doc(f"m{i}", "x") for i in range(6)}
    docs.update({f"s{i}": doc(f"s{i}", "y", area="solutions") for i in range(4)})
    dense = [(k, 0.8) for k in docs]
    out = select(docs, dense, [], "q", limits=Limits(memories=5, solutions=3, cap=8), now=NOW)
    assert len(out.memories) == 5 and len(out.solutions) == 3
    out = select(docs, dense, [], "q", limits=Limits(memories=5, solutions=3, cap=3), now=NOW)
    assert len(out.memories) == 2 and len(out.solutions) == 1


def test_reranker_reorders_within_tier_only():
    docs = {"a": doc("a", "alpha"), "b": doc("b", "beta"),
            "lb": doc("lb", "gamma", utility="load_bearing")}
    dense = [("a", 0.9), ("b", 0.8), ("lb", 0.75)]

    def prefer_beta(query, texts):
        return [10.0 if t == "beta" else 0.0 for t in texts]

    out = select(docs, dense, [], "q", now=NOW, reranker=prefer_beta)
    assert out.ids == ["lb", "b", "a"]


def test_bm25_and_select_together_find_an_exact_version():
    index = Bm25Index()
    docs = {}
    for i, text in enumerate(["numpy pinned to 1.26.4 in the lockfile", "numpy is used for arrays",
                              "the lockfile is regenerated weekly"]):
        docs[f"d{i}"] = doc(f"d{i}", text)
        index.upsert(f"d{i}", text)
    query = "is 1.26.4 the numpy version?"
    out = select(docs, [("d1", 0.72), ("d0", 0.6)], index.search(query, 10), query, now=NOW)
    assert out.ids[:2] == ["d0", "d1"] or out.ids[:2] == ["d1", "d0"]
    assert out.items[out.ids.index("d0")].dense_score == 0.6
