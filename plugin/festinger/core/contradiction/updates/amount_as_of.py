"""A stored amount said anew with the date it took effect or the news label it came under, read as
"now" (pure logic): "Our Pro plan costs $49/month." / "Update: the Pro plan costs $59/month since
March.", "The user's student loan is $32,000." / "The student loan is $27,500 after the latest
payments.", "The user's cholesterol is 240 mg/dL." / "Latest test: the user's cholesterol is 195
mg/dL.".

The grammar reads "The Pro plan is $59/month now." as the stored slot said anew; the same news
with "since March" after the amount or a "Latest test:" label before it, it does not read. This
module takes a one-sentence memory with one amount of the stored amount's kind (the same currency,
"%", or unit), cuts the label and a start already past ("since March", "as of today", "after the
latest payments"), says "now" instead, and reads the sentence through the whole detector
(handed in, as `slot_switch` and `asides` do): slot matching, owners and scopes stay the grammar's.

Refused: a stored memory with no amount or several of different kinds; an incoming memory of
several lines, sentences or clauses (context beside the amount may make it another's: "Toured a
flat. The rent is $2,800 as of May."), a question or a quote; a topic label ("Japan trip update:");
a start that may be to come ("as of July", "effective 1 June", "starting Monday"); a past ("was", a year), a plan, a hedge,
a condition, a target or cap, someone else ("my sister's", "he"), or reported speech; an amount done or a
difference "since" a point ("I've lost 3 kg since March", "I'm down 3 kg since March": `accrued`).
"""

from __future__ import annotations

import re
from typing import Callable, Optional

from festinger.core.contradiction.grammar.values import MONTHS
from festinger.core.contradiction.text.normalise import straight_apostrophes
from festinger.core.contradiction.updates.accrued import accrued_since
from festinger.core.contradiction.updates.change_gates import PRONOUN_RE, unsure_change
from festinger.core.contradiction.updates.old_value_gates import someone, stored_words
from festinger.core.contradiction.verdict import Contradiction

__all__ = ["by_amount_as_of"]

Detect = Callable[[str, str], Optional[Contradiction]]

_UNITS = r"%|percent|W|wpm|mg/dL|mmol/L|mg|mcg|bpm|kg|lbs?|km|GB|TB|Mbps|ms"
# An amount: a currency and a number, or a number and a unit; the kind is the currency or the unit.
_AMOUNT_RE = re.compile(rf"(?P<cur>[$€£¥])\s?\d[\d,.]*(?:\s?(?:k|K|m|bn))?(?![\w])"
                        rf"|(?<![\w.$€£¥])\d[\d,.]*\s?(?P<unit>{_UNITS})(?![\w])")
_MONTH = "|".join(m for m in MONTHS if len(m) > 2)
_DATE = (rf"(?:(?:{_MONTH})(?:\s+\d{{1,2}}(?:st|nd|rd|th)?)?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:{_MONTH})|"
         rf"(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)|today|this\s+month)")
# When the amount took effect, after it: cut and said as "now". Only a start already past: "since
# March", "as of today", "after the latest payments"; "as of July" or "effective 1 June" may be a change
# to come (a plan: `test_anchored` leaves "the Pro plan is $59/month as of July" alone), and so may a
# weekday, "starting" or "from".
_EFFECT_RE = re.compile(rf"\s+(?:since\s+{_DATE}|as\s+of\s+(?:today|this\s+month)|"
                        rf"(?:after|following)\s+the\s+(?:latest|last|recent|new)\s+[a-z]+(?:\s+[a-z]+)?)$", re.I)
# A news label before the clause, of no topic of its own: "Latest test:", "Pricing update:" ("Japan
# trip update:", "Luggage update:" scope the news to something else).
_LABEL_RE = re.compile(r"^(?:(?:latest|new|recent|updated)\s+(?:test|results?|reading|check|numbers|figures?)|"
                       r"(?:quick\s+|small\s+)?(?:update|news|pricing\s+update|price\s+update|fyi))\s*:\s+", re.I)
# A second sentence or clause: the news is read only when it is the whole memory.
_SPLIT_RE = re.compile(r"[;]|[.!]\s|,\s+(?:and|so|but)\s|\s[-\u2013\u2014]+\s")
# A past, a hedge or reported speech in the amount's own clause.
_PAST_RE = re.compile(r"(?<![\w'])(?:was|were|had|used\s+to|(?:19|20)\d\d|according|apparently|said|says|"
                      r"if|unless|would|could|might|may|will|next|expected|estimated?|quoted?|offered?|"
                      r"target|goal|max(?:imum)?|min(?:imum)?|up\s+to)(?![\w'])|[?\"\u201c\u201d]", re.I)


def by_amount_as_of(existing: str, incoming: str, detect: Detect) -> Contradiction | None:
    """The stored amount said anew in one sentence with its effect date or news label, or None."""
    if not isinstance(existing, str) or not isinstance(incoming, str):
        return None
    if len(existing) > 200 or len(incoming) > 300 or "\n" in incoming.strip() or "?" in incoming:
        return None
    kinds = _kinds(existing)
    if len(kinds) != 1:
        return None
    sentence = straight_apostrophes(" ".join(incoming.split())).rstrip(".! ")
    if _SPLIT_RE.search(sentence):
        return None  # "Toured an apartment. The rent is $3,200.": a clause beside it may make it another's
    clause = _LABEL_RE.sub("", sentence)
    cut = _EFFECT_RE.sub("", clause)
    if cut == sentence:
        return None  # nothing was in the way: the grammar read this sentence already
    if _kinds(cut) != kinds or len(_AMOUNT_RE.findall(cut)) != 1 or _PAST_RE.search(cut):
        return None  # the effect date is cut first: "as of May" is no modal "may"
    since = clause[len(cut):].lstrip()[:6].lower() == "since "
    if since and accrued_since(cut, *_AMOUNT_RE.search(cut).span(), existing):
        return None  # "I've lost 3 kg since March": the amount over the period, no new value of a total (accrued)
    if unsure_change(cut) or someone(cut, frozenset(stored_words(existing))) or PRONOUN_RE.search(cut):
        return None
    said = cut[:1].upper() + cut[1:]
    if not re.search(r"(?<![\w'])now(?![\w'])", said, re.I):
        said += " now"
    return detect(existing, said + ".")


def _kinds(text: str) -> list[str]:
    """The kinds of the amounts in a text, in order, each once: "$", "%", "mg/dL"."""
    kinds: list[str] = []
    for m in _AMOUNT_RE.finditer(text):
        k = m.group("cur") or m.group("unit").lower()
        if k not in kinds:
            kinds.append(k)
    return kinds

