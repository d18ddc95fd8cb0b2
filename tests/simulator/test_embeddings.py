"""Embeddings: the cheap hash model for tests, and the real offline all-MiniLM-L6-v2."""

from __future__ import annotations

import math

import pytest

from festinger.embeddings import HashEmbeddings, load_embeddings
from festinger_testkit.simulator import SimAgentZero, respond


def cosine(a: list[float], b: list[float]) -> float:
    return sum(x * y for x, y in zip(a, b))


def test_hash_embeddings_are_deterministic_unit_vectors_that_reward_shared_words():
    emb = HashEmbeddings()
    first = emb.embed_query("The API server listens on port 8080")
    assert first == HashEmbeddings().embed_documents(["The API server listens on port 8080"])[0]
    assert len(first) == 384 and math.isclose(math.fsum(x * x for x in first), 1.0, rel_tol=1e-9)
    related = emb.embed_query("which port does the API server listen on")
    unrelated = emb.embed_query("green tea in the morning")
    assert cosine(first, related) > 0.4 > cosine(first, unrelated)
    assert len(emb.embed_query("")) == 384  # no zero vector for empty text


@pytest.mark.model
async def test_minilm_offline_matches_agent_zero_defaults_end_to_end(tmp_path):
    emb = load_embeddings()
    assert load_embeddings() is emb  # loaded once per process
    assert (emb.model_provider, emb.model_name) == ("huggingface", "sentence-transformers/all-MiniLM-L6-v2")
    tea, ask, report = emb.embed_documents([
        "The user's favourite drink is green tea", "What does the user like to drink?",
        "The quarterly stock report is due on Friday"])
    assert len(tea) == 384 and math.isclose(math.fsum(x * x for x in tea), 1.0, rel_tol=1e-5)
    assert cosine(tea, ask) > 0.4 > cosine(ask, report)  # 0.4 cosine == A0's 0.7 relevance

    with SimAgentZero(tmp_path, embeddings=emb, utility_latency=0.05) as sim:
        agent = sim.agent()
        sim.utility.script_fragments("The user's favourite drink is green tea",
                                     "The quarterly stock report is due on Friday")
        await sim.communicate(agent, "Remember: I love green tea", responses=[respond("noted")])
        await sim.drain()
        db = await sim.memory(agent)
        found = await db.search_similarity_threshold("What does the user like to drink?", limit=5, threshold=0.7)
        assert [d.page_content for d in found] == ["The user's favourite drink is green tea"]
        assert '"sentence-transformers/all-MiniLM-L6-v2"' in (sim.memory_dir(agent) / "embedding.json").read_text()

        # Stock recall queries with the JSON-wrapped user message + history: with MiniLM that
        # costs relevance, so this paraphrase misses A0's default 0.7 and is found at 0.6.
        await sim.communicate(sim.agent(), "What is my favourite drink?", responses=[respond("?")])
        assert "memories" not in sim.last_prompt.extras
        sim.settings.update(memory_recall_similarity_threshold=0.6)
        await sim.communicate(sim.agent(), "What is my favourite drink?", responses=[respond("tea")])
        recalled = sim.last_prompt.extras["memories"]
        assert "green tea" in recalled and "stock report" not in recalled
        await sim.drain()
