"""The FAISS memory store: ids, files, cache, scores, filters, live objects, reloads."""

from __future__ import annotations

import pickle
import re
import time

import pytest
from langchain_core.documents import Document
from langchain_core.embeddings import Embeddings

from festinger.embeddings import HashEmbeddings
from festinger_testkit.simulator import SimAgentZero
from festinger_testkit.simulator.memory import files_of
from festinger_testkit.simulator.safe_eval import FilterError, compile_filter, evaluate


class TableEmbeddings(Embeddings):
    """Exact vectors per text, to test score arithmetic (unknown text -> last axis)."""

    model_provider = "test"
    model_name = "table"

    def __init__(self, table: dict[str, list[float]], dim: int = 3) -> None:
        self.table, self.dim = table, dim

    def embed_query(self, text: str) -> list[float]:
        return self.table.get(text, [0.0] * (self.dim - 1) + [1.0])

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return [self.embed_query(t) for t in texts]


async def test_insert_assigns_new_ids_local_timestamp_and_default_area(make_sim):
    sim = make_sim()
    db = await sim.memory(sim.agent())
    before = time.strftime("%Y-%m-%d %H:%M")
    ids = await db.insert_documents([Document("one"), Document("two", metadata={"area": "fragments"})])
    assert len(set(ids)) == 2 and all(re.fullmatch(r"[A-Za-z0-9]{10}", i) for i in ids)
    docs = db.db.get_all_docs()
    assert docs[ids[0]].metadata["area"] == "main" and docs[ids[1]].metadata["area"] == "fragments"
    assert docs[ids[0]].metadata["id"] == ids[0]
    assert docs[ids[0]].metadata["timestamp"][:16] in (before, time.strftime("%Y-%m-%d %H:%M"))

    kept = docs[ids[0]]
    kept.metadata["custom"] = {"nested": [1, 2]}
    assert await db.update_documents([kept]) == [ids[0]]
    assert db.db.get_all_docs()[ids[0]].metadata["custom"] == {"nested": [1, 2]}


async def test_every_insert_and_delete_rewrites_the_index_files(make_sim):
    sim = make_sim()
    agent = sim.agent()
    db = await sim.memory(agent)
    folder = sim.memory_dir(agent)
    created = files_of(folder)
    assert set(created) == {"index.faiss", "index.pkl", "embedding.json"}

    time.sleep(0.01)
    first = await db.insert_text("alpha memory", {"area": "main"})
    after_insert = files_of(folder)
    assert after_insert["index.faiss"] > created["index.faiss"]
    assert after_insert["index.pkl"] > created["index.pkl"]
    assert after_insert["embedding.json"] == created["embedding.json"]  # written at creation only
    with open(folder / "index.pkl", "rb") as fh:
        docstore, _mapping = pickle.load(fh)
    assert first in docstore._dict

    time.sleep(0.01)
    removed = await db.delete_documents_by_ids([first, "not-an-id"])
    assert [d.metadata["id"] for d in removed] == [first]
    assert files_of(folder)["index.pkl"] > after_insert["index.pkl"]
    with open(folder / "index.pkl", "rb") as fh:
        docstore, _mapping = pickle.load(fh)
    assert first not in docstore._dict


async def test_index_is_cached_per_subdir_and_projects_get_their_own_folder(make_sim):
    sim = make_sim()
    a, b = sim.agent(), sim.agent(profile="developer")
    mem_a, mem_b = await sim.memory(a), await sim.memory(b)
    assert mem_a is not mem_b and mem_a.db is mem_b.db  # thin wrappers over one class-level index
    assert set(sim.Memory.index) == {"default"}

    project_agent = sim.agent(project="acme")
    mem_p = await sim.memory(project_agent)
    assert mem_p.memory_subdir == "projects/acme" and mem_p.db is not mem_a.db
    assert sim.memory_dir(project_agent) == sim.root / "usr" / "projects" / "acme" / ".a0proj" / "memory"


