"""Typed values in a clause: money, amounts, counts, times, rates, versions, hosts, emails, phones (pure logic).

`anchored` compares two memories' slots by one value of a closed type each. This module finds those
values in a clause, each span read once and the most specific type first: an email before a host, a
host before a phone, money before an amount, "Mondays 2pm" as one time (`rescheduled.when_fields`),
"three days a week" as one rate, "Python 3.11" as a version of that product (software names only:
"Dell XPS 13" is a model), "12 characters" as an amount of that unit and a bare number last. A number
right after a model name ("Dell XPS 13", "XPS 9315") is part of that name, not a value, and is never read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.updates.rescheduled import when_fields
from festinger.core.contradiction.grammar.values import dot_grouped_reading, singular

__all__ = ["MONTH", "Typed", "typed_values"]


@dataclass(frozen=True)
class Typed:
    """One typed value: `frame` must agree for two values to fill one slot, `value` is compared."""

    kind: str  # money | amount | number | when | rate | version | host | email | phone | span | ordinal
    frame: str
    value: str
    display: str
    start: int
    end: int
    recurring: bool = False  # a weekday written as a habit ("Mondays")
    period: str = ""  # what an amount of money is per ("a month")
    alt: str = ""  # the number's thousands reading where a dot may group them ("1.500": "1500"), else ""


_NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_NUMW = "|".join(lx.NUMBER_WORDS[1:])
_PER = (r"(?:\s*/\s*|\s+(?:a|an|per|each|every)\s+)(month|mo|year|yr|week|wk|day|hour|hr|quarter|person|seat|user|"
        r"head|night)s?\b|\s+(monthly|yearly|annually|weekly|daily|hourly|quarterly)\b")
_EMAIL_RE = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_HOST_RE = re.compile(r"(?:https?://)?(?<![\w@./-])[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?!(?:js|ts|py|rb|md|txt|json|"
                      r"ya?ml|cfg|ini|toml|sh|exe|env)\b)[a-z]{2,}(?:/[\w./-]*\w)?(?![\w@-])")
_PHONE_RE = re.compile(r"\+\d[\d\s().-]{6,}\d|\(?\b\d{3}\)?[\s.-]\d{3}[\s.-]\d{4}\b")
_MONEY_RE = re.compile(
    rf"(?:(?P<cur>[$€£¥])\s?(?P<n>{_NUM})(?:\s?(?P<mult>k|m)\b)?|(?P<n2>{_NUM})\s?(?P<cur2>usd|eur|gbp|dollars?|euros?|"
    rf"pounds?|bucks)\b)(?:{_PER})?", re.I)
_WEEKDAY = r"(?:next\s+|this\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b"
MONTH = (r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
          r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?")
_WHEN_TOKEN = (rf"(?:{_WEEKDAY}|{MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?\b|(?:the\s+)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?"
               rf"{MONTH}(?![a-z])|\d{{1,2}}(?::\d{{2}})?\s*(?:am|pm|a\.m\.|p\.m\.)(?![a-z])|\d{{1,2}}:\d{{2}}\b(?!:\d)|noon\b|midnight\b)")
_WHEN_RE = re.compile(rf"{_WHEN_TOKEN}(?:(?:\s*,\s*|\s+(?:at|on)\s+|\s+){_WHEN_TOKEN})*", re.I)
_RATE_RE = re.compile(
    rf"(?P<n>{_NUM}|{_NUMW}|once|twice)\s+(?:(?:times?|days?|nights?|sessions?|classes|visits?)\s+)?(?:a|an|per|each|every)\s+"
    rf"(?P<p>week|month|day|year)\b|every\s+(?:(?P<other>other)\s+|(?P<n2>{_NUM}|{_NUMW})\s+)?(?P<p2>minute|hour|day|week|"
    rf"month|year)s?\b", re.I)
_RATE_WORD_RE = re.compile(r"\b(hourly|daily|nightly|weekly|biweekly|fortnightly|monthly|quarterly|yearly|annually)\b", re.I)
_VERSION_RE = re.compile(r"(?<![\w.])(?P<p>[A-Z][\w+#-]*|iOS|macOS)\s+v?(?P<n>\d+(?:\.\d+){0,3})(?![\w.%])"
                         r"(?!\s*(?:mg|gb|mb|tb|kg|g|ml|x|k)\b)")
# "Upgraded Postgres to 16": a change verb's product and the release it now runs (the verb is read by `anchored`).
_VERSION_TO_RE = re.compile(r"(?<![\w.])(?P<p>[A-Z][\w+#-]*)\s+to\s+v?(?P<n>\d+(?:\.\d+){0,2})(?![\w.%:,])"
                            r"(?!\s*(?!now\b)[a-z]+\b)")  # "to 16 servers" counts; "to 16 now" is the release
# "on the 1st", "moved to the 5th": a day of the month, when nothing after it names what is counted;
# "the 3rd floor", "2nd grade": the ordinal of that noun (another frame per noun).
_DAY_OF_MONTH_RE = re.compile(r"(?<=\bthe\s)(?P<n>[1-9]|[12]\d|3[01])(?:st|nd|rd|th)\b"
                              r"(?=\s*(?:$|[,;.!]|(?:of\s+(?:the|each|every)\s+)?month\b|(?:each|every)\s+month\b|now\b|instead\b|"
                              r"from\s+now\b|going\s+forward\b))", re.I)
_ORDINAL_RE = re.compile(r"\b(?P<n>\d{1,3})(?:st|nd|rd|th)\s+(?P<u>[a-z]+)\b", re.I)
# "zones 1-2", "pages 10-20": a labelled span the noun names (a bare "140-150" is an estimate, never read).
_SPAN_RE = re.compile(r"\b(?P<u>zones|levels|tiers|bands|rows|floors)\s+(?P<a>\d{1,3})\s*[-\u2013]\s*(?P<b>\d{1,3})\b(?![-\u2013.\d])",
                      re.I)
_AMOUNT_RE = re.compile(rf"(?<![\w.$€£¥,:+-])(?P<n>{_NUM}|{_NUMW})(?:(?P<g>%|[a-z]{{1,3}})|\s+(?P<u>[a-z]+))\b", re.I)
_NUMBER_RE = re.compile(rf"(?<![\w.,$€£¥:+-])(?P<n>{_NUM})(?![\w,:%]|\.\d)")


def _number(text: str) -> float:
    low = {"once": "one", "twice": "two"}.get(text.lower(), text.lower())
    if low in lx.NUMBER_WORDS:
        return float(lx.NUMBER_WORDS.index(low))
    return float(low.replace(",", ""))


def _grouped(number: str, times: float = 1) -> str:
    """The thousands reading of "1.500" ("1500"), "" for a number with one reading."""
    grouped = dot_grouped_reading(number)
    return "" if grouped is None else f"{grouped * times:g}"


_SOFTWARE = frozenset(lx.TECH_NAMES) | frozenset(lx.TECH_CATEGORIES) | lx.SOFTWARE_EXTRAS


def _mailbox(address: str) -> str:
    """One mailbox however written: "jane.doe+news@gmail.com" is "janedoe@gmail.com" (Gmail ignores dots)."""
    local, _, domain = address.partition("@")
    local = local.split("+")[0]
    return f"{local.replace('.', '') if domain in ('gmail.com', 'googlemail.com') else local}@{domain}"


def typed_values(text: str) -> list[Typed]:
    """The typed values of a clause, each span read once (the most specific type first)."""
    taken = [False] * len(text)
    found: list[Typed] = []

    def add(m: re.Match[str], kind: str, frame: str, value: str, recurring: bool = False, period: str = "",
            alt: str = "") -> None:
        if any(taken[m.start():m.end()]):
            return
        taken[m.start():m.end()] = [True] * (m.end() - m.start())
        found.append(Typed(kind, frame, value, m.group(0), m.start(), m.end(), recurring, period, alt))

    for m in _EMAIL_RE.finditer(text):
        add(m, "email", "email", _mailbox(m.group(0).lower()))
    for m in _HOST_RE.finditer(text):
        add(m, "host", "host", re.sub(r"^https?://", "", m.group(0).lower()).rstrip("/"))
    for m in _PHONE_RE.finditer(text):
        add(m, "phone", "phone", re.sub(r"\D", "", m.group(0)))
    for m in _MONEY_RE.finditer(text):
        cur = (m.group("cur") or m.group("cur2")).lower()[:3]
        times = {"k": 1e3, "m": 1e6}.get((m.group("mult") or "").lower(), 1)
        amount = _number(m.group("n") or m.group("n2")) * times
        per = (m.group(len(m.groups()) - 1) or m.group(len(m.groups())) or "").lower()
        period = lx.PERIOD_NAMES.get(per, "")
        add(m, "money", f"{cur} per {'' if period else per}", f"{amount:g}", period=period,  # "$2,000 per person"
            alt=_grouped(m.group("n") or m.group("n2"), times))
    for m in _WHEN_RE.finditer(text):
        fields = when_fields(m.group(0))
        if fields is not None:
            add(m, "when", "when", repr(sorted(fields.items())), bool(re.search(r"days\b", m.group(0), re.I)))
    for m in _RATE_RE.finditer(text):
        if m.group("p"):
            rate = _number(m.group("n")) / lx.PERIOD_MINUTES[m.group("p").lower()]
        else:
            every = 2 if m.group("other") else _number(m.group("n2")) if m.group("n2") else 1
            rate = 1 / (every * lx.PERIOD_MINUTES[m.group("p2").lower()])
        add(m, "rate", "rate", f"{rate:.9g}")
    for m in _VERSION_RE.finditer(text):
        if m.group("p").lower() in _SOFTWARE:  # "Dell XPS 13" / "XPS 9315": a model, not a release
            add(m, "version", m.group("p").lower(), m.group("n"))
    for m in _VERSION_TO_RE.finditer(text):
        product = m.group("p").lower()
        if product in _SOFTWARE:
            add(m, "version", product, m.group("n"))
    for m in _SPAN_RE.finditer(text):
        add(m, "span", singular(m.group("u").lower()), f"{m.group('a')}-{m.group('b')}")
    for m in _DAY_OF_MONTH_RE.finditer(text):
        add(m, "when", "when", repr([("day", int(m.group("n")))]))
    for m in _ORDINAL_RE.finditer(text):
        if m.group("u").lower() not in lx.NOT_UNITS:
            add(m, "ordinal", singular(m.group("u").lower()), m.group("n"))
    for m in _AMOUNT_RE.finditer(text):
        unit = (m.group("g") or m.group("u")).lower()
        if unit not in lx.NOT_UNITS and unit not in lx.PERIOD_NAMES:
            add(m, "amount", singular(unit), f"{_number(m.group('n')):g}", alt=_grouped(m.group("n")))
    for m in _NUMBER_RE.finditer(text):
        if not re.search(r"\b(?:[A-Z]{2,}|[A-Z][\w-]*\s+[A-Z][\w-]*)\s+$", text[:m.start()]):  # "Dell XPS 13": a model
            add(m, "number", "", f"{_number(m.group('n')):g}", alt=_grouped(m.group("n")))
    if not found:  # "The cleanup cron runs hourly": a rate word is the value only when nothing else is
        for m in _RATE_WORD_RE.finditer(text):
            add(m, "rate", "rate", f"{1 / lx.RATE_WORD_MINUTES[m.group(1).lower()]:.9g}")
    return sorted(found, key=lambda v: v.start)
