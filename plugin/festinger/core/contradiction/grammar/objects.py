"""Values inside the object of a statement: lists, versions, quantities, names (pure logic)."""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.text.subject import Subject, Token
from festinger.core.contradiction.grammar.values import (
    CURRENCY_PREFIX_RE,
    GLUED_RE,
    URL_RE,
    VERSION_RE,
    Value,
    canonical_term,
    clock_value,
    dot_grouped_reading,
    parse_number,
    quantity_value,
)

# "$1,800/month", "24/7", "50/50": an amount or a ratio, never a path (a path starts with a
# name, "/", "~" or "."): read as a path or a term, two rates of one amount were in conflict.
AMOUNT_START_RE = re.compile(r"[$€£¥]|\d")

ADJECTIVE_SUFFIXES = ("ed", "ing", "ly", "ful", "ous", "ive", "less", "able", "ible")
BOUND_WORDS = frozenset(
    "about around approximately roughly nearly almost over under above below up least most more less max "
    "maximum min minimum ~ >= <= > < between within exceeds exceeding".split()
)
ITEM_STOPS = frozenset(
    "for in on at with via from during under inside within across by using through to as when where which that "
    "who because since so but except instead rather after before than if unless while whereas into onto over "
    "behind per of not".split()
)


def split_denial(toks: list[Token]) -> tuple[list[Token], list[Token]]:
    """'GraphQL, not REST' / 'GraphQL instead of REST' -> (GraphQL, REST).

    A denial with a scope after it ("tea rather than coffee at work", "Go, not Python, for the
    CLI") replaces the old value only there: raises ValueError, so the clause is not understood."""
    for k, t in enumerate(toks):
        if k == 0:
            continue
        if t.low == "not":
            head = toks[:k]
            while head and (head[-1].punct or head[-1].low in ("and", "but", "-")):
                head = head[:-1]
            return head, _denied_alone(toks[k + 1:])
        if t.low in ("instead", "rather") and k + 1 < len(toks) and toks[k + 1].low in ("of", "than"):
            return toks[:k], _denied_alone(toks[k + 2:])
    return toks, []


def _denied_alone(denied: list[Token]) -> list[Token]:
    words = [t for t in denied if not t.punct]
    if any(t.low in ITEM_STOPS and t.low != "of" for t in words[1:]):
        raise ValueError("a denial scoped by what follows it")
    return denied


def split_items(toks: list[Token]) -> tuple[list[list[Token]], list[Token], bool]:
    """Split a list object ("React 17 and TypeScript 4.9 for the UI") into items and the trailing rest."""
    items: list[list[Token]] = [[]]
    has_or = False
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.low in ("and", "&", "plus", ",") or t.low == "or":
            if not items[-1]:
                break
            has_or = has_or or t.low == "or"
            items.append([])
            i += 1
            continue
        if t.low == "of" and items[-1] and items[-1][-1].text[:1].isupper() and i + 1 < len(toks) \
                and toks[i + 1].text[:1].isupper():
            items[-1].append(t)  # "World of Warcraft", "Bank of America": one name
            i += 1
            continue
        if t.punct or (t.low in ITEM_STOPS and not t.quoted):
            break
        items[-1].append(t)
        i += 1
    rest = toks[i:]
    if not items[-1]:
        items.pop()
        # A dangling "and"/"," is part of the rest, so "X, and Y did Z" cannot look like a list.
        rest = toks[i - 1:] if i > 0 else rest
    return [it for it in items if it], rest, has_or


def split_version(item: list[Token]) -> tuple[str, str, str] | None:
    """('python', '3.11', 'Python 3.11') for a product followed by a version, else None."""
    if len(item) < 2 or len(item) > 4:
        return None
    m = VERSION_RE.match(item[-1].low)
    if not m:
        return None
    product_toks = item[:-1]
    words = [t.low for t in product_toks]
    if any(w in lx.NOT_PRODUCTS for w in words):
        return None
    name = canonical_term(" ".join(t.text for t in product_toks))
    if len(words) == 1 and len(words[0]) <= 2 and name != words[0]:
        # "pg 8" is the node-postgres driver, "ES 2015" an ECMAScript edition: a two-letter
        # abbreviation names several things, so the number after it may be another thing's
        # release. The abbreviation still names its product in a list; it carries no version.
        return None
    known = name in lx.TECH_NAMES
    capitalised = all(t.text[:1].isupper() or any(c.isupper() for c in t.text) for t in product_toks)
    if not (known or capitalised):
        return None
    return name, m.group(1), " ".join(t.text for t in item)


