"""Predicates after the subject: "is" with a state, value, quantity, place or passive participle, and
the object lists of verbs like "uses" or "runs on" (pure logic). Each emits only what it is sure of."""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.objects import (
    AMOUNT_START_RE,
    ITEM_STOPS,
    item_text,
    named_value,
    parse_quantity,
    split_denial,
    split_items,
    split_version,
    term_value,
)
from festinger.core.contradiction.text.subject import Subject, Token, np_words
from festinger.core.contradiction.grammar.places import is_known_place
from festinger.core.contradiction.grammar.numbered import denied_quantity, parse_date, parse_phone, parse_port, parse_street
from festinger.core.contradiction.grammar.values import (
    REGION_RE,
    URL_RE,
    VERSION_RE,
    Value,
    singular,
    time_of_day,
    version_value,
)
from festinger.core.contradiction.grammar.relations import (
    AMOUNT_PASSIVES,
    LOCATION_RELS,
    PASSIVES,
    PLATFORM_RELS,
    Ctx,
    emit,
    runs_on_several,
)


# "is allergic to penicillin", "is fluent in Spanish": an adjective and its object.
_ADJECTIVE_PREPS = frozenset("to of in at for with about on from".split())
_NOT_ADJECTIVES = frozenset("a an the not no very so too more less most also still just only now".split())


# --- copula ------------------------------------------------------------------------------------


