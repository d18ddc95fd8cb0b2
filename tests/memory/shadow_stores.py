"""Real langchain FAISS stores (Agent Zero's layout: IndexFlatIP, cosine relevance) over
vectors shaped like all-MiniLM-L6-v2's, for the vector shadow's tests.

Why synthetic: embedding tens of thousands of texts with the real model takes minutes. What
matters to the shadow is the shape, which these copy: unit vectors, a direction every text
shares (MiniLM's unrelated texts still score cosine ~0.1-0.2), topics with close paraphrases,
and exact duplicates (the same memory saved twice: equal scores, so ties are exercised).
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np

DIM = 384


def unit(rows: np.ndarray) -> np.ndarray:
    rows = np.asarray(rows, dtype=np.float32)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def random_vectors(n: int, seed: int = 0) -> np.ndarray:
    return unit(np.random.default_rng(seed).standard_normal((n, DIM)))


def minilm_like(n: int, seed: int = 0, topics: int = 150, dup_every: int = 40) -> np.ndarray:
    """Clustered unit vectors: shared direction + topic + paraphrase noise, some duplicated."""
    rng = np.random.default_rng(seed)
    shared = rng.standard_normal(DIM)
    centres = rng.standard_normal((topics, DIM))
    topic = rng.integers(0, topics, n)
    rows = 0.5 * shared / np.sqrt(DIM) * 8 + centres[topic] + 0.9 * rng.standard_normal((n, DIM))
    rows = unit(rows)
    dups = np.arange(dup_every, n, dup_every)
    rows[dups] = rows[dups - dup_every // 2]  # exact copies of earlier memories
    return rows


class _NoEmbeddings:
    """The store's embedder is never called: every test passes vectors."""

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        raise AssertionError("embedding not expected")

    def embed_query(self, text: str) -> list[float]:
        raise AssertionError("embedding not expected")


def relevance(score: float) -> float:
    return max(0.0, min(1.0, (1.0 + score) / 2.0))


def store(vectors: np.ndarray, prefix: str = "m") -> Any:
    """A langchain FAISS store holding ``vectors`` as memories ``<prefix><i>``."""
    import faiss
    from langchain_community.docstore.in_memory import InMemoryDocstore
    from langchain_community.vectorstores import FAISS
    from langchain_community.vectorstores.utils import DistanceStrategy
    from langchain_core.documents import Document

    index = faiss.IndexFlatIP(vectors.shape[1])
    index.add(np.ascontiguousarray(vectors, dtype=np.float32))
    ids = [f"{prefix}{i}" for i in range(len(vectors))]
    docs = {i: Document(f"memory {i}", metadata={"id": i}) for i in ids}
    return FAISS(embedding_function=_NoEmbeddings(), index=index, docstore=InMemoryDocstore(docs),
                 index_to_docstore_id=dict(enumerate(ids)), distance_strategy=DistanceStrategy.COSINE,
                 relevance_score_fn=relevance)


def append(db: Any, vectors: np.ndarray, prefix: str) -> list[str]:
    """Add memories the way Agent Zero's insert does (langchain ``add_embeddings``)."""
    ids = [f"{prefix}{i}" for i in range(len(vectors))]
    db.add_embeddings([(f"memory {i}", v.tolist()) for i, v in zip(ids, vectors)],
                      metadatas=[{"id": i} for i in ids], ids=ids)
    return ids


def reload(db: Any, folder: str) -> Any:
    """Save and load the folder, as Agent Zero's reload does: a new FAISS object."""
    from langchain_community.vectorstores import FAISS
    from langchain_community.vectorstores.utils import DistanceStrategy

    db.save_local(folder)
    return FAISS.load_local(folder, _NoEmbeddings(), allow_dangerous_deserialization=True,
                            distance_strategy=DistanceStrategy.COSINE, relevance_score_fn=relevance)


def neighbours(db: Any, query: np.ndarray, n: int, shadow: Optional[Any] = None) -> list[tuple[str, float]]:
    """(id, relevance) of the n nearest, through the pack's own ``nearest``."""
    from festinger.a0.faiss_store import nearest

    return [(i, s) for i, _, s in nearest(db, np.asarray(query, dtype=np.float32).reshape(1, -1), n, shadow)]
