"""festinger backfill / classify / contradiction: the commands a user runs by hand."""

from __future__ import annotations

import json
import os
from pathlib import Path

import faiss
import pytest
from langchain_community.docstore.in_memory import InMemoryDocstore
from langchain_community.vectorstores import FAISS
from langchain_community.vectorstores.utils import DistanceStrategy
from langchain_core.documents import Document

from festinger.cli import main
from festinger.config import FestingerConfig
from festinger.core.classification import ClassifierSettings
from festinger.core.metadata import read_classification
from festinger.memory.backfill import backfill_folder
from festinger.memory.folder_store import FolderError, FolderStore

SETTINGS = ClassifierSettings.from_config(FestingerConfig())

DOCS = [
    ("f1", "The build uses make and gcc 13", {"area": "fragments"}),
    ("f2", "Deployments must go through staging first", {"area": "fragments"}),
    ("s1", "# Problem\n tests flaky\n# Solution\n pin pytest", {"area": "solutions"}),
    ("k1", "Agent Zero keeps memories in usr/memory", {"area": "main", "knowledge_source": True,
                                                     "source_file": "a0.md"}),
    ("u1", "Release notes are at https://example.com/notes", {"area": "main"}),
    ("e1", "   ", {"area": "main"}),
    ("w1", "Old tool note", {"area": "main", "classification": "confirmed"}),
    ("c1", "Already classified", {"area": "main", "classification": {
        "validity": "inferred", "relevance": "active", "utility": "tactical", "source": "agent_inferred"}}),
]


def make_folder(path: Path, embeddings, docs=DOCS) -> Path:
    db = FAISS(embedding_function=embeddings, index=faiss.IndexFlatIP(embeddings.dim),
               docstore=InMemoryDocstore(), index_to_docstore_id={},
               distance_strategy=DistanceStrategy.COSINE)
    db.add_documents([Document(text, metadata={**meta, "id": i, "timestamp": "2024-05-01 10:00:00"})
                      for i, text, meta in docs], ids=[i for i, _, _ in docs])
    path.mkdir(parents=True, exist_ok=True)
    db.save_local(str(path))
    (path / "embedding.json").write_text(json.dumps({"model_provider": "huggingface",
                                                     "model_name": embeddings.model_name}))
    return path


def classes(folder: Path) -> dict:
    return {i: (read_classification(d.metadata).to_dict() if read_classification(d.metadata) else None)
            for i, d in FolderStore.open(folder).docs.items()}


def test_backfill_dry_run_then_real_then_idempotent(tmp_path, minilm, capsys):
    folder = make_folder(tmp_path / "mem", minilm)
    before = (folder / "index.pkl").read_bytes()
    assert main(["backfill", "--memory-dir", str(folder), "--dry-run", "--json", "--no-progress"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["classified"] == 5 and report["already_classified"] == 1
    assert report["unclassifiable"] == {"text is empty": 1, "metadata['classification'] is str written by another tool": 1}
    assert (folder / "index.pkl").read_bytes() == before   # a dry run writes nothing

    assert main(["backfill", "--memory-dir", str(folder)]) == 0
    out = capsys.readouterr()
    assert "classified 5" in out.out and "5/5" in out.err   # the progress bar
    got = classes(folder)
    assert got["f2"]["utility"] == "load_bearing" and got["f1"]["utility"] == "tactical"
    assert got["s1"]["source"] == "agent_inferred"
    assert (got["k1"]["source"], got["k1"]["validity"]) == ("external_retrieved", "confirmed")
    assert got["u1"]["source"] == "external_retrieved"
    assert got["e1"] is None and got["w1"] is None       # left as they were, nothing deleted
    docs = FolderStore.open(folder).docs
    assert docs["f1"].metadata["lineage"]["created_at"].startswith("2024-05-01")
    assert docs["w1"].metadata["classification"] == "confirmed"

    stamp = (folder / "index.pkl").stat().st_mtime_ns
    assert main(["backfill", "--memory-dir", str(folder), "--json", "--no-progress"]) == 0
    assert json.loads(capsys.readouterr().out)["classified"] == 0
    assert (folder / "index.pkl").stat().st_mtime_ns == stamp   # idempotent: not even rewritten


def test_backfill_is_resumable_after_an_interruption(tmp_path, minilm):
    folder = make_folder(tmp_path / "mem", minilm)

    def interrupt(done, total):
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        backfill_folder(folder, SETTINGS, save_every_seconds=0.0, progress=interrupt)
    partial = sum(1 for c in classes(folder).values() if c) - 1   # minus the pre-classified one
    assert partial == 2   # saved as it went (the third was classified but not yet saved)
    report = backfill_folder(folder, SETTINGS)
    assert report.classified == 3 and sum(1 for c in classes(folder).values() if c) == 6


def test_backfill_refuses_to_overwrite_a_folder_agent_zero_changed(tmp_path, minilm):
    folder = make_folder(tmp_path / "mem", minilm)
    store = FolderStore.open(folder)
    os.utime(folder / "index.pkl", ns=(1, 1))   # someone else wrote it meanwhile
    with pytest.raises(FolderError, match="another process"):
        store.save()


def test_backfill_bad_folder_is_a_one_line_error(tmp_path, capsys):
    assert main(["backfill", "--memory-dir", str(tmp_path)]) == 2
    assert "not an Agent Zero memory folder" in capsys.readouterr().err


def test_classify_command_prints_the_axes(capsys):
    assert main(["classify", "My project uses Python 3.11", "--origin", "user"]) == 0
    assert json.loads(capsys.readouterr().out) == {"validity": "confirmed", "relevance": "active",
                                                   "utility": "load_bearing", "source": "user_asserted"}
    assert main(["classify", "The file is probably in /tmp", "--origin", "agent", "--explain"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["source"] == "agent_inferred" and data["utility"] == "tactical" and "why" in data
    assert main(["classify", "", "--origin", "user"]) == 2
    assert "empty" in capsys.readouterr().err


def test_contradiction_command(capsys):
    assert main(["contradiction", "project uses Python 3.9", "project uses Python 3.11"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["kind"] == "value" and data["old_value"].endswith("3.9")
    assert main(["contradiction", "runs on port 8080 for the API", "runs on port 5000 for the dashboard"]) == 0
    assert json.loads(capsys.readouterr().out) is None
