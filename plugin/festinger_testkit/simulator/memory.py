"""Agent Zero's memory store, rebuilt on the real langchain FAISS.

Behaviour matched to ``python/helpers/memory.py`` (v0.9.8.2) and
``plugins/_memory/helpers/memory.py`` (v1.7), which are the same code:

* ``await Memory.get(agent)`` returns a thin wrapper; the FAISS object is cached in the
  class-level dict ``Memory.index`` keyed by memory subdir (shared by every agent and
  thread of the install). ``.db`` is a :class:`MyFaiss` (langchain FAISS subclass) over
  ``faiss.IndexFlatIP`` + ``InMemoryDocstore`` with cosine distance strategy and
  relevance = (1 + inner product) / 2 clamped to [0, 1]. Vectors are used as the model
  returns them (A0 does not normalize; MiniLM's output is unit length, so IP = cosine).
* Files in ``usr/memory/<subdir>/`` (projects: ``usr/projects/<p>/.a0proj/memory/``):
  ``index.faiss`` + ``index.pkl`` are rewritten whole by every insert/update/delete;
  ``embedding.json`` (model provider/name) is written when the index is created (or
  rebuilt because the model changed), not on every write.
* ``insert_documents`` gives each doc a new random 10-char id (letters+digits) and a
  local-time ``timestamp`` (``%Y-%m-%d %H:%M:%S``) on the Documents passed in, sets
  ``area`` to ``main`` if empty; FAISS stores NEW Document objects built from them (the
  metadata dict is copied shallowly: nested lists/dicts stay shared with the caller's).
  ``update_documents`` deletes and re-adds under the same ids.
* ``search_similarity_threshold(query, limit, threshold, filter="")`` returns Documents
  without scores; they are the live docstore objects. ``filter`` is a simpleeval-style
  expression over metadata (errors = no match); with a filter langchain FAISS only looks
  at the ``fetch_k`` = 20 nearest vectors before filtering, so matches further away are
  silently missed.
* No locks anywhere (the background memorizer writes from another thread).
"""

from __future__ import annotations

import json
import logging
import os
import random
import string
from datetime import datetime
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, List, Optional, Sequence

import faiss
from langchain_community.docstore.in_memory import InMemoryDocstore
from langchain_community.vectorstores import FAISS
from langchain_community.vectorstores.utils import DistanceStrategy
from langchain_core.documents import Document

from .safe_eval import compile_filter

if TYPE_CHECKING:
    from .runtime import SimRuntime

# A0 silences langchain's "No relevant docs were retrieved" warnings the same way.
logging.getLogger("langchain_core.vectorstores.base").setLevel(logging.ERROR)

_ID_ALPHABET = string.ascii_letters + string.digits


class MyFaiss(FAISS):
    """langchain FAISS with the id helpers Agent Zero adds."""

    def get_by_ids(self, ids: Sequence[str], /) -> List[Document]:
        wanted = ids if isinstance(ids, list) else [ids]
        store = self.docstore._dict  # type: ignore[attr-defined]
        return [store[i] for i in wanted if i in store]

    async def aget_by_ids(self, ids: Sequence[str], /) -> List[Document]:
        return self.get_by_ids(ids)

    def get_all_docs(self) -> dict[str, Document]:
        """The live ``{id: Document}`` dict of the docstore (not a copy)."""
        return self.docstore._dict  # type: ignore[attr-defined]


def cosine_relevance(value: float) -> float:
    return max(0.0, min(1.0, (1.0 + value) / 2.0))


def embedding_identity(embeddings: Any) -> dict[str, str]:
    return {
        "model_provider": str(getattr(embeddings, "model_provider", type(embeddings).__module__)),
        "model_name": str(getattr(embeddings, "model_name", type(embeddings).__name__)),
    }


