"""Stock memory tools and knowledge import, with the metadata Agent Zero writes.

* ``memory_save(text, area="", **extra)``: metadata ``{"area": area or "main", **extra}``
  -- every other tool argument the model passed lands in metadata as is.
* ``memory_load(query, threshold=0.7, limit=10, filter="")``: ``format_docs_plain`` text.
* ``memory_delete(ids="a,b")`` and ``memory_forget(query, threshold=0.7, filter="")``.
* :func:`import_knowledge`: files (``.md .txt .json`` read as text, ``.csv`` per row is
  NOT modelled) split with langchain's default RecursiveCharacterTextSplitter, each chunk
  with ``source`` (path, from the loader), ``area``, ``source_file`` (basename),
  ``source_path``, ``file_type``, ``knowledge_source: True``, ``import_timestamp: None``;
  then ``id``/``timestamp`` from insert. A ``knowledge_import.json`` in the memory folder
  keeps checksums and ids so unchanged files are skipped and changed ones replaced.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Awaitable, Callable, Iterable, Union

from langchain_core.documents import Document

from .settings import DEFAULT_MEMORY_THRESHOLD

TEXT_TYPES = ("md", "txt", "json")


@dataclass
class ToolResponse:
    message: str
    break_loop: bool = False


ToolFn = Callable[..., Awaitable[ToolResponse]]


async def memory_save(agent: Any, text: str = "", area: str = "", **kwargs: Any) -> ToolResponse:
    Memory = agent._runtime.Memory
    metadata = {"area": area or Memory.Area.MAIN.value, **kwargs}
    db = await Memory.get(agent)
    memory_id = await db.insert_text(text, metadata)
    return ToolResponse(agent.read_prompt("fw.memory_saved.md", memory_id=memory_id))


async def memory_load(agent: Any, query: str = "", threshold: float = DEFAULT_MEMORY_THRESHOLD,
                      limit: int = 10, filter: str = "", **kwargs: Any) -> ToolResponse:
    Memory = agent._runtime.Memory
    db = await Memory.get(agent)
    docs = await db.search_similarity_threshold(query=query, limit=limit, threshold=threshold, filter=filter)
    if not docs:
        return ToolResponse(agent.read_prompt("fw.memories_not_found.md", query=query))
    return ToolResponse("\n\n".join(Memory.format_docs_plain(docs)))


async def memory_delete(agent: Any, ids: str = "", **kwargs: Any) -> ToolResponse:
    db = await agent._runtime.Memory.get(agent)
    deleted = await db.delete_documents_by_ids(ids=[i.strip() for i in ids.split(",") if i.strip()])
    return ToolResponse(agent.read_prompt("fw.memories_deleted.md", memory_count=len(deleted)))


async def memory_forget(agent: Any, query: str = "", threshold: float = DEFAULT_MEMORY_THRESHOLD,
                        filter: str = "", **kwargs: Any) -> ToolResponse:
    db = await agent._runtime.Memory.get(agent)
    deleted = await db.delete_documents_by_query(query=query, threshold=threshold, filter=filter)
    return ToolResponse(agent.read_prompt("fw.memories_deleted.md", memory_count=len(deleted)))


async def response(agent: Any, text: str = "", message: str = "", **kwargs: Any) -> ToolResponse:
    return ToolResponse(text or message, break_loop=True)


STOCK_TOOLS: dict[str, ToolFn] = {
    "memory_save": memory_save,
    "memory_load": memory_load,
    "memory_delete": memory_delete,
    "memory_forget": memory_forget,
    "response": response,
}


def _checksum(path: Path) -> str:
    return hashlib.md5(path.read_bytes()).hexdigest()


def _chunks(path: Path, area: str) -> list[Document]:
    from langchain_text_splitters import RecursiveCharacterTextSplitter

    text = path.read_text(encoding="utf-8", errors="replace")
    base = Document(text, metadata={"source": str(path)})
    docs = RecursiveCharacterTextSplitter().split_documents([base])
    extra = {
        "area": area,
        "source_file": path.name,
        "source_path": str(path),
        "file_type": path.suffix.lstrip(".").lower(),
        "knowledge_source": True,
        "import_timestamp": None,
    }
    for doc in docs:
        doc.metadata = {**doc.metadata, **extra}
    return docs


async def import_knowledge(agent: Any, paths: Union[Path, str, Iterable[Union[Path, str]]],
                           area: str = "main") -> dict[str, list[str]]:
    """Import files (or every text file under folders) into the agent's memory.

    Returns ``{file path: [memory ids]}`` for the files inserted or re-inserted now.
    """
    runtime = agent._runtime
    db = await runtime.Memory.get(agent)
    if isinstance(paths, (str, Path)):
        paths = [paths]
    files: list[Path] = []
    for entry in map(Path, paths):
        if entry.is_dir():
            files += sorted(p for p in entry.rglob("*") if p.is_file() and not p.name.startswith("."))
        elif entry.is_file():
            files.append(entry)
    files = [f for f in files if f.suffix.lstrip(".").lower() in TEXT_TYPES]

    index_path = runtime.abs_db_dir(db.memory_subdir) / "knowledge_import.json"
    index: dict[str, Any] = json.loads(index_path.read_text()) if index_path.is_file() else {}
    imported: dict[str, list[str]] = {}
    for path in files:
        key = str(path)
        checksum = _checksum(path)
        entry = index.get(key)
        if entry and entry.get("checksum") == checksum:
            continue
        if entry and entry.get("ids"):
            await db.delete_documents_by_ids(entry["ids"])
        ids = await db.insert_documents(_chunks(path, area))
        index[key] = {"file": key, "checksum": checksum, "ids": ids}
        imported[key] = ids
    index_path.parent.mkdir(parents=True, exist_ok=True)
    index_path.write_text(json.dumps(index))
    return imported
