"""festinger contradiction "OLD" "NEW": the detector's verdict as JSON (null when none)."""

from __future__ import annotations

from ..core.contradiction import detect_contradiction
from .common import nonempty_text, print_json, read_text_arg, text_arg


def add_arguments(p) -> None:
    p.add_argument("old", type=text_arg, help="the existing memory ('-' reads standard input)")
    p.add_argument("new", type=text_arg, help="the incoming memory")


def run(args) -> int:
    old = nonempty_text(read_text_arg(args.old), "OLD")
    new = nonempty_text(read_text_arg(args.new), "NEW")
    verdict = detect_contradiction(old, new)
    print_json(verdict.to_dict() if verdict is not None else None)
    return 0
