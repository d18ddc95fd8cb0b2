"""A stored state of the user's ended by its RESULT, said without "no longer" (pure logic).

"I have a peanut allergy" / "I outgrew my peanut allergy", "I wear glasses" / "I got LASIK, so no more
glasses", "I lease a BMW X3" / "The BMW lease ended", "SSH password login is enabled on the bastion" /
"We disabled SSH password login on the bastion" (more in tests/core/test_ended_states.py).

The grammar compares a state with its denial; these endings name no denial but the state's HEAD
(the allergy, the exam, the lease, the setting) as the object of a result verb. Each kind
(`ended_readers`) pairs one stored shape, which yields the head (a key), with the result phrases that end it
(`lexicon.ended_states`); the key must come back whole in the result ("the BMW lease" for "a BMW
X3", never "my old BMW lease"; "the CPA exam", not "part 1 of the CPA exam").

Every incoming sentence an event rule may read (`change_gates.readable_sentences`) is cut into
clauses ("The user passed the CPA exam, so she's done studying"); a clause must open with the user
(I, the user, my, the user's; a he/she only after a clause that opened with the user), and after
the result only a recent time, "now", "anymore", a reason ("since having kids") or a purpose ("to
go to university") may follow. Refused anywhere in the memory: a plan, a hedge, old news
(`change_gates.unsure_change`), a period or a part ("for a week", "for reading", "on weekends",
"still", "but", "only", "again" but for a habit taken up again).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator

from festinger.core.contradiction.updates.change_gates import readable_sentences, unsure_change
from festinger.core.contradiction.events.ended_readers import OWN as _OWN
from festinger.core.contradiction.events.ended_readers import READERS as _READERS
from festinger.core.contradiction.events.ended_readers import U as _U
from festinger.core.contradiction.events.ended_readers import Needs, Result, compiled as _compiled
from festinger.core.contradiction.events.event_context import RECENT, stored_sentence
from festinger.core.contradiction.lexicon import ended_states as es
from festinger.core.contradiction.updates.named_end_guards import JUST_NOW_RE
from festinger.core.contradiction.text.literal import starts
from festinger.core.contradiction.text.name_parts import is_generic_part
from festinger.core.contradiction.text.retraction import retracted_inline
from festinger.core.contradiction.text.segment import split_pieces
from festinger.core.contradiction.verdict import Contradiction, clip

__all__ = ["by_state_ended", "state_ended"]

_RECENT = RECENT.replace("(?P<when>", "(?:")
# What may follow a result: when it happened, that it lasts, why, or what for.
_TAIL_RE = re.compile(
    rf"(?:{_RECENT[:-1]}|\s*,?\s*(?:now|any\s*more|for\s+good|at\s+last|after\s+all|permanently|completely|"
    r"in\s+the\s+(?:spring|summer|fall|autumn|winter)|(?:since|after|thanks\s+to|following)\s+[^,;]{3,60}|"
    r"to\s+(?:go|study|attend|live|start|work|move)\s+[^,;]{2,60}|at\s+the\s+end\s+of\s+(?:the|my|her|his|its)\s+lease|(?:this|last)\s+(?:spring|summer|fall|autumn|winter)))*"
    r"\s*$", re.I)
# What a sentence may open with before its subject: a reason or a news word ("After three years of
# immunotherapy, I ...", "Good news: ...", "So ...").
_LEAD = r"(?:(?:after|following|thanks\s+to)\s+[^,]{3,60},?\s+|(?:so|well|finally|good\s+news|turns\s+out)[:,]?\s+)?"
_UNDO_RE = re.compile(rf"(?<![\w'])(?:{es.UNDO})(?![\w'])", re.I)
# "keys only", "Linux-only": what is left, not a part.
_ONLY_RE = re.compile(r"(?<=\w)[- ]only(?=\s*[.!]?$)", re.I)
_LONG_AGO_RE = re.compile(r"(?<![\w'])(?:last\s+(?:month|year|spring|summer|autumn|fall|winter)|months?\s+ago|"
                          r"in\s+(?:january|february|march|april|may|june|july|august|september|october|november|"
                          r"december|the\s+(?:spring|summer|autumn|fall|winter)))(?![\w'])", re.I)
_AGAIN_RE = re.compile(r"(?<![\w'])again(?![\w'])", re.I)
_CLAUSE_SPLIT_RE = re.compile(r"\s*[;,:]\s*(?:(?:and|so)\s+)?(?:now\s+)?|\s+(?:and|so)\s+(?:now\s+)?", re.I)
# A clause that opens with a past verb has the first clause's subject ("... and gave the Pixel away").
_ELIDED_RE = re.compile(r"(?:gave|got|had|took|sold|went|left|passed|ran|handed|donated|[a-z]+ed)\s", re.I)
_THIRD_RE = re.compile(r"^(?:the\s+)?user\b", re.I)
_LEAD_RE = re.compile(rf"^{_LEAD}", re.I)
_I_RE = re.compile(r"i\b", re.I)


@dataclass(frozen=True)
class Ended:
    """A stored state of the user's (`kind`, its key) and the incoming clause that ends it."""

    kind: str
    state: str
    event: str


# Words every result of a kind says, checked before its patterns (one per stored key) are compiled.
_GATES = {"lapsed": re.compile(r"(?<![\w'])(?:has|have)(?:n['\u2019]?t|\s+not)(?![\w'])", re.I),
          "gone": re.compile(r"(?<![\w'])(?:no|not)(?![\w'])|n['\u2019]t|eliminat|scrapp|axed|discontinu|abolish", re.I)}


# ---- reading the incoming memory ----

