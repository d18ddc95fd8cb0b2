"""Deterministic contradiction detection between two memory texts (pure logic, no I/O, no LLM).

One job per module: `normalise` (control characters, contractions, correction leads: the pack's
one table of each), `scope` (headings, lead lines and bullet parents), `segment` (sentences),
`rephrase` (update phrasing into canonical forms), `situation` (the scene a whole memory sets:
a passing one, the agent's own note, a group's "we", an environment), `subject` / `grammar` / `predicates` /
`objects` / `values` (a closed grammar from a sentence to typed statements), `comparison` (how two
values relate), `statements` (the
pipeline), `compare` (which pairs of statements contradict), `may_both_hold` (values of one slot
that may both hold, which only an announced change replaces), `frames` (a correction that names the
value it replaces, "..., not Y", in any sentence shared word for word with the stored one),
`lexicon` (word lists by topic). Evaluation on labelled pairs lives in the test kit
(`festinger_testkit.contradiction_eval`).
"""

from __future__ import annotations

from festinger.core.contradiction.compare import Contradiction, detect_contradiction

__all__ = ["Contradiction", "detect_contradiction"]
