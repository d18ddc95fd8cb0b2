"""festinger bootstrap: load common English words into the concept vocabulary (SOAS) at
saliency 0, skipping tokens it already has. The graph does this once by itself on a new
database; run it to load more words (--words)."""

from __future__ import annotations

import sys

from . import UserFacingError
from .common import positive_int, database, print_json, service


def add_arguments(p) -> None:
    from ..graph.bootstrap import DEFAULT_WORDS, MAX_WORDS

    p.add_argument("--words", type=positive_int, default=DEFAULT_WORDS,
                   help=f"how many of the most frequent English words (default {DEFAULT_WORDS}, "
                        f"at most {MAX_WORDS})")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args) -> int:
    from ..graph.bootstrap import (MAX_WORDS, TextProgress, bootstrap_dictionary,
                                   dictionary_words)

    if not 1 <= args.words <= MAX_WORDS:
        raise UserFacingError(f"--words must be 1..{MAX_WORDS}")
    try:
        words = dictionary_words(args.words)
    except ImportError:
        raise UserFacingError("the wordfreq package is not installed (pip install wordfreq)")
    svc = service()
    try:
        db = database(svc)
        progress = None if args.quiet else TextProgress("loading words", sys.stderr)

        async def go():
            async with db.pool.acquire() as conn:
                return await bootstrap_dictionary(conn, words, progress)

        result = svc.io.call(go())
    finally:
        svc.close()
    if args.json:
        print_json(result.as_dict())
    else:
        print(f"{result.inserted} new words in SOAS ({result.skipped} already there) "
              f"in {result.seconds:.1f} s")
    return 0
