"""Saliency scoring (festinger-concept-graph.md "SOAS", T16-T17).

saliency = ln(encounter_count), the natural log the seed's Test A writes as `log(1)` for a
first encounter: 0 on first sight, 0.69 on the second mention (above the default read
threshold 0.5, so a concept the user just defined is recollected from its 2nd mention on),
1.39 on the 4th (above the default write threshold 1.2, so the LLM write path considers it
then). Until migration 0004 the pack used log10, which needed 4 and 16 mentions; that
migration re-scores stored saliency (ln = log10 x ln 10).

Common English is pinned at 0, so "please" or "instead" never surface however often they
are typed.

An encounter never lowers a stored saliency (`max(stored, ln(count))`): for rows the cache
maintains itself the two are equal, and rows whose saliency was set another way (dictionary
bootstrap, an administrator, a test fixture) keep it until their count catches up.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

DEFAULT_READ_THRESHOLD = 0.5
DEFAULT_WRITE_THRESHOLD = 1.2
# Zipf 4.0 = once per 100k words of ordinary English: "server", "container", "update" are
# above it, "python" (3.8), "docker" (3.0), "fastapi" (0) below, so technical names survive.
DEFAULT_COMMON_MIN_ZIPF = 4.0  # graph/saliency.english_common_words (reads wordfreq's lists)


@dataclass(frozen=True)
class SaliencyPolicy:
    log_base: float = math.e  # natural log (see the module doc)
    read_threshold: float = DEFAULT_READ_THRESHOLD
    write_threshold: float = DEFAULT_WRITE_THRESHOLD
    common_words: frozenset = field(default_factory=frozenset)
    # Unknown tokens one prompt may add to SOAS. A 1 MB paste of logs or base64 would
    # otherwise add 100k junk rows (and as many Postgres inserts) in one go; tokens past the
    # cap are simply interned later, if they ever come back.
    max_new_tokens_per_prompt: int = 500

    def score(self, stored: float, count: int) -> float:
        if count <= 1:
            return stored if stored > 0.0 else 0.0
        s = math.log(count, self.log_base)
        return s if s > stored else stored


LOG_TABLE_SIZE = 4096  # counts below this are looked up; most rows have far fewer
_LOG_TABLES: dict[float, list[float]] = {}


def log_table(log_base: float) -> list[float]:
    """`table[c]` = ln(c) / ln(log_base) for 2 <= c < LOG_TABLE_SIZE (0.0 below): the same
    expression `GraphCache.encounter` would compute, once per process instead of once per row."""
    table = _LOG_TABLES.get(log_base)
    if table is None:
        lb = math.log(log_base)
        table = [0.0, 0.0] + [math.log(c) / lb for c in range(2, LOG_TABLE_SIZE)]
        _LOG_TABLES[log_base] = table
    return table
