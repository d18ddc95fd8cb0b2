"""The predicate grammar: a tokenised clause -> statements (pure logic).

Only a closed set of predicates is understood: "is/are" with a state, a value, a place or a passive
participle, and a list of known verbs ("uses", "runs on", "lives in", "prefers", "has" ...). Each
parser either emits statements it is sure about or nothing.
"""

from __future__ import annotations


from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.objects import (
    ITEM_STOPS,
    parse_quantity,
    pref_value,
    split_denial,
    split_items,
    term_value,
)
from festinger.core.contradiction.text.subject import MAX_SUBJECT_WORDS, Subject, Token, parse_subject
from festinger.core.contradiction.grammar.values import (
    Statement,
    Value,
    singular,
)
from festinger.core.contradiction.reread.phrase_negation import parse_phrase_negation
from festinger.core.contradiction.grammar.predicates import (
    parse_copula,
    parse_location,
    parse_object_list,
)
from festinger.core.contradiction.grammar.numbered import parse_port, parse_street
from festinger.core.contradiction.grammar.prohibitions import opens_prohibition
from festinger.core.contradiction.grammar.relations import (
    ANTONYM_LEMMAS,
    CORRECTABLE_RELS,
    GERUNDS,
    PLATFORM_RELS,
    VERB_FORMS,
    VERBS,
    Ctx,
    emit,
)

__all__ = ["CORRECTABLE_RELS", "parse_clause_statements"]


def parse_clause_statements(toks: list[Token], sentence: str, correction: bool) -> list[Statement]:
    """Statements of one tokenised clause."""
    if opens_prohibition(toks):
        return []  # "Never use port 80": a rule about one value, not a slot holding one (prohibitions)
    ctx = Ctx(sentence=sentence, correction=correction)
    _parse_clause(toks, ctx)
    if not ctx.statements:
        parse_phrase_negation(toks, ctx)  # "commutes by car" / "no longer commutes by car"
    return ctx.statements


# --- clause --------------------------------------------------------------------------------------


def _parse_clause(toks: list[Token], ctx: Ctx) -> None:
    n = len(toks)
    for i in range(1, min(n - 1, MAX_SUBJECT_WORDS + 4)):
        low = toks[i].low
        nxt = toks[i + 1].low if i + 1 < n else ""
        if low in ("is", "are", "am"):
            subject = parse_subject(toks[:i])
            if subject is None:
                continue
            j, neg = i + 1, False
            if toks[j].low in ("not", "never"):
                neg, j = True, j + 1
            elif toks[j].low == "no" and j + 1 < n and toks[j + 1].low == "longer":
                neg, j = True, j + 2
            if j < n and toks[j].low in GERUNDS:  # "is running on", "is using"
                lemma = GERUNDS[toks[j].low]
                if not (lemma == "run" and j + 1 == n):  # a bare "is running" is a state
                    _parse_verb(subject, lemma, neg, toks, j + 1, ctx)
                    return
            parse_copula(subject, neg, toks, j, ctx)
            return
        lemma, j, neg = "", 0, False
        if low in ("does", "do") and nxt == "not" and i + 2 < n:
            lemma, j, neg = VERB_FORMS.get(toks[i + 2].low, ""), i + 3, True
        elif low == "never" and i + 1 < n:
            lemma, j, neg = VERB_FORMS.get(nxt, ""), i + 2, True
        elif low == "no" and nxt == "longer" and i + 2 < n:
            lemma, j, neg = VERB_FORMS.get(toks[i + 2].low, ""), i + 3, True
        elif low == "time" and nxt == "out" or low == "times" and nxt == "out":
            lemma, j = "time out", i + 2
        elif low in VERB_FORMS:
            lemma, j = VERB_FORMS[low], i + 1
        if not lemma:
            continue
        prev = toks[i - 1].low
        if prev in lx.USER_POSSESSIVES and prev != "user" or prev.endswith(("'s", "s'")):
            continue  # "my work laptop", "the user's run time": a noun after a possessive, not a verb
        if j < n and toks[j].low in ("is", "are", "am", "was", "were"):
            continue  # "The deployment target is AWS": the noun "target" is not the verb here
        subject = parse_subject(toks[:i])
        if subject is None:
            continue
        _parse_verb(subject, lemma, neg, toks, j, ctx)
        return



# --- verbs ----------------------------------------------------------------------------------------


