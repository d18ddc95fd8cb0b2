"""A stored name called by a distinctive part of it (pure logic): "Netflix" of "Netflix Standard
plan", "the Nighthawk" of "Netgear Nighthawk", "the Kindle" of "Kindle Paperwhite", "the Adlon" of
"Hotel Adlon", "Finish" of "Finish Quantum", "PureGym" of "PureGym Camden", "Mongo" of "MongoDB".

People shorten what they already told: the update names the stored thing by its brand, its line or
its model. The rules that read an ending or a replacement by the old value's name (named_end,
clause_end, displaced) ask this module whether the name they found is the stored one. A part is
accepted only when it cannot be another thing of the same family:

* the mention is a contiguous run of the stored name's words (titles and determiners aside), or one
  word of it shortened by its upper-case tail ("Mongo" of "MongoDB");
* it holds a word written as a name in the stored memory that is distinctive: not a kind or a tier
  ("plan", "app", "hotel", "standard", "pro"), not a lone number ("the 7" of "Pixel 7");
* the words it leaves out BEFORE it are names or kind words ("Netgear" of "Netgear Nighthawk",
  "Hotel" of "Hotel Adlon"), and a left-out tail must not make the name another product of a brand:
  a kind noun after the brand ("Apple Music", "Google Docs", "Pixel Watch") makes the brand alone
  name the company or another line, and a maker of many products ("Amazon Prime") is only shortened
  over a model code or a tier ("Google Pixel 8" stays whole);
* a place after a name is a branch ("PureGym Camden"): the place alone names the district, never
  the gym; after a comma the stored name is a place in a region ("Paris, Texas"): only the part
  before the comma may be said;
* in a text, the mention is maximal (`find_part`): no other name word, model code or kind noun the
  stored name lacks right before or after it ("Pixel Watch" of "Pixel 7", "Mia Park" of "Mia Chen",
  "Paris, Texas" of "Paris").
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.lexicon import name_parts as lnp

__all__ = ["app_by_part", "appositive_other", "find_part", "is_generic_part", "part_named", "same_again"]

_TOKEN_RE = re.compile(r"[A-Za-z0-9][\w+#&!-]*(?:[.'][A-Za-z0-9][\w+#&!-]*)*")
_POSSESSIVE_RE = re.compile(r"'s$")
_NUMBER_RE = re.compile(r"\d+(?:\.\d+)*")
_DETERMINERS = frozenset("the my our a an this that".split())
_TITLES = frozenset("dr mr mrs ms miss prof professor doctor".split())
_TIERS, _KINDS, _ORG_KINDS, _MAKERS = lnp.NAME_TIERS, lnp.NAME_KINDS, lnp.ORG_KINDS, lnp.MULTI_MAKERS
_PLACE_MODIFIERS = frozenset("north south east west central greater inner outer upper lower downtown old".split())
_LINE_WORDS = lx.MODEL_LINE_WORDS  # "Model 3", "3 Series": a line word and a number name a model together


def _toks(text: str) -> list[str]:
    """Words as written, without a possessive "'s" ("the Kindle's in a drawer")."""
    out = []
    for t in _TOKEN_RE.findall(text):
        t = _POSSESSIVE_RE.sub("", t)
        if t:
            out.append(t)
    return out


def _low(word: str) -> str:
    return word.lower().rstrip(".")


def _is_number(word: str) -> bool:
    return _NUMBER_RE.fullmatch(word) is not None


def _is_model(word: str) -> bool:
    """A model code or version: "7", "X3", "S23", "v2", "XL" (short capitals)."""
    return any(c.isdigit() for c in word) or (word.isupper() and len(word) <= 3)


def _named(word: str) -> bool:
    """Written as a name: a capital or a digit first, or a capital inside ("iPhone", "eBay")."""
    return word[:1].isupper() or word[:1].isdigit() or any(c.isupper() for c in word[1:])


def is_generic_part(word: str) -> bool:
    """A word that names no one thing on its own: a kind, a tier, a lone number, a determiner."""
    w = _low(word)
    return w in _KINDS or w in _TIERS or w in _DETERMINERS or _is_number(w) or len(w) < 2


def _is_place(word: str) -> bool:
    w = _low(word)
    return w in lx.CITIES or w in lx.DISTRICTS or w in lx.COUNTRIES or w in lx.REGIONS


def _core(text: str) -> list[str]:
    """The words of a mention without a leading determiner or title ("the Adlon", "Dr. Patel")."""
    ws = _toks(text)
    while ws and (_low(ws[0]) in _DETERMINERS or _low(ws[0]) in _TITLES):
        ws = ws[1:]
    return ws


def _title(text: str) -> str:
    """The title a person is named with ("dr" of "Dr. Mia Chen", "doctor" read as "dr"), or ""."""
    ws = [_low(w) for w in _toks(text)]
    while ws and ws[0] in _DETERMINERS:
        ws = ws[1:]
    t = ws[0] if ws and ws[0] in _TITLES else ""
    return {"doctor": "dr", "professor": "prof"}.get(t, t)


def _stored_words(stored: str) -> list[str]:
    """The stored name up to a comma ("Paris" of "Paris, Texas": the region is no part of the name)."""
    return _core(stored.split(",", 1)[0])


def _span(name: list[str], said: list[str]) -> tuple[int, int] | None:
    """Where the said words run in the stored name (case aside), or one word shortened by its
    upper-case tail ("Mongo" of "MongoDB", "Postgre" never: a tail of two to four capitals)."""
    low_name, low_said = [_low(w) for w in name], [_low(w) for w in said]
    n = len(low_said)
    for i in range(len(low_name) - n + 1):
        if low_name[i:i + n] == low_said:
            return i, i + n
    if n == 1 and len(said[0]) >= 4:
        for i, w in enumerate(name):
            rest = w[len(said[0]):]
            if w.lower().startswith(low_said[0]) and 2 <= len(rest) <= 4 and rest.isupper() and rest.isalpha():
                return i, i + 1
    return None


def part_named(stored: str, mention: str, *, kind: bool = False) -> bool:
    """Whether `mention` (the words an incoming memory calls a thing by) names the stored name
    `stored`, whole or by a distinctive part of it; with `kind`, also by the kind it ends on after
    its names ("the bike" of "Trek bike": the object of a change, the one thing of its kind held)."""
    name, said = _stored_words(stored), _core(mention)
    if not name or not said or _title(stored) != _title(mention) and _title(stored) and _title(mention):
        return False  # "Mr. Lee" is not "Dr. Lee"
    if [_low(w) for w in name] == [_low(w) for w in said]:
        return True
    span = _span(name, said)
    if span is None:
        return False
    i, j = span
    part, before, after = name[i:j], name[:i], name[j:]
    if _is_place(" ".join(name)):
        return False  # "York" of "New York", "Jersey" of "New Jersey": a place's name is said whole
    kind_tail = kind and not after and bool(before) and all(map(_named, before)) and not all(
        _low(w) in _TIERS or _is_number(w) for w in part)  # "the bike" of "Trek bike": the one of its kind
    if not (_distinctive(part, before) or kind_tail):
        return False  # "the plan", "the 7", "Standard", "the Pro": no word of the part names one thing
    if any(not (_named(w) or _low(w) in _KINDS) for w in before):
        return False  # "milk" of "oat milk": a lower-case word before it makes another thing
    if before and all(_is_place(w) for w in part) and any(_named(w) and _low(w) not in _PLACE_MODIFIERS for w in before):
        return False  # "Camden" of "PureGym Camden", "Paris" of "Hilton Paris Opera": the place, not the branch
    if not after:
        return True
    if any(_named(w) and _low(w) in _KINDS and _low(w) not in _ORG_KINDS for w in after):
        return False  # "Apple" of "Apple Music", "Pixel" of "Pixel Watch": the brand's other things
    if not before and len(part) == 1 and _low(part[0]) in _MAKERS and not all(
            _low(w) in _TIERS or (not _named(w) and _low(w) in _KINDS) for w in after):
        return False  # "Amazon" of "Amazon Prime", "Google" of "Google Pixel 8", "the Dyson" of "Dyson V15"
    if any(not _named(w) and _low(w) not in _KINDS and _low(w) not in _TIERS for w in after):
        return False  # "Peloton" of "Peloton bike" is the kind's; "Dyson" of "Dyson with a cord" is not a name
    return True


def _distinctive(part: list[str], before: list[str]) -> bool:
    """Whether the part names one thing: a word written as a name that is no kind, tier or number;
    a line word with its number ("Model 3", "Series 9"); or plain words after a dose or a year only
    ("sertraline" of "50mg sertraline")."""
    if any(_named(w) and not is_generic_part(w) for w in part):
        return True
    if any(_low(w) in _LINE_WORDS for w in part) and any(_is_model(w) for w in part):
        return True
    return bool(before) and all(any(c.isdigit() for c in w) for w in before) and not any(map(is_generic_part, part))


# What may not stand beside a maximal mention: a name word, a model code or a kind noun.
_CAP_AFTER_COMMA_RE = re.compile(r"\s*,\s*(?-i:[A-Z])[a-z]+")


def find_part(stored: str, text: str, start: int = 0) -> tuple[int, int] | None:
    """The span of the first maximal mention in `text` (from `start`) of the stored name or a
    distinctive part of it: the longest run of the stored name's words, with no name word, model
    code or kind noun the stored name lacks right before or after it, and no region after a comma."""
    name = _stored_words(stored)
    if not name:
        return None
    low_name = {_low(w) for w in name}
    spans = [(m.start(), m.end(), _POSSESSIVE_RE.sub("", m.group())) for m in _TOKEN_RE.finditer(text, start)]
    k = 0
    while k < len(spans):
        if _low(spans[k][2]) not in low_name and not _span(name, [spans[k][2]]):
            k += 1
            continue
        e = k
        while (e + 1 < len(spans) and _low(spans[e + 1][2]) in low_name
               and text[spans[e][1]:spans[e + 1][0]].strip() == ""):
            e += 1
        said = [w for _, _, w in spans[k:e + 1]]
        if _maximal(text, spans, k, e, low_name) and part_named(stored, " ".join(said)):
            return spans[k][0], spans[e][1]
        k = e + 1
    return None


def same_again(stored: str, new: str) -> bool:
    """Whether a new value is the stored thing again, named by a part with only plain words before it
    ("a newer Civic" for the "Honda Civic", "another Kindle"); never "a Pixel 8" for the "Pixel 7"."""
    at = find_part(stored, new)
    return at is not None and not new[at[1]:].strip() and not any(_named(w) for w in _toks(new[:at[0]]))


def _maximal(text: str, spans: list[tuple[int, int, str]], k: int, e: int, low_name: set[str]) -> bool:
    if k > 0 and text[spans[k - 1][1]:spans[k][0]].strip() == "":
        prev = spans[k - 1][2]
        if _low(prev) not in _DETERMINERS and _low(prev) not in _TITLES and (
                (_named(prev) and k - 1 > 0 and not _sentence_start(text, spans[k - 1][0])) or _is_model(prev)):
            return False  # "Sam's Pixel" aside, a name or a model before it names more ("Google Pixel", "Anna Chen")
    if e + 1 < len(spans):
        gap, nxt = text[spans[e][1]:spans[e + 1][0]], spans[e + 1][2]
        if gap.strip() == "" and (_named(nxt) or _is_model(nxt) or _low(nxt) in _KINDS) and _low(nxt) not in low_name:
            return False  # "Pixel Watch", "Pixel 8", "Kindle Oasis", "the Pixel watch": another thing
    if _CAP_AFTER_COMMA_RE.match(text, spans[e][1]) and _is_place(spans[e][2]):
        return False  # "Paris, Texas" is not "Paris"
    return True


def _sentence_start(text: str, at: int) -> bool:
    before = text[:at].rstrip()
    return not before or before[-1] in ".!?:;-\u2013\u2014"


# An appositive right after the mention: "the/a" and a short noun phrase, up to a comma or the end.
_APPOSITIVE_RE = re.compile(r"^(?:the|a|an)\s+(?P<np>[^,;.!?]{1,40}?)\s*(?:[,;.!?]|$)", re.I)
# Words that make the piece a clause of its own, not a noun phrase ("the price went up", "the kids cried").
_CLAUSE_WORDS = frozenset("""is was are were be been has had have got gets went goes made came gave took kept ran
    sold left said says felt feels keeps will would can could did does do not never""".split())


def appositive_other(stored: str, after: str) -> bool:
    """Whether the words right after a mention say which thing it is, by words the stored name lacks:
    "moved off Atlas, the Jira add-on, to Linear" of "MongoDB Atlas" (an Atlas, not the stored one),
    never a clause ("Cancelled Netflix, the price went up") nor the stored name ("the Paperwhite")."""
    m = _APPOSITIVE_RE.match(after.strip())
    if m is None:
        return False
    ws = [_low(w) for w in _toks(m.group("np"))]
    if not ws or len(ws) > 4 or any(w in _CLAUSE_WORDS or w.endswith(("ed", "n't")) for w in ws):
        return False
    return not set(ws) & {_low(w) for w in _toks(stored)} and ws[-1] not in ("one", "ones")


_SOFTWARE_END_RE = re.compile(r"(?<![\w'])(?:uninstalled|deleted|removed)\s+(?:the\s+|my\s+|our\s+)?", re.I)


def app_by_part(stored: str, text: str) -> bool:
    """Whether the text uninstalls or deletes the stored thing named by a part only: "I uninstalled
    Kindle" of a "Kindle Paperwhite" is the brand's app, not the device ("deleted Kindle Paperwhite"
    would be the thing itself, said whole)."""
    for m in _SOFTWARE_END_RE.finditer(text):
        at = find_part(stored, text, m.end())
        if at is not None and at[0] == m.end():
            said = {_low(w) for w in _toks(text[at[0]:at[1]])}
            return any(_named(w) and _low(w) not in said for w in _stored_words(stored))
    return False  # ("deleted Telegram" of a "Telegram account" is the thing: only a kind was left out)
