"""The detector's verdict: why an incoming memory contradicts an existing one (pure data)."""

from __future__ import annotations

from dataclasses import asdict, dataclass

__all__ = ["Contradiction", "clip"]


@dataclass(frozen=True)
class Contradiction:
    """Why `incoming` contradicts `existing`."""

    kind: str  # "value" | "negation" | "correction"
    subject: str  # normalised subject key, e.g. "api server port"
    old_value: str
    new_value: str
    explanation: str

    def to_dict(self) -> dict[str, str]:
        return asdict(self)


def clip(text: str, limit: int = 160) -> str:
    """`text` on one line, cut to `limit` characters (for explanations, which may be logged)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def ended_verdict(existing: str, found: tuple[str, str, str] | None) -> Contradiction | None:
    """The verdict of a rule that finds (holder, stored value, the incoming sentence or clause that
    ends it): `named_end`, `clause_end`."""
    if found is None:
        return None
    owner, value, sentence = found
    subject = f"{owner or 'user'} {value}".strip()
    return Contradiction("value", subject, value, sentence, f"{value!r} no longer holds: {clip(sentence)!r} "
                         f"(existing: {clip(existing)!r})")
