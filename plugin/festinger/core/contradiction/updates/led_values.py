"""What kind of value a corrected slot holds, for the correction-led reading (pure logic).

`led_correction` compares the value a correction gives with the value the stored memory holds.
Two values of one kind may replace each other ("3rd floor" / "4th floor", "16:8" / "18:6", "A+" /
"A-", "AB12 CDE" / "AB21 CDE", "Tue/Thu" / "Mon/Wed"); two of different kinds are two different
things ("room 4" is no floor). The kind is read from the value's SHAPE, not from a word list: a code
is its pattern of letters, digits and signs, a quantity is its number and unit, an ordinal its noun.

`squash` (comparison) drops signs, so "A+" and "A-" would be one value there: `norm` keeps them.
"""

from __future__ import annotations

import re

__all__ = ["kind", "norm", "same_value", "shape_spans", "strip_value", "names_value", "far_apart", "typed_slots",
           "day_subset"]

_MONTHS = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DAYS = r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?"
_DATE_RE = re.compile(rf"^(?:{_MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?|\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTHS}|"
                      rf"{_MONTHS}\s+\d{{4}})$", re.I)
_DAY_LIST_RE = re.compile(rf"^{_DAYS}(?:\s*(?:/|&)\s*{_DAYS})+$", re.I)
_ORDINAL_RE = re.compile(r"^(\d{1,3})(?:st|nd|rd|th)(?:\s+([a-z]+))?$", re.I)
_CLOCK_RE = re.compile(r"^\d{1,2}:\d{1,2}$")
# A unit has no digit: "4 at 3pm" is two values, not 4 of "at 3pm".
_NUMBER_RE = re.compile(r"^(\d[\d,]*(?:\.\d+)?)(?!st|nd|rd|th)\s*(%|[^\W\d](?:[^\W\d]|[/ -])*)?$")
# "band D", "room 4", "flat 4", "gate B12": a word of the kind and the one token that tells which.
_TAGGED_RE = re.compile(r"^([a-z]+)\s+([A-Z]\d{0,3}[+-]?|[A-Z]{2}\d{1,3}|\d{1,4}[A-Z]?)$")  # not "staging DB"
# A code: letters, digits and signs, at least one digit or sign ("AB21 CDE", "db-stg-02", "A+").
_CODE_RE = re.compile(r"^(?=.*\d|[A-Z]{1,2}[+-]$)[A-Za-z\d][A-Za-z\d+./-]*(?:\s[A-Z\d][A-Z\d+./-]*)?$")
_BLOOD_RE = re.compile(r"^(A|B|AB|O)\s*(?:(positive|pos|\+)|(negative|neg|-))$", re.I)
_EMAIL_RE = re.compile(r"^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$")
_AGE_UNITS = frozenset(("years old", "years", "yrs old", "yo", "year old"))
# Case-sensitive: "A negative" is a blood group, not "a negative".
_LEAD_WORDS_RE = re.compile(r"^(?:(?:[Oo]n|[Aa]t|[Ii]n|[Ff]or)\s+)?(?:(?:[Tt]he|a|an|An)\s+)?")
_NAME_RE = re.compile(r"^[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*){0,2}$")
_WORDS_RE = re.compile(r"^[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2}$")


def strip_value(value: str, head: str = "") -> str:
    """The value without its leading preposition or article ("on the 3rd floor" -> "3rd floor"),
    its trailing stop, and the key's own head word ("band D" under the key "band" -> "D"); blood
    groups said in words are written as signs ("O negative" -> "O-")."""
    text = value.strip().rstrip(".!").strip()
    text = text if _BLOOD_RE.match(text) else _LEAD_WORDS_RE.sub("", text)
    if head and text.lower().startswith(head + " ") and len(text.split()) == 2:
        text = text.split()[1]
    m = _BLOOD_RE.match(text)
    if m:
        text = m.group(1).upper() + ("+" if m.group(2) else "-")
    return text


def norm(value: str) -> str:
    """Lower case, spaces squeezed, signs kept ("A+" != "A-")."""
    return " ".join(value.lower().replace("favourite", "favorite").split())


def kind(value: str) -> str | None:
    """The value's kind by its shape, or None when it has none the rule reads (a clause, a list)."""
    v = value.strip()
    if re.match(r"^(?:A|B|AB|O)[+-]$", v):
        return "blood group"
    if re.match(r"^[A-Z]$", v):
        return "letter"  # "band C", "ring size N": one letter is never another written two ways
    if _EMAIL_RE.match(v):
        return "email"
    if _DATE_RE.match(v):
        return "date"
    if _DAY_LIST_RE.match(v):
        return "days"
    m = _ORDINAL_RE.match(v)
    if m:
        return f"ordinal:{(m.group(2) or '').lower()}"
    if _CLOCK_RE.match(v):
        return "clock"
    m = _NUMBER_RE.match(v)
    if m:
        unit = norm(m.group(2) or "")
        return "number:" + ("" if unit in _AGE_UNITS else unit)
    m = _TAGGED_RE.match(v)
    if m:
        return f"tagged:{m.group(1).lower()}:{_signature(m.group(2))}"
    if _CODE_RE.match(v):
        return "code:" + _signature(v)
    if _NAME_RE.match(v):
        return "name"
    if _WORDS_RE.match(v):
        return "words"
    return None


