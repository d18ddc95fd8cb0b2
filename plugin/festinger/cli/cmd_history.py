"""festinger history "query": what did we previously believe about X?

Deprecated memories about the query, each with what superseded it, up to the current belief.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

from . import UserFacingError
from .common import positive_int, print_json, text_arg


def add_memory_dir_argument(p, required: bool = False) -> None:
    p.add_argument("--memory-dir", metavar="PATH", required=required,
                   help="an Agent Zero memory folder (holding index.faiss and index.pkl); "
                        "default: usr/memory/default of the Agent Zero this runs in")


def memory_dir(value: Optional[str]) -> Path:
    """The folder to work on (shared with ``festinger backfill``)."""
    from ..memory.folder_store import FolderError, default_memory_dir

    try:
        return default_memory_dir(value)
    except FolderError as exc:
        raise UserFacingError(str(exc)) from None


def add_arguments(p) -> None:
    p.add_argument("query", type=text_arg, help="what the belief was about, e.g. \"python version\"")
    add_memory_dir_argument(p)
    p.add_argument("-k", type=positive_int, default=5, help="at most this many earlier beliefs (default 5)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--no-embed", action="store_true",
                   help="word matching only (no embedding model is loaded)")


def _search(store: Any, folder: Path, no_embed: bool):
    from ..memory.history import folder_search

    return folder_search(store, folder, embed=not no_embed)


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
    from ..memory.history import render_history

    return render_history(query, found).split("\n")
