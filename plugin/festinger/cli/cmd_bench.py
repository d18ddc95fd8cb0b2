"""festinger bench: medians and p99s of the pack's hot paths (figures for the README)."""

from __future__ import annotations

import sys

from ..bench.runner import TestkitMissing, format_table, machine, run_cases
from .common import print_json


def add_arguments(p) -> None:
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--quick", action="store_true", help="smaller data sets, fewer repetitions")
    p.add_argument("--only", metavar="TEXT", help="run only the cases whose path contains TEXT")


def run(args) -> int:
    try:
        rows = run_cases(args.quick, args.only)
    except TestkitMissing as exc:
        print(f"festinger bench: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print_json({"machine": machine(), "quick": args.quick, "results": rows})
    else:
        print(f"machine: {machine()}{' (quick)' if args.quick else ''}")
        print(format_table(rows))
    return 1 if any("error" in r for r in rows) else 0
