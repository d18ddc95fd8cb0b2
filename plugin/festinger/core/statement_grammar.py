"""The predicate grammar: a tokenised clause -> statements (pure logic).

Only a closed set of predicates is understood: "is/are" with a state, a value, a place or a passive
participle, and a list of known verbs ("uses", "runs on", "lives in", "prefers", "has" ...). Each
parser either emits statements it is sure about or nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from festinger.core import contradiction_lexicon as lx
from festinger.core.statement_objects import (
    ITEM_STOPS,
    item_text,
    named_value,
    parse_quantity,
    pref_value,
    split_denial,
    split_items,
    split_version,
    term_value,
)
from festinger.core.statement_tokens import MAX_SUBJECT_WORDS, Subject, Token, np_words, norm_qualifier, parse_subject
from festinger.core.statement_values import (
    REGION_RE,
    URL_RE,
    VERSION_RE,
    Statement,
    Value,
    is_known_place,
    singular,
    version_value,
)

# --- verbs -------------------------------------------------------------------------------------

# lemma -> particles that belong to the verb ("runs on", "lives in").
_VERBS: dict[str, tuple[str, ...]] = {
    "use": (), "run": ("on", "every", "with"), "require": (), "contain": (), "have": (), "like": (),
    "love": (), "enjoy": (), "dislike": (), "hate": (), "prefer": (), "want": (), "need": (),
    "live": ("in",), "reside": ("in",), "work": ("at", "for", "in", "with", "as", "on", "from"),
    "speak": (), "know": (), "drink": (), "eat": (), "own": (), "support": (), "include": (), "exclude": (),
    "store": (), "listen": ("on",), "target": (), "depend": ("on",), "rely": ("on",), "host": (), "serve": (),
    "expose": (), "deploy": ("to", "on"), "build": ("with", "on"), "expire": ("after", "in"), "time out": ("after",),
    "allow": (), "forbid": (), "block": (), "enable": (), "disable": (), "accept": (), "reject": (), "write": (),
    "read": (), "handle": (), "provide": (), "offer": (), "manage": (), "maintain": (), "follow": (), "play": (),
    "watch": (), "visit": (), "attend": (), "teach": (), "learn": (), "study": (), "drive": (), "ride": (),
    "wear": (), "avoid": (), "keep": (), "ship": (), "take": (), "stay": ("in", "at"), "belong": ("to",),
    "lead": (), "smoke": (), "trust": (), "distrust": (), "bind": ("to",), "connect": ("to",),
    "employ": (), "cook": (), "rent": (), "utilize": (), "utilise": (), "leverage": (), "adopt": (), "lack": (),
    "track": (), "favor": (), "favour": (), "choose": (),
}
_IRREGULAR_3SG = {"have": "has", "do": "does", "go": "goes"}
_ING = {"run": "running", "ship": "shipping", "plan": "planning", "lie": "lying"}


def _third_person(base: str) -> str:
    if base in _IRREGULAR_3SG:
        return _IRREGULAR_3SG[base]
    if base.endswith(("s", "sh", "ch", "x", "z", "o")):
        return base + "es"
    if len(base) > 2 and base.endswith("y") and base[-2] not in "aeiou":
        return base[:-1] + "ies"
    return base + "s"


def _gerund(base: str) -> str:
    if base in _ING:
        return _ING[base]
    if base.endswith("e") and not base.endswith("ee"):
        return base[:-1] + "ing"
    return base + "ing"


_VERB_FORMS: dict[str, str] = {}  # finite form (base or 3rd person) -> lemma
_GERUNDS: dict[str, str] = {}
for _lemma in _VERBS:
    if " " in _lemma:
        continue
    _VERB_FORMS[_lemma] = _lemma
    _VERB_FORMS[_third_person(_lemma)] = _lemma
    _GERUNDS[_gerund(_lemma)] = _lemma

# Passive participles after "is/are": participle -> prepositions that belong to it.
_PASSIVES: dict[str, tuple[str, ...]] = {
    "hosted": ("on", "in", "at", "by", "with"), "deployed": ("on", "to", "in", "at", "with"), "written": ("in",),
    "built": ("with", "on", "in", "using"), "located": ("in", "at"), "based": ("in", "on"), "headquartered": ("in",),
    "set": ("to",), "configured": ("to", "as"), "powered": ("by",), "served": ("on", "from", "at", "by"),
    "pinned": ("to",), "stored": ("in", "on", "at"), "run": ("with", "by", "on", "in"), "managed": ("by", "with"),
    "maintained": ("by",), "owned": ("by",), "installed": ("on", "in", "at"), "kept": ("in",),
    "scheduled": ("for", "on", "at"), "implemented": ("in", "with"), "developed": ("in", "with", "by"),
    "exposed": ("on", "at"), "published": ("on", "to"), "licensed": ("under",), "called": (), "named": (),
    "known": ("as",), "used": (), "turned": ("on", "off"), "switched": ("on", "off"),
}
# Relations through which a product with a version is the thing's platform ("runs on Node.js 20").
_PLATFORM_RELS = frozenset(
    "use run run:on target build:with build:on rely:on depend:on on hosted:on deployed:on deployed:to written:in "
    "built:with built:on built:using built:in powered:by pinned:to run:on based:on implemented:in developed:in "
    "developed:with installed:on utilize utilise adopt leverage".split()
)
# Relations that an explicit "actually ..." may overturn (taste and knowledge verbs are excluded).
CORRECTABLE_RELS = frozenset(
    "use run run:on run:with target build:with build:on rely:on depend:on on hosted:on hosted:in hosted:at hosted:by "
    "deployed:on deployed:to deployed:in written:in built:with built:on built:using powered:by pinned:to "
    "stored:in stored:on managed:by maintained:by owned:by served:on served:from served:by based:on "
    "implemented:in developed:in developed:with work:at work:for value location origin".split()
)
_LOCATION_RELS = frozenset("live:in reside:in located:in based:in headquartered:in in".split())
_ANTONYM_LEMMAS = {"dislike": "like", "hate": "like", "disable": "enable", "forbid": "allow", "block": "allow",
                   "exclude": "include", "reject": "accept", "distrust": "trust"}


@dataclass
class _Ctx:
    sentence: str
    correction: bool
    statements: list[Statement] = field(default_factory=list)


def parse_clause_statements(toks: list[Token], sentence: str, correction: bool) -> list[Statement]:
    """Statements of one tokenised clause."""
    ctx = _Ctx(sentence=sentence, correction=correction)
    _parse_clause(toks, ctx)
    return ctx.statements


# --- clause --------------------------------------------------------------------------------------


def _parse_clause(toks: list[Token], ctx: _Ctx) -> None:
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
            if j < n and toks[j].low in _GERUNDS:  # "is running on", "is using"
                lemma = _GERUNDS[toks[j].low]
                if not (lemma == "run" and j + 1 == n):  # a bare "is running" is a state
                    _parse_verb(subject, lemma, neg, toks, j + 1, ctx)
                    return
            _parse_copula(subject, neg, toks, j, ctx)
            return
        lemma, j, neg = "", 0, False
        if low in ("does", "do") and nxt == "not" and i + 2 < n:
            lemma, j, neg = _VERB_FORMS.get(toks[i + 2].low, ""), i + 3, True
        elif low == "never" and i + 1 < n:
            lemma, j, neg = _VERB_FORMS.get(nxt, ""), i + 2, True
        elif low == "no" and nxt == "longer" and i + 2 < n:
            lemma, j, neg = _VERB_FORMS.get(toks[i + 2].low, ""), i + 3, True
        elif low == "time" and nxt == "out" or low == "times" and nxt == "out":
            lemma, j = "time out", i + 2
        elif low in _VERB_FORMS:
            lemma, j = _VERB_FORMS[low], i + 1
        if not lemma:
            continue
        if j < n and toks[j].low in ("is", "are", "am", "was", "were"):
            continue  # "The deployment target is AWS": the noun "target" is not the verb here
        subject = parse_subject(toks[:i])
        if subject is None:
            continue
        _parse_verb(subject, lemma, neg, toks, j, ctx)
        return


def _emit(ctx: _Ctx, key: str, rel: str, values, *, subject: Subject, rest: list[Token], neg: bool = False,
          exclusive: bool = False, denied=(), explicit_negation: bool = False) -> None:
    """Record one statement; `rest` (what follows the value) becomes part of its qualifier."""
    values = tuple(v for v in values if v is not None)
    if not values:
        return
    if exclusive and any(singular(w) in lx.MULTI_INSTANCE_NOUNS for w in key.split()):
        exclusive = False  # which of the user's sons? only an explicit correction decides
    # Two statements are only compared when their qualifiers are equal, so "port 8080 for the API"
    # never meets "port 5000 for the dashboard".
    qualifier = " | ".join(q for q in (subject.qualifier, _rest_qualifier(rest)) if q)
    ctx.statements.append(Statement(
        key=key, rel=rel, values=values, negated=neg, explicit_negation=explicit_negation, qualifier=qualifier,
        correction=ctx.correction, denied=tuple(denied), exclusive=exclusive, sentence=ctx.sentence,
    ))


def _rest_qualifier(rest: list[Token]) -> str:
    return norm_qualifier([t.low for t in rest if t.low != ","])


# --- copula ------------------------------------------------------------------------------------


def _parse_copula(subject: Subject, neg: bool, toks: list[Token], j: int, ctx: _Ctx) -> None:
    rest = toks[j:]
    if not rest:
        return
    first = rest[0].low
    if first in _PASSIVES:
        _parse_passive(subject, neg, rest, ctx)
        return
    if first == "in" and len(rest) > 1:
        # "is in Berlin" may be a visit; only "lives in"/"is based in" state where someone lives.
        _parse_location(subject, "in", neg, rest[1:], ctx)
        return
    if first == "from" and len(rest) > 1:
        _parse_location(subject, "origin", neg, rest[1:], ctx)
        return
    if first == "on" and len(rest) > 1:
        _parse_on(subject, neg, rest[1:], ctx)
        return
    if first == "version" and len(rest) > 1 and VERSION_RE.match(rest[1].low) and not neg:
        # "The Postgres server is version 13"
        if not (len(rest) > 2 and rest[2].low in ("+", "or", "and", "-", "to")):
            _emit(ctx, f"{subject.key} version", "value", [version_value(VERSION_RE.match(rest[1].low).group(1),
                  f"{rest[0].text} {rest[1].text}")], subject=subject, rest=rest[2:], exclusive=True)
        return
    if first in ("at", "by", "with", "to", "for", "of", "under", "over", "where", "what", "how", "why", "who"):
        return
    if first in ("a", "an"):
        phrase = [t for t in rest[1:] if not t.punct]
        if phrase and len(phrase) <= 5 and not any(t.low in ITEM_STOPS for t in phrase):
            _emit(ctx, subject.key, "class", [Value("phrase", " ".join(t.low for t in phrase), item_text(phrase))],
                  subject=subject, rest=[], neg=neg)
        return
    if first == "the" or first in lx.SUBJECT_STOPWORDS:
        return
    if subject.head == "port" and re.fullmatch(r"\d{1,5}", first):  # "The dashboard port is 3000"
        stem = subject.key[: -len(" port")] if subject.key.endswith(" port") else ""
        if stem:
            _parse_port(Subject(stem, subject.qualifier, stem.split()[-1]), neg, [Token("port", "port")] + rest, ctx)
        return
    if subject.head == "version":  # "The API version is 2" is a release line, not a count
        m = VERSION_RE.match(first)
        if m and not neg and not (len(rest) > 1 and rest[1].low in ("+", "or", "and", "-", "to")):
            _emit(ctx, subject.key, "value", [version_value(m.group(1), rest[0].text)], subject=subject,
                  rest=rest[1:], exclusive=True)
        return
    q = parse_quantity(rest, 0)
    if q is not None:
        value, attr, k = q
        key = subject.key
        tail = rest[k:]
        if tail and tail[0].low == "old" and value.unit in ("year",):
            key, tail = f"{key} age", tail[1:]
        elif attr:
            key = f"{key} {' '.join(singular(a) for a in attr)}"
        if not neg:
            _emit(ctx, key, "value", [value], subject=subject, rest=tail, exclusive=True)
        return
    _parse_state_or_value(subject, neg, rest, ctx)


def _parse_state_or_value(subject: Subject, neg: bool, rest: list[Token], ctx: _Ctx, *, relaxed: bool = False) -> None:
    words = [t.low for t in rest]
    # Exclusive states first: "enabled", "turned off", "public".
    for size in (2, 1):
        phrase = " ".join(words[:size])
        if len(words) >= size and phrase in lx.STATE_FORMS:
            base, polarity = lx.STATE_FORMS[phrase]
            value = Value("state", base, " ".join(t.text for t in rest[:size]), polarity=polarity != neg)
            _emit(ctx, subject.key, "state", [value], subject=subject, rest=rest[size:], explicit_negation=neg)
            return
    body, denied_toks = split_denial(rest)
    items, tail, has_or = split_items(body)
    if len(items) == 1 and not has_or:
        item = items[0]
        split = split_version(item)
        if split and not neg:
            product, version, display = split
            _emit(ctx, f"{subject.key} {product} version", "value", [version_value(version, display, product)],
                  subject=subject, rest=tail, exclusive=True)
        value = named_value(item[:-1] if split else item, subject, relaxed=relaxed) if item else None
        if split and value is not None:
            value = Value("term", split[0], " ".join(t.text for t in item[:-1]))
        single_valued_head = subject.head in lx.STRONG_SETTING_HEADS or (
            subject.head in lx.SETTING_HEADS and len(subject.key.split()) >= 2)
        if value is not None and (single_valued_head or value.kind in ("name", "language")
                                  or subject.key.split()[0] in ("favorite", "preferred", "default", "main", "primary")
                                  or " favorite " in f" {subject.key} " or " preferred " in f" {subject.key} " or relaxed):
            denied = [named_value(d, subject, relaxed=True) for d in split_items(denied_toks)[0]] if denied_toks else []
            _emit(ctx, subject.key, "value", [value], subject=subject, rest=tail, neg=neg, exclusive=True,
                  denied=[d for d in denied if d is not None])
            return
        if split:
            return
    if denied_toks or has_or:
        return
    # Anything else is a plain description ("empty", "publicly accessible"), only ever negated.
    phrase = [t for t in rest if not t.punct]
    if 0 < len(phrase) <= 4 and not any(t.low in ITEM_STOPS or t.low in lx.SUBJECT_STOPWORDS for t in phrase):
        _emit(ctx, subject.key, "state", [Value("phrase", " ".join(t.low for t in phrase), item_text(phrase))],
              subject=subject, rest=[], neg=neg, explicit_negation=neg)


def _parse_passive(subject: Subject, neg: bool, rest: list[Token], ctx: _Ctx) -> None:
    participle = rest[0].low
    preps = _PASSIVES[participle]
    if participle in ("turned", "switched"):
        _parse_state_or_value(subject, neg, rest, ctx)
        return
    if participle == "used":
        return  # "X is used for Y" names neither owner nor value reliably
    if participle in ("called", "named") or (participle == "known" and len(rest) > 1 and rest[1].low == "as"):
        body = rest[2:] if participle == "known" else rest[1:]
        name_subject = Subject(f"{subject.key} name", subject.qualifier, "name")
        _parse_state_or_value(name_subject, neg, body, ctx, relaxed=True)
        return
    if len(rest) < 2 or rest[1].low not in preps:
        if participle in ("set", "configured"):
            return
        _parse_state_or_value(subject, neg, rest, ctx)
        return
    rel = f"{participle}:{rest[1].low}"
    body = rest[2:]
    if rel in ("set:to", "configured:to", "configured:as"):
        q = parse_quantity(body, 0) if body else None
        if q is not None:  # "Log retention is set to 14 days"
            if not neg and not q[1]:
                _emit(ctx, subject.key, "value", [q[0]], subject=subject, rest=body[q[2]:], exclusive=True)
            return
        _parse_state_or_value(subject, neg, body, ctx, relaxed=True)
        return
    if rel in _LOCATION_RELS:
        _parse_location(subject, "location", neg, body, ctx)
        return
    if rel in ("served:on", "exposed:on", "run:on", "hosted:on") and body and body[0].low == "port":
        _parse_port(subject, neg, body, ctx)
        return
    if rel in ("scheduled:for", "scheduled:on"):
        _parse_on(subject, neg, body, ctx)
        return
    _parse_object_list(subject, rel, neg, body, ctx)


def _parse_on(subject: Subject, neg: bool, body: list[Token], ctx: _Ctx) -> None:
    if body[0].low == "port":
        _parse_port(subject, neg, body, ctx)
        return
    if body[0].low in lx.WEEKDAYS:
        value = Value("weekday", body[0].low, body[0].text)
        if not neg:
            _emit(ctx, f"{subject.key} day", "value", [value], subject=subject, rest=body[1:], exclusive=True)
        return
    _parse_object_list(subject, "on", neg, body, ctx)


def _parse_port(subject: Subject, neg: bool, body: list[Token], ctx: _Ctx) -> None:
    # body starts with "port"
    if len(body) < 2 or not re.fullmatch(r"\d{1,5}", body[1].low):
        return
    port = int(body[1].low)
    if not 0 < port < 65536:
        return
    rest = body[2:]
    if rest and rest[0].low in ("and", "or", "&", ","):
        return  # several ports
    value = Value("quantity", str(port), f"port {port}", number=float(port), unit="port")
    _emit(ctx, f"{subject.key} port", "value", [value], subject=subject, rest=rest, neg=neg, exclusive=not neg)


def _parse_location(subject: Subject, rel: str, neg: bool, body: list[Token], ctx: _Ctx) -> None:
    if body and body[0].low == "region" and len(body) > 1:
        body = body[1:]
    if not body:
        return
    first = body[0]
    if REGION_RE.match(first.low):
        value = Value("region", first.low, first.text)
        _emit(ctx, subject.key, rel, [value], subject=subject, rest=body[1:], neg=neg, exclusive=not neg)
        return
    if "/" in first.low and len(body) >= 1 and not URL_RE.match(first.text):
        value = Value("path", first.low.rstrip("/"), first.text)
        _emit(ctx, subject.key, rel, [value], subject=subject, rest=body[1:], neg=neg, exclusive=not neg)
        return
    # A place: capitalised words, optionally followed by ", Country".
    place: list[Token] = []
    k = 0
    while k < len(body) and len(place) < 4 and (body[k].text[:1].isupper() or (place and body[k].low in ("de", "of"))):
        place.append(body[k])
        k += 1
    if not place:
        if body[0].low in ("the",) and len(body) > 1 and is_known_place(" ".join(t.text for t in body[:3])):
            place, k = body[:1], 1
            while k < len(body) and body[k].text[:1].isupper():
                place.append(body[k])
                k += 1
        else:
            return
    name = " ".join(t.text for t in place)
    tail = body[k:]
    if len(tail) >= 2 and tail[0].low == "," and tail[1].text[:1].isupper():
        container = [tail[1]]
        k2 = 2
        while k2 < len(tail) and tail[k2].text[:1].isupper():
            container.append(tail[k2])
            k2 += 1
        # "Lisbon, Portugal": the container only narrows the place down; it is not a second value.
        tail = tail[k2:]
    if tail and tail[0].low in ("and", "or", "&"):
        return
    value = Value("place", name.lower(), name)
    _emit(ctx, subject.key, rel, [value], subject=subject, rest=tail, neg=neg, exclusive=not neg)


def _parse_object_list(subject: Subject, rel: str, neg: bool, body: list[Token], ctx: _Ctx) -> None:
    """Objects of use/run/host/write-in style relations, with versioned products split out."""
    if not body:
        return
    if body[0].low == "port":
        _parse_port(subject, neg, body, ctx)
        return
    main, denied_toks = split_denial(body)
    items, rest, has_or = split_items(main)
    if not items or has_or:
        return
    # "PostgreSQL as its database": a single-valued role of the subject.
    if len(items) == 1 and len(rest) >= 2 and rest[0].low == "as" and not neg and rel in _PLATFORM_RELS:
        role = rest[1:]
        if role[0].low in ("a", "an", "one"):
            return
        role_words = np_words([t.low for t in role if not t.punct and t.low not in ("its", "their", "our", "my")])
        if not role_words or len(role_words) > 3 or any(w in ITEM_STOPS for w in role_words):
            return
        value = term_value(items[0])
        if value is not None:
            role_subject = Subject(f"{subject.key} {' '.join(singular(w) for w in role_words)}", subject.qualifier,
                                    singular(role_words[-1]))
            _emit(ctx, role_subject.key, "value", [Value("term", value.unit or value.norm, value.display)],
                  subject=role_subject, rest=[], exclusive=True)
        return
    # Bare versions after a product inherit it: "Python 3.9 and 3.11".
    values: list[Value] = []
    versions: dict[str, list[tuple[str, str]]] = {}
    last_product = ""
    for item in items:
        if len(item) == 1 and VERSION_RE.match(item[0].low) and last_product:
            item_version = VERSION_RE.match(item[0].low).group(1)
            versions.setdefault(last_product, []).append((item_version, f"{last_product} {item[0].text}"))
            values.append(Value("term", f"{last_product} {item_version}", item[0].text, unit=last_product))
            continue
        value = term_value(item)
        if value is None:
            return  # one item not understood: the whole list is not understood
        split = split_version(item if item[0].low not in ("a", "an", "the") else item[1:])
        if split:
            last_product = split[0]
            versions.setdefault(split[0], []).append((split[1], split[2]))
        values.append(value)
    denied = [v for v in (term_value(d) for d in split_items(denied_toks)[0])] if denied_toks else []
    if any(d is None for d in denied):
        return
    _emit(ctx, subject.key, rel, values, subject=subject, rest=rest, neg=neg, denied=denied)
    if rel in _PLATFORM_RELS and not neg:
        for product, found in versions.items():
            if len({v for v, _ in found}) == 1:  # two versions of one product: not single-valued here
                version, display = found[0]
                _emit(ctx, f"{subject.key} {product} version", "value", [version_value(version, display, product)],
                      subject=subject, rest=rest, exclusive=True)


# --- verbs ----------------------------------------------------------------------------------------


def _parse_verb(subject: Subject, lemma: str, neg: bool, toks: list[Token], j: int, ctx: _Ctx) -> None:
    particles = _VERBS.get(lemma, ())
    rel = lemma
    if j < len(toks) and toks[j].low in particles:
        rel = f"{lemma}:{toks[j].low}"
        j += 1
    body = toks[j:]
    if not body:
        return
    if lemma in _ANTONYM_LEMMAS:
        if neg:
            return  # "does not hate tea" says little about liking it
        rel, neg = _ANTONYM_LEMMAS[lemma], True
        if lemma in ("dislike", "hate"):
            _parse_generic(subject, rel, neg, body, ctx, antonym=True)
            return
    if rel in ("live:in", "reside:in"):
        _parse_location(subject, "location", neg, body, ctx)
        return
    if rel in ("listen:on", "bind:to") or (rel in ("run:on", "use", "run", "serve", "expose") and body[0].low == "port"):
        if body[0].low == "port":
            _parse_port(subject, neg, body, ctx)
        return
    if rel == "run:every" or (lemma in ("expire", "time out") and rel != lemma):
        q = parse_quantity(body, 0)
        if q is None or neg or q[1]:
            return
        attr = {"run:every": "interval", "expire:after": "expiry", "expire:in": "expiry", "time out:after": "timeout"}[rel]
        _emit(ctx, f"{subject.key} {attr}", "value", [q[0]], subject=subject, rest=body[q[2]:], exclusive=True)
        return
    if lemma in ("prefer", "want") and _parse_response_language(subject, neg, body, ctx):
        return
    if lemma == "prefer" and not neg:
        _parse_preference(subject, body, ctx)
        return
    if lemma == "have":
        _parse_have(subject, neg, body, ctx)
        return
    if rel in _PLATFORM_RELS or rel in CORRECTABLE_RELS:
        _parse_object_list(subject, rel, neg, body, ctx)
        return
    _parse_generic(subject, rel, neg, body, ctx)


def _parse_generic(subject: Subject, rel: str, neg: bool, body: list[Token], ctx: _Ctx, *, antonym: bool = False) -> None:
    main, denied_toks = split_denial(body)
    if denied_toks:
        return
    items, rest, has_or = split_items(main)
    if not items or has_or:
        return
    values = [term_value(item) for item in items]
    if any(v is None for v in values):
        return
    _emit(ctx, subject.key, rel, values, subject=subject, rest=rest, neg=neg, explicit_negation=antonym)


def _parse_response_language(subject: Subject, neg: bool, body: list[Token], ctx: _Ctx) -> bool:
    if len(body) >= 3 and body[0].low in ("answers", "responses", "replies", "answer", "response", "reply") \
            and body[1].low == "in" and body[2].low in lx.LANGUAGES:
        if not neg:
            _emit(ctx, f"{subject.key} response language", "value", [Value("language", body[2].low, body[2].text)],
                  subject=subject, rest=body[3:], exclusive=True)
        return True
    return False




def _parse_preference(subject: Subject, body: list[Token], ctx: _Ctx) -> None:
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
            _emit(ctx, subject.key, "prefer:order", [value], subject=subject, rest=rest, exclusive=True)
            return
    items, rest, has_or = split_items(body)
    if len(items) != 1 or has_or:
        return
    value = pref_value(items[0])
    if value is not None:
        _emit(ctx, subject.key, "prefer:group", [value], subject=subject, rest=rest, exclusive=True)


def _parse_have(subject: Subject, neg: bool, body: list[Token], ctx: _Ctx) -> None:
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
        _emit(ctx, key, "value", [value], subject=subject, rest=tail, exclusive=True)
        return
    _parse_generic(subject, "have", neg, body, ctx)
