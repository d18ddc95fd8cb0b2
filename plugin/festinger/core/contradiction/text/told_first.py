"""Whether a sentence that leaves its owner implied opens its memory (pure logic).

"I'm down to 22 kg now" is the user's body weight and "My job title is now treasurer" the user's one
title only when nothing before it brings in another thing or role (nor, for the weight, after it): after "The airline limit is 23 kg
per bag." the weight is the luggage's, after "I joined the board of my HOA." the title is the
board's (the twenty-seventh attack). Only passing chatter ("Big news!", "Finally!") may come first.
"""

from __future__ import annotations

import re

from festinger.core.contradiction.text.normalise import expand_contractions
from festinger.core.contradiction.reread.rephrase import reaches_a_weight
from festinger.core.contradiction.text.retraction import passes_by
from festinger.core.contradiction.text.scope import NEWS_PREFIX, normalise_label
from festinger.core.contradiction.text.segment import split_sentences
from festinger.core.contradiction.grammar.values import Statement

__all__ = ["opens_memory", "weight_told_after_another"]

_MAX_CHARS = 600  # a few sentences: the work stays bounded
_SENTENCE_END_RE = re.compile(r"[.!?;]")


def opens_memory(sentence: str, incoming: str) -> bool:
    """Whether only passing chatter comes before `sentence` in the incoming memory (False when the
    sentence cannot be found in it as written)."""
    at = incoming.find(sentence) if sentence and len(incoming) <= _MAX_CHARS else -1
    if at < 0:
        return False
    before = " ".join(incoming[:at].split())
    if before.endswith(":") and not _SENTENCE_END_RE.search(before):
        # "Promotion news: ...", "Update: ...": the statement parser scoped the statement by its label
        # (`scope.normalise_label`) and it still met the stored one, so the label names only the change
        label = normalise_label(before)
        return not label or label.startswith(NEWS_PREFIX)
    return not before or all(passes_by(s) for s in split_sentences(before))


def weight_told_after_another(b: Statement, incoming: str) -> bool:
    """Whether the incoming statement is a weight read from "I'm down to N kg" beside a sentence that
    may make the weight another thing's, before it or after it ("... The airline limit is 23 kg.")."""
    if not reaches_a_weight(expand_contractions(b.sentence)):
        return False
    at = incoming.find(b.sentence)
    after = incoming[at + len(b.sentence):] if at >= 0 else ""
    return not opens_memory(b.sentence, incoming) or not all(passes_by(s) for s in split_sentences(" ".join(after.split())))
