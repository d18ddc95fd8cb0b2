"""festinger contradiction "OLD" "NEW": the detector's verdict as JSON (null when none)."""

from __future__ import annotations

from ..core.contradiction import detect_contradiction
from .common import print_json, read_text_arg


def add_arguments(p) -> None:
    p.add_argument("old", help="the existing memory ('-' reads standard input)")
    p.add_argument("new", help="the incoming memory")


def run(args) -> int:
    verdict = detect_contradiction(read_text_arg(args.old), read_text_arg(args.new))
    print_json(verdict.to_dict() if verdict is not None else None)
    return 0
