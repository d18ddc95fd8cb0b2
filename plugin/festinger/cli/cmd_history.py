"""festinger history "query": what did we previously believe about X?

Deprecated memories about the query, each with what superseded it, up to the current belief.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

from ..paths import agent_zero_root
from . import UserFacingError
from .common import positive_int, print_json, text_arg


def add_memory_dir_argument(p, required: bool = False) -> None:
    p.add_argument("--memory-dir", metavar="PATH", required=required,
                   help="an Agent Zero memory folder (holding index.faiss and index.pkl); "
                        "default: usr/memory/default of the Agent Zero this runs in")


def memory_dir(value: Optional[str]) -> Path:
    """The folder to work on (shared with ``festinger backfill``)."""
    if value:
        path = Path(value).expanduser()
    else:
        root = agent_zero_root() or (Path("/a0") if Path("/a0/agent.py").is_file() else None)
        if root is None:
            raise UserFacingError("no Agent Zero found here: give --memory-dir PATH")
        path = root / "usr" / "memory" / "default"
    if not (path / "index.faiss").is_file() or not (path / "index.pkl").is_file():
        raise UserFacingError(f"{path} is not an Agent Zero memory folder (no index.faiss/index.pkl)")
    return path


def add_arguments(p) -> None:
    p.add_argument("query", type=text_arg, help="what the belief was about, e.g. \"python version\"")
    add_memory_dir_argument(p)
    p.add_argument("-k", type=positive_int, default=5, help="at most this many earlier beliefs (default 5)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--no-embed", action="store_true",
                   help="word matching only (no embedding model is loaded)")


def _search(store: Any, folder: Path, no_embed: bool):
    from ..memory.folder_store import uses_minilm

    if no_embed or not uses_minilm(folder):
        return None  # another model made the vectors: only word matching is sound
    import numpy as np

    from ..embeddings import load_embeddings
    from ..memory.neighbours import nearest

    emb = load_embeddings()
    return lambda q, n: nearest(store.db, np.asarray([emb.embed_query(q)], dtype="float32"), n)


def run(args) -> int:
    from ..memory.folder_store import FolderError, FolderStore
    from ..memory.history import previous_beliefs

    folder = memory_dir(args.memory_dir)
    try:
        store = FolderStore.open(folder)
    except FolderError as exc:
        raise UserFacingError(str(exc)) from None
    found = previous_beliefs(store.docs, args.query, search=_search(store, folder, args.no_embed),
                             k=args.k)
    if args.json:
        print_json([h.to_dict() for h in found])
        return 0
    for line in print_beliefs(found, args.query):
        print(line)
    return 0


def print_beliefs(found: list, query: str) -> list[str]:
    """The history as lines of text (shared with `festinger demo`)."""
    if not found:
        return [f"no earlier beliefs about {query!r}"]
    lines = []
    for h in found:
        p = h.previous
        lines.append(f"- previously: {p.text.strip()[:300]}")
        lines.append(f"  [{p.id}] deprecated {p.deprecated_at or '?'}: {p.reason or 'no reason recorded'}")
        for s in h.successors:
            state = "current" if s is h.current and s.validity != "deprecated" else (s.validity or "?")
            text = s.text.strip()[:300] if s.present else "(no longer in the store)"
            lines.append(f"  -> [{s.id}] ({state}) {text}")
    return lines
