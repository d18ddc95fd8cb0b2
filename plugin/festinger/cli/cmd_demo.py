"""festinger demo: the pack on a small sample memory store, no Agent Zero needed.

Builds an Agent Zero-format memory folder with a few facts and a correction, runs backfill,
and shows history, the health counts and a recollection. Everything goes into one folder
(a new temporary one unless --dir is given); your own memories and graph are not touched.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from . import UserFacingError
from .common import print_json


def add_arguments(p) -> None:
    p.add_argument("--dir", type=Path, help="an empty or new folder for the demo "
                                            "(default: a new temporary folder)")
    p.add_argument("--no-graph", action="store_true",
                   help="skip the recollection step (it starts a PostgreSQL of the demo's own)")
    p.add_argument("--json", action="store_true", help="print what was found as JSON")


def run(args) -> int:
    from ..demo import run_demo

    if args.dir is not None:
        root = args.dir.expanduser()
        if root.exists() and (not root.is_dir() or any(root.iterdir())):
            raise UserFacingError(f"{root} is not an empty folder; give a new or empty one")
    else:
        root = Path(tempfile.mkdtemp(prefix="festinger-demo-"))
    quiet = args.json
    result = run_demo(root, (lambda line: None) if quiet else print, graph=not args.no_graph)
    if args.json:
        print_json(result)
    return 0
