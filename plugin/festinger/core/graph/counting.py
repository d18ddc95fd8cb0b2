"""Counting one prompt's tokens in SOAS, in two steps: `peek` (read only) and `count`.

`GraphCache.encounter` is `count(peek(...))`. The two are separate so that a front whose
first byte waits on the `<recollection>` block (the inference proxy) can render the block
from a peek -- the saliency every row WILL have after this prompt -- and count afterwards,
once the answer's first chunk is out: the block is the same either way (tests/graph/test_counting.py),
and the counting (a write to hundreds of rows and the dirty table) leaves the critical path.

Pure functions over the cache's rows; the caller holds the cache owner's lock for both steps
(not necessarily the same acquisition: rows counted by another prompt in between are counted
again from their live values, so no count is lost or doubled).
"""

from __future__ import annotations

import math
from collections import _count_elements  # Counter.update's C loop: d[k] = d.get(k, 0) + 1
from dataclasses import dataclass, field
from datetime import datetime
from itertools import compress
from operator import attrgetter, not_
from typing import Callable, Optional, Sequence

from .models import EncounterResult, SoasRow
from .saliency import SaliencyPolicy, log_table

_ID = attrgetter("id")


@dataclass(slots=True)
class Sighting:
    """One prompt's distinct tokens as SOAS has them before counting."""

    distinct: list[str]  # the prompt's tokens, each once, in prompt order
    found: list[Optional[SoasRow]]  # the row of each, or None
    rows: list[SoasRow]  # the rows found, in prompt order
    # each row's saliency once this prompt is counted (filled by `peek(..., saliency=True)`)
    saliency: list[float] = field(default_factory=list)


def peek(known: dict[str, SoasRow], policy: SaliencyPolicy, tokens: Sequence[str],
         unique: bool = False, saliency: bool = False) -> Sighting:
    """The rows counting `tokens` would touch, without changing anything. `unique=True`
    says `tokens` has no repeats (a prompt scan's tokens). Which unknown tokens are new is
    left to `count` (they only matter once counted)."""
    # This runs for every token of every prompt against a dict of up to a million rows:
    # distinct tokens and their rows are found in C (dict.fromkeys, map), so Python code
    # only touches the rows that exist.
    distinct = list(tokens) if unique else list(dict.fromkeys(tokens))
    found = list(map(known.get, distinct))
    s = Sighting(distinct, found, list(filter(None, found)))  # rows are always truthy
    if saliency:
        s.saliency = saliencies_after(policy, compress(distinct, found), s.rows)
    return s


def saliencies_after(policy: SaliencyPolicy, tokens, rows: Sequence[SoasRow]) -> list[float]:
    """Each row's saliency after one more encounter (`tokens` are the rows' own tokens):
    `SaliencyPolicy.score`, inlined, with ln(c) / ln(base) read from a table for the counts
    most rows have. The same expression fills the table, so the results are bit-identical
    (tests/graph/test_cache.py pins it). Common English stays at 0."""
    common = policy.common_words
    lb = math.log(policy.log_base)
    log = math.log
    table = log_table(policy.log_base)
    n_table = len(table)
    out: list[float] = []
    add = out.append
    for tok, row in zip(tokens, rows):
        old = row.saliency
        if tok in common:
            add(0.0)
            continue
        c = row.encounter_count + 1
        if c > 1:
            if c < n_table:
                try:
                    s = table[c]
                except TypeError:  # a count that is not an int (a hand-made row)
                    s = log(c) / lb
            else:  # past the table: a frequent domain word, computed each time
                s = log(c) / lb
            add(s if s > old else old)
        else:
            add(old if old > 0.0 else 0.0)
    return out


def count(sighting: Sighting, known: dict[str, SoasRow], policy: SaliencyPolicy,
          dirty: dict[int, int], now: datetime,
          create: Optional[Callable[[list[str]], list[SoasRow]]] = None) -> EncounterResult:
    """Count a peeked prompt: encounter_count, last_seen, saliency of its rows (from their
    live values), `dirty[id] += 1` per row. Its unknown tokens that are not common English
    (at most the per-prompt cap) are `new_tokens`; with `create` they get rows (count 1).
    Known rows come first in the result's `rows`, in prompt order, then the new ones."""
    rows = sighting.rows
    result = EncounterResult(rows=list(rows))
    crossed = result.write_candidates
    wt = policy.write_threshold
    after = saliencies_after(policy, compress(sighting.distinct, sighting.found), rows)
    for row, s in zip(rows, after):
        old = row.saliency
        row.encounter_count += 1
        row.last_seen = now
        row.saliency = s
        if old < wt <= s:
            crossed.append(row)
    _count_elements(dirty, map(_ID, rows))  # dirty[id] += 1 per row, in C
    if len(rows) == len(sighting.distinct):
        return result
    # (a deferred count: another prompt may have interned some of them meanwhile)
    new = [t for t in compress(sighting.distinct, map(not_, sighting.found))
           if t not in policy.common_words and t not in known]
    cap = policy.max_new_tokens_per_prompt
    if len(new) > cap:
        result.skipped_new, new = len(new) - cap, new[:cap]
    result.new_tokens = new
    for row in create(new) if create is not None and new else ():
        row.encounter_count = 1
        row.last_seen = now
        dirty[row.id] = dirty.get(row.id, 0) + 1
        result.rows.append(row)
    return result
