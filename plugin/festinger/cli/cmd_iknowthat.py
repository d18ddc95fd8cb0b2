"""festinger iknowthat 'X -isa Y in context of Z': store a fact in the concept graph
(confidence 1.0, source gutask; -ispart for membership; a collision is queued with priority)."""

from __future__ import annotations

import argparse

from . import UserFacingError
from .common import print_json, service


def add_arguments(p) -> None:
    # REMAINDER: `festinger iknowthat gnommoweb -isa repo` works unquoted (-isa is no option)
    p.add_argument("fact", nargs=argparse.REMAINDER,
                   help="'X -isa Y in context of Z' or 'X -ispart Y in context of Z' "
                        "(the context defaults to type for -isa, membership for -ispart)")
    p.add_argument("--json", action="store_true", help="print the outcome as JSON")


def run(args) -> int:
    from ..graph.iknowthat import iknowthat
    from ..graph.service import open_for_cli

    words = list(args.fact)
    while words and words[-1] == "--json":  # REMAINDER swallows a trailing --json
        words.pop()
        args.json = True
    if not words:
        raise UserFacingError("give a fact: 'X -isa Y in context of Z'")
    fact = " ".join(words)
    svc = service()
    try:
        if svc.config.graph_enabled:
            open_for_cli(svc)
        result = svc.io.call(iknowthat(svc, fact))
        if result.outcome == "journaled":
            svc.io.call(svc.graph.settle(5))
    finally:
        svc.close()
    if args.json:
        print_json(result.as_dict())
        return 0 if result.ok else 2
    if not result.ok:
        raise UserFacingError(result.message)
    print(result.message)
    return 0
