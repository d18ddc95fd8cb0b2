"""A setting scoped to an environment, said as that environment's own setting (pure logic).

"Log level in production is DEBUG" and "Production log level is set to WARN now" name one slot:
the grammar reads the first as "log level" scoped "in production" and the second as "production
log level", which never meet. Both are written here as "The production log level is ...", so the
environment stays part of the slot ("Staging log level is WARN" remains another slot) and the
comparison of the values decides as for any slot.
"""

from __future__ import annotations

import re

from festinger.core.contradiction.text.cues import Says

__all__ = ["environment_first"]

_ENVIRONMENTS = r"(?:production|prod|staging|stage|development|dev|test|testing|qa|sandbox|preview)"
# "Log level in production is DEBUG", "The log level in staging is set to WARN now".
_IN_ENV_RE = re.compile(
    rf"^(?:the\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){{0,2}}?)\s+(?:in|on)\s+(?:the\s+)?({_ENVIRONMENTS})"
    r"(?:\s+environment)?\s+(is|are|was|has\s+been|got)\s+(?=\S)", re.I)


def environment_first(sentence: str) -> str:
    """"Log level in production is DEBUG" as "The production log level is DEBUG", or as it is."""
    if not Says(sentence)("prod", "stag", "dev", "test", "qa", "sandbox", "preview"):
        return sentence  # names no environment
    m = _IN_ENV_RE.match(sentence.strip())
    if m is None:
        return sentence
    return f"The {m.group(2).lower()} {m.group(1)} {m.group(3)} {sentence.strip()[m.end():]}"
