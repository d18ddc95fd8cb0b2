"""festinger loops: the loop guard's recent events (detections, breaker stops, recoveries).

Read from ``<data folder>/loops/events.jsonl``, which the agent's process appends to, so this
works from any shell while the agent runs. Exit status 0 (also with no events), 2 on bad input.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from ..config import load_config
from ..loops.events import EVENTS_FILE, read_events
from ..paths import resolve_home
from . import UserFacingError
from .common import print_json

MAX_LIMIT = 1000
KINDS = ("exact", "near", "cycle", "stagnation")
EVENTS = ("detected", "stopped", "recovered")


def add_arguments(p) -> None:
    p.add_argument("--limit", type=int, default=20, help=f"newest events to show (1-{MAX_LIMIT}, default 20)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--session", help="only this session (\"<chat id>:<agent number>\")")
    p.add_argument("--kind", choices=KINDS, help="only this kind of loop")
    p.add_argument("--event", choices=EVENTS, help="only this event")
    p.add_argument("--file", type=Path, help="read this events file instead of the data folder's")


def _events_path() -> Path:
    loaded = load_config(file_path=resolve_home(None) / "config.json")
    return resolve_home(loaded.config.home) / EVENTS_FILE


def _when(at) -> str:
    try:
        return datetime.fromtimestamp(float(at), tz=timezone.utc).strftime("%Y-%m-%d %H:%M:%S")
    except (TypeError, ValueError, OverflowError, OSError):
        return "?"


def _cut(text, width: int) -> str:
    text = " ".join(str(text or "").split())
    return text if len(text) <= width else text[: width - 1] + "…"


def format_table(events: list[dict]) -> str:
    head = f"{'time (UTC)':<19}  {'event':<9}  {'kind':<10}  {'count':>5}  {'level':>5}  {'session':<16}  action / mitigations"
    lines = [head, "-" * len(head)]
    for e in events:
        tried = ", ".join(e.get("mitigations") or []) or "-"
        lines.append(f"{_when(e.get('at')):<19}  {_cut(e.get('event'), 9):<9}  {_cut(e.get('kind'), 10):<10}  "
                     f"{e.get('count', 0):>5}  {e.get('level', 0):>5}  {_cut(e.get('session'), 16):<16}  "
                     f"{_cut(e.get('action'), 70)}  [{tried}]")
    return "\n".join(lines)


def run(args) -> int:
    if not 1 <= args.limit <= MAX_LIMIT:
        raise UserFacingError(f"--limit must be between 1 and {MAX_LIMIT}, got {args.limit}")
    path = args.file or _events_path()
    if args.file is not None and not args.file.is_file():
        raise UserFacingError(f"no events file at {args.file}")
    # read more than the limit when filtering, so the filter does not hide recent matches
    wanted = MAX_LIMIT * 10 if (args.kind or args.event) else args.limit
    events = read_events(path, wanted, args.session)
    if args.kind:
        events = [e for e in events if e.get("kind") == args.kind]
    if args.event:
        events = [e for e in events if e.get("event") == args.event]
    events = events[-args.limit:]
    if args.json:
        print_json(events)
    elif not events:
        print(f"no loop events (file: {path})")
    else:
        print(format_table(events))
    return 0
