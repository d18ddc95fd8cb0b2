"""The conflict check's 8-bit shadow gives exactly the exact scan's neighbours: on random and
clustered MiniLM-like stores, after appends, deletes and reloads, part-built, with outliers,
and it steps aside (the exact scan answers) whenever it cannot prove its answer."""

from __future__ import annotations

import numpy as np
import pytest

from festinger.a0 import vector_shadow
from festinger.a0.shortlist import RowErrors, certified, error_bound, query_codes, top_n
from festinger.a0.vector_shadow import VectorShadow
from tests.memory.shadow_stores import append, minilm_like, neighbours, random_vectors, reload, store, unit

N = 21  # what the conflict check asks for with the default conflict_top_k (4 x 5 + 1)


def small_shadow(**kw) -> VectorShadow:
    """The shadow with a threshold low enough for quick stores (default: 20k rows)."""
    kw.setdefault("min_rows", 1000)
    return VectorShadow(**kw)


def assert_same(db, shadow, queries, n=N, min_certified=0.9):
    before = shadow.stats.shortlist
    for q in queries:
        assert neighbours(db, q, n, shadow) == neighbours(db, q, n)
    answered = shadow.stats.shortlist - before
    assert answered >= min_certified * len(queries), shadow.stats


def queries_of(vectors, k=40, seed=1):
    """The conflict check's queries are stored memories' own vectors; plus unseen ones."""
    rng = np.random.default_rng(seed)
    rows = vectors[rng.choice(len(vectors), k // 2, replace=False)]
    fresh = unit(rows + 0.3 * rng.standard_normal(rows.shape).astype(np.float32) / np.sqrt(rows.shape[1]))
    return list(rows) + list(fresh)


# -- the pure parts --------------------------------------------------------------------

def test_top_n_orders_by_score_then_position_and_ranks_nan_last():
    scores = np.array([0.5, 0.9, 0.5, 0.9, 0.1, 0.5], dtype=np.float32)
    assert top_n(scores, 4).tolist() == [1, 3, 0, 2]   # the tie at 0.5 goes to the lower positions
    assert top_n(scores, 10).tolist() == [1, 3, 0, 2, 5, 4]
    assert top_n(np.array([np.nan, 0.2, 0.3]), 2).tolist() == [2, 1]
    assert top_n(scores, 0).size == 0


def test_the_bound_holds_for_every_row_of_a_store():
    vectors = minilm_like(5000, seed=3)
    shadow = small_shadow()
    db = store(vectors)
    shadow.search(db, vectors[:1], N)
    codes = np.clip(np.rint(vectors * shadow._scale), -127, 127).astype(np.float64)
    for q in queries_of(vectors, 20):
        qc, t, err = query_codes(q, shadow._scale)
        approx = codes @ qc / t
        exact = vectors.astype(np.float64) @ q.astype(np.float64)
        bound = error_bound(q, err, shadow._errors)
        assert np.abs(approx - exact).max() <= bound < 0.05


def test_certificate_is_strict_and_refuses_nan():
    assert certified(0.8, 0.7, 0.05) and not certified(0.75, 0.7, 0.05)
    assert not certified(float("nan"), 0.1, 0.0) and not certified(0.9, float("nan"), 0.0)
    assert query_codes(np.zeros(4, dtype=np.float32), np.ones(4, dtype=np.float32))[1] == 0.0
    assert RowErrors(np.ones(3, dtype=np.float32)).abs_max == 127.5


# -- same neighbours as the exact scan ---------------------------------------------------

@pytest.mark.parametrize("make", [random_vectors, minilm_like], ids=["random", "clustered"])
def test_same_neighbours_as_the_exact_scan(make):
    vectors = make(6000, seed=5)
    db, shadow = store(vectors), small_shadow()
    assert_same(db, shadow, queries_of(vectors))
    assert neighbours(db, vectors[40], 5, shadow)[0][0] in ("m20", "m40")  # duplicates tie: lower first


def test_a_default_shadow_on_a_store_of_twenty_thousand_and_more():
    vectors = minilm_like(24_000, seed=7)
    db, shadow = store(vectors), VectorShadow()
    assert_same(db, shadow, queries_of(vectors, 20), min_certified=0.5)  # the first calls build it
    assert shadow.covered == 24_000 and shadow.stats.shortlist >= 15


def test_appended_memories_extend_the_shadow_and_are_found():
    vectors = minilm_like(6000, seed=9)
    db, shadow = store(vectors), small_shadow()
    assert_same(db, shadow, queries_of(vectors, 10))
    for round_ in range(3):
        new = minilm_like(300, seed=100 + round_)
        append(db, new, f"a{round_}-")
        assert_same(db, shadow, queries_of(new, 10))
        assert neighbours(db, new[7], 1, shadow)[0][0] == f"a{round_}-7"
    assert shadow.stats.rebuilds == 0 and shadow.covered == 6900


def test_a_part_built_shadow_scores_the_rest_exactly():
    vectors = minilm_like(6000, seed=11)
    db, shadow = store(vectors), small_shadow(rows_per_call=1500)
    for i, q in enumerate(queries_of(vectors, 8)):
        assert neighbours(db, q, N, shadow) == neighbours(db, q, N)
        assert shadow.covered == min(6000, 1500 * (i + 1))
    assert shadow.stats.shortlist >= 4


def test_a_delete_rebuilds_and_never_returns_a_deleted_memory():
    vectors = minilm_like(6000, seed=13)
    db, shadow = store(vectors), small_shadow()
    assert_same(db, shadow, queries_of(vectors, 6))
    gone = {f"m{i}" for i in range(0, 6000, 7)}
    db.delete(list(gone))
    for q in queries_of(vectors, 10):
        found = neighbours(db, q, N, shadow)
        assert found == neighbours(db, q, N) and not gone & {i for i, _ in found}
    assert shadow.stats.rebuilds == 1


def test_a_delete_then_as_many_inserts_is_noticed():
    """Same row count after delete + insert: positions moved all the same."""
    vectors = minilm_like(6000, seed=15)
    db, shadow = store(vectors), small_shadow()
    assert_same(db, shadow, queries_of(vectors, 4))
    db.delete(["m3", "m4000"])
    append(db, minilm_like(2, seed=16), "b")
    assert db.index.ntotal == 6000
    assert_same(db, shadow, queries_of(vectors, 10))
    assert shadow.stats.rebuilds == 1


def test_a_writer_bypassing_langchain_is_caught_by_the_spot_check():
    """Rows compacted under the same ``index_to_docstore_id`` dict (no langchain delete)."""
    vectors = minilm_like(6000, seed=17)
    db, shadow = store(vectors), small_shadow()
    assert_same(db, shadow, queries_of(vectors, 4))
    db.index.remove_ids(np.array([10], dtype=np.int64))
    db.index.add(minilm_like(1, seed=18))
    mapping = db.index_to_docstore_id
    moved = [mapping[p] for p in range(6000) if p != 10] + ["x0"]
    mapping.update(enumerate(moved))
    db.docstore._dict["x0"] = db.docstore._dict.pop("m10")
    assert_same(db, shadow, queries_of(vectors, 6))
    assert shadow.stats.rebuilds == 1


def test_a_reload_rebuilds_from_the_new_store(tmp_path):
    vectors = minilm_like(6000, seed=19)
    db, shadow = store(vectors), small_shadow()
    assert_same(db, shadow, queries_of(vectors, 4))
    db.delete(["m1", "m2"])
    fresh = reload(db, str(tmp_path / "store"))
    assert_same(fresh, shadow, queries_of(vectors, 10))
    assert shadow.stats.rebuilds == 1


def test_outliers_are_scored_exactly_and_many_of_them_redo_the_scale():
    vectors = minilm_like(6000, seed=21)
    db, shadow = store(vectors), small_shadow()
    assert_same(db, shadow, queries_of(vectors, 4))
    spiky = minilm_like(5, seed=22)
    spiky[:, 3] = 0.9  # far outside dimension 3's range: clamping would widen every bound
    append(db, unit(spiky), "s")
    assert_same(db, shadow, queries_of(unit(spiky), 4) + queries_of(vectors, 4))
    assert len(shadow._outliers) == 5 and shadow.stats.rebuilds == 0
    assert neighbours(db, unit(spiky)[2], 1, shadow)[0][0] == "s2"
    many = minilm_like(1100, seed=23)
    many[:, 5] = -0.9
    append(db, unit(many), "t")
    assert_same(db, shadow, queries_of(unit(many), 6), min_certified=0)  # 1100 alike: may not certify
    assert_same(db, shadow, queries_of(vectors, 6))
    assert shadow.stats.rebuilds == 1 and shadow._outliers == []  # a new scale takes them in


# -- where the exact scan answers ----------------------------------------------------------

def test_the_exact_scan_answers_where_the_shadow_cannot():
    vectors = minilm_like(3000, seed=25)
    db = store(vectors)
    q = vectors[:1]
    assert VectorShadow().search(db, q, N) is None                      # under 20k memories
    assert small_shadow().search(db, q.astype(np.float64), N) is None  # not the store's dtype
    assert small_shadow(widen=1000).search(db, q, N) is None            # shortlist > the store
    db.index = _hnsw(vectors)
    assert small_shadow().search(db, q, N) is None                      # not a flat index


def test_many_equal_neighbours_cannot_be_certified_and_fall_back():
    vectors = minilm_like(4000, seed=27)
    vectors[100:900] = vectors[50]  # 800 copies of one memory: the shortlist cannot tell them apart
    db, shadow = store(vectors), small_shadow()
    assert neighbours(db, vectors[50], N, shadow) == neighbours(db, vectors[50], N)
    assert shadow.stats.uncertified == 1 and shadow.stats.shortlist == 0


def test_a_faiss_whose_scan_is_not_exact_integer_arithmetic_gets_no_shadow(monkeypatch):
    monkeypatch.setitem(vector_shadow._integer_scan_ok, 384, False)
    vectors = minilm_like(3000, seed=29)
    shadow = small_shadow()
    assert shadow.search(store(vectors), vectors[:1], N) is None and shadow.covered == 0
    assert vector_shadow._exact_integer_scan(384 + 16) is True  # this FAISS: exact


def test_a_store_shrinking_below_the_threshold_frees_the_shadow():
    vectors = minilm_like(3000, seed=31)
    db, shadow = store(vectors), small_shadow(min_rows=2500)
    assert_same(db, shadow, queries_of(vectors, 4))
    db.delete([f"m{i}" for i in range(600)])
    assert neighbours(db, vectors[700], N, shadow) == neighbours(db, vectors[700], N)
    assert shadow.covered == 0 and shadow._codes is None


def _hnsw(vectors):
    import faiss

    index = faiss.IndexHNSWFlat(vectors.shape[1], 8, faiss.METRIC_INNER_PRODUCT)
    index.add(vectors)
    return index