def _parse_verb(subject: Subject, lemma: str, neg: bool, toks: list[Token], j: int, ctx: Ctx) -> None:
    particles = VERBS.get(lemma, ())
    rel = lemma
    if j < len(toks) and toks[j].low in particles:
        rel = f"{lemma}:{toks[j].low}"
        j += 1
    body = toks[j:]
    if not body:
        return
    if lemma in ANTONYM_LEMMAS:
        if neg:
            return  # "does not hate tea" says little about liking it
        rel, neg = ANTONYM_LEMMAS[lemma], True
        if lemma in ("dislike", "hate"):
            _parse_generic(subject, rel, neg, body, ctx, antonym=True)
            return
    if rel in ("live:at", "reside:at"):  # "lives at 9 Elm Road": the user's address
        address = Subject(f"{subject.key} address", subject.qualifier, "address")
        parse_street(address, neg, body, ctx)
        return
    if rel in ("live:in", "reside:in"):
        parse_location(subject, "location", neg, body, ctx)
        return
    if rel in ("listen:on", "bind:to") or (rel in ("run:on", "use", "run", "serve", "expose") and body[0].low == "port"):
        if body[0].low == "port":
            # a service runs or listens on one port, but exposes several ("80" and "443")
            parse_port(subject, neg, body, ctx, several=rel == "expose")
        return
    if rel == "run:every" or (lemma in ("expire", "time out") and rel != lemma):
        q = parse_quantity(body, 0)
        if q is None or neg or q[1]:
            return
        attr = {"run:every": "interval", "expire:after": "expiry", "expire:in": "expiry", "time out:after": "timeout"}[rel]
        emit(ctx, f"{subject.key} {attr}", "value", [q[0]], subject=subject, rest=body[q[2]:], exclusive=True)
        return
    if lemma in ("prefer", "want") and _parse_response_language(subject, neg, body, ctx):
        return
    if lemma == "prefer" and not neg:
        _parse_preference(subject, body, ctx)
        return
    if lemma == "have":
        _parse_have(subject, neg, body, ctx)
        return
    if rel in PLATFORM_RELS or rel in CORRECTABLE_RELS:
        parse_object_list(subject, rel, neg, body, ctx)
        return
    _parse_generic(subject, rel, neg, body, ctx)


def _parse_generic(subject: Subject, rel: str, neg: bool, body: list[Token], ctx: Ctx, *, antonym: bool = False) -> None:
    main, denied_toks = split_denial(body)
    if denied_toks and (neg or antonym):
        return
    items, rest, has_or = split_items(main)
    if not items or has_or:
        return
    values = [term_value(item) for item in items]
    if any(v is None for v in values):
        return
    # "drinks regular coffee, not decaf": the denied object no longer holds.
    denied = [term_value(d) for d in split_items(denied_toks)[0]] if denied_toks else []
    if any(d is None for d in denied):
        return
    emit(ctx, subject.key, rel, values, subject=subject, rest=rest, neg=neg, explicit_negation=antonym,
         denied=denied)


def _parse_response_language(subject: Subject, neg: bool, body: list[Token], ctx: Ctx) -> bool:
    if len(body) >= 3 and body[0].low in ("answers", "responses", "replies", "answer", "response", "reply") \
            and body[1].low == "in" and body[2].low in lx.LANGUAGES:
        if not neg:
            emit(ctx, f"{subject.key} response language", "value", [Value("language", body[2].low, body[2].text)],
                  subject=subject, rest=body[3:], exclusive=True)
        return True
    return False




def _parse_preference(subject: Subject, body: list[Token], ctx: Ctx) -> None:
    # "prefers tabs over spaces" / "prefers pytest to unittest"
    for k, t in enumerate(body):
        if t.low in ("over", "to") and 0 < k < len(body) - 1:
            a = term_value(body[:k])
            b_items, rest, has_or = split_items(body[k + 1:])
            if a is None or len(b_items) != 1 or has_or:
                return
            b = term_value(b_items[0])
            if b is None or ">" in a.norm or ">" in b.norm:
                return
            value = Value("order", f"{a.norm}>{b.norm}", f"{a.display} over {b.display}")
            emit(ctx, subject.key, "prefer:order", [value], subject=subject, rest=rest, exclusive=True)
            return
    items, rest, has_or = split_items(body)
    if len(items) != 1 or has_or:
        return
    value = pref_value(items[0])
    if value is not None:
        emit(ctx, subject.key, "prefer:group", [value], subject=subject, rest=rest, exclusive=True)


def _parse_have(subject: Subject, neg: bool, body: list[Token], ctx: Ctx) -> None:
    if body[0].low == "no" and len(body) > 1:  # "has no tests" == "does not have tests"
        if neg:
            return
        neg, body = True, body[1:]
    q = parse_quantity(body, 0)
    if q is not None:
        value, attr, k = q
        if neg:
            return
        tail = body[k:]
        if not attr and tail and not tail[0].punct and value.dim and tail[0].low not in ITEM_STOPS:
            # "16GB RAM": the attribute follows the unit directly.
            attr_toks = []
            while tail and not tail[0].punct and tail[0].low not in ITEM_STOPS and len(attr_toks) < 3:
                attr_toks.append(tail[0].low)
                tail = tail[1:]
            attr = attr_toks
        if attr:
            key = f"{subject.key} {' '.join(singular(a) for a in attr)}"
            if value.unit and not value.dim:
                return  # "5 years of experience" works, "5 engineers of X" does not
        elif value.unit and not value.dim:
            key = f"{subject.key} {value.unit} count"
        else:
            return
        emit(ctx, key, "value", [value], subject=subject, rest=tail, exclusive=True)
        return
    _parse_generic(subject, "have", neg, body, ctx)
