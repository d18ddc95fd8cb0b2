"""The spec's negation pattern for any verb: "X no longer <verb>s Y" against "X <verb>s Y" (pure logic).

The closed grammar knows a few dozen verbs. For every other one ("commutes by car", "sings in the
choir", "shops at Whole Foods") this fallback reads "<subject> <verb>s <rest>" and its denials
("does not / never / no longer <verb> <rest>") as one phrase, and two memories only meet when the
subject, the verb and the whole rest are the same words: the incoming memory must deny exactly
what the existing one asserts. It asserts nothing else (no values, no alternatives).
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.objects import parse_quantity
from festinger.core.contradiction.grammar.relations import Ctx, emit
from festinger.core.contradiction.text.subject import MAX_SUBJECT_WORDS, Token, parse_subject
from festinger.core.contradiction.grammar.values import Value, singular, time_of_day

__all__ = ["parse_phrase_negation"]

_VERB_RE = re.compile(r"^[a-z]{2,20}$")
_IRREGULAR = {"has": "have", "does": "do", "goes": "go", "is": "be", "are": "be"}
MAX_REST_WORDS = 8


def _stem(word: str, third_person: bool) -> str:
    """One spelling for "commutes"/"commute", "studies"/"study", "watches"/"watch"."""
    if third_person:
        if word in _IRREGULAR:
            word = _IRREGULAR[word]
        elif word.endswith("ies") and len(word) > 4:
            word = word[:-3] + "y"
        elif word.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
            word = word[:-2]
        elif word.endswith("s") and not word.endswith("ss"):
            word = word[:-1]
        else:
            return ""
    return word[:-1] if word.endswith("e") else word


def _rest_value(rest: list[Token], verb: str) -> Value | None:
    if len(rest) > MAX_REST_WORDS or any(t.punct or t.quoted for t in rest):
        return None
    words = [t.low for t in rest if t.low not in lx.DETERMINERS]
    if any(w in lx.SUBJECT_STOPWORDS and w not in ("to", "by", "with", "as") for w in words):
        return None
    norm = " ".join(singular(w) for w in words)
    return Value("phrase", norm, " ".join([verb] + [t.text for t in rest]))


def parse_phrase_negation(toks: list[Token], ctx: Ctx) -> None:
    n = len(toks)
    for i in range(1, min(n, MAX_SUBJECT_WORDS + 2)):
        low = toks[i].low
        neg, j, third = False, i, True
        if low in ("does", "do") and i + 2 <= n - 1 and toks[i + 1].low == "not":
            neg, j, third = True, i + 2, False
        elif low == "never" and i + 1 < n:
            neg, j = True, i + 1
            third = toks[j].low.endswith("s") and toks[j].low not in ("focus",)
        elif low == "no" and i + 2 < n and toks[i + 1].low == "longer":
            neg, j = True, i + 2
            third = toks[j].low.endswith("s")
        elif i == 1 and toks[0].low in ("i", "we-group") and _VERB_RE.match(low):
            third = False  # "I commute by car", "We pay for Copilot"
        elif not (_VERB_RE.match(low) and low.endswith("s")):
            continue
        verb = toks[j].low
        if not _VERB_RE.match(verb) or verb in ("is", "are", "am", "was", "were") or (
                verb in lx.SUBJECT_STOPWORDS and verb not in ("do", "does")):  # "does CrossFit" is a verb
            continue
        stem = _stem(verb, third)
        if not stem:
            continue
        subject = parse_subject(toks[:i])
        if subject is None:
            continue
        rest = toks[j + 1:]
        words = [t.low for t in rest]
        if not neg and "at" in words:
            # "goes to bed at 11 pm": the time of a habit, replaced only by an announced change
            k = words.index("at")
            found = time_of_day(words[k + 1:k + 4])
            what = _rest_value(rest[:k], verb)
            if found is not None and what is not None:
                emit(ctx, f"{subject.key} {stem} {what.norm}".strip(), "time", [found[0]], subject=subject,
                     rest=rest[k + 1 + found[1]:])
                return
        q = parse_quantity(rest, 0) if not neg else None
        if q is not None and q[0].dim and not q[1] and _rest_value(rest[q[2]:], verb) is not None:
            # "earns $90,000", "sleeps 7 hours a night": an amount of that habit, replaced only by an
            # announced change ("now earns $105,000"); what follows the amount scopes it ("in rent").
            emit(ctx, f"{subject.key} {stem}", "value", [q[0]], subject=subject, rest=rest[q[2]:])
            return
        value = _rest_value(rest, verb)
        if value is not None:
            emit(ctx, subject.key, f"do:{stem}", [value], subject=subject, rest=[], neg=neg)
        return