async def test_relevance_is_one_plus_cosine_over_two(make_sim):
    # cosine 0.41 -> relevance 0.705 (kept at A0's 0.7); cosine 0.39 -> 0.695 (dropped)
    table = {
        "query": [1.0, 0.0, 0.0],
        "close": [0.41, (1 - 0.41 ** 2) ** 0.5, 0.0],
        "far": [0.39, (1 - 0.39 ** 2) ** 0.5, 0.0],
    }
    sim = make_sim(embeddings=TableEmbeddings(table))
    db = await sim.memory(sim.agent())
    await db.insert_text("close")
    await db.insert_text("far")
    found = await db.search_similarity_threshold("query", limit=5, threshold=0.7)
    assert [d.page_content for d in found] == ["close"]
    assert not isinstance(found[0], tuple)  # plain Documents, no scores
    scored = await db.db.asimilarity_search_with_relevance_scores("query", k=5)
    assert [round(s, 3) for _, s in scored] == [0.705, 0.695]


async def test_with_a_filter_only_the_20_nearest_are_considered(make_sim):
    table = {"query": [1.0, 0.0, 0.0]}
    for i in range(25):
        table[f"near {i}"] = [0.99, (1 - 0.99 ** 2) ** 0.5, 0.0]
    table["distant solution"] = [0.5, (1 - 0.25) ** 0.5, 0.0]
    sim = make_sim(embeddings=TableEmbeddings(table))
    db = await sim.memory(sim.agent())
    for i in range(25):
        await db.insert_text(f"near {i}", {"area": "main"})
    await db.insert_text("distant solution", {"area": "solutions"})

    filtered = await db.search_similarity_threshold("query", limit=5, threshold=0.0, filter="area == 'solutions'")
    assert filtered == []  # rank 26 is outside fetch_k=20, although it passes filter and threshold
    unfiltered = await db.search_similarity_threshold("query", limit=30, threshold=0.0)
    assert "distant solution" in [d.page_content for d in unfiltered]


async def test_search_results_are_the_live_store_objects(make_sim):
    sim = make_sim()
    db = await sim.memory(sim.agent())
    doc_id = await db.insert_text("server runs on port 8080", {"area": "main"})
    [hit] = await db.search_similarity_threshold("server port 8080", limit=1, threshold=0.5)
    hit.metadata["classification"] = {"validity": "deprecated"}
    assert db.db.get_all_docs()[doc_id].metadata["classification"] == {"validity": "deprecated"}


async def test_nested_metadata_survives_save_and_reload(tmp_path):
    meta = {"area": "main", "lineage": {"supersedes": ["a", "b"], "access_count": 3},
            "classification": {"validity": "current", "source": "user_asserted"}}
    with SimAgentZero(tmp_path, embeddings=HashEmbeddings()) as sim:
        db = await sim.memory(sim.agent())
        doc_id = await db.insert_text("the config file is empty", dict(meta))
    with SimAgentZero(tmp_path, embeddings=HashEmbeddings()) as sim2:  # new process-level cache
        reloaded = (await sim2.memory(sim2.agent())).db.get_all_docs()[doc_id]
    assert reloaded.page_content == "the config file is empty"
    assert {k: reloaded.metadata[k] for k in meta} == meta


async def test_changed_embedding_model_rebuilds_the_index_keeping_documents(tmp_path):
    with SimAgentZero(tmp_path, embeddings=HashEmbeddings(384)) as sim:
        db = await sim.memory(sim.agent())
        doc_id = await db.insert_text("keep me", {"area": "main", "x": 1})
    with SimAgentZero(tmp_path, embeddings=HashEmbeddings(64)) as sim2:
        db2 = await sim2.memory(sim2.agent())
        assert db2.db.index.d == 64
        assert db2.db.get_all_docs()[doc_id].metadata["x"] == 1
        assert '"hash-64"' in (sim2.memory_dir(sim2.agent()) / "embedding.json").read_text()


def test_filter_expressions_match_simpleeval_semantics():
    meta = {"area": "fragments", "n": 3, "tags": ["a", "b"], "lineage": {"bst_domain": "codegen"}}
    assert compile_filter("area == 'main' or area == 'fragments'")(meta)
    assert compile_filter("area=='fragments' and n >= 3 and 'a' in tags")(meta)
    assert compile_filter("lineage['bst_domain'] == 'codegen'")(meta)
    assert compile_filter("lineage.bst_domain == 'codegen'")(meta)  # attribute falls back to key
    assert not compile_filter("missing == 1")(meta)  # unknown name: no match, no exception
    assert not compile_filter("area ==")(meta)  # syntax error: no match
    assert not compile_filter("__import__('os')")(meta)
    with pytest.raises(FilterError):
        evaluate("().__class__", {})
    assert evaluate("int('4') + 1 if n else 0", {"n": 1}) == 5
