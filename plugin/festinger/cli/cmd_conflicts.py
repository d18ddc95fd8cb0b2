"""festinger conflicts: the concept graph's resolution queue (pending first, iknowthat
collisions first among them)."""

from __future__ import annotations

import sys

from ..graph.models import ALL, CONFLICT_STATUSES, DEFAULT_LIST, MAX_CLI_LIST, PENDING
from .common import positive_int, print_json, service


def add_arguments(p) -> None:
    p.add_argument("--status", choices=CONFLICT_STATUSES, default=PENDING,
                   help="which entries to list (default: pending)")
    p.add_argument("--limit", type=positive_int, default=DEFAULT_LIST,
                   help=f"at most this many (default {DEFAULT_LIST})")
    p.add_argument("--json", action="store_true", help="print JSON")
    # `festinger conflicts resolve ID --decision ...` (human override, cmd_resolve.py)
    from .cmd_resolve import add_override_arguments
    add_override_arguments(p)


def _line(c: dict) -> str:
    op = "-isa" if c.get("incoming_is_isa") else "-ispart"
    flag = " priority" if c.get("priority") else ""
    when = c.get("created_at")
    when = when.strftime("%Y-%m-%d %H:%M") if hasattr(when, "strftime") else str(when or "")
    return (f"#{c['id']:<5} {c['status']:<9} {c['collision_type']:<17}{flag:<9} "
            f"{c['concept']} [{c['dimension']}]: has {c.get('existing_parent') or '?'}, "
            f"rejected {op} {c['incoming_parent']} ({c.get('incoming_source')}, "
            f"{float(c.get('incoming_confidence') or 0):.2f})  {when}")


def run(args) -> int:
    if getattr(args, "action", "list") == "resolve":  # a human override
        from .cmd_resolve import run_override
        return run_override(args)
    from ..graph.service import open_for_cli

    limit = max(1, min(int(args.limit), MAX_CLI_LIST))
    status = None if args.status == ALL else args.status
    svc = service()
    try:
        graph = open_for_cli(svc)
        if not graph.db_up:
            print(f"festinger conflicts: PostgreSQL unreachable ({graph.last_error}); showing "
                  "the pending entries this process knows", file=sys.stderr)
        rows = svc.io.call(graph.conflicts(status, limit))
    finally:
        svc.close()
    if args.json:
        print_json(rows)
        return 0
    if not rows:
        print("no conflicts" if status is None else f"no {status} conflicts")
        return 0
    for c in rows:
        print(_line(c))
    return 0
