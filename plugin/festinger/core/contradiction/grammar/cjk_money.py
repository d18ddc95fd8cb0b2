"""Amounts of money written the Chinese, Japanese or Korean way, read exactly (pure logic).

"8万円" is ¥80,000, "80만원" is ₩800,000, "6万5千円" is ¥65,000, "3천만원" is ₩30,000,000 and
"８万円" (full-width digits) is "8万円". The grammar reads such a value as an opaque term, so
"8万円" / "¥80,000" looked like two rents. A value with CJK script or a yen/won sign and a digit is
read here into (the currencies it may be in, the amounts it may mean); two amounts conflict only
when both are read, they may be in one currency and no reading of the one is a reading of the other. A value this module cannot read exactly (kanji numerals "八万", a unit out of
order, an unknown suffix) is never in conflict with a money value: unsure is no conflict.
"""

from __future__ import annotations

import re
import unicodedata

from festinger.core.contradiction.grammar.values import Relation, dot_grouped_reading

__all__ = ["cjk_money_relation"]

# The sign before the amount and the word after it, each with the currencies it may name.
_SIGNS: dict[str, frozenset[str]] = {"¥": frozenset(("jpy", "cny")), "₩": frozenset(("krw",))}
_SUFFIXES: dict[str, frozenset[str]] = {k: frozenset(v) for k, v in {
    "円": ("jpy",), "日元": ("jpy",), "元": ("cny",), "人民币": ("cny",), "块": ("cny",), "塊": ("cny",),
    "원": ("krw",), "韩元": ("krw",), "韓元": ("krw",), "美元": ("usd",), "欧元": ("eur",), "歐元": ("eur",),
    "英镑": ("gbp",), "港元": ("hkd",), "港币": ("hkd",),
}.items()}
# Counting units: the small ones count inside a group of four digits, the myriads multiply a group.
_SMALL = {"十": 10, "百": 100, "千": 1000, "십": 10, "백": 100, "천": 1000}
_MYRIAD = {"万": 10**4, "萬": 10**4, "億": 10**8, "亿": 10**8, "兆": 10**12, "만": 10**4, "억": 10**8, "조": 10**12}
_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_AMOUNT_RE = re.compile(rf"^(?P<sign>[¥₩])?\s?(?P<body>(?:(?:{_NUMBER})?[{''.join(_SMALL)}{''.join(_MYRIAD)}])*"
                        rf"(?:{_NUMBER})?)(?P<k>[kK])?\s?(?P<word>[^\W\d_]*)$")
_CJK_RE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\u1100-\u11ff\u3130-\u318f¥₩]")
_PART_RE = re.compile(rf"({_NUMBER})?(.)?")


def cjk_money_relation(a: str, b: str) -> Relation | None:
    """How two written values relate as amounts of money, or None when neither is written the CJK way."""
    xa, xb = unicodedata.normalize("NFKC", a.strip()), unicodedata.normalize("NFKC", b.strip())
    if not (_engages(xa) or _engages(xb)):
        return None
    ra, rb = _read(xa), _read(xb)
    if ra is None and rb is None:
        return None  # "3号线" / "5号线": no money on either side, left to the other comparisons
    if ra is None or rb is None:
        return Relation.UNKNOWN  # one side read as money, the other not read for sure
    (ca, amounts_a), (cb, amounts_b) = ra, rb
    if not ca & cb:
        return Relation.UNKNOWN  # "80,000円" / "800,000원": two currencies, no rate to compare them by
    # "¥" is the yen's sign and the yuan's: "8万円" / "¥80,000" is one rent, "8万円" / "¥95,000" is
    # another whichever "¥" means (95,000 yuan is no 80,000 yen either)
    return Relation.SAME if amounts_a & amounts_b else Relation.CONFLICT


def _engages(text: str) -> bool:
    return any(c.isdigit() for c in text) and _CJK_RE.search(text) is not None


def _read(text: str) -> tuple[frozenset[str], frozenset[float]] | None:
    """(currencies, amounts) of a money value: an amount has two readings when a dot may group
    thousands ("800.000원"); None when the text is not exactly an amount of money."""
    m = _AMOUNT_RE.match(text)
    if m is None or not m.group("body") or not any(c.isdigit() for c in m.group("body")):
        return None
    sign, word = m.group("sign"), m.group("word")
    if (word and word not in _SUFFIXES) or not (sign or word):
        return None  # no currency, or one not listed
    currencies = _SIGNS[sign] if sign else frozenset(("jpy", "cny", "krw", "usd", "eur", "gbp", "hkd"))
    currencies &= _SUFFIXES[word] if word else currencies
    if not currencies:
        return None  # a sign and a word that do not agree ("¥5000원")
    amounts = _amounts(m.group("body"))
    if amounts is None:
        return None
    times = 1000 if m.group("k") else 1
    return currencies, frozenset(x * times for x in amounts)


def _amounts(body: str) -> frozenset[float] | None:
    """"6万5千" -> {65000}; "3천만" -> {30000000}; "800.000" -> {800, 800000}; None when malformed."""
    parts = [(n, u) for n, u in _PART_RE.findall(body) if n or u]
    if len(parts) == 1 and not parts[0][1]:
        grouped = dot_grouped_reading(parts[0][0])
        one = float(parts[0][0].replace(",", ""))
        return frozenset((one,) if grouped is None else (one, grouped))
    total, group, last_small, last_myriad = 0.0, 0.0, 10**5, 10**13
    for i, (number, unit) in enumerate(parts):
        if number and dot_grouped_reading(number) is not None:
            return None  # "1.500万": unsure which
        n = float(number.replace(",", "")) if number else None
        if not unit:
            if i != len(parts) - 1 or n is None:
                return None
            group += n
        elif unit in _SMALL:
            if _SMALL[unit] >= last_small:
                return None  # "5千6千": out of order
            group += (1.0 if n is None else n) * _SMALL[unit]
            last_small = _SMALL[unit]
        else:
            if _MYRIAD[unit] >= last_myriad:
                return None
            group += 0.0 if n is None else n
            total += (group or 1.0) * _MYRIAD[unit]
            group, last_small, last_myriad = 0.0, 10**5, _MYRIAD[unit]
    return frozenset((round(total + group, 6),))
