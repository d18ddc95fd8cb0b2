"""The open candidate pool, its shown-gate, time cues and field weights, through select()
and RecallService.retrieve() on a real FAISS store."""

from __future__ import annotations

from datetime import datetime, timezone
from types import SimpleNamespace

from festinger.config import FestingerConfig
from festinger.embeddings import HashEmbeddings
from festinger.recall.bm25_index import Bm25Index
from festinger.recall.query_weights import query_weights
from festinger_testkit.recall_eval.evaluation import build_store
from festinger.recall.pipeline import Features, Limits, select
from festinger.recall.service import RecallService

from .helpers import meta

NOW = datetime(2023, 5, 7, 10, tzinfo=timezone.utc).timestamp()
BEFORE = Features(open_pool=False, field_weights=False, temporal=False)
OPEN = Features(open_pool=True)


def doc(doc_id, text, **kw):
    m = meta(**kw)
    m["id"] = doc_id
    return SimpleNamespace(page_content=text, metadata=m)


def test_open_pool_shows_strong_lexical_evidence_below_the_threshold():
    docs = {"dense": doc("dense", "she loves the seaside"),
            "lex": doc("lex", "Lucy: the island I love most is Gulangyu in Xiamen"),
            "weak": doc("weak", "an island far away")}
    dense = [("dense", 0.72), ("lex", 0.55), ("weak", 0.5)]
    sparse = [("lex", 6.0), ("weak", 1.0)]
    q = "what island did Lucy love in Xiamen"
    opened = select(docs, dense, sparse, q, now=NOW, features=OPEN)
    assert set(opened.ids) == {"dense", "lex"}        # weak: dense-only evidence below 0.7
    default = select(docs, dense, sparse, q, now=NOW)  # the default cuts before fusion
    assert default.ids == ["dense"]


def test_open_pool_a_name_alone_is_not_lexical_evidence():
    docs = {"a": doc("a", "Lucy: good morning"), "b": doc("b", "Lucy: I love that island, Gulangyu")}
    sparse = [("b", 5.0), ("a", 4.0)]           # "a" scores high on the name only
    out = select(docs, [("a", 0.5), ("b", 0.5)], sparse, "Lucy: which island did I love?",
                 now=NOW, features=OPEN)
    assert out.ids == ["b"]


def test_only_dense_evidence_still_needs_agent_zeros_threshold():
    docs = {"a": doc("a", "alpha"), "b": doc("b", "beta")}
    out = select(docs, [("a", 0.69), ("b", 0.3)], [], "gamma", now=NOW)
    assert out.ids == [] and out.below_threshold == 2


def test_a_memory_dated_in_the_named_day_is_shown():
    from festinger.core.temporal import time_window

    docs = {"may2": doc("may2", "a friend is moving to another city",
                        created_at="2023-05-02T19:00:00+00:00"),
            "may4": doc("may4", "my boss gave me an important task, feeling upset",
                        created_at="2023-05-04T19:00:00+00:00")}
    dense = [("may4", 0.74), ("may2", 0.52)]
    q = "On May 2nd, I was very upset. What caused my distress?"
    out = select(docs, dense, [("may4", 2.0)], q, now=NOW, window=time_window(q, NOW))
    # shown although below the threshold and sharing no word; may4 keeps its place, with
    # dense and lexical evidence both
    assert out.ids == ["may4", "may2"]
    without = select(docs, dense, [("may4", 2.0)], q, now=NOW,
                     window=time_window(q, NOW), features=Features(temporal=False))
    assert "may2" not in without.ids


def test_a_deprecated_memory_in_the_window_stays_out():
    from festinger.core.temporal import time_window

    docs = {"old": doc("old", "keys rotate every 30 days", validity="deprecated",
                       created_at="2023-05-02T10:00:00+00:00")}
    q = "what did we set on May 2nd"
    out = select(docs, [("old", 0.9)], [("old", 3.0)], q, now=NOW, window=time_window(q, NOW))
    assert out.ids == [] and out.deprecated_dropped == 1


def test_names_weigh_double_in_bm25():
    idx = Bm25Index()
    idx.bulk_load([("emily", "Emily: I watched a movie about a taxi driver"),
                   ("frank", "Frank: I watched a movie and a movie again")])
    q = "Emily: which movie did I watch?"
    assert query_weights(q) == {"emily": 2.0}
    plain = dict(idx.search(q, 2))
    weighted = dict(idx.search(q, 2, query_weights(q)))
    assert weighted["emily"] - plain["emily"] > 0
    assert weighted["frank"] == plain["frank"]


def _store(texts_dates):
    mems = []
    for i, (text, created) in enumerate(texts_dates):
        m = meta(created_at=created)
        m["id"] = f"m{i}"
        mems.append({"id": f"m{i}", "text": text, "metadata": m})
    return build_store(mems, HashEmbeddings())


def test_retrieve_finds_a_dated_memory_the_dense_top_k_missed():
    # 60 memories of other days crowd the dense list; the one of May 2nd shares no word.
    rows = [(f"note {i} about the weather and lunch", f"2023-04-{1 + i // 24:02d}T{i % 24:02d}:00:00+00:00")
            for i in range(60)]
    rows.append(("a friend is moving away to another city", "2023-05-02T19:00:00+00:00"))
    store = _store(rows)
    rs = RecallService(SimpleNamespace(config=FestingerConfig(recall_candidates=5), home=None))
    q = "On May 2nd, what did I tell you about the weather?"
    vec = store.db.embedding_function.embed_query(q)
    limits = Limits(threshold=0.7, memories=5, solutions=3, cap=5, merge_kinds=True)
    out = rs.retrieve(store, vec, q, limits=limits, now=NOW, wait_for_index=True)
    assert "m60" in out.ids
    out = rs.retrieve(store, vec, q, limits=limits, now=NOW, wait_for_index=True,
                      features=Features(temporal=False))
    assert "m60" not in out.ids


def test_conversation_neighbours_join_only_when_switched_on_and_only_next_to_a_shown_hit():
    docs = {"q": doc("q", "Jason: what movie should we see tonight?"),
            "a": doc("a", "AI companion to Jason: The Shawshank Redemption"),
            "x": doc("x", "AI companion to Jason: good luck"),
            "far": doc("far", "Jason: I like sushi")}
    dense = [("q", 0.8), ("far", 0.5)]
    near = {"a": "q", "x": "far"}              # x sits next to a hit that is not shown
    on = select(docs, dense, [], "Jason: which movie did you recommend?", now=NOW,
                neighbours=near, features=Features(neighbours=True))
    assert set(on.ids) == {"q", "a"}
    off = select(docs, dense, [], "Jason: which movie did you recommend?", now=NOW, neighbours=near,
                 features=Features(replies=False))
    assert off.ids == ["q"]
