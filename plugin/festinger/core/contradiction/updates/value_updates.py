"""The plain value-update rules that read two whole memories, as one verdict for `compare` (pure logic).

* a bare "Key: value" line replaced by a later line of the same key (`keyvalue_change`);
* such a line against a sentence that names its slot and announces the change ("Session timeout:
  8 hours" / "Session timeout reduced to 1 hour"), matched by the statement path itself (`match`,
  `matching.match_statements`, handed in so this module needs nothing of `compare`);
* a correction or announced change that names the stored value it replaces, also when it only says
  "it": "Correction: it's 8443, not 8080" (`named_correction`);
* a correction-led clause on the stored memory's one slot: "Blood type: A+" / "Correction: blood
  type is A-, not A+", "Our flat is on the 3rd floor." / "correction: it's the 4th floor, I
  miscounted" (`led_correction`, value kinds in `led_values`).
"""

from __future__ import annotations

from typing import Callable, Optional

from festinger.core.contradiction.updates.keyvalue_change import key_line_as_sentence
from festinger.core.contradiction.recall_verdicts import by_key_value_replaced
from festinger.core.contradiction.updates.led_correction import by_led_correction
from festinger.core.contradiction.updates.named_correction import by_it_corrected, by_named_replacement
from festinger.core.contradiction.grammar.statements import Statement, extract_statements
from festinger.core.contradiction.verdict import Contradiction

__all__ = ["by_value_update"]

Match = Callable[..., Optional[Contradiction]]


def by_value_update(existing: str, incoming: str, match: Match) -> Contradiction | None:
    """The first of the value-update rules that finds the stored value replaced, or None."""
    return (by_key_value_replaced(existing, incoming) or _by_key_line(existing, incoming, match)
            or by_named_replacement(existing, incoming) or by_it_corrected(existing, incoming)
            or by_led_correction(existing, incoming))


def _by_key_line(existing: str, incoming: str, match: Match) -> Contradiction | None:
    pair = key_line_as_sentence(existing, incoming)
    if pair is None:
        return None
    return match(extract_statements(pair[0]), extract_statements(pair[1], allow_correction=True), pair[1],
                 accept=_announced)


def _announced(a: Statement, b: Statement) -> bool:
    return b.update or b.correction