def _clauses(sentence: str) -> Iterator[tuple[str, str, str]]:
    """Each clause of a sentence with the subjects and the openers it may start with: the first
    the user or the user's thing; a later one a he/she too when the first opened with "the user"."""
    parts: list[str] = []
    for part in _CLAUSE_SPLIT_RE.split(sentence):
        if part and part.strip():
            parts.append(part)
    # "Sam and I got married": a name or two before "and" is a subject, not a clause
    for n in range(len(parts) - 1, 0, -1):
        if len(parts[n - 1].split()) <= 2 and re.match(r"\s*and\s", sentence[sentence.find(parts[n - 1])
                                                                           + len(parts[n - 1]):], re.I):
            parts[n - 1:n + 1] = [f"{parts[n - 1]} and {parts[n]}"]
    opened = _LEAD_RE.sub("", sentence)
    third = bool(_THIRD_RE.match(opened))
    user = "The user " if third else "I " if _I_RE.match(opened) else ""
    for n, part in enumerate(parts):
        subj, own = _U, _OWN
        if n and user and _ELIDED_RE.match(part.strip()):
            part = user + part.strip()  # "The user switched ... and gave the Pixel to his son": the same subject
        if n and third:
            subj, own = r"(?:i|the\s+user|user|she|he|they)", r"(?:my|(?:the\s+)?user's|her|his|their)"
        yield part.strip(), subj, own


def _says(clause: str, needs: Needs) -> bool:
    """Whether the clause says one literal of each group (as the pattern's re.IGNORECASE finds it)."""
    return all(any(next(starts(clause, w), None) is not None for w in group) for group in needs)


def _ends(result: Result, clause: str, subj: str, own: str, kind: str) -> re.Match[str] | None:
    """The result pattern said by the clause whole, with only an allowed tail after it."""
    pattern, needs = (result, ()) if isinstance(result, str) else result
    if needs and not _says(clause, needs):
        return None  # (checked before the pattern of this stored key is compiled)
    rx = pattern.replace("SUBJ", subj).replace("OWN", own)
    m = _compiled(rf"^{_LEAD}(?:{rx})").match(clause)
    if m is None or not _TAIL_RE.fullmatch(clause[m.end():]):
        return None
    if m.groupdict().get("kp") and all(is_generic_part(w) for w in m["kp"].split()):
        return None  # "the 3" of "Mazda 3", "the Pro" of "iPad Pro": no word of the part names the thing (name_parts)
    return m


def _habit_object_fits(stored: str, m: re.Match[str]) -> bool:
    """A habit taken up must be the stored one: the stored verb's objects ("wine" for "drink")."""
    sm = re.search(r"(?P<v>drink|smoke|eat)(?:\s+(?P<o>alcohol|meat|cigarettes))?$", stored, re.I)
    if sm is None:
        return False
    allowed = es.HABIT_OBJECTS[(sm["v"].lower(), (sm["o"] or "").lower())]
    obj = (m["ho"] or "").lower()
    if m["hv"].lower() in ("having", "have") and not obj:
        return False  # "started having" what?
    return obj in allowed


# Kinds whose holder is a thing, not the user ("SSH login", "the code freeze"): a "we" may end them.
_THINGS = frozenset(("toggle", "event", "gone"))
_QUOTE_RE = re.compile(r"[\"\u201c\u201d\u2018]|(?<![\w])'(?=\w)")


def _plain_pieces(incoming: str) -> list[str]:
    """The sentences of a one-line memory with no question, quote or retraction, for a thing's change."""
    text = incoming.strip()
    if not text or "\n" in text or "?" in text or _QUOTE_RE.search(text) or len(text) > 300:
        return []
    pieces = [p.rstrip(".!").strip() for p, _, _ in split_pieces(text)]
    return [] if len(pieces) > 3 or any(retracted_inline(p) for p in pieces) else pieces


def state_ended(existing: str, incoming: str) -> Ended | None:
    """The stored state and the incoming clause that ends it, or None."""
    stored = stored_sentence(existing)
    if stored is None:
        return None
    stored = stored.strip().rstrip(".!")
    for reader in _READERS:
        found = reader(stored)
        if found is not None:
            break
    else:
        return None
    kind, state, patterns = found
    sentences = readable_sentences(incoming) or (_plain_pieces(incoming) if kind in _THINGS else [])
    text = " ".join(sentences)
    if kind in _GATES and not _GATES[kind].search(text):
        return None  # (the two readers most stored sentences fit: their results need these words first)
    if not sentences or _UNDO_RE.search(_ONLY_RE.sub("", incoming)) or unsure_change(incoming):
        return None
    if kind != "habit" and _AGAIN_RE.search(incoming):
        return None
    if kind == "course" and JUST_NOW_RE.search(text):
        return None  # "finished the pottery class today": one session
    if kind in ("illness", "taste") and _LONG_AGO_RE.search(text):
        return None  # "got over my cold last month" (a cold recurs), "gone off the beach in August" (a season)
    for sentence in sentences:
        for clause, subj, own in _clauses(sentence):
            for pattern in patterns:
                m = _ends(pattern, clause, subj, own, kind)
                if m is not None and (kind != "habit" or _habit_object_fits(stored, m)):
                    return Ended(kind, state, clause)
    return None


def by_state_ended(existing: str, incoming: str) -> Contradiction | None:
    """The verdict of `state_ended`."""
    found = state_ended(existing, incoming)
    if found is None:
        return None
    return Contradiction("value", f"user {found.kind}", found.state, found.event,
                         f"the user's {found.kind} {found.state!r} ended: {clip(found.event)!r} "
                         f"(existing: {clip(existing)!r})")
