"""Two different values of one slot that may both hold (pure logic).

A slot looks single-valued ("the user's doctor", "the user's bank", "the user's email") but many
hold two values at once or name one thing two ways: a person called "Dr. Okafor" and "Amara", a
work and a personal e-mail, Instagram and its owner Meta, "autumn" and "fall", shoe size 10 (US)
and 44 (EU). Blind attacks on the detector found most of its false deprecations here, so such a
conflict only counts when the incoming memory announces the change (`compare`).
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.comparison import is_known_term
from festinger.core.contradiction.text.normalise import is_address
from festinger.core.contradiction.grammar.timezones import zone_may_follow_travel
from festinger.core.contradiction.grammar.values import Statement

__all__ = ["may_both_hold"]


def may_both_hold(a: Statement, b: Statement) -> bool:
    """Whether two different values of one slot may both hold, so that only an incoming memory
    that announces the change ("now", "switched", "actually", "not X") replaces the old one:
    people named in two ways (a title and a first name, a short form, a name in two languages;
    a person may have two doctors), e-mail addresses, phone numbers and IP addresses (work and
    personal), plain words (which have synonyms: "autumn" / "fall"), organisations on an
    organisation slot (Instagram is Meta's; one may bank with two banks), a number without a unit
    on a measure (shoe size 10 and 44, bra size 34B and 75B), one city name in two regions, an
    origin, a native language, a class, a person's programming language. A slot named single by
    its key ("favourite", "default"), versions, amounts with units, known places one lives in,
    known tools of one kind, identifiers, other languages, regions, dates, days and states stay
    single-valued as written, and so do two full names that share nothing ("Tom Becker" /
    "Sarah Klein")."""
    x, y = a.values[0], b.values[0]
    words = set(a.key.split())
    if zone_may_follow_travel(a, b):
        return True  # a trip's clock
    if a.rel == "origin" or x.kind in ("phone", "phrase"):
        return True
    if x.kind == "place" and y.kind == "place" and x.norm == y.norm:
        # "Berlin, Germany" / "Berlin, New Hampshire": one name told apart by the region alone; a
        # wrong region is as likely a slip of the writer as a move, so only a move announced says so
        return True
    if x.kind == "name":
        return _person_key(a.key) and not (_full_name(x.display) and _full_name(y.display)
                                           and not set(x.norm.split()) & set(y.norm.split()))
    if x.kind == "term" and any(is_address(v.display) or _IP_RE.match(v.display) for v in (x, y)):
        return True  # a work and a personal e-mail; a private and a public IP
    if x.kind == "language":
        return bool(words & _OWN_LANGUAGE)  # bilingual: two native languages
    if x.kind == "term" and (_plain_words(x.display) or _plain_words(y.display)) and not (
            is_known_term(x) and is_known_term(y)):
        return True  # "autumn" / "fall", "Coke" / "Coca-Cola": plain words have synonyms
    if words & _SINGLE_BY_KEY:
        return False
    if x.kind == "term" and a.key.split()[0] == "user" and a.key.split()[-1] in ("language", "languages"):
        return True  # a person writes several programming languages (a project is written in one)
    if x.kind == "quantity" or (x.kind == "term" and _SIZE_CODE_RE.match(x.display) and _SIZE_CODE_RE.match(y.display)):
        # "34B" / "75B": a number in a sizing system the text does not name, like a bare number
        return not (x.unit or x.dim or y.unit or y.dim) and not words & lx.SETTING_COUNT_WORDS
    if x.kind == "term":
        # organisations nest and come several at a time: Instagram is Meta's, one banks with two
        employer = a.rel in ("work:at", "work:for")  # also "the user's employer is X" (its alias)
        return (employer or bool(words & lx.ORGANISATION_HEADS)) and not (is_known_term(x) and is_known_term(y))
    return False


def _person_key(key: str) -> bool:
    """"the user's name", "the user's doctor", "the user's wife's name": a slot that names a person."""
    words = key.split()
    if words[-1] in ("name", "surname", "nickname") and words[:-1] in (["user"], ["user", "first"],
                                                                    ["user", "last"], ["user", "full"]):
        return True
    return bool(set(words) & lx.PERSON_ROLES)


# "age": a bare number with no sizing system behind it (unlike a shoe size), one at a time
_SINGLE_BY_KEY = frozenset("favorite preferred default main primary current age".split())
_OWN_LANGUAGE = frozenset("native first mother".split())
_SIZE_CODE_RE = re.compile(r"^\d{1,3}(?:\.\d)?[A-Za-z]{1,3}$")
_IP_RE = re.compile(r"^(?:\d{1,3}\.){3}\d{1,3}$|^[0-9a-f:]+:[0-9a-f:]*$", re.I)


def _plain_words(display: str) -> bool:
    """"fall", "Coca-Cola", "Manchester United": words, not an identifier such as "v2.1",
    "orders_prod" or "#ops-alerts" (which have no synonyms)."""
    return all(w.replace("-", "").replace("'", "").isalpha() for w in display.split())


def _full_name(display: str) -> bool:
    """"Tom Becker": a given name and a surname, no title, no initial."""
    parts = display.replace(".", ". ").split()
    return len(parts) >= 2 and all(p[:1].isupper() and p.isalpha() and len(p) > 1 and p.lower() not in lx.NAME_TITLES
                                   for p in parts)
