"""Whether two values may be one value said in other words (pure logic over WordNet's data).

"My favorite vegetable is eggplant" / "... is now aubergine", "My job is physician" / "... now
doctor", "My preferred tone is casual" / "... now informal": a memory writer rewords a value as
often as it changes it, so two words that share one of their main senses in Princeton WordNet 3.0
(one synset, or an adjective and the head of its cluster) may name the same thing and are never a
replacement of one by the other. A genuine change between synonyms ("manager" / "director") is
rare and costs a missed update, never a wrongly deprecated memory.

The data (`lexicon/word_senses_data`, 1.3 MB of text, made by `lexicon/make_word_senses.py`) is
imported on the first question whose two values both look like words (~90 ms once), so importing the
detector stays cheap; a verdict's question then costs ~14 us. Out of scope: translations
("red" / "rojo", "tea" / "thé"), abbreviations WordNet lacks ("RN", "CPA"), regional words it lacks
("fairy floss").
"""

from __future__ import annotations

import re

__all__ = ["reworded", "same_sense"]

_WORDS_RE = re.compile(r"[a-z][a-z' .-]*[a-z.]")
_ARTICLE_RE = re.compile(r"^(?:the|a|an)\s+")
# WordNet's noun endings (morphy): a plural value is looked up in its singular
_PLURAL_ENDINGS = (("ies", "y"), ("ches", "ch"), ("shes", "sh"), ("ses", "s"), ("xes", "x"), ("zes", "z"),
                   ("men", "man"), ("s", ""))
_table: dict[str, str] | None = None  # lemma -> its senses as written in the data, read on first use


# Slots whose value is the wording itself: "My preferred greeting is hello" / "... now hi", "default
# branch master" / "main", a name, a password: another word is another value there, synonym or not.
WORDING_SLOTS = frozenset(
    "name names nickname surname username handle alias greeting greetings salutation sign-off signoff "
    "signature spelling word words phrase catchphrase motto slogan password passphrase branch tag keyword "
    "hashtag wording".split())


def reworded(subject: str, old: str, new: str) -> bool:
    """Whether a verdict's new value may be its old one in other words (`same_sense`), its slot not
    being one whose value is the wording itself."""
    return not WORDING_SLOTS & set(subject.lower().split()) and same_sense(old, new)


def same_sense(a: str, b: str) -> bool:
    """Whether values `a` and `b` (as written) share a main WordNet sense: one synset, or a satellite
    adjective and the head of its cluster ("casual" / "informal", "short" / "brief")."""
    x, y = _key(a), _key(b)
    if not x or not y or x == y:
        return False
    (sx, hx), (sy, hy) = _senses_of(x), _senses_of(y)
    return bool(sx & sy or hx & sy or hy & sx)


def _key(value: str) -> str:
    text = _ARTICLE_RE.sub("", " ".join(value.lower().replace("\u2019", "'").split()))
    return text if len(text.split()) <= 3 and _WORDS_RE.fullmatch(text) else ""


def _senses_of(word: str) -> tuple[set[str], set[str]]:
    """The word's kept synsets and the heads of those that are satellites; its singular's too
    ("crisps": "crisp")."""
    table = _load()
    forms = [word] + [word[: len(word) - len(end)] + base for end, base in _PLURAL_ENDINGS
                      if word.endswith(end) and len(word.rsplit(" ", 1)[-1]) > len(end) + 1]
    synsets, heads = set(), set()
    for sense in " ".join(table.get(form, "") for form in forms).split():
        synset, _, head = sense.partition(">")
        synsets.add(synset)
        if head:
            heads.add(head)
    return synsets, heads


def _load() -> dict[str, str]:
    global _table
    if _table is None:
        from festinger.core.contradiction.lexicon.word_senses_data import SENSES

        _table = dict(line.split("\t") for line in SENSES.splitlines())
    return _table
