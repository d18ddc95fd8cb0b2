"""The optional cross-encoder: loaded from a local folder, and recall survives a bad path."""

from __future__ import annotations

import os
from types import SimpleNamespace

import pytest

from festinger.config import FestingerConfig
from festinger.recall.pipeline import Limits
from festinger.recall.service import CrossEncoderReranker, RecallService


@pytest.fixture(scope="module")
def tiny_cross_encoder(tmp_path_factory):
    """A 1-layer BERT cross-encoder with MiniLM's tokenizer (random weights, made offline)."""
    os.environ["HF_HUB_OFFLINE"] = "1"
    from transformers import AutoTokenizer, BertConfig, BertForSequenceClassification

    from festinger.embeddings import minilm_model_path

    folder = tmp_path_factory.mktemp("tiny-ce")
    tok = AutoTokenizer.from_pretrained(minilm_model_path())
    cfg = BertConfig(vocab_size=tok.vocab_size, hidden_size=32, num_hidden_layers=1,
                     num_attention_heads=2, intermediate_size=64, num_labels=1)
    BertForSequenceClassification(cfg).save_pretrained(folder)
    tok.save_pretrained(folder)
    return str(folder)


def _store():
    from festinger_testkit.bench.recall import synthetic_store

    return synthetic_store(300, seed=3)


def _service(path):
    return RecallService(SimpleNamespace(config=FestingerConfig(rerank_model_path=path), home=None))


@pytest.mark.model
def test_configured_cross_encoder_reranks_the_head(tiny_cross_encoder):
    store, vectors = _store()
    rs = _service(tiny_cross_encoder)
    assert isinstance(rs.reranker(), CrossEncoderReranker)
    calls = []
    real = rs._reranker

    def spy(query, texts):
        calls.append(len(texts))
        return real(query, texts)

    rs._reranker = spy
    rs._reranker_path = tiny_cross_encoder
    out = rs.retrieve(store, vectors[5].tolist(), "user: deploy host", limits=Limits(threshold=0.6),
                      wait_for_index=True)
    assert calls and out.ids
    assert all(0.0 <= i.score <= 1.0 for i in out.items)  # blended, normalised scores


def test_bad_rerank_path_leaves_recall_working(tmp_path):
    store, vectors = _store()
    rs = _service(str(tmp_path / "missing-model"))
    assert rs.reranker() is None and rs._reranker_failed
    out = rs.retrieve(store, vectors[5].tolist(), "user: deploy host", limits=Limits(threshold=0.6))
    assert out.ids
