"""Typed values of memory statements and how they are read from words (pure logic).

How two values relate lives in `comparison`."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from festinger.core.contradiction import lexicon as lx


class Relation(enum.Enum):
    SAME = "same"
    COMPATIBLE = "compatible"
    CONFLICT = "conflict"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Value:
    """One value of a statement. `norm` is what equality is decided on; `display` is as written."""

    kind: str  # version | quantity | place | path | url | name | term | state | weekday | order | pref | phrase
    norm: str
    display: str
    number: float | None = None
    unit: str = ""  # canonical unit spelling ("" for a bare number)
    dim: str = ""  # dimension when the unit is convertible
    factor: float = 1.0
    polarity: bool = True  # for states: ("enabled", False) is "disabled"
    region: str = ""  # for places: the region written after a comma ("Oregon" in "Portland, Oregon")
    # The number's other reading: "1.500" is 1.5 in English and 1500 where a dot groups thousands
    # ("1.500 euros"). Two quantities conflict only when every reading of the one differs from the other.
    # A numeric date whose order is not fixed ("03/04/1990") keeps its month-first reading here (`numeric_dates`).
    alt: float | None = None


@dataclass(frozen=True)
class Statement:
    """One understood claim of a memory."""

    key: str  # what the claim is about, e.g. "api server port"
    rel: str  # "value" (single-valued attribute), "location", "origin", "state", "class", or a verb
    values: tuple[Value, ...]
    negated: bool = False
    explicit_negation: bool = False  # a "not" was folded into a state's polarity
    qualifier: str = ""  # trailing scope ("for the admin panel"); must match to compare
    correction: bool = False  # the sentence is an explicit correction
    denied: tuple[Value, ...] = ()  # "GraphQL, not REST" -> REST
    exclusive: bool = False  # the relation holds one value at a time
    sentence: str = ""
    scope: str = ""  # heading / lead line / bullet parent the sentence sits under
    update: bool = False  # the incoming sentence announces a change ("now", "switched to")
    lone: bool = False  # the whole memory is this one sentence (nothing else it could refer to)


def amended(st: Statement, **changes: object) -> Statement:
    """`dataclasses.replace(st, **changes)` for a Statement, which has no __post_init__ to run: its
    fields copied and the changed ones set, without a call of __init__ through the frozen setattr
    (~1 us, not ~6; the statement parser scopes or marks most statements it emits once)."""
    unknown = changes.keys() - st.__dict__.keys()
    if unknown:
        raise TypeError(f"Statement has no field {sorted(unknown)[0]!r}")
    new = object.__new__(Statement)
    new.__dict__.update(st.__dict__)
    new.__dict__.update(changes)
    return new


VERSION_RE = re.compile(r"^v?(\d+(?:\.\d+){0,3})$", re.I)
NUMBER_RE = re.compile(r"^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$")
GLUED_RE = re.compile(r"^((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)([a-z%€$£]+)$", re.I)
CURRENCY_PREFIX_RE = re.compile(r"^([$€£])((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)([km]?)$", re.I)  # "$90k", "€1.2m"
REGION_RE = re.compile(r"^[a-z]{2}(?:-[a-z]+)+-\d+[a-z]?$")
# "27:12", "3:45:10", "1:02.5": race and lap times, durations. Only the same shape is compared.
CLOCK_RE = re.compile(r"^(\d{1,3}):([0-5]\d)(?::([0-5]\d))?(?:\.(\d{1,3}))?$")
URL_RE = re.compile(r"^[a-z][a-z0-9+.-]*://\S+$", re.I)


def canonical_term(text: str) -> str:
    low = " ".join(text.lower().split())
    return lx.TECH_ALIASES.get(low) or lx.VALUE_ALIASES.get(low, low)


# Words ending in "s" that are not the plural of the word without it: folding them would make
# "the news server" the "new server" and HTTPS plain HTTP (two scopes read as one: attack56).
NOT_PLURALS = frozenset(
    "news series species physics mathematics economics politics ethics analytics athletics logistics "
    "https smtps ldaps ftps imaps pop3s mqtts amqps rtmps sips sftps wss".split())


def singular(word: str) -> str:
    """Cheap singular form, applied identically to both sides so it only has to be consistent;
    a word whose "s" is not a plural's (`NOT_PLURALS`) stays as it is."""
    if word in NOT_PLURALS:
        return word
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is", "os", "as")):
        return word[:-1]
    return word


# "A$ 2000", "R$ 2.500", "NZ$ 80": a country's dollar written with a space before its amount. The
# amount is the value; read apart, "A$" alone would be it (and "A$" / "A$2000" two values).
_DOLLAR_PREFIX_SPACE_RE = re.compile(r"(?<![\w$])([A-Z]{1,3}\$) +(?=\d)")


def glue_dollar_prefix(text: str) -> str:
    """"A$ 2000" as "A$2000", the way most write it: one value, not a symbol and a number."""
    return _DOLLAR_PREFIX_SPACE_RE.sub(r"\1", text) if "$ " in text else text


def parse_number(token: str) -> float | None:
    if not NUMBER_RE.match(token):
        return None
    try:
        return float(token.replace(",", ""))
    except ValueError:
        return None


_DOT_GROUPED_RE = re.compile(r"^\d{1,3}\.\d{3}$")


