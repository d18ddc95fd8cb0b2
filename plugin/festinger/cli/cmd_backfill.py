"""festinger backfill --memory-dir PATH: classify an existing Agent Zero memory folder.

Resumable and idempotent (classified memories are skipped; progress is saved every few
seconds). Stop Agent Zero first: it rewrites the whole index on every memory it saves, and
the command refuses to overwrite a folder changed under it. --dry-run reports only.
"""

from __future__ import annotations

import sys

from ..config import load_config
from ..core.classification import ClassifierSettings
from ..paths import resolve_home
from . import UserFacingError
from .cmd_history import add_memory_dir_argument, memory_dir
from .common import print_json


def add_arguments(p) -> None:
    add_memory_dir_argument(p, required=True)
    p.add_argument("--dry-run", action="store_true", help="report what would change, write nothing")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


class ProgressBar:
    """A one-line bar on standard error, redrawn at most ten times a second."""

    def __init__(self, label: str, stream=None, width: int = 30) -> None:
        self.label, self.stream, self.width = label, stream or sys.stderr, width
        self._last = -1.0

    def __call__(self, done: int, total: int) -> None:
        import time

        now = time.monotonic()
        if done < total and now - self._last < 0.1:
            return
        self._last = now
        filled = int(self.width * done / total) if total else self.width
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (self.width - filled)}] {done}/{total}")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def run(args) -> int:
    from ..memory.backfill import backfill_folder
    from ..memory.folder_store import FolderError

    folder = memory_dir(args.memory_dir)
    config = load_config(file_path=resolve_home(None) / "config.json").config
    bar = None if args.no_progress else ProgressBar("dry run" if args.dry_run else "classifying")
    try:
        report = backfill_folder(folder, ClassifierSettings.from_config(config), dry_run=args.dry_run,
                                 progress=bar)
    except FolderError as exc:
        raise UserFacingError(str(exc)) from None
    if args.json:
        print_json(report.to_dict())
        return 0
    verb = "would classify" if report.dry_run else "classified"
    print(f"{report.folder}: {report.total} memories, {report.already_classified} already classified, "
          f"{verb} {report.classified}")
    if report.by_source:
        print("  by source: " + ", ".join(f"{k} {v}" for k, v in sorted(report.by_source.items())))
    if report.by_utility:
        print("  by utility: " + ", ".join(f"{k} {v}" for k, v in sorted(report.by_utility.items())))
    for reason, n in sorted(report.unclassifiable.items()):
        print(f"  left unclassified: {n} ({reason})")
    return 0