def item_text(item: list[Token]) -> str:
    return " ".join(t.text for t in item)


def term_value(item: list[Token]) -> Value | None:
    if not item or len(item) > 5:
        return None
    words = [t.low for t in item]
    if words[0] in ("a", "an", "the", "some", "any", "no", "its", "their", "his", "her", "my", "our"):
        item = item[1:]
        if not item:
            return None
    split = split_version(item)
    if split:
        product, version, display = split
        return Value("term", f"{product} {version}", display, unit=product)
    text = item_text(item)
    if any(not re.match(r"^[\w.+#/:@\-]+$", t.text) or t.low in lx.SUBJECT_STOPWORDS for t in item):
        return None
    return Value("term", canonical_term(text), text)


def named_value(item: list[Token], subject: Subject, *, relaxed: bool = False) -> Value | None:
    """A value that names something (PostgreSQL, main, Europe/Berlin), not an adjective."""
    if not item or len(item) > 5:
        return None
    if all(t.low.rstrip(".") in lx.NAME_TITLES or len(t.low.rstrip(".")) == 1 for t in item):
        return None  # "Dr.", "J. R.": titles and initials are never values
    text = item_text(item)
    low = text.lower()
    if item[0].low in ("a", "an", "the", "some", "any", "no", "not", "very", "quite", "really", "too"):
        return None
    if URL_RE.match(text):
        return Value("url", low, text)
    if subject.head in ("timezone", "tz") or subject.key.endswith("time zone"):
        # "CET", "UTC+1" and "Europe/Berlin" may name one zone; only two IANA names are comparable.
        if len(item) == 1 and re.fullmatch(r"[A-Za-z_]+/[A-Za-z_/+\-]+", text):
            return Value("term", low, text)
        return None
    if len(item) == 1 and "/" in low and not low.startswith("/") and re.match(r"^[A-Za-z_]+/[A-Za-z_/+\-]+$", text):
        return Value("term", low, text)  # "Area/Name" identifiers
    if len(item) == 1 and "/" in low and AMOUNT_START_RE.match(text):
        return None  # "$1,800/month", "24/7": a rate or a ratio, which the grammar does not read
    if len(item) == 1 and ("/" in low or low.startswith(("~", "."))):
        return Value("path", low, text)
    head = subject.head
    preference_key = subject.key.split()[0] in ("favorite", "preferred") or " favorite " in f" {subject.key} " \
        or " preferred " in f" {subject.key} "
    if head in ("username", "handle", "email") and len(item) == 1:
        # Identifiers are exact: "akim" and "akim2", "@ana" and "@ana.ruiz" are two accounts.
        return Value("term", low, text)
    is_name_head = head in ("name", "username", "handle")
    if head in lx.PERSON_ROLE_HEADS and all(t.text[:1].isupper() for t in item) and canonical_term(text) not in lx.TECH_NAMES:
        return Value("name", low, text)
    typed = (
        any(t.quoted for t in item)
        or canonical_term(text) in lx.TECH_NAMES
        or all(any(c.isupper() for c in t.text) or t.low in lx.TECH_NAMES for t in item)
        or (len(item) == 1 and re.search(r"[\d_@:.]", text) is not None and not parse_number(low))
    )
    plain_word = (
        len(item) == 1 and re.fullmatch(r"[a-z][a-z\-]*", low) is not None and low not in lx.NON_VALUE_WORDS
        and not low.endswith(ADJECTIVE_SUFFIXES)
    )
    if item[0].text.islower() and item[0].low.endswith(ADJECTIVE_SUFFIXES) and len(item) > 1:
        return None  # "pronounced 'shiv-AWN'", "spelled with two n's": a description, not a value
    if is_name_head and (typed or plain_word):
        return Value("name", low, text)
    if head == "language" and len(item) == 1 and low in lx.LANGUAGES:
        return Value("language", low, text)
    if typed:
        return Value("term", canonical_term(text), text)
    if (head in lx.IDENTIFIER_HEADS or relaxed) and plain_word:
        return Value("term", low, text)
    if preference_key and all(re.fullmatch(r"[a-z][a-z\-]*", t.low) for t in item) and len(item) <= 3 \
            and not any(t.low in lx.NON_VALUE_WORDS for t in item):
        return Value("term", low, text)
    return None


