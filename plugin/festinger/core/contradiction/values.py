"""Typed values of memory statements and how two values relate (pure logic).

A value is only ever declared in CONFLICT when its type gives a reason to believe the two cannot
both hold: two versions that are not prefixes of each other, two quantities that differ after unit
conversion, two known places neither of which contains the other, two different names. Anything the
comparison cannot judge is UNKNOWN, which the detector treats like agreement.
"""

from __future__ import annotations

import enum
import re
import unicodedata
from dataclasses import dataclass

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.normalise import is_address, value_format_key


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


VERSION_RE = re.compile(r"^v?(\d+(?:\.\d+){0,3})$", re.I)
NUMBER_RE = re.compile(r"^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$")
GLUED_RE = re.compile(r"^((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)([a-z%€$£]+)$", re.I)
CURRENCY_PREFIX_RE = re.compile(r"^([$€£])((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)$")
REGION_RE = re.compile(r"^[a-z]{2}(?:-[a-z]+)+-\d+[a-z]?$")
# "27:12", "3:45:10", "1:02.5": race and lap times, durations. Only the same shape is compared.
CLOCK_RE = re.compile(r"^(\d{1,3}):([0-5]\d)(?::([0-5]\d))?(?:\.(\d{1,3}))?$")
URL_RE = re.compile(r"^[a-z][a-z0-9+.-]*://\S+$", re.I)


def canonical_term(text: str) -> str:
    low = " ".join(text.lower().split())
    return lx.TECH_ALIASES.get(low) or lx.VALUE_ALIASES.get(low, low)