class Memory:
    """Per-runtime subclasses get their own ``index`` dict and ``_runtime``."""

    class Area(Enum):
        MAIN = "main"
        FRAGMENTS = "fragments"
        SOLUTIONS = "solutions"

    index: ClassVar[dict[str, MyFaiss]] = {}
    _runtime: ClassVar[Optional["SimRuntime"]] = None

    def __init__(self, db: MyFaiss, memory_subdir: str) -> None:
        self.db = db
        self.memory_subdir = memory_subdir

    # -- acquiring ---------------------------------------------------------------------
    @classmethod
    def _rt(cls) -> "SimRuntime":
        if cls._runtime is None:
            raise RuntimeError("Memory used outside a simulator runtime")
        return cls._runtime

    @classmethod
    async def get(cls, agent: Any) -> "Memory":
        subdir = cls._rt().memory_subdir(agent)
        if cls.index.get(subdir) is None:
            log_item = agent.context.log.log(type="util", heading=f"Initializing VectorDB in '/{subdir}'")
            db, _created = cls.initialize(log_item, subdir)
            cls.index[subdir] = db
        return cls(db=cls.index[subdir], memory_subdir=subdir)

    @classmethod
    async def get_by_subdir(cls, memory_subdir: str, log_item: Any = None,
                            preload_knowledge: bool = True) -> "Memory":
        if not cls.index.get(memory_subdir):
            db, _created = cls.initialize(log_item, memory_subdir)
            cls.index[memory_subdir] = db
        return cls(db=cls.index[memory_subdir], memory_subdir=memory_subdir)

    @classmethod
    async def reload(cls, agent: Any) -> "Memory":
        subdir = cls._rt().memory_subdir(agent)
        cls.index.pop(subdir, None)
        return await cls.get(agent)

    @classmethod
    def _new_store(cls, embeddings: Any) -> MyFaiss:
        dim = len(embeddings.embed_query("example"))
        return MyFaiss(
            embedding_function=embeddings,
            index=faiss.IndexFlatIP(dim),
            docstore=InMemoryDocstore(),
            index_to_docstore_id={},
            distance_strategy=DistanceStrategy.COSINE,
            relevance_score_fn=cosine_relevance,
        )

    @classmethod
    def initialize(cls, log_item: Any, memory_subdir: str) -> tuple[MyFaiss, bool]:
        runtime = cls._rt()
        embeddings = runtime.embeddings
        folder = runtime.abs_db_dir(memory_subdir)
        folder.mkdir(parents=True, exist_ok=True)
        identity = embedding_identity(embeddings)
        db: Optional[MyFaiss] = None
        carried: Optional[dict[str, Document]] = None
        if (folder / "index.faiss").is_file():
            db = MyFaiss.load_local(
                folder_path=str(folder),
                embeddings=embeddings,
                allow_dangerous_deserialization=True,
                distance_strategy=DistanceStrategy.COSINE,
                relevance_score_fn=cosine_relevance,
            )
            meta_file = folder / "embedding.json"
            same_model = False
            if meta_file.is_file():
                recorded = json.loads(meta_file.read_text(encoding="utf-8"))
                same_model = (recorded.get("model_provider") == identity["model_provider"]
                              and recorded.get("model_name") == identity["model_name"])
            if not same_model:  # the model changed: rebuild from the stored documents
                carried = dict(db.get_all_docs())
                db = None
        if db is not None:
            return db, False
        db = cls._new_store(embeddings)
        if carried:
            if log_item:
                log_item.stream(progress="\nIndexing memories")
            db.add_documents(documents=list(carried.values()), ids=list(carried.keys()))
        db.save_local(folder_path=str(folder))
        (folder / "embedding.json").write_text(json.dumps(identity), encoding="utf-8")
        return db, True

    # -- reading -----------------------------------------------------------------------
    def get_document_by_id(self, id: str) -> Optional[Document]:
        found = self.db.get_by_ids(id)
        return found[0] if found else None

    async def search_similarity_threshold(self, query: str, limit: int, threshold: float,
                                          filter: str = "") -> List[Document]:
        comparator = compile_filter(filter) if filter else None
        return await self.db.asearch(
            query,
            search_type="similarity_score_threshold",
            k=limit,
            score_threshold=threshold,
            filter=comparator,
        )

    # -- writing -----------------------------------------------------------------------
    async def delete_documents_by_query(self, query: str, threshold: float, filter: str = "") -> List[Document]:
        batch = 100
        removed: List[Document] = []
        deleted_any = False
        while True:
            docs = await self.search_similarity_threshold(query, limit=batch, threshold=threshold, filter=filter)
            removed += docs
            ids = [d.metadata["id"] for d in docs]
            if ids:
                await self.db.adelete(ids=ids)
                deleted_any = True
            if len(ids) < batch:
                break
        if deleted_any:
            self._save_db()
        return removed

    async def delete_documents_by_ids(self, ids: list[str]) -> List[Document]:
        existing = await self.db.aget_by_ids(ids)
        if existing:
            await self.db.adelete(ids=[d.metadata["id"] for d in existing])
            self._save_db()
        return existing

    async def insert_text(self, text: str, metadata: Optional[dict] = None) -> str:
        # Document() validation copies the dict: the caller's metadata dict is NOT updated
        # with id/timestamp (true in A0 as well).
        doc = Document(text, metadata=metadata if metadata is not None else {})
        ids = await self.insert_documents([doc])
        return ids[0]

    async def insert_documents(self, docs: list[Document]) -> list[str]:
        ids = [self._generate_doc_id() for _ in docs]
        stamp = self.get_timestamp()
        if ids:
            for doc, doc_id in zip(docs, ids):
                doc.metadata["id"] = doc_id
                doc.metadata["timestamp"] = stamp
                if not doc.metadata.get("area", ""):
                    doc.metadata["area"] = Memory.Area.MAIN.value
            await self.db.aadd_documents(documents=docs, ids=ids)
            self._save_db()
        return ids

    async def update_documents(self, docs: list[Document]) -> list[str]:
        ids = [d.metadata["id"] for d in docs]
        await self.db.adelete(ids=ids)
        added = await self.db.aadd_documents(documents=docs, ids=ids)
        self._save_db()
        return added

    def _save_db(self) -> None:
        type(self)._save_db_file(self.db, self.memory_subdir)

    @classmethod
    def _save_db_file(cls, db: MyFaiss, memory_subdir: str) -> None:
        db.save_local(folder_path=str(cls._rt().abs_db_dir(memory_subdir)))

    def _generate_doc_id(self) -> str:
        while True:
            candidate = "".join(random.choices(_ID_ALPHABET, k=10))
            if not self.db.get_by_ids(candidate):
                return candidate

    # -- formatting --------------------------------------------------------------------
    @staticmethod
    def format_docs_plain(docs: list[Document]) -> list[str]:
        out = []
        for doc in docs:
            lines = [f"{k}: {v}" for k, v in doc.metadata.items()]
            lines.append(f"Content: {doc.page_content}")
            out.append("\n".join(lines))
        return out

    @staticmethod
    def get_timestamp() -> str:
        return datetime.now().strftime("%Y-%m-%d %H:%M:%S")

    @staticmethod
    def _cosine_normalizer(val: float) -> float:
        return cosine_relevance(val)


def files_of(folder: Path) -> dict[str, float]:
    """mtime_ns of the three store files present in ``folder`` (handy in tests)."""
    out = {}
    for name in ("index.faiss", "index.pkl", "embedding.json"):
        path = folder / name
        if path.exists():
            out[name] = os.stat(path).st_mtime_ns
    return out
