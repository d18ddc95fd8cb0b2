"""The gates of `old_value_end` over the whole incoming memory, and the words it compares (pure
logic): no undoing word, plan, hedge, old news, period or one-off day (`change_gates`' lists and a
few of its own: "today", "for now", "this sprint"); no person, pronoun or other group ("my sister",
"the design team"), never the head of a compound ("password manager", "pet food"); no reported
speech ("apparently", "Tom said"); no scope the stored sentence lacks, a preposition before a plain
noun ("for wine", "on staging", "at work"); no label piece before the news ("Docs site - ...",
"On staging, ...").
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.lexicon.life_events import CONTEXT_STOPS
from festinger.core.contradiction.updates.change_gates import PRONOUN_RE, UNDOING_RE, unsure_change
from festinger.core.contradiction.updates.named_end_guards import PERIOD_RE

__all__ = ["DEGREE_TOO_RE", "LEAD_LABEL_RE", "NEWS_LABELS", "STOPS_RE", "THEIRS", "WORD_RE", "gates_pass", "known",
           "label_piece", "someone", "stored_words"]


WORD_RE = re.compile(r"[A-Za-z0-9][\w.+&'-]*[\w+&]|[A-Za-z0-9]")


THEIRS = (lx.PERSON_ROLES | lx.OTHER_PERSON_WORDS | lx.OCCUPATIONS | frozenset(
    "he she his her him they their them client clients company department org organisation organization "
    "marketing sales finance legal support ops design product".split())) - frozenset("i me my we us our user".split())


_SCOPE_RE = re.compile(r"(?<![\w'])(?:for|on|at|in|during|with|from|to|into)\s+(?:(?:the|my|our|a|an)\s+)?"
                       r"(?!(?:the|my|our|a|an)\s)(?P<n>(?-i:[a-z][\w-]*))", re.I)


_SCOPE_OK = frozenset("good everything drawer cupboard closet box loft attic basement garage".split())


_REPORTED_RE = re.compile(r"(?<![\w'])(?:according|apparently|heard|hears|reckons?|thinks?|claims?|claimed|"
                          r"mentioned|suggested|suggests|proposed|asks?|wonder\w*|supposed|rumou?r\w*)(?![\w'])", re.I)


_ONE_OFF_RE = re.compile(r"(?<![\w'])(?:today|tonight|yesterday|this\s+time|for\s+now|for\s+once|one-off|"
                         r"this\s+(?:morning|afternoon|evening|week|month|sprint|weekend))(?![\w'])", re.I)


STOPS_RE = re.compile(rf"(?<![\w'])(?:{CONTEXT_STOPS})(?![\w'])", re.I)


LEAD_LABEL_RE = re.compile(r"^(?P<l>[^:]{1,30}):\s")


NEWS_LABELS = frozenset("update quick update fyi news heads up btw edit note small update big update".split())


DEGREE_TOO_RE = re.compile(r"(?<![\w'])(?:way\s+)?too\s+(?=[a-z]{3,}(?![\w']))(?!much|many|now)", re.I)


_PREPOSITIONS = frozenset("on in at for with from during while when after before until within inside under over "
                          "across by via".split())


def label_piece(piece: str) -> bool:
    """A piece that scopes what follows: opened by a preposition, or a few words with no verb."""
    ws = [w.lower() for w in WORD_RE.findall(piece)]
    if not ws or ws[0] in _PREPOSITIONS:
        return bool(ws)
    verbish = any(w.endswith(("ed", "ing", "'s")) or w in _FINITE for w in ws)
    return len(ws) <= 4 and not verbish


_FINITE = frozenset("is are was were am be been has have had do does use uses run runs live lives go goes got "
                    "get gets sold left quit now nowadays exclusively".split())


def gates_pass(marked: str, sentence: str, value: str) -> bool:
    """The whole memory: no undoing word, plan, hedge, old news, period, one-off day, person,
    reported speech, nor a scope the stored sentence lacks."""
    plain = DEGREE_TOO_RE.sub("", marked)
    if UNDOING_RE.search(plain) or unsure_change(plain) or PERIOD_RE.search(plain) or _ONE_OFF_RE.search(plain):
        return False
    if PRONOUN_RE.search(plain) or _REPORTED_RE.search(plain):
        return False
    stored = stored_words(sentence)
    if someone(plain, frozenset(stored)):
        return False
    for m in _SCOPE_RE.finditer(plain):
        n = m.group("n").lower()
        if n not in _SCOPE_OK and not known(n, stored):
            return False
    return True


_DETS = frozenset("my our the a an your his her their this that user's".split())


def someone(text: str, stored: frozenset[str] = frozenset()) -> bool:
    """A person or another group named: "my sister", "the marketing team"; never the head of a
    compound ("password manager", "buys pet food": the word before it is a plain word)."""
    words = WORD_RE.findall(text)
    for n, w in enumerate(words):
        if w.lower().removesuffix("'s") in THEIRS:
            prev, nxt = words[n - 1] if n else "", words[n + 1].lower() if n + 1 < len(words) else ""
            if nxt in stored and not w.endswith("'s"):
                continue  # "the pet food" of "User buys pet food ...": a kind of thing
            plain = prev.isalpha() and (prev[:1].islower() or n == 1) and prev.lower() not in _DETS
            if not plain or w.endswith("'s"):  # "Password manager:", "buys pet food": a compound
                return True
    return False


def stored_words(sentence: str) -> set[str]:
    return {w.lower().removesuffix("'s") for w in WORD_RE.findall(sentence)}


def known(word: str, stored: set[str]) -> bool:
    """A word of the stored sentence, said alike ("repos"/"repo", "standup's")."""
    w = word.lower().removesuffix("'s")
    return any(w == s or (min(len(w), len(s)) >= 4 and (w.startswith(s) or s.startswith(w))) for s in stored)