def parse_quantity(toks: list[Token], start: int) -> tuple[Value, list[str], int] | None:
    """Number + unit at toks[start]: (value, attribute words after 'of', index after)."""
    if start >= len(toks):
        return None
    t = toks[start]
    if start > 0 and toks[start - 1].low in BOUND_WORDS:
        return None
    clock = clock_value(t.low)
    if clock is not None:
        nxt = toks[start + 1].low if start + 1 < len(toks) else ""
        if nxt in ("am", "pm", "a.m", "p.m", "-", "to", "or", "and", "+"):
            return None  # a time of day or a range, not one duration
        return clock, [], start + 1
    number = parse_number(t.low)
    alt = dot_grouped_reading(t.low)  # "1.500": 1.5, or 1500 where a dot groups thousands
    unit_words: list[str] = []
    m = GLUED_RE.match(t.low)
    c = CURRENCY_PREFIX_RE.match(t.low)
    if number is None and m:
        number, alt = parse_number(m.group(1)), dot_grouped_reading(m.group(1))
        suffix = m.group(2)
        if suffix == "k":
            # "8K" is 8000, and 8192 for a buffer, a context window or a descriptor limit: a whole
            # number of k has both readings ("8192" / "8K" agree, `comparison._cmp_quantity`).
            binary = number * 1024 if number is not None and alt is None and number.is_integer() else None
            number = None if number is None else number * 1000
            alt = binary if alt is None else alt * 1000
        elif suffix in lx.UNITS or suffix in ("am", "pm"):
            unit_words = [suffix]
        else:
            return None  # "5m", "7b": ambiguous abbreviations
    elif number is None and c:
        number, unit_words = parse_number(c.group(2)), [c.group(1)]
        alt = dot_grouped_reading(c.group(2))
        if c.group(3):
            times = 1000.0 if c.group(3).lower() == "k" else 1_000_000.0
            number = None if number is None else number * times
            alt = None if alt is None else alt * times
    if number is None:
        return None
    j = start + 1
    if j < len(toks) and (toks[j].low in ("+", "or", "and") and j + 1 < len(toks) and toks[j + 1].low in ("more", "less", "up", "above", "below")):
        return None
    if t.low.endswith("+") or (j < len(toks) and toks[j].low == "+"):
        return None
    if not unit_words and j < len(toks) and not toks[j].punct:
        w = toks[j].low
        if w in lx.UNITS or (re.fullmatch(r"[a-z][a-z\-]*", w) and w not in lx.NOT_COUNT_NOUNS
                             and w not in ITEM_STOPS and w not in lx.SUBJECT_STOPWORDS):
            unit_words = [w]
            j += 1
            if j + 1 < len(toks) and toks[j].low == "per" and re.fullmatch(r"[a-z]+", toks[j + 1].low):
                unit_words += ["per", toks[j + 1].low]
                j += 2
    if j < len(toks) and toks[j].low in ("max", "maximum", "minimum", "min", "or"):
        return None
    attr: list[str] = []
    if j + 1 < len(toks) and toks[j].low == "of" and not toks[j + 1].punct:
        k = j + 1
        while k < len(toks) and not toks[k].punct and toks[k].low not in ITEM_STOPS and len(attr) < 3:
            attr.append(toks[k].low)
            k += 1
        j = k
    display = " ".join(x.text for x in toks[start:j])
    return quantity_value(number, unit_words, display, alt), attr, j


def pref_value(item: list[Token]) -> Value | None:
    words = [t.low for t in item if t.low not in ("the", "a", "an")]
    while words and words[-1] in lx.PREFERENCE_SUFFIXES:
        words = words[:-1]
    if len(words) != 1:
        return None
    for idx, group in enumerate(lx.PREFERENCE_GROUPS):
        if words[0] in group:
            return Value("pref", words[0], item_text(item), unit=f"group{idx}")
    return None
