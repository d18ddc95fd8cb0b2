"""festinger bench: medians and p99s of the pack's hot paths (figures for the README)."""

from __future__ import annotations

import sys

from ..bench.runner import TestkitMissing, format_table, machine, run_cases
from ..bench.targets import misses
from .common import print_json


def add_arguments(p) -> None:
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--quick", action="store_true", help="smaller data sets, fewer repetitions")
    p.add_argument("--only", metavar="TEXT", help="run only the cases whose path contains TEXT")
    p.add_argument("--check", action="store_true",
                   help="exit 1 when a row misses its target (the table marks it either way)")


def run(args) -> int:
    try:
        rows = run_cases(args.quick, args.only)
    except TestkitMissing as exc:
        print(f"festinger bench: {exc}", file=sys.stderr)
        return 2
    for r in rows:
        if misses(r):
            r["missed"] = misses(r)
    if args.json:
        print_json({"machine": machine(), "quick": args.quick, "results": rows})
    else:
        print(f"machine: {machine()}{' (quick)' if args.quick else ''}")
        print(format_table(rows))
    missed = [r["name"] for r in rows if r.get("missed")]
    if missed and not args.json:
        print(f"{len(missed)} row(s) missed their target: " + ", ".join(missed))
    if any("error" in r for r in rows):
        return 1
    return 1 if args.check and missed else 0
