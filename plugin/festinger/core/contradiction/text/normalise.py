"""Text normalisation shared by the whole pack: control characters, quotes, contractions, correction leads.

This is the ONE contraction table and the ONE table of correction openings: the contradiction
detector, the keyword matcher and the classifier all read them from here, so "doesn't" and
"actually," mean the same thing everywhere. Every pattern is linear (no nested or overlapping
repetition), because memories are user input of any size.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

__all__ = [
    "CONTRACTIONS",
    "CORRECTION_LEADS",
    "alternation",
    "clean",
    "expand_contractions",
    "fold",
    "is_correction",
    "straight_apostrophes",
    "strip_correction_lead",
]

_CONTROL_RE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200b-\u200f\u2028\u2029\ufeff]")
# The typographic apostrophes ("I haven\u2019t", "\u2018til"): every rule's patterns spell them "'".
_APOSTROPHES = {"\u2019": "'", "\u2018": "'"}
_APOSTROPHE_TABLE = str.maketrans(_APOSTROPHES)
_QUOTES = str.maketrans({**_APOSTROPHES, "\u201c": '"', "\u201d": '"', "\u00a0": " ",
                         "\u2013": "-", "\u2014": " - ", "\r": "\n"})


def clean(text: str) -> str:
    """Control characters to spaces, typographic quotes and dashes to ASCII, CR to LF."""
    return _CONTROL_RE.sub(" ", text).translate(_QUOTES)


def straight_apostrophes(text: str) -> str:
    """\u2019 and \u2018 as "'": done once on both memories before any rule of the detector reads
    them, so a rule that reads the raw text (the event and update rules do, to keep quotes and
    dashes) never misses "I haven\u2019t knitted in months" that it reads with a straight one."""
    return text.translate(_APOSTROPHE_TABLE)


# The contraction table: (word before the apostrophe, suffix) -> spelled out. One pass of one
# regex over the text (a text of 100 KB is read once, not once per row of the table). "'s" is only
# expanded after pronouns that cannot be possessives ("it's", "that's"): "user's" stays.
CONTRACTIONS: dict[str, dict[str, str]] = {
    "t": {"can": "can not", "won": "will not", "shan": "shall not"},  # other "...n't" -> "... not"
    "m": {"i": "am"},
    "ve": {w: "have" for w in ("i", "you", "we", "they")},
    "re": {w: "are" for w in ("you", "we", "they")},
    "ll": {w: "will" for w in ("i", "you", "we", "they", "he", "she", "it")},
    "s": {w: "is" for w in ("it", "that", "there", "what", "he", "she", "who", "where", "here")},
}
# (\w++: possessive, since an apostrophe never is \w: no backtracking through every word of the text)
_CONTRACTION_RE = re.compile(r"\b(\w++)['\u2019](t|m|ve|re|ll|s)\b", re.I)


def _spell_out(m: re.Match[str]) -> str:
    word, suffix = m.group(1), m.group(2).lower()
    low = word.lower()
    if suffix == "t":
        special = CONTRACTIONS["t"].get(low)
        if special is not None:
            return special.capitalize() if word[:1].isupper() else special
        return f"{word[:-1]} not" if low.endswith("n") and len(low) > 1 else m.group(0)
    # re.I folds a few non-ASCII letters onto a suffix ("it’ſ" matches as "it's"): no table, left as written
    expansion = CONTRACTIONS.get(suffix, {}).get(low)
    return f"{word} {expansion}" if expansion else m.group(0)


def expand_contractions(text: str) -> str:
    """"Doesn't" -> "Does not", "I'm" -> "I am" (case of the first letter kept)."""
    if "'" not in text and "\u2019" not in text:
        return text
    return _CONTRACTION_RE.sub(_spell_out, text)


# Openings by which a speaker corrects an earlier statement. Only honoured at the start of a
# sentence of the incoming memory: "actually" in the middle of an old memory corrects nothing.
CORRECTION_LEADS: tuple[str, ...] = (
    "correction", "no", "nope", "scratch that", "i was wrong", "let me correct", "let me correct that",
    "let me correct this", "to correct", "to correct that", "to correct this", "i meant", "wrong",
    "that is wrong", "that is not right", "that is incorrect", "update", "updated",
)
# Leads that need no punctuation after them ("Actually the API uses GraphQL").
CORRECTION_ADVERBS: tuple[str, ...] = ("actually", "in fact", "to be precise", "nope", "i was wrong",
                                       "it turns out that", "it turns out", "turns out that", "turns out")


def alternation(words: Iterable[str]) -> str:
    """A regex alternation of `words`, longest first (so "in fact" wins over "in"); a space in a
    phrase matches any run of spaces.

    Lower-case ASCII words (all the word lists) are written as a tree of their shared beginnings
    ("a(?:bout\\s+to|dvises?|...)"): `re` tries an alternation's branches one by one at every
    position, and under re.IGNORECASE it cannot skip a branch by its first letter, so a flat list
    of 100 words cost ~15 us per sentence, the tree ~4. It matches the same texts, and the same
    span: along one text the words that match are beginnings of one another, and the tree tries
    the longer first, as the sorted list does."""
    words = list(words)
    if words and all(w and w.isascii() and w == w.lower() and w == w.strip() and "  " not in w for w in words):
        return _tree(words)
    return _flat(words)


def _flat(words: list[str]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))


def _tree(words: list[str]) -> str:
    root: dict = {}
    for w in words:
        node = root
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}  # a word ends here
    return _branches(root)


def _branches(node: dict) -> str:
    ends = "" in node
    parts = [(r"\s+" if ch == " " else re.escape(ch)) + _branches(child) for ch, child in sorted(node.items()) if ch]
    if not parts:
        return ""
    body = parts[0] if len(parts) == 1 and not ends else "(?:" + "|".join(parts) + ")"
    return body + "?" if ends else body  # a longer word first, then the word that ends here


_LEAD_RE = re.compile(
    r"^\s*(?:(?:" + alternation(CORRECTION_ADVERBS) + r")\b[\s,:;.!-]*"
    r"|(?:" + alternation(CORRECTION_LEADS) + r")\s*[,:;.!-]+\s*)",
    re.I,
)
# Correction phrases that count anywhere in a user's message (for the classifier's "explicit
# correction wins" rule, never for detection).
_ANYWHERE_RE = re.compile(
    r"(?<!\w)(?:the\s+correct\s+(?:answer|value|one)\s+is|i\s+meant|i\s+misspoke)(?!\w)", re.I)


def strip_correction_lead(sentence: str) -> tuple[str, bool]:
    """The sentence without a leading correction marker, and whether there was one."""
    m = _LEAD_RE.match(sentence)
    if m and m.end() < len(sentence):
        return sentence[m.end():], True
    return sentence, False


def is_correction(text: str) -> bool:
    """Whether a message opens as (or states) a correction of an earlier statement."""
    if not text:
        return False
    text = expand_contractions(text[:2000])
    return bool(_LEAD_RE.match(text) or _ANYWHERE_RE.search(text))


_MAILTO_RE = re.compile(r"^\W*mailto:", re.I)
_ADDRESS_RE = re.compile(r"@\w|://|^www\.", re.I)


_IPV4_RE = re.compile(r"^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$")


def value_format_key(display: str) -> str:
    """A value with markup, brackets, "mailto:", spacing, hyphens and digit separators (in any
    locale: "1,200", "1.200", "1 200") removed: two values with the same key are one value. An IPv4
    address is its four numbers ("010.000.000.005" is "10.0.0.5"; "19.216.81.10" is not
    "192.168.1.10")."""
    ip = _IPV4_RE.match(display.strip())
    if ip:
        return "ipv4:" + ".".join(str(int(part)) for part in ip.groups())
    return "".join(ch for ch in _MAILTO_RE.sub("", display).casefold() if ch.isalnum())


def is_address(display: str) -> bool:
    """Whether a value is an e-mail address or a URL (an address is never a state like "full")."""
    return bool(_ADDRESS_RE.search(display))


def fold(text: str) -> str:
    """Accents removed: "Malmö" is "Malmo", "İlker" is "Ilker"."""
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
