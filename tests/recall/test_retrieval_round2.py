"""Issue 17, second round: stemmed BM25 and the person list (kept), replies to matched
questions and pseudo-relevance feedback (measured, off by default)."""

from __future__ import annotations

from types import SimpleNamespace

from festinger.core.query_fields import person_pattern
from festinger.recall.bm25_index import Bm25Index, StoreIndexes
from festinger.recall.bm25_tokens import stemmed_terms
from festinger.recall.feedback import expansion_weights, merged_weights
from festinger.recall.pipeline import Features, select
from festinger.recall.time_index import TimeIndexes

from .helpers import meta
from .test_retrieval_candidates import NOW, doc


def test_stemmed_bm25_finds_another_form_of_the_asked_word():
    texts = [("rec", "AI companion to Henry: I recommend some classic books, such as 1984"),
             ("other", "Henry: I went to the library today")]
    plain, stemmed = Bm25Index(), Bm25Index(terms=stemmed_terms)
    plain.bulk_load(texts)
    stemmed.bulk_load(texts)
    q = "which book recommendations did you give me"
    assert "rec" not in dict(plain.search(q, 2))
    assert stemmed.search(q, 2)[0][0] == "rec"


def test_identifiers_numbers_and_short_words_are_not_stemmed():
    toks = stemmed_terms("Running db-prod-07.internal on Python 3.11.4 with bus")
    assert "db-prod-07.internal" in toks and "3.11.4" in toks and "07" in toks
    assert "run" in toks and "bus" in toks and "python" in toks


def test_person_pattern_names_people_not_products_or_acronyms():
    assert person_pattern("Which project depends on Kafka 3.1.29?") is None
    assert person_pattern("How often do the thumbnails API keys get rotated?") is None
    assert person_pattern("Emily: what painters did you recommend?").pattern == r"\b(?:emily)\b"
    pat = person_pattern("What did Caroline research with Melanie?")
    assert pat.search("caroline: researching adoption agencies")
    assert not pat.search("carolines")           # whole words only
    assert person_pattern("what did we talk about yesterday?") is None


def test_a_memory_about_the_named_person_outranks_one_about_someone_else():
    docs = {"other": doc("other", "AI companion to Emily: what movie did you see?"),
            "own": doc("own", "AI companion to Jason: The Shawshank Redemption is a good choice")}
    dense = [("other", 0.80), ("own", 0.76)]
    q = "Jason: Which movie did you recommend to me?"
    assert select(docs, dense, [], q, now=NOW).ids == ["own", "other"]
    off = select(docs, dense, [], q, now=NOW, features=Features(person_list=False))
    assert off.ids == ["other", "own"]


def test_events_keep_both_the_stemmed_and_the_plain_index_current():
    docs = {"a": SimpleNamespace(page_content="redis timeouts", metadata={"id": "a"})}
    memory = SimpleNamespace(db=object(), memory_subdir="default")
    indexes = StoreIndexes()
    stemmed, plain = indexes.get(memory, docs), indexes.get(memory, docs, stemmed=False)
    assert stemmed is not plain
    docs["b"] = SimpleNamespace(page_content="nginx restarted", metadata={"id": "b"})
    indexes.on_event(SimpleNamespace(kind="insert", memory=memory, ids=("b",), docs=(docs["b"],)))
    assert stemmed.search("restart", 1)[0][0] == "b"
    assert plain.search("restarted", 1)[0][0] == "b" and plain.search("restart", 1) == []
    assert indexes.reconciles == 0


def _dated(doc_id, text, created_at):
    m = meta(created_at=created_at)
    m["id"] = doc_id
    return SimpleNamespace(page_content=text, metadata=m)


def test_the_reply_is_the_later_turn_sharing_most_with_the_question():
    # two conversations written at the same minutes into one store
    docs = {d.metadata["id"]: d for d in [
        _dated("jq", "Jason: Which movie should I watch tonight?", "2023-05-04T19:00:00+00:00"),
        _dated("eq", "Emily: Any good painters?", "2023-05-04T19:00:00+00:00"),
        _dated("ea", "AI companion to Emily: Try Leonardo and Monet", "2023-05-04T19:01:00+00:00"),
        _dated("ja", "AI companion to Jason: The Shawshank Redemption, a movie about hope",
               "2023-05-04T19:01:00+00:00"),
        _dated("late", "Jason: a movie tonight again", "2023-05-04T19:09:00+00:00"),
        _dated("stmt", "Jason: I like movies", "2023-05-04T18:59:00+00:00")]}
    index = Bm25Index(terms=stemmed_terms)
    index.bulk_load((i, d.page_content) for i, d in docs.items())
    memory = SimpleNamespace(db=SimpleNamespace(), memory_subdir="m")
    found = TimeIndexes().replies(memory, docs, ["jq", "eq", "stmt"], 120.0, index.overlap)
    assert found == {"ja": "jq", "ea": "eq"}     # "stmt" asks nothing; "late" is too late


def test_a_reply_is_shown_right_after_its_question_when_switched_on():
    docs = {"q": doc("q", "Jason: what movie should we see tonight?"),
            "x": doc("x", "Jason: movies are my hobby"),
            "a": doc("a", "AI companion to Jason: The Shawshank Redemption")}
    dense = [("q", 0.85), ("x", 0.80), ("a", 0.71)]
    q = "Jason: which movie did you recommend?"
    on = select(docs, dense, [], q, now=NOW, neighbours={"a": "q"}, features=Features(replies=True))
    assert on.ids == ["q", "a", "x"]
    assert select(docs, dense, [], q, now=NOW, neighbours={"a": "q"}).ids == ["q", "x", "a"]


def test_feedback_expands_with_what_the_top_memories_share():
    texts = ["AI companion to Sunny: the comedy Crazy Alien", "Sunny: a comedy with aliens"]
    idf = {"comedi": 2.0, "alien": 3.0, "crazi": 3.0, "ai": 0.1, "companion": 0.1, "sunni": 1.0}
    extra = expansion_weights(texts, ["movi", "sunni"], stemmed_terms, lambda t: idf.get(t, 0.0))
    assert "sunni" not in extra and max(extra.values()) == 0.5
    assert max(extra, key=extra.get) == "alien" and extra["alien"] > extra["ai"]
    tokens, weights = merged_weights(["movi", "sunni"], {"sunni": 2.0}, extra)
    assert tokens[:2] == ["movi", "sunni"] and weights["sunni"] == 2.0 and weights["movi"] == 1.0


def test_recall_scans_on_one_faiss_thread_and_leaves_the_count_as_it_was():
    import faiss

    from festinger.a0.faiss_store import dense_search, one_faiss_thread
    from festinger.embeddings import HashEmbeddings
    from festinger_testkit.recall_eval.evaluation import build_store

    store = build_store([{"id": f"m{i}", "text": f"note {i}", "metadata": {"id": f"m{i}"}}
                         for i in range(20)], HashEmbeddings())
    original = faiss.omp_get_max_threads()
    faiss.omp_set_num_threads(2)
    try:
        with one_faiss_thread():
            assert faiss.omp_get_max_threads() == 1
        vec = store.db.embedding_function.embed_query("note 3")
        assert dense_search(store.db, vec, 3)[0][0] == "m3"
        assert faiss.omp_get_max_threads() == 2    # Agent Zero's own scans keep their threads
    finally:
        faiss.omp_set_num_threads(original)
