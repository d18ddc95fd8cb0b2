"""Tokens and subject noun phrases of memory sentences (pure logic).

A subject becomes a normalised key: determiners dropped, possessives resolved ("User's project" is
"the project", "the port of the API" is "api port"), the head singularised. Subjects that only make
sense inside one conversation ("the file", "the new function") are refused, so two memories about
two different files can never be compared.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.values import singular
from festinger.core.contradiction.text.user_noun import user_as_noun

MAX_SUBJECT_WORDS = 6

_TOKEN_RE = re.compile(r"""[`"]([^`"]{1,100})[`"]|(\S+)""")
_SUBJECT_WORD_RE = re.compile(r"^[a-z0-9][a-z0-9_\-./+#']*$")
_FAVORITE_LANGUAGE_RE = re.compile(r"\b(?:preferred|favorite) (?:response |answer |reply )?language\b")
_RESPONSE_LANGUAGE_RE = re.compile(r"\b(?:response|answer|reply) language\b")
_INITIALS_RE = re.compile(r"(?:[a-z]\.){2,}", re.I)
_DEICTIC = (lx.DEICTIC_NOUNS | lx.ATTRIBUTE_HEADS) - lx.STRONG_SETTING_HEADS


@dataclass
class Token:
    text: str
    low: str
    quoted: bool = False
    punct: bool = False


def tokenize(s: str) -> list[Token]:
    toks: list[Token] = []
    for m in _TOKEN_RE.finditer(s):
        if m.group(1) is not None:
            inner = m.group(1).strip()
            if inner:
                toks.append(Token(inner, inner.lower(), quoted=True))
            continue
        word = m.group(2)
        if word[:1] in "([{":
            toks.append(Token("(", "(", punct=True))  # a parenthesis ends a list or a value
        word = word.strip("()[]{}'")
        trail = ""
        raw_end = m.group(2).rstrip(".")
        while word and word[-1] in ",;:!":
            trail = word[-1] + trail
            word = word[:-1]
        if raw_end[-1:] in ")]}":
            trail = trail or ")"
        if word.endswith(".") and not _INITIALS_RE.fullmatch(word):
            word = word.rstrip(".")
        if word:
            toks.append(Token(word, word.lower()))
        if trail:
            toks.append(Token(trail[0], trail[0], punct=True))
    return toks


@dataclass(frozen=True)
class Subject:
    key: str
    qualifier: str
    head: str


def parse_subject(toks: list[Token]) -> Subject | None:
    if not toks or any(t.punct or t.quoted for t in toks):
        return None
    words = [t.low for t in toks]
    if words == ["i"]:
        return Subject(key="user", qualifier="", head="user")  # "I live in Berlin" == "The user lives in Berlin"
    determined = words[0] in lx.DETERMINERS or words[0] in lx.USER_POSSESSIVES or words[0].endswith("'s")
    qual: list[str] = []
    for idx, w in enumerate(words):
        if idx > 0 and w in ("for", "on", "in", "at", "with", "from", "under", "inside", "within"):
            qual, words = words[idx:], words[:idx]
            break
    if words.count("of") > 1:
        return None
    if "of" in words:  # "the port of the API server" == "the API server port"
        k = words.index("of")
        attr, owner = words[:k], words[k + 1:]
        if not attr or not owner:
            return None
        owner_words = np_words(owner)
        attr_words = np_words(attr)
        if owner_words is None or attr_words is None:
            return None
        words = owner_words + attr_words
        possessive_user = bool(owner_words) and owner_words[0] == "user" and owner[-1] not in ("user", "users")
    else:
        parsed = np_words(words)
        if parsed is None:
            return None
        possessive_user = any(w in lx.USER_POSSESSIVES and w != "user" for w in words[:2])
        words = parsed
    if not words or len(words) > MAX_SUBJECT_WORDS:
        return None
    possessed = possessive_user or any(w.endswith(("'s", "s'")) for w in _words_of(toks))
    if possessive_user and words[0] == "user" and any(singular(w) in lx.POSSESSION_NOUNS for w in words[1:]):
        words = words[1:]  # "User's project" is "the project"
    if any(w in lx.SUBJECT_STOPWORDS or not _SUBJECT_WORD_RE.match(w) for w in words):
        return None
    if not any(c.isalpha() for c in "".join(words)):
        return None  # "1", "2.3": a list number, not a thing
    if any(w in lx.DEICTIC_MODIFIERS for w in words) or any(w in lx.DEICTIC_MODIFIERS for w in qual):
        return None
    words = [{"favourite": "favorite", "colour": "color"}.get(w, w) for w in words]
    words, qual = _attribute_for(words, qual)
    if len(words) == 1 and singular(words[0]) in _DEICTIC and not possessed:
        # "The file is empty" names no particular file; a bare generic plural ("Sessions expire
        # after 30 minutes") does state a general rule.
        if determined or singular(words[0]) == words[0] or qual:
            return None
    words[-1] = singular(words[-1])
    key = " ".join(words)
    key = _FAVORITE_LANGUAGE_RE.sub("response language", key) \
        if "language" in key and _RESPONSE_LANGUAGE_RE.search(key) else key
    return Subject(key=key, qualifier=norm_qualifier(qual), head=words[-1])


def _words_of(toks: list[Token]) -> list[str]:
    return [t.low for t in toks]


def np_words(words: list[str]) -> list[str] | None:
    """Noun-phrase words with determiners dropped and possessives resolved ("user's" -> "user")."""
    out: list[str] = []
    for idx, w in enumerate(words):
        if user_as_noun(words[:idx], w):  # "my user's name", "my user name": not the speaker's name
            if not out:
                return None  # "a user's email", "this user": nobody the memories know
            out.append("user")
            continue
        if w in lx.DETERMINERS:
            continue
        if w in lx.USER_POSSESSIVES:
            if not out:
                out.append("user")
            continue
        if w.endswith("'s") or w.endswith("s'"):
            w = w[:-2] if w.endswith("'s") else w[:-1]
            w = "user" if w in ("user", "users") else w
        if not w or "'" in w:
            return None
        out.append(w)
    return out


def norm_qualifier(words: list[str]) -> str:
    kept = [w for w in words if w not in lx.DETERMINERS and w not in lx.USER_POSSESSIVES and w not in (",",)]
    return " ".join(kept)


_FOR_HEADS = lx.ATTRIBUTE_HEADS | {"language"}


def _attribute_for(words: list[str], qual: list[str]) -> tuple[list[str], list[str]]:
    """"the port for the web UI" is "the web UI port", as "the port of the API" is "the API port";
    "the preferred language for answers" is "the preferred answer language"."""
    if len(qual) < 2 or qual[0] != "for" or not words or words[-1] not in _FOR_HEADS:
        return words, qual
    owner = [w for w in qual[1:] if w not in lx.DETERMINERS]
    if not 0 < len(owner) <= 3 or any(w in lx.SUBJECT_STOPWORDS or w in lx.USER_POSSESSIVES
                                       or not _SUBJECT_WORD_RE.match(w) for w in owner):
        return words, qual
    return words[:-1] + [singular(w) for w in owner] + words[-1:], []