def parse_copula(subject: Subject, neg: bool, toks: list[Token], j: int, ctx: Ctx) -> None:
    rest = toks[j:]
    if not rest:
        return
    first = rest[0].low
    if (subject.head == "address" and parse_street(subject, neg, rest, ctx) or parse_phone(subject, neg, rest, ctx)
            or parse_date(subject, neg, rest[1:] if first == "on" else rest, ctx)):
        return
    if first in PASSIVES:
        parse_passive(subject, neg, rest, ctx)
        return
    if first == "in" and len(rest) > 1:
        # "is in Berlin" may be a visit; only "lives in"/"is based in" state where someone lives.
        parse_location(subject, "in", neg, rest[1:], ctx)
        return
    if first == "from" and len(rest) > 1:
        parse_location(subject, "origin", neg, rest[1:], ctx)
        return
    if first == "on" and len(rest) > 1:
        parse_on(subject, neg, rest[1:], ctx)
        return
    if first == "version" and len(rest) > 1 and VERSION_RE.match(rest[1].low) and not neg:
        # "The Postgres server is version 13"
        if not (len(rest) > 2 and rest[2].low in ("+", "or", "and", "-", "to")):
            emit(ctx, f"{subject.key} version", "value", [version_value(VERSION_RE.match(rest[1].low).group(1),
                  f"{rest[0].text} {rest[1].text}")], subject=subject, rest=rest[2:], exclusive=True)
        return
    if first == "at" and not neg:
        found = time_of_day([t.low for t in rest[1:4]])
        if found is not None:  # "The standup is at 9:30": an event's time of day
            emit(ctx, f"{subject.key} time", "value", [found[0]], subject=subject, rest=rest[1 + found[1]:],
                 exclusive=True)
            return
        q = parse_quantity(rest, 1)
        if q is not None and not q[1] and q[0].dim in lx.LEVEL_DIMS:
            # "The emergency fund is at $9,500": an amount or a share the subject stands at
            emit(ctx, subject.key, "value", [q[0]], subject=subject, rest=rest[q[2]:], exclusive=True)
        return
    if first in ("at", "by", "with", "to", "for", "of", "under", "over", "where", "what", "how", "why", "who"):
        return
    if (len(rest) >= 3 and rest[1].low in _ADJECTIVE_PREPS and rest[0].text.isalpha() and rest[0].text.islower()
            and first not in _NOT_ADJECTIVES and first not in lx.SUBJECT_STOPWORDS and first not in ITEM_STOPS
            and first not in lx.STATE_FORMS and not first.endswith("ed")):  # "enabled in": a state
        # "The user is allergic to penicillin" / "is no longer allergic to penicillin": only ever
        # denied or corrected (one may be allergic to several things)
        parse_object_list(subject, f"be {first}:{rest[1].low}", neg, rest[2:], ctx)
        return
    if first in ("a", "an"):
        body, denied_toks = split_denial(rest[1:])
        phrase = [t for t in body if not t.punct]
        denied = [t for t in denied_toks if not t.punct and t.low not in ("a", "an")]
        if denied and (neg or len(denied) > 5 or any(t.low in ITEM_STOPS for t in denied)):
            return
        if phrase and len(phrase) <= 5 and not any(t.low in ITEM_STOPS for t in phrase):
            # "is a golden retriever, not a labrador": the denied class no longer holds
            denial = [Value("phrase", " ".join(t.low for t in denied), item_text(denied))] if denied else []
            emit(ctx, subject.key, "class", [Value("phrase", " ".join(t.low for t in phrase), item_text(phrase))],
                 subject=subject, rest=[], neg=neg, denied=denial)
        return
    if first == "the" or first in lx.SUBJECT_STOPWORDS:
        return
    if subject.head == "port" and re.fullmatch(r"\d{1,5}", first):  # "The dashboard port is 3000"
        stem = subject.key[: -len(" port")] if subject.key.endswith(" port") else ""
        if stem:
            parse_port(Subject(stem, subject.qualifier, stem.split()[-1]), neg, [Token("port", "port")] + rest, ctx)
        return
    if subject.head == "version":  # "The API version is 2" is a release line, not a count
        m = VERSION_RE.match(first)
        if m and not neg and not (len(rest) > 1 and rest[1].low in ("+", "or", "and", "-", "to")):
            emit(ctx, subject.key, "value", [version_value(m.group(1), rest[0].text)], subject=subject,
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
        denied, tail = denied_quantity(tail)
        if not neg:
            emit(ctx, key, "value", [value], subject=subject, rest=tail, exclusive=True, denied=denied)
        return
    parse_state_or_value(subject, neg, rest, ctx)


def parse_state_or_value(subject: Subject, neg: bool, rest: list[Token], ctx: Ctx, *, relaxed: bool = False) -> None:
    words = [t.low for t in rest]
    # Exclusive states first: "enabled", "turned off", "public".
    for size in (2, 1):
        phrase = " ".join(words[:size])
        if len(words) >= size and phrase in lx.STATE_FORMS:
            base, polarity = lx.STATE_FORMS[phrase]
            value = Value("state", base, " ".join(t.text for t in rest[:size]), polarity=polarity != neg)
            emit(ctx, subject.key, "state", [value], subject=subject, rest=rest[size:], explicit_negation=neg)
            return
    body, denied_toks = split_denial(rest)
    items, tail, has_or = split_items(body)
    if len(items) == 1 and not has_or:
        item = items[0]
        split = split_version(item)
        if split and neg:
            return  # "is not MySQL 5.7" says nothing about MySQL 8
        if split:
            product, version, display = split
            emit(ctx, f"{subject.key} {product} version", "value", [version_value(version, display, product)],
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
            emit(ctx, subject.key, "value", [value], subject=subject, rest=tail, neg=neg, exclusive=True,
                  denied=[d for d in denied if d is not None])
            return
        if split:
            return
    if denied_toks or has_or:
        return
    # Anything else is a plain description ("empty", "publicly accessible"), only ever negated.
    phrase = [t for t in rest if not t.punct]
    if 0 < len(phrase) <= 4 and not any(t.low in ITEM_STOPS or t.low in lx.SUBJECT_STOPWORDS for t in phrase):
        emit(ctx, subject.key, "state", [Value("phrase", " ".join(t.low for t in phrase), item_text(phrase))],
              subject=subject, rest=[], neg=neg, explicit_negation=neg)


def parse_passive(subject: Subject, neg: bool, rest: list[Token], ctx: Ctx) -> None:
    participle = rest[0].low
    preps = PASSIVES[participle]
    if participle in ("turned", "switched"):
        parse_state_or_value(subject, neg, rest, ctx)
        return
    if participle == "used":
        return  # "X is used for Y" names neither owner nor value reliably
    if participle in ("called", "named") or (participle == "known" and len(rest) > 1 and rest[1].low == "as"):
        body = rest[2:] if participle == "known" else rest[1:]
        name_subject = Subject(f"{subject.key} name", subject.qualifier, "name")
        parse_state_or_value(name_subject, neg, body, ctx, relaxed=True)
        return
    if len(rest) < 2 or rest[1].low not in preps:
        if participle in ("set", "configured"):
            return
        parse_state_or_value(subject, neg, rest, ctx)
        return
    rel = f"{participle}:{rest[1].low}"
    body = rest[2:]
    if rel in ("set:to", "configured:to", "configured:as"):
        q = parse_quantity(body, 0) if body else None
        if q is not None:  # "Log retention is set to 14 days"
            if not neg and not q[1]:
                emit(ctx, subject.key, "value", [q[0]], subject=subject, rest=body[q[2]:], exclusive=True)
            return
        parse_state_or_value(subject, neg, body, ctx, relaxed=True)
        return
    if rel in AMOUNT_PASSIVES:
        q = parse_quantity(body, 0) if body else None
        # "pre-approved for $350,000": one amount at a time; "a mortgage of ..." is another key.
        if q is not None and not neg and not q[1]:
            emit(ctx, f"{subject.key} {participle} {rest[1].low}", "value", [q[0]], subject=subject,
                 rest=body[q[2]:], exclusive=True)
        return
    if rel in LOCATION_RELS:
        parse_location(subject, "location", neg, body, ctx)
        return
    if rel in ("served:on", "exposed:on", "run:on", "hosted:on") and body and body[0].low == "port":
        parse_port(subject, neg, body, ctx)
        return
    if rel in ("scheduled:for", "scheduled:on"):
        parse_on(subject, neg, body, ctx)
        return
    parse_object_list(subject, rel, neg, body, ctx)


def parse_on(subject: Subject, neg: bool, body: list[Token], ctx: Ctx) -> None:
    if body[0].low == "port":
        parse_port(subject, neg, body, ctx)
        return
    day = body[0].low[:-1] if body[0].low.endswith("days") else body[0].low  # "on Mondays" is a habit's day
    if day in lx.WEEKDAYS:
        value = Value("weekday", day, body[0].text)
        rest = body[1:]
        found = time_of_day([t.low for t in rest[1:4]]) if rest and rest[0].low == "at" else None
        if found is not None:  # "on Mondays at 15:00": the day and the time of day, each a value
            rest = rest[1 + found[1]:]
            if not neg:
                emit(ctx, f"{subject.key} time", "value", [found[0]], subject=subject, rest=rest, exclusive=True)
        if not neg:
            emit(ctx, f"{subject.key} day", "value", [value], subject=subject, rest=rest, exclusive=True)
        return
    parse_object_list(subject, "on", neg, body, ctx)


def parse_location(subject: Subject, rel: str, neg: bool, body: list[Token], ctx: Ctx) -> None:
    if body and body[0].low == "region" and len(body) > 1:
        body = body[1:]
    if not body:
        return
    first = body[0]
    if REGION_RE.match(first.low):
        value = Value("region", first.low, first.text)
        emit(ctx, subject.key, rel, [value], subject=subject, rest=body[1:], neg=neg, exclusive=not neg)
        return
    if "/" in first.low and len(body) >= 1 and not URL_RE.match(first.text) and not AMOUNT_START_RE.match(first.text):
        value = Value("path", first.low.rstrip("/"), first.text)
        emit(ctx, subject.key, rel, [value], subject=subject, rest=body[1:], neg=neg, exclusive=not neg)
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
    region = ""
    if len(tail) >= 2 and tail[0].low == "," and tail[1].text[:1].isupper():
        container = [tail[1]]
        k2 = 2
        while k2 < len(tail) and tail[k2].text[:1].isupper():
            container.append(tail[k2])
            k2 += 1
        # "Lisbon, Portugal": the container only narrows the place down; it is not a second value,
        # but it tells "Portland, Oregon" from "Portland, Maine" (`places`).
        region = " ".join(t.text for t in container)
        tail = tail[k2:]
    if len(tail) >= 3 and tail[0].low == "(" and tail[1].text[:1].isupper():
        k2 = 1
        while k2 < len(tail) and k2 <= 4 and tail[k2].text[:1].isupper() and not tail[k2].punct:
            k2 += 1
        if k2 < len(tail) and tail[k2].low == ")":
            tail = tail[k2 + 1:]  # "Berlin (Prenzlauer Berg)": a district narrows the place down
    if tail and tail[0].low in ("and", "or", "&"):
        return
    denied: list[Value] = []
    if len(tail) >= 3 and [t.low for t in tail[:2]] == ["instead", "of"] and all(
            t.text[:1].isupper() for t in tail[2:]):
        # "lives in Austin instead of Denver" (from "moved from Denver to Austin")
        old = " ".join(t.text for t in tail[2:])
        denied, tail = [Value("place", old.lower(), old)], []
    value = Value("place", name.lower(), f"{name}, {region}" if region else name, region=region)
    emit(ctx, subject.key, rel, [value], subject=subject, rest=tail, neg=neg, exclusive=not neg, denied=denied)


def parse_object_list(subject: Subject, rel: str, neg: bool, body: list[Token], ctx: Ctx) -> None:
    """Objects of use/run/host/write-in style relations, with versioned products split out."""
    if not body:
        return
    if body[0].low == "port":
        parse_port(subject, neg, body, ctx)
        return
    main, denied_toks = split_denial(body)
    items, rest, has_or = split_items(main)
    if not items or has_or:
        return
    # "PostgreSQL as its database": a single-valued role of the subject.
    if len(items) == 1 and len(rest) >= 2 and rest[0].low == "as" and not neg and rel in PLATFORM_RELS:
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
            emit(ctx, role_subject.key, "value", [Value("term", value.unit or value.norm, value.display)],
                  subject=role_subject, rest=[], exclusive=True)
        return
    if rel in ("work:at", "work:for") and rest and rest[0].low == "as" and 1 < len(rest) <= 5 \
            and not any(t.punct for t in rest):
        rest = []  # "works at Uber as a data scientist": the role is another fact, not a scope of the employer
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
    emit(ctx, subject.key, rel, values, subject=subject, rest=rest, neg=neg, denied=denied)
    if rel in PLATFORM_RELS and not neg:
        for product, found in versions.items():
            if len({v for v, _ in found}) == 1:  # two versions of one product: not single-valued here
                version, display = found[0]
                # an app's iOS versions are a list: only the platform statement (announced) replaces one
                emit(ctx, f"{subject.key} {product} version", "value", [version_value(version, display, product)],
                      subject=subject, rest=rest, exclusive=not runs_on_several(subject.key, product, rel))