def _signature(code: str) -> str:
    """"AB21 CDE" -> "aa99 aaa", "A-" -> "a±": the pattern two values of one code share."""
    out = []
    for c in code.lower():
        out.append("a" if c.isalpha() else "9" if c.isdigit() else "±" if c in "+-" and len(code) <= 3 else c)
    return "".join(out)


def shape_spans(value: str, text: str) -> list[str]:
    """Every span of `text` of the same typed shape as `value` (for "it's <value>", where the stored
    memory must hold exactly one such span); empty for a plain word or name (no shape to find)."""
    k = kind(value)
    if k is None or k in ("name", "words", "letter"):
        return []
    if k.startswith("code:") and not re.search(r"[\d+-]", value):
        return []
    spans = []
    words = [w.strip(".,;:()") for w in text.split()]
    for i in range(len(words)):
        for j in range(i + 1, min(len(words), i + 5) + 1):
            cand = " ".join(words[i:j])
            if cand and kind(strip_value(cand)) == k:
                spans.append(cand)
    # the longest spans only: "3rd floor" and not also "3rd"; "AB12 CDE" and not also "AB12"
    return [s for s in dict.fromkeys(spans) if not any(s != t and s in t for t in spans)]


def typed_slots(text: str) -> int:
    """How many typed values `text` holds, overlapping readings counted once ("the 3rd floor", "3rd
    floor" and "3rd" are one; "room 4 at 3pm" is two): "it's <value>" needs exactly one."""
    words = [w.strip(".,;:()") for w in text.split()]
    ranges = []
    for i in range(len(words)):
        if words[i].lower() in ("on", "at", "in", "for", "the", "a", "an"):
            continue  # the window after it reads the same value
        for j in range(i + 1, min(len(words), i + 5) + 1):
            k = kind(strip_value(" ".join(words[i:j])))
            if k is not None and k not in ("name", "words"):
                ranges.append((i, j))
    ranges.sort()
    slots, end = 0, -1
    for i, j in ranges:
        if i >= end:
            slots += 1
        end = max(end, j)
    return slots


def day_subset(a: str, b: str) -> bool:
    """"Tue/Thu" and "Tue/Thu/Fri": one set of days inside the other (a refinement, not a slip)."""
    x, y = _canon(a), _canon(b)
    return isinstance(x, tuple) and isinstance(y, tuple) and x[0] == y[0] == "days" and (x[1] <= y[1] or y[1] <= x[1])


def names_value(said: str, stored: str, head: str = "") -> bool:
    """Whether "not <said>" names the stored value: the value itself, its number without the unit
    ("not 2" for "2 weeks"), or the day of a stored date ("not the 15th" for "Dec 15")."""
    x, y = norm(strip_value(said, head)), norm(strip_value(stored, head))
    if not x:
        return False
    if x == y:
        return True
    if len(x) >= 3 and x[0] in ".@" and y.endswith(x):
        return True  # "not .com" for "marisol.vega@yahoo.com": the part that was wrong
    num = re.match(r"^(\d[\d,.]*)(?:st|nd|rd|th)?$", x)
    return bool(num) and re.search(rf"(?<![\d.]){re.escape(num.group(1))}(?![\d.])", y) is not None and \
        len(re.findall(r"\d+", y)) == 1


def _canon(value: str) -> tuple | str:
    """One writing of a typed value: "December 15th" and "15 Dec" are ("dec", 15), "Thu/Tue" and
    "Tuesday/Thursday" one set of days, "08:30" is (8, 30), "1,000" and "1000.0" are 1000.0."""
    v, k = value.strip(), kind(value) or ""
    low = v.lower()
    if k == "date":
        month = re.search(r"[a-z]{3}", low)
        num = re.search(r"\d+", low)
        return ("date", month.group(0) if month else "", int(num.group(0)) if num else 0)
    if k == "email":  # "jane.doe@gmail.com" is "janedoe@gmail.com" and "jane.doe+news@gmail.com"
        local, _, domain = low.partition("@")
        return ("email", local.split("+")[0].replace(".", ""), domain)
    if k == "days":
        return ("days", frozenset(d.strip()[:3] for d in re.split(r"[/&]", low)))
    if k == "clock":
        h, m = low.split(":")
        return ("clock", int(h), int(m))
    if k.startswith("number:"):
        m = _NUMBER_RE.match(v)
        return ("number", float(m.group(1).replace(",", "")), k) if m else norm(v)
    if k.startswith("ordinal:"):
        m = _ORDINAL_RE.match(v)
        return ("ordinal", int(m.group(1)), k) if m else norm(v)
    return norm(v)


def same_value(a: str, b: str) -> bool:
    """Whether two values are one value written two ways (or simply the same)."""
    return norm(a) == norm(b) or _canon(a) == _canon(b)


def far_apart(a: str, b: str) -> bool:
    """Two bare numbers more than three times apart: a size or score in another system ("shoe size
    9" / "43", "dress size 10" / "38"), not a slip in the one the stored memory used."""
    x, y = _canon(a), _canon(b)
    if not (isinstance(x, tuple) and isinstance(y, tuple) and x[0] == y[0] == "number" and x[2] == "number:"):
        return False
    lo, hi = sorted((abs(x[1]), abs(y[1])))
    return lo == 0 or hi / lo > 3
