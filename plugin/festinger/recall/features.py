"""The retrieval candidates of the pack, each switchable for the benchmark's ablation rows
(``festinger_testkit.recall_eval.suite``); the defaults are what production runs. Every
comment says what was measured when a candidate was kept or turned off (README, "Retrieval")."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class Features:
    """The retrieval candidates of the pack, each switchable for ablations."""

    # Fuse below-threshold candidates and gate only what is shown: measured worse on shipped
    # and noisy (weak matches crowd the head), memorybank recall unchanged; off, kept for the
    # ablation row.
    open_pool: bool = False
    lexical_gate: float = 0.5       # BM25 score share of the best that counts as evidence
    # Names and identifiers weigh double in BM25 (recall/query_weights.py). Superseded by the
    # person list: with stems and that list it added nothing on shipped/noisy and cost
    # memorybank recall@5 0.908 -> 0.878; off, kept for the ablation row.
    field_weights: bool = False
    temporal: bool = True           # time cues in the query matched against memory dates
    # A memory dated in the named time is evidence on its own when the time is narrow (a day,
    # "a few days ago"); a month-wide window only ranks (admitting it all crowded the head:
    # noisy benchmark, dated questions, MRR 0.76 -> 0.45).
    window_admit_days: float = 7.0
    # Memories written within two minutes of a top hit (the same conversation) join as a
    # fourth list ranked by their neighbour's place (a question often matches one turn and
    # its answer is the next). Measured: memorybank recall@5 0.908 -> 0.867, MRR 0.578 ->
    # 0.519 (a whole conversation's small talk crowds in); off, kept for the ablation row.
    neighbours: bool = False
    min_shared: int = 2             # distinct query words (names aside) lexical evidence shares
    dense_weight: float = 1.0       # RRF weight of the dense list (BM25 and time lists: 1)
    # BM25 counts words by their Snowball stem (recall/bm25_tokens.py): recall up on all
    # three sets (shipped +0.009, noisy +0.007, memorybank +0.020)
    stemming: bool = True
    # The memories that name a person the query names (core.query_fields.person_pattern) form
    # one more RRF list, ordered by similarity: a memory about someone else ranks lower
    # (memorybank recall@5 0.847 -> 0.908; shipped, noisy MRR +0.002, +0.003).
    person_list: bool = True
    # The memory that answers a top hit asking something (holds "?"): written within two
    # minutes after it, sharing the most with it (time_index.replies), shown right after its
    # question ("what did you recommend?" matches the question turn, not the answer).
    # Measured: memorybank recall@5 0.908 -> 0.888 (the reply pushes the user's own turn
    # down: event questions 1.00 -> 0.88), no effect on shipped/noisy; off, kept for the row.
    replies: bool = False
    # RM3-style expansion of the BM25 query from the top 3 (recall/feedback.py): measured,
    # memorybank unchanged, shipped and noisy MRR down (-0.006, -0.025); off, kept for the row.
    prf: bool = False
    # fusion depth per list (None: config recall_candidates, 40); 80 measured no better
    candidates: Optional[int] = None