def singular(word: str) -> str:
    """Cheap singular form, applied identically to both sides so it only has to be consistent."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is", "os", "as")):
        return word[:-1]
    return word


def parse_number(token: str) -> float | None:
    if not NUMBER_RE.match(token):
        return None
    try:
        return float(token.replace(",", ""))
    except ValueError:
        return None


def version_value(version: str, display: str, product: str = "") -> Value:
    return Value("version", version.lower().lstrip("v"), display, unit=product)


def quantity_value(number: float, unit_words: list[str], display: str) -> Value:
    unit = " ".join(singular(w.lower()) for w in unit_words)
    raw = " ".join(w.lower() for w in unit_words)
    if raw in lx.UNITS or unit in lx.UNITS:
        dim, factor = lx.UNITS.get(raw) or lx.UNITS[unit]
        return Value("quantity", f"{number:g} {unit}", display, number=number, unit=unit, dim=dim, factor=factor)
    return Value("quantity", f"{number:g} {unit}".strip(), display, number=number, unit=unit)


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


def compare(a: Value, b: Value) -> Relation:
    """How two values of the same key relate."""
    fa, fb = value_format_key(a.display), value_format_key(b.display)
    if fa and fa == fb and a.polarity == b.polarity:
        # "**Alice**", "<alice@example.com>", "mailto:...", "€1.200" vs "€1,200", "ArgoCD" vs
        # "Argo CD": the same value written another way is never a change.
        return Relation.SAME
    if is_address(a.display) != is_address(b.display):
        return Relation.UNKNOWN  # "email is a@x.com" vs "email is full": a state, not another address
    if a.kind != b.kind:
        # A bare version ("3.11") against a versioned product is still a version comparison.
        return Relation.UNKNOWN
    fn = _COMPARERS.get(a.kind)
    if fn is None:
        return Relation.SAME if a.norm == b.norm else Relation.UNKNOWN
    return fn(a, b)


def _cmp_version(a: Value, b: Value) -> Relation:
    pa, pb = a.norm.split("."), b.norm.split(".")
    n = min(len(pa), len(pb))
    if [int(x) for x in pa[:n]] == [int(x) for x in pb[:n]]:
        # "3.11" and "3.11.4" (or "3" and "3.12") describe the same release line.
        return Relation.SAME if len(pa) == len(pb) else Relation.COMPATIBLE
    return Relation.CONFLICT


def _cmp_quantity(a: Value, b: Value) -> Relation:
    if a.number is None or b.number is None:
        return Relation.UNKNOWN
    if a.dim and b.dim:
        if a.dim != b.dim:
            return Relation.UNKNOWN
        x, y = a.number * a.factor, b.number * b.factor
        if a.factor == b.factor:
            return Relation.SAME if x == y else Relation.CONFLICT
        # 1 GB vs 1 GiB vs 1024 MB: people mix decimal and binary prefixes, so only a real gap counts.
        tolerance = 0.03 * max(abs(x), abs(y)) if a.dim == "bytes" else 1e-9 * max(abs(x), abs(y), 1.0)
        return Relation.SAME if abs(x - y) <= tolerance else Relation.CONFLICT
    if a.dim or b.dim or a.unit != b.unit:
        return Relation.UNKNOWN  # "30" vs "30 seconds", "5 engineers" vs "5 people"
    return Relation.SAME if a.number == b.number else Relation.CONFLICT


def _strip_relative(path: str) -> str:
    for prefix in ("~/", "./"):
        if path.startswith(prefix):
            return path[len(prefix):]
    return path


def _cmp_path(a: Value, b: Value) -> Relation:
    x, y = _strip_relative(a.norm.rstrip("/")), _strip_relative(b.norm.rstrip("/"))
    if x == y:
        return Relation.SAME
    # A directory and a file inside it, or a relative and an absolute spelling of one path.
    if x.startswith(y + "/") or y.startswith(x + "/") or x.endswith("/" + y) or y.endswith("/" + x):
        return Relation.COMPATIBLE
    return Relation.CONFLICT


def _url_key(url: str) -> str:
    # http/https and "www." are spelling, not a different endpoint, as far as memories go.
    url = re.sub(r"^[a-z][a-z0-9+.-]*://", "", url.lower()).rstrip("/")
    return url[4:] if url.startswith("www.") else url


def _cmp_url(a: Value, b: Value) -> Relation:
    x, y = _url_key(a.norm), _url_key(b.norm)
    if x == y:
        return Relation.SAME
    if x.startswith(y) or y.startswith(x):
        return Relation.COMPATIBLE
    return Relation.CONFLICT


_INITIAL_RE = re.compile(r"(?<![^\W\d_])([^\W\d_])\.")


def _fold(text: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def _name_tokens(norm: str) -> list[str]:
    # "J.K. Rowling" is "J. K. Rowling"; "İlker" is "Ilker"; "ana.ruiz" stays one handle.
    tokens = [t.strip("@#.,") for t in _INITIAL_RE.sub(r"\1. ", _fold(norm).lower()).split()]
    return [lx.NICKNAMES.get(t, t) for t in tokens if t and t not in lx.NAME_TITLES]


def _script(text: str) -> str:
    """"latin" or "other": Ольга and Olga, 王伟 and Wang Wei are one name in two scripts."""
    return "latin" if all(c.isascii() for c in _fold(text) if c.isalpha()) else "other"


def _name_part_matches(short: str, long: str) -> bool:
    """"J" (an initial) matches "John"; "Alex" matches "Alexander"; "Bob" matches "Robert"."""
    return short == long or long.startswith(short) or short.startswith(long)


def _cmp_name(a: Value, b: Value) -> Relation:
    ta, tb = _name_tokens(a.norm), _name_tokens(b.norm)
    if ta == tb:
        return Relation.SAME
    if _script(a.norm) != _script(b.norm) or "other" in (_script(a.norm), _script(b.norm)):
        return Relation.UNKNOWN  # transliterations cannot be told from two names
    if not ta or not tb:
        return Relation.UNKNOWN  # "Dr." alone names nobody
    short, long = (ta, tb) if len(ta) <= len(tb) else (tb, ta)
    # "Dr. Smith", "J. R. Smith", "Alice" and "Alice Martin" may all be John/Alice Smith/Martin:
    # every part of the shorter name must be found, in order, in the longer one.
    k = 0
    for part in short:
        while k < len(long) and not _name_part_matches(part, long[k]):
            k += 1
        if k == len(long):
            break
        k += 1
    else:
        return Relation.COMPATIBLE
    if any(len(t) == 1 for t in ta + tb):
        return Relation.UNKNOWN  # initials that do not line up: not enough to call them two people
    if set(short) <= set(long):
        return Relation.COMPATIBLE
    return Relation.CONFLICT


def term_category(v: Value) -> str | None:
    """Category of a known technology ("python" -> "language"), None when unknown or uncategorised."""
    return lx.TECH_CATEGORIES.get(v.unit or v.norm)


def is_known_term(v: Value) -> bool:
    name = v.unit or v.norm
    return name in lx.TECH_NAMES or name in lx.TECH_CATEGORIES


def squash(text: str) -> str:
    """Letters and digits only, accents folded: "Argo CD" == "ArgoCD", "J. K." == "J.K."."""
    folded = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in folded if c.isalnum())


def _cmp_term(a: Value, b: Value) -> Relation:
    if a.norm == b.norm or squash(a.norm) == squash(b.norm):
        return Relation.SAME
    ta, tb = set(a.norm.split()), set(b.norm.split())
    if ta <= tb or tb <= ta:
        return Relation.COMPATIBLE  # "GitHub" vs "GitHub Actions", "Postgres" vs "Postgres cluster"
    if a.norm.endswith("/" + b.norm) or b.norm.endswith("/" + a.norm):
        return Relation.COMPATIBLE  # "origin/main" vs "main"
    known_a, known_b = is_known_term(a), is_known_term(b)
    if known_a and known_b:
        ca, cb = term_category(a), term_category(b)
        # "PostgreSQL" vs "MySQL" exclude each other; "Django" vs "Python" do not.
        return Relation.CONFLICT if ca is not None and ca == cb else Relation.UNKNOWN
    if known_a or known_b:
        return Relation.UNKNOWN  # "PostgreSQL" vs "Supabase": an engine and a provider may both hold
    return Relation.CONFLICT  # two unknown identifiers for one single-valued key ("DEBUG" vs "WARNING")


def _cmp_state(a: Value, b: Value) -> Relation:
    if a.norm != b.norm:
        return Relation.UNKNOWN
    return Relation.SAME if a.polarity == b.polarity else Relation.CONFLICT


def _cmp_exact(a: Value, b: Value) -> Relation:
    return Relation.SAME if a.norm == b.norm else Relation.CONFLICT


def _cmp_order(a: Value, b: Value) -> Relation:
    x, y = a.norm.split(">"), b.norm.split(">")
    if x == y:
        return Relation.SAME
    if x == list(reversed(y)):
        return Relation.CONFLICT
    return Relation.UNKNOWN


def _cmp_pref(a: Value, b: Value) -> Relation:
    if a.norm == b.norm:
        return Relation.SAME
    if a.unit and a.unit == b.unit:  # same exclusive group, different members
        return Relation.CONFLICT
    return Relation.UNKNOWN


def _cmp_place(a: Value, b: Value) -> Relation:
    return compare_places(a.norm, b.norm)


def _cmp_phrase(a: Value, b: Value) -> Relation:
    return Relation.SAME if a.norm == b.norm else Relation.UNKNOWN


_COMPARERS = {
    "version": _cmp_version,
    "quantity": _cmp_quantity,
    "path": _cmp_path,
    "url": _cmp_url,
    "name": _cmp_name,
    "term": _cmp_term,
    "state": _cmp_state,
    "weekday": _cmp_exact,
    "region": _cmp_exact,
    "language": _cmp_exact,
    "order": _cmp_order,
    "pref": _cmp_pref,
    "place": _cmp_place,
    "phrase": _cmp_phrase,
}


# --- places --------------------------------------------------------------------------------------


def _place_key(name: str) -> str:
    low = " ".join(name.lower().split())
    if low.startswith("the ") and low not in lx.CITIES:
        low = low[4:]
    return low


def place_chain(name: str) -> list[str] | None:
    """The place followed by every known place containing it, or None if the place is unknown."""
    low = _place_key(name)
    low = lx.COUNTRY_ALIASES.get(low, low)
    if low in lx.COUNTRIES:
        chain = [low]
        while lx.COUNTRIES.get(chain[-1]) and len(chain) < 4:
            chain.append(lx.COUNTRIES[chain[-1]])
        return chain
    if low in lx.CITIES:
        return [lx.CITY_ALIASES.get(low, low)] + (place_chain(lx.CITIES[low]) or [])
    return None


def is_known_place(name: str) -> bool:
    return place_chain(name) is not None


def compare_places(x: str, y: str) -> Relation:
    cx, cy = place_chain(x), place_chain(y)
    if cx is None or cy is None:
        # "Brooklyn" may well be inside "New York": unknown places are never judged.
        return Relation.SAME if _place_key(x) == _place_key(y) else Relation.UNKNOWN
    if cx[0] == cy[0]:
        return Relation.SAME
    if cx[0] in cy or cy[0] in cx:
        return Relation.COMPATIBLE  # "Berlin" vs "Germany"
    x_city, y_city = cx[0] not in lx.COUNTRIES, cy[0] not in lx.COUNTRIES
    if x_city != y_city and (cx[0] if x_city else cy[0]) in lx.AMBIGUOUS_CITIES:
        # City vs country where the city has a famous namesake abroad ("Vancouver, WA").
        return Relation.UNKNOWN
    return Relation.CONFLICT
