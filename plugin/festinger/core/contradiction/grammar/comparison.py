"""How two values of one key relate (pure logic).

A value is only ever declared in CONFLICT when its type gives a reason to believe the two cannot
both hold: two versions that are not prefixes of each other, two quantities that differ after unit
conversion, two known places neither of which contains the other, two different names, two street
addresses or phone numbers. Anything the comparison cannot judge is UNKNOWN, which the detector
treats like agreement.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import replace

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.text.normalise import fold, is_address, value_format_key
from festinger.core.contradiction.grammar.places import compare_place_values, compare_places, is_known_place
from festinger.core.contradiction.grammar.closed_values import closed_value_relation
from festinger.core.contradiction.grammar.cjk_money import cjk_money_relation
from festinger.core.contradiction.grammar.byte_sizes import byte_size_relation
from festinger.core.contradiction.grammar.dialled import dialled
from festinger.core.contradiction.grammar.numeric_dates import date_relation
from festinger.core.contradiction.grammar.values import Relation, Value

def compare(a: Value, b: Value) -> Relation:
    """How two values of the same key relate."""
    closed = closed_value_relation(a, b)  # "UTC-3" / "UTC-4", "vegetarian" / "pescatarian", "B12" / "B21"
    if closed is not None:
        return closed
    money = cjk_money_relation(a.display, b.display)  # "8万円" / "¥80,000", "80만원" / "₩800,000"
    if money is not None:
        return money
    size = byte_size_relation(a, b)  # "1024Mi" / "1Gi", "4g" / "4096m": one size in two notations
    if size is not None:
        return size
    fa, fb = value_format_key(a.display), value_format_key(b.display)
    if fa and fa == fb and a.polarity == b.polarity:
        # "**Alice**", "<alice@example.com>", "mailto:...", "€1.200" vs "€1,200", "ArgoCD" vs
        # "Argo CD": the same value written another way is never a change.
        return Relation.SAME
    if fa != fb and fa.startswith("ipv4:") and fb.startswith("ipv4:"):
        return Relation.CONFLICT  # two addresses, even when their digits run alike ("19.216.81.10")
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
    if _legacy_one(pa, pb) or _legacy_one(pb, pa):
        return Relation.UNKNOWN  # "1.8" is how Java 8 was numbered once: a release named twice
    n = min(len(pa), len(pb))
    if [int(x) for x in pa[:n]] == [int(x) for x in pb[:n]]:
        # "3.11" and "3.11.4" (or "3" and "3.12") describe the same release line.
        return Relation.SAME if len(pa) == len(pb) else Relation.COMPATIBLE
    return Relation.CONFLICT


def _legacy_one(long: list[str], short: list[str]) -> bool:
    return len(long) == len(short) + 1 and long[0] == "1" and long[1:] == short and int(short[0]) > 1


def _cmp_quantity(a: Value, b: Value) -> Relation:
    """Two quantities, each number read every way it may be read ("1.500" is 1.5 or 1500): they
    conflict only when every pair of readings does; one reading that agrees makes them agree."""
    if a.alt is None and b.alt is None:
        return _cmp_one_reading(a, b)
    relations = {_cmp_one_reading(x, y) for x in _readings(a) for y in _readings(b)}
    for best in (Relation.SAME, Relation.COMPATIBLE, Relation.UNKNOWN):
        if best in relations:
            return best
    return Relation.CONFLICT


def _readings(v: Value) -> tuple[Value, ...]:
    return (v,) if v.alt is None else (replace(v, alt=None), replace(v, number=v.alt, alt=None))


def _cmp_one_reading(a: Value, b: Value) -> Relation:
    if a.number is None or b.number is None:
        return Relation.UNKNOWN
    if a.dim and b.dim:
        if a.dim != b.dim:
            return Relation.UNKNOWN
        x, y = a.number * a.factor, b.number * b.factor
        if a.dim in _CAPACITY_DIMS and x != y and abs(x - y) <= 0.1 * max(abs(x), abs(y)):
            return Relation.COMPATIBLE  # "1 TB" on the box is "931 GB" in the OS; "1 Gbps" is "940 Mbps"
        if a.factor == b.factor:
            return Relation.SAME if x == y else Relation.CONFLICT
        # 1 GB vs 1 GiB vs 1024 MB: people mix decimal and binary prefixes, so only a real gap counts;
        # a value converted between unit systems is rounded ("70 kg" is "154 lb"), so only a real gap counts.
        tolerance = 0.02 * max(abs(x), abs(y))
        return Relation.SAME if abs(x - y) <= tolerance else Relation.CONFLICT
    if a.dim or b.dim or a.unit != b.unit:
        return Relation.UNKNOWN  # "30" vs "30 seconds", "5 engineers" vs "5 people"
    if not a.unit and a.number != b.number and _one_line(a.display, b.display):
        return Relation.COMPATIBLE  # "Postgres is 16" / "now 16.4": one release line, said closer
    return Relation.SAME if a.number == b.number else Relation.CONFLICT


def _one_line(x: str, y: str) -> bool:
    """Whether one bare number is the other said with more places ("16" / "16.4")."""
    short, long = sorted((x.strip(), y.strip()), key=len)
    return short.isdigit() and long.startswith(short + ".")


# Capacities quoted nominal or usable, decimal or binary: a tenth apart is one capacity.
_CAPACITY_DIMS = frozenset(("bytes", "bandwidth"))


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


# German spellings without umlauts: "Jürgen Müller" is "Juergen Mueller".
_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def _name_tokens(norm: str, umlauts: bool = False) -> list[str]:
    # "J.K. Rowling" is "J. K. Rowling"; "İlker" is "Ilker"; "ana.ruiz" stays one handle;
    # "Min-jun" is "Minjun".
    low = norm.lower().translate(_UMLAUTS) if umlauts else norm.lower()
    tokens = [t.strip("@#.,").replace("-", "") for t in _INITIAL_RE.sub(r"\1. ", fold(low)).split()]
    return [t for t in tokens if t and t not in lx.NAME_TITLES]


def _forms(token: str) -> frozenset[str]:
    """The token and every full name it may be short for."""
    return lx.NICKNAMES.get(token, frozenset()) | {token}


def _maybe_one_name(x: str, y: str) -> bool:
    """Whether two given names may be one person's: a short form and its full name ("Sam" /
    "Samantha", "Lupe" / "Guadalupe", "Katya" / "Ekaterina"), known or not. Nicknames are too
    many to list, so anything that shares a start or a run of three letters is given the benefit
    of the doubt: two names of the user are only two people when nothing links them."""
    if _forms(x) & _forms(y) or x[:2] == y[:2]:
        return True
    short, long = (x, y) if len(x) <= len(y) else (y, x)
    return len(short) >= 3 and any(short[i:i + 3] in long for i in range(len(short) - 2))


def _script(text: str) -> str:
    """"latin" or "other": Ольга and Olga, 王伟 and Wang Wei are one name in two scripts."""
    return "latin" if all(c.isascii() for c in fold(text) if c.isalpha()) else "other"


def _name_part_matches(short: str, long: str) -> bool:
    """"J" (an initial) matches "John"; "Alex" matches "Alexander"; "Bob" matches "Robert"."""
    return short == long or long.startswith(short) or short.startswith(long) or bool(_forms(short) & _forms(long))


def _cmp_name(a: Value, b: Value) -> Relation:
    if _name_tokens(a.norm, umlauts=True) == _name_tokens(b.norm, umlauts=True):
        return Relation.SAME
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
    people = all(t.isalpha() for t in short + long) and a.display[:1].isupper() and b.display[:1].isupper()
    if people and (set(short) & set(long) or all(any(_maybe_one_name(p, q) for q in long) for p in short)):
        # "Wang Wei" / "David Wang": a name taken on; "Sam Lee" / "Samantha Lee": a short form
        return Relation.UNKNOWN
    if any(_initials_of(x, y) for x, y in ((a.norm, b.norm), (b.norm, a.norm))):
        return Relation.UNKNOWN  # "JL" for "Jean-Luc", "JR" for "John Ryan"
    return Relation.CONFLICT


def _initials_of(short: str, long: str) -> bool:
    letters = fold(short).lower().replace(".", "").replace(" ", "")
    parts = [w for w in re.split(r"[\s-]+", fold(long).lower()) if w and w not in lx.NAME_TITLES]
    return 1 < len(letters) <= 4 and letters.isalpha() and letters == "".join(w[0] for w in parts)


def may_be_alias(x: str, y: str) -> bool:
    """Whether two names may be one thing written two ways: a spelling ("grey" / "gray"), a short
    form ("maths" / "mathematics", "web01" / "web01.example.com"), an abbreviation or initialism
    ("VW" / "Volkswagen", "PwC" / "PricewaterhouseCoopers", "Man Utd" / "Manchester United",
    "UCL" / "University College London"), a shared run of letters ("Spurs" / "Tottenham Hotspur")."""
    if not (_words_only(x) and _words_only(y)):
        return False  # "sunflower22" / "sunflower23", "us-east-1" / "us-east-2": identifiers differ
    sx, sy = squash(x), squash(y)
    if not sx or not sy:
        return False
    short, long = (sx, sy) if len(sx) <= len(sy) else (sy, sx)
    if long.startswith(short) or difflib.SequenceMatcher(None, sx, sy).ratio() >= 0.75:
        return True
    if len(short) >= 4 and short[:4] in long:
        return True
    words = [w for w in re.split(r"[\W_]+", (x if len(sx) > len(sy) else y).lower()) if w]
    initials = "".join(w[0] for w in words)
    if 2 <= len(short) <= 5 and (short == initials or short == "".join(w[0] for w in words if w not in _JOINERS)):
        return True
    return short[0] == long[0] and len(short) <= max(5, len(long) // 2) and _subsequence(short, long)


_JOINERS = frozenset("of the and for de la".split())


def _words_only(text: str) -> bool:
    return all(w.replace("-", "").replace("'", "").replace(".", "").isalpha() for w in text.split())


def _subsequence(short: str, long: str) -> bool:
    it = iter(long)
    return all(c in it for c in short)


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
    da, db = dialled(a.display), dialled(b.display)
    if da and db:  # "work number": "1-800-FLOWERS" / "800-356-9377" is one number dialled (`dialled`)
        return _cmp_phone(replace(a, norm=da), replace(b, norm=db))
    if is_known_place(a.norm) and is_known_place(b.norm):
        return compare_places(a.norm, b.norm)  # "my favourite city is NYC" / "... New York"
    ta, tb = set(a.norm.split()), set(b.norm.split())
    da, db = set(a.display.lower().split()), set(b.display.lower().split())
    if ta <= tb or tb <= ta or da <= db or db <= da:
        return Relation.COMPATIBLE  # "GitHub" vs "GitHub Actions", "Linux" vs "Arch Linux"
    if (a.norm.startswith(b.norm + ".") or b.norm.startswith(a.norm + ".")) and not a.norm.startswith("@"):
        return Relation.COMPATIBLE  # "web01" vs "web01.example.com" (a handle is no host: "@ana" / "@ana.ruiz")
    if a.norm.endswith("/" + b.norm) or b.norm.endswith("/" + a.norm):
        return Relation.COMPATIBLE  # "origin/main" vs "main"
    known_a, known_b = is_known_term(a), is_known_term(b)
    if known_a and known_b:
        ca, cb = term_category(a), term_category(b)
        # "PostgreSQL" vs "MySQL" exclude each other; "Django" vs "Python" do not, nor does a
        # product against the one it runs as ("TimescaleDB" is a PostgreSQL).
        ka, kb = a.unit or a.norm, b.unit or b.norm
        if lx.RUNS_AS.get(ka) == kb or lx.RUNS_AS.get(kb) == ka:
            return Relation.UNKNOWN
        return Relation.CONFLICT if ca is not None and ca == cb else Relation.UNKNOWN
    if known_a or known_b:
        return Relation.UNKNOWN  # "PostgreSQL" vs "Supabase": an engine and a provider may both hold
    if may_be_alias(a.display, b.display):
        # "Coke" / "Coca-Cola", "IBM" / "International Business Machines", "Gmail" / "Google Mail": may
        # be one thing, so never a named replacement of one by the other (`replacement`)
        return Relation.COMPATIBLE
    return Relation.CONFLICT  # two unknown identifiers for one single-valued key ("DEBUG" vs "WARNING")


def _cmp_state(a: Value, b: Value) -> Relation:
    if a.norm != b.norm:
        return Relation.UNKNOWN
    return Relation.SAME if a.polarity == b.polarity else Relation.CONFLICT


def _cmp_exact(a: Value, b: Value) -> Relation:
    return Relation.SAME if a.norm == b.norm else Relation.CONFLICT


def _cmp_language(a: Value, b: Value) -> Relation:
    """One language under two names or a variety of it ("Mandarin" / "Chinese") is not a change."""
    if a.norm == b.norm:
        return Relation.SAME
    fa, fb = lx.LANGUAGE_FAMILY.get(a.norm, a.norm), lx.LANGUAGE_FAMILY.get(b.norm, b.norm)
    if fa == fb or fa == b.norm or fb == a.norm:
        return Relation.COMPATIBLE
    return Relation.CONFLICT


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
    return compare_place_values(a, b)


def _cmp_phrase(a: Value, b: Value) -> Relation:
    return Relation.SAME if a.norm == b.norm else Relation.UNKNOWN


def _cmp_phone(a: Value, b: Value) -> Relation:
    x, y = a.norm.lstrip("0"), b.norm.lstrip("0")  # a trunk "0" is dialled only inside the country
    if x == y:
        return Relation.SAME
    if x.endswith(y) or y.endswith(x):
        return Relation.COMPATIBLE  # with and without the country code
    return Relation.CONFLICT


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
    "language": _cmp_language,
    "order": _cmp_order,
    "pref": _cmp_pref,
    "place": _cmp_place,
    "phrase": _cmp_phrase,
    "phone": _cmp_phone,
    "date": date_relation,  # "May 3" / "May 3, 1990", "1990-04-03" / "03.04.1990" (numeric_dates)
    "street": _cmp_exact,  # "9 Elm Road" / "41 Birch Close" (abbreviations already spelled out)
}
