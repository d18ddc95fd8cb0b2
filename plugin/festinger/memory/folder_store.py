"""An Agent Zero memory folder opened directly, outside Agent Zero (CLI: history, backfill).

A folder holds ``index.faiss`` (vectors), ``index.pkl`` (langchain's pickled docstore and
position map) and ``embedding.json`` (which model made the vectors). Metadata-only changes
need no embedding model: the vectors are untouched, only ``index.pkl`` changes. Writes go
to a temporary folder first and replace the files one by one, and are refused when Agent
Zero wrote the folder since it was opened (it rewrites the whole index on every insert, so
one of the two writers would silently lose the other's work).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any, Optional

from langchain_core.embeddings import Embeddings

from ..embeddings import MINILM_NAME

FILES = ("index.faiss", "index.pkl")


class FolderError(RuntimeError):
    """The folder is missing, unreadable, or was changed by someone else."""


class NoEmbeddings(Embeddings):
    """For metadata-only work: any attempt to embed is a bug, reported clearly."""

    model_name = "none"

    def embed_documents(self, texts):  # pragma: no cover - guarded by callers
        raise FolderError("this operation needs the store's embedding model")

    def embed_query(self, text):  # pragma: no cover
        raise FolderError("this operation needs the store's embedding model")


def embedding_info(folder: Path) -> dict[str, Any]:
    try:
        data = json.loads((folder / "embedding.json").read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def uses_minilm(folder: Path) -> bool:
    """True when the vectors were made by all-MiniLM-L6-v2 (Agent Zero's default) or unknown."""
    name = str(embedding_info(folder).get("model_name") or "")
    return not name or name.endswith("all-MiniLM-L6-v2") or name == MINILM_NAME


def default_memory_dir(value: Optional[str] = None) -> Path:
    """The memory folder to work on: ``value``, else ``usr/memory/default`` of the Agent Zero
    this runs in (its checkout, or ``/a0`` in Agent Zero's Docker image). FolderError when
    there is none or it is no memory folder."""
    from ..paths import agent_zero_root

    if value:
        path = Path(value).expanduser()
    else:
        root = agent_zero_root() or (Path("/a0") if Path("/a0/agent.py").is_file() else None)
        if root is None:
            raise FolderError("no Agent Zero found here: give --memory-dir PATH")
        path = root / "usr" / "memory" / "default"
    if not (path / "index.faiss").is_file() or not (path / "index.pkl").is_file():
        raise FolderError(f"{path} is not an Agent Zero memory folder (no index.faiss/index.pkl)")
    return path


class FolderStore:
    def __init__(self, folder: Path, db: Any) -> None:
        self.folder = folder
        self.db = db
        self._stamp = self._mtimes()

    @classmethod
    def open(cls, folder: Path | str, embeddings: Optional[Embeddings] = None) -> "FolderStore":
        folder = Path(folder).expanduser()
        missing = [f for f in FILES if not (folder / f).is_file()]
        if missing:
            raise FolderError(f"{folder} is not an Agent Zero memory folder (missing {', '.join(missing)})")
        from ..a0.faiss_store import load_folder

        try:
            db = load_folder(str(folder), embeddings or NoEmbeddings())
        except Exception as exc:
            raise FolderError(f"cannot read {folder}: {type(exc).__name__}: {exc}") from exc
        return cls(folder, db)

    @property
    def docs(self) -> dict[str, Any]:
        from ..a0.faiss_store import docs_of

        return docs_of(self.db)

    def _mtimes(self) -> tuple[float, ...]:
        return tuple((self.folder / f).stat().st_mtime_ns for f in FILES if (self.folder / f).exists())

    def changed_by_others(self) -> bool:
        return self._mtimes() != self._stamp

    def save(self) -> None:
        """Write both files (temporary copy, then replace), refusing if someone else wrote."""
        if self.changed_by_others():
            raise FolderError(f"{self.folder} was written by another process (is Agent Zero running?); "
                              "stop it and run again: finished work is kept")
        from ..a0.faiss_store import save_folder

        tmp = Path(tempfile.mkdtemp(prefix=".festinger-", dir=self.folder))
        try:
            save_folder(self.db, str(tmp))
            for name in FILES:
                os.replace(tmp / name, self.folder / name)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        self._stamp = self._mtimes()
