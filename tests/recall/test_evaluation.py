"""The shipped recall benchmark: reproducible, labelled as promised, and scored correctly."""

from __future__ import annotations

from collections import Counter

from festinger.embeddings import HashEmbeddings
from festinger_testkit.recall_eval import data as eval_data
from festinger_testkit.recall_eval.evaluation import Scores, evaluate, markdown_table


def test_generator_reproduces_the_shipped_file(tmp_path):
    out = eval_data.write(tmp_path / "again.jsonl")
    assert out.read_bytes() == eval_data.DATA_FILE.read_bytes()


def test_benchmark_has_the_promised_shape():
    memories, queries = eval_data.load()
    assert len(memories) >= 500 and len(queries) >= 200
    kinds = Counter(q["kind"] for q in queries)
    assert kinds["paraphrase"] >= 50 and kinds["identifier"] >= 50 and kinds["superseded"] >= 50
    by_id = {m["id"]: m for m in memories}
    for q in queries:
        assert q["answers"] and all(a in by_id for a in q["answers"])
        for a in q["answers"]:
            assert by_id[a]["metadata"]["classification"]["validity"] != "deprecated"
        for s in q["stale"]:
            meta = by_id[s]["metadata"]
            assert meta["classification"]["validity"] == "deprecated"
            assert meta["lineage"]["superseded_by"] in q["answers"]
    identifiers = [q for q in queries if q["kind"] == "identifier"]
    assert any("." in q["text"] and "-" in q["text"] for q in identifiers)          # hostnames
    assert any(any(ch.isdigit() for ch in q["text"]) for q in identifiers)          # versions, ports


def test_scores_arithmetic():
    s = Scores("x")
    s.add("paraphrase", ["a", "b", "c"], ["b"], [])
    s.add("superseded", ["old", "new"], ["new"], ["old"])
    s.add("identifier", ["z"], ["y"], [])
    assert s.n == 3 and s.hits == 2
    assert abs(s.mrr - (0.5 + 0.5 + 0) / 3) < 1e-12
    assert s.stale_rate == 1.0 and s.kind_recall("identifier") == 0.0


def test_evaluation_runs_end_to_end_and_the_pack_never_serves_a_stale_fact():
    # HashEmbeddings keep this fast; the README figures use all-MiniLM-L6-v2.
    results = evaluate(limit_queries=60, embeddings=HashEmbeddings())
    names = [r.name for r in results]
    assert names[0].startswith("stock") and names[-1].startswith("pack (")
    for r in results[1:]:
        assert r.stale_served == 0
    assert all(r.n == 60 for r in results)
    table = markdown_table(results, 582)
    assert table.splitlines()[0].startswith("| recall | recall@5 | MRR | stale-fact rate")
