"""festinger recollect "prompt text": process a text exactly like an intercepted prompt
(tokens, encounters, cue facts) and print the <recollection> block that would be injected."""

from __future__ import annotations

import sys

from . import UserFacingError
from .common import nonempty_text, print_json, read_text_arg, service, text_arg


def add_arguments(p) -> None:
    p.add_argument("prompt", type=text_arg, help="the prompt text, or - to read it from standard input")
    p.add_argument("--json", action="store_true",
                   help="print the block with the tokens, facts and write candidates as JSON")


def run(args) -> int:
    from ..graph.service import MAX_PROMPT_CHARS, open_for_cli

    text = nonempty_text(read_text_arg(args.prompt), "the prompt")
    if len(text) > MAX_PROMPT_CHARS:
        raise UserFacingError(f"the prompt is {len(text)} characters long (at most "
                              f"{MAX_PROMPT_CHARS}); nothing was processed")
    svc = service()
    try:
        if not svc.config.graph_enabled:
            raise UserFacingError("the concept graph is switched off (graph_enabled = false)")
        graph = open_for_cli(svc)
        if not graph.db_up:
            print(f"festinger recollect: PostgreSQL unreachable ({graph.last_error}); using the "
                  f"{graph.source} cache, writes are journaled", file=sys.stderr)
        result = graph.process_prompt(text)
        written = svc.io.call(graph.settle(30))
        if args.json:
            print_json({"block": result.block, "tokens": result.tokens,
                        "new_tokens": result.new_tokens,
                        "facts": [{"fact": str(d.triple), "decision": d.kind,
                                   "reason": d.reason or None} for d in result.decisions],
                        "write_candidates": result.write_candidates,
                        "written": written, "journaled": len(graph.journal)})
        elif result.block:
            print(result.block)
        else:
            print("(no recollection for this prompt)", file=sys.stderr)
        return 0
    finally:
        svc.close()
