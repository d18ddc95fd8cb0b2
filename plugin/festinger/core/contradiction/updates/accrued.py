"""Whether an amount said "since <a point in time>" is what accrued over that period (pure logic).

"My rent is $1,650 since March.", "My internet has been 500 Mbps since March.", "The Pro plan costs
$59/month since March.", "My heart rate has dropped to 55 bpm since March.": a LEVEL (what the thing
is, costs per period, or went to) that took effect at that point; `amount_as_of` reads it as "now".

"I've lost 3 kg since March.", "The user has run 120 km since October.", "I've spent $150 on groceries
since the 1st.", "I'm down 3 kg since March.", "I'm 3 kg lighter since March.", "My savings grew by
$800 since September.": an amount DONE (the object of another verb in the perfect or the past) or a
DIFFERENCE (by, down/up, a comparative) counted from that point. It is the amount over the period, a
part of an unscoped running total ("I've lost 5 kg"), not a new value of it: two totals are comparable
only over the same period (attack71: 38 false deprecations, "'kg lost' 5 kg -> 3 kg").

A past is told by its form (-ed, `changes.PAST_VERBS`), by agreement: a singular subject ("User",
"my heart rate") with a verb without the present's -s ("User lost 3 kg", "my heart rate fell 5 bpm"),
or by the stored memory, which used the word after "have" ("I've lost 5 kg." / "Lost 3 kg since March.").
Left as a level: a be ("I'm 78 kg", "has been"), a present verb ("I take 40 mg", "costs"), a rate
("$59 a month", "40 km a week": what holds per period), an amount after "to"/"at" ("risen to $1,650").
Not told: a subjectless irregular past the stored memory does not show ("I lost 5 kg." / "Lost 3 kg since
March.": "Lost 3 kg" reads like "Rent $1,650").
"""

from __future__ import annotations

import re

from festinger.core.contradiction.lexicon.changes import past_form

__all__ = ["accrued_since"]

# Words between the governing verb and the amount that leave the amount the verb's own.
_FILLER = frozenset("a an total of another further extra about around almost nearly roughly some well over "
                    "more than just only already now also so far like on off back out in away".split())
_DIFFERENCE = frozenset({"by", "down", "up"})
_LEVEL = frozenset({"to", "at", "from", "is", "are", "am", "be", "been", "being", "was", "were", "got", "gotten"})
_PERFECT = frozenset({"have", "has", "i've", "we've", "you've", "they've"})  # not "user's": a possessive
_MODALS = frozenset("can could will would shall should may might must do does did".split())
_FUNCTION = frozenset("a an the for of in on at to with and or from by as this that".split())
_RATE_RE = re.compile(r"^\s*(?:/|(?:a|an|per|each|every)\s+[a-z])", re.I)
# A difference told after the amount: "5 kg down", "3 kg lighter", "$100 more (than ...)".
_AFTER_RE = re.compile(r"^\s+(?:down|up|more|less|fewer|[a-z]+er)(?:\s+now)?(?:\s+than\b.*)?$", re.I)
_WORD_RE = re.compile(r"[a-z]+(?:'[a-z]+)?|:", re.I)


def accrued_since(clause: str, start: int, end: int, stored: str = "") -> bool:
    """Whether the amount at clause[start:end] is done or a difference (see the module); `stored` is the
    stored memory, whose words after "have" are participles."""
    after = clause[end:]
    if _AFTER_RE.match(after):
        return True
    words = [w.lower() for w in _WORD_RE.findall(clause[:start])]
    while words and words[-1] in _FILLER and words[-1] not in _DIFFERENCE:
        words.pop()
    if not words:
        return False
    verb = words[-1]
    if verb in _DIFFERENCE:
        return True  # "grew by $800", "I'm down 3 kg"
    if _RATE_RE.match(after) or verb in _LEVEL or verb == ":" or re.search(r"'(?:m|re|s)$", verb):
        return False  # "$59 a month", "risen to $1,650", "I'm 78 kg", "Rent: $1,650", "Rent's $1,650"
    if any(w in _PERFECT for w in words[:-1]):
        return True  # "I've (now) lost 3 kg", "The user has run 120 km", "I've put on 3 kg"
    if past_form(verb) or verb in _participles(stored):
        return True  # "I gained 2 kg", "I ran 120 km", "I've lost 5 kg." / "Lost 3 kg"
    return _singular_past(words[:-1], verb)


def _singular_past(subject: list[str], verb: str) -> bool:
    """"User lost 3 kg", "My heart rate fell 5 bpm": a singular subject's verb without the present -s."""
    if verb.endswith("s") or verb in _MODALS or not subject:
        return False
    if subject in (["user"], ["the", "user"]):
        return True
    return (subject[0] in ("my", "our") and 2 <= len(subject) <= 3 and not subject[-1].endswith("s")
            and not any(w in _FUNCTION for w in subject[1:]))


def _participles(stored: str) -> set[str]:
    """The words a memory puts after a perfect's "have": "I've (now) lost 5 kg" -> {"lost"}."""
    words = [w.lower() for w in _WORD_RE.findall(stored)]
    found = set()
    for n, w in enumerate(words[:-1]):
        if w in _PERFECT:
            rest = [x for x in words[n + 1:n + 4] if x not in _FILLER]
            if rest and rest[0] not in _LEVEL:
                found.add(rest[0])
    return found