def dot_grouped_reading(token: str) -> float | None:
    """The thousands reading of a number whose one dot may group thousands ("1.500", "55.000"):
    1500.0 and 55000.0, else None ("1.5", "1.50" and "1,500" have one reading only)."""
    return float(token.replace(".", "")) if _DOT_GROUPED_RE.match(token) else None


def version_value(version: str, display: str, product: str = "") -> Value:
    return Value("version", version.lower().lstrip("v"), display, unit=product)


def quantity_value(number: float, unit_words: list[str], display: str, alt: float | None = None) -> Value:
    unit = " ".join(singular(w.lower()) for w in unit_words)
    raw = " ".join(w.lower() for w in unit_words)
    if raw in lx.UNITS or unit in lx.UNITS:
        dim, factor = lx.UNITS.get(raw) or lx.UNITS[unit]
        return Value("quantity", f"{number:g} {unit}", display, number=number, unit=unit, dim=dim, factor=factor,
                     alt=alt)
    return Value("quantity", f"{number:g} {unit}".strip(), display, number=number, unit=unit, alt=alt)


_TIME_OF_DAY_RE = re.compile(r"^(\d{1,2})(?::([0-5]\d))?(am|pm|a\.m\.?|p\.m\.?)?$")


def time_of_day(words: list[str]) -> tuple[Value, int] | None:
    """"9:30", "14:00", "11 pm", "7am" -> (minutes after midnight, words used), else None."""
    if not words:
        return None
    m = _TIME_OF_DAY_RE.match(words[0])
    if not m:
        return None
    used, suffix = 1, m.group(3) or ""
    if not suffix and len(words) > 1 and words[1].rstrip(".") in ("am", "pm", "a.m", "p.m"):
        suffix, used = words[1], 2
    hour, minute = int(m.group(1)), int(m.group(2) or 0)
    if not m.group(2) and not suffix:
        return None  # a bare "at 5" may be a count, an address, a table
    if suffix:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if suffix.startswith("p") else 0)
    elif hour > 23:
        return None
    minutes = hour * 60 + minute
    display = " ".join(words[:used])
    return Value("quantity", f"{minutes} min-of-day", display, number=float(minutes), unit="time of day",
                 dim="time of day"), used


def clock_value(text: str) -> Value | None:
    m = CLOCK_RE.match(text)
    if not m:
        return None
    parts = [int(g) for g in m.groups()[:3] if g is not None]
    seconds = 0.0
    for p in parts:
        seconds = seconds * 60 + p
    if m.group(4):
        seconds += float("0." + m.group(4))
    shape = f"clock{len(parts)}"  # "3:40" (h:mm or m:ss) is never compared with "3:45:10"
    return Value("quantity", f"{seconds:g} {shape}", text, number=seconds, unit=shape, dim=shape)


_HOUSE_NUMBER_RE = re.compile(r"^\d{1,5}[a-z]?$", re.I)
STREET_WORDS = {"st": "street", "str": "street", "ave": "avenue", "av": "avenue", "rd": "road", "ln": "lane",
                "dr": "drive", "blvd": "boulevard", "pl": "place", "ct": "court", "sq": "square", "hwy": "highway"}


def street_value(words: list[str]) -> tuple[Value, int] | None:
    """"221 Pine Ave" -> (a street address, words used): a house number and a capitalised street name.

    Only the number and the street name are the value; what follows a comma ("Apt 4", the city)
    narrows it down and is never compared."""
    if len(words) < 2 or not _HOUSE_NUMBER_RE.match(words[0]):
        return None
    used = 1
    while used < len(words) and used <= 4 and words[used][:1].isupper() and words[used].rstrip(".").isalpha():
        used += 1
    if used == 1:
        return None
    name = [STREET_WORDS.get(w.lower().rstrip("."), w.lower().rstrip(".")) for w in words[1:used]]
    norm = " ".join([words[0].lower()] + name)
    return Value("street", norm, " ".join(words[:used])), used


MONTHS = {m: i + 1 for i, m in enumerate(
    "january february march april may june july august september october november december".split())}
MONTHS.update({m[:3]: i for m, i in list(MONTHS.items())})
MONTHS["sept"] = 9
_DAY_RE = re.compile(r"^(\d{1,2})(?:st|nd|rd|th)?$", re.I)
_YEAR_RE = re.compile(r"^(1[89]\d\d|20\d\d)$")


def date_value(words: list[str]) -> tuple[Value, int] | None:
    """"March 5", "5 March 1990", "the 5th of March" -> (a calendar date, words used), else None."""
    low = [w.lower().rstrip(".") for w in words[:5]]
    if low[:1] == ["the"]:
        low = low[1:]
    skip = len(words[:5]) - len(low)
    month = day = None
    used = 0
    if len(low) >= 2 and low[0] in MONTHS and _DAY_RE.match(low[1]):
        month, day, used = MONTHS[low[0]], int(_DAY_RE.match(low[1]).group(1)), 2
    elif len(low) >= 2 and _DAY_RE.match(low[0]):
        k = 2 if len(low) >= 3 and low[1] == "of" else 1
        if len(low) > k and low[k] in MONTHS:
            month, day, used = MONTHS[low[k]], int(_DAY_RE.match(low[0]).group(1)), k + 1
    if month is None or day is None or not 1 <= day <= 31:
        return None
    year = ""
    if used < len(low) and _YEAR_RE.match(low[used]):
        year, used = low[used], used + 1
    display = " ".join(words[:skip + used])
    return Value("date", f"{month:02d}-{day:02d}", display, unit=year), skip + used
