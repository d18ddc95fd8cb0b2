"""festinger backfill [--memory-dir PATH]: reconcile an existing Agent Zero memory folder.

Classifies what is unclassified, then replays the memories in time order through the same
conflict check new memories get, so contradictions already in the store are found (the
older belief deprecated and linked to the newer; `festinger history` shows them).
Resumable and idempotent (progress is saved every few seconds; a second run changes
nothing). Stop Agent Zero first: it rewrites the whole index on every memory it saves, and
the command refuses to overwrite a folder changed under it. --dry-run reports what would
change (the deprecations included) and writes nothing. Inside Agent Zero the folder is
found (usr/memory/default); elsewhere give --memory-dir.
"""

from __future__ import annotations

import sys
from typing import Any, Optional

from ..config import load_config
from ..core.classification import ClassifierSettings
from ..paths import resolve_home
from . import UserFacingError
from .cmd_history import add_memory_dir_argument, memory_dir
from .common import print_json


def add_arguments(p) -> None:
    add_memory_dir_argument(p)
    p.add_argument("--dry-run", action="store_true", help="report what would change (deprecations too), write nothing")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--no-progress", action="store_true", help="no progress bars")


class Bars:
    """tqdm bars on standard error, one per pass, created when the pass starts."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self._bars: dict[str, Any] = {}

    def for_pass(self, label: str):
        def update(done: int, total: int) -> None:
            if not self.enabled:
                return
            bar = self._bars.get(label)
            if bar is None:
                from tqdm import tqdm

                bar = self._bars[label] = tqdm(total=total, desc=label, unit="memory", file=sys.stderr,
                                               dynamic_ncols=True, mininterval=0.1)
            bar.update(done - bar.n)
            if done >= total:
                bar.close()

        return update

    def close(self) -> None:
        for bar in self._bars.values():
            bar.close()


def run(args) -> int:
    from ..memory.backfill import backfill_folder
    from ..memory.folder_store import FolderError

    folder = memory_dir(args.memory_dir)
    config = load_config(file_path=resolve_home(None) / "config.json").config
    bars = Bars(not args.no_progress)
    prefix = "dry run: " if args.dry_run else ""
    try:
        report = backfill_folder(folder, ClassifierSettings.from_config(config), dry_run=args.dry_run,
                                 progress=bars.for_pass(prefix + "classifying"),
                                 replay_progress=bars.for_pass(prefix + "checking conflicts"),
                                 conflict_top_k=config.conflict_top_k)
    except FolderError as exc:
        raise UserFacingError(str(exc)) from None
    finally:
        bars.close()
    if args.json:
        print_json(report.to_dict())
        return 0
    print_report(report)
    return 0


def print_report(report: Any, out: Optional[Any] = None) -> None:
    out = out or sys.stdout
    would = report.dry_run
    print(f"{report.folder}: {report.total} memories, {report.already_classified} already classified, "
          f"{'would classify' if would else 'classified'} {report.classified}", file=out)
    if report.by_source:
        print("  by source: " + ", ".join(f"{k} {v}" for k, v in sorted(report.by_source.items())), file=out)
    if report.by_utility:
        print("  by utility: " + ", ".join(f"{k} {v}" for k, v in sorted(report.by_utility.items())), file=out)
    for reason, n in sorted(report.unclassifiable.items()):
        print(f"  left unclassified: {n} ({reason})", file=out)
    print(f"  conflict check: {report.replayed} replayed in time order, {report.already_checked} checked before; "
          f"{'would deprecate' if would else 'deprecated'} {len(report.deprecations)}"
          + (f", {'would confirm' if would else 'confirmed'} {len(report.confirmed)}" if report.confirmed else ""),
          file=out)
    for d in report.deprecations:
        print(f"  - [{d['deprecated']}] {d['deprecated_text']!r} -> superseded by [{d['superseded_by']}] "
              f"{d['current_text']!r} ({d['rule']})", file=out)
