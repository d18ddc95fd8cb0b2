"""A correction that names the value it replaces, in any sentence frame (pure logic).

"The user is allergic to tree nuts, not peanuts." against "The user is allergic to peanuts.":
the grammar has no rule for "allergic to", but it does not need one. When an incoming sentence
ends in ", not Y" and an existing sentence is the same sentence word for word with Y where the
incoming one has its new value, the incoming memory denies exactly what the existing one says.
Nothing about the relation has to be understood: the frame is shared, the old value is named.

Precision comes from the exactness: the frames must be identical after folding only the user's
ways of naming themselves ("I"/"my"/"the user('s)") and verb agreement ("am/is", "live/lives").
The incoming memory is that one sentence (a correction lead aside) and the stored sentence is its
memory's first: a sentence before either may set a scene ("Line from the user's screenplay.").
The new value has the shape of the old one: names for a name, a few plain words for plain words,
never a scope ("coffee at work, not tea" says nothing of tea elsewhere). A sentence about someone
else (his, her, their, we, it ...), a question, a label, a condition, a hedge, the past, a plan
or an addition (the grammar's own `is_unsure`) never takes part, nor does "not only/just/yet".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.text.normalise import clean, expand_contractions, strip_correction_lead
from festinger.core.contradiction.text.scope import scoped_lines
from festinger.core.contradiction.text.segment import MAX_SENTENCE_CHARS, split_sentences
from festinger.core.contradiction.text.situation import is_afterthought
from festinger.core.contradiction.grammar.statements import is_unsure
from festinger.core.contradiction.text.memo import per_text

__all__ = ["FrameCorrection", "frame_correction"]

MAX_FRAME_TOKENS = 24  # a frame longer than this is prose, not a fact
MAX_SENTENCES = 12

# "..., not Y" / "... - not Y" / "... (not Y)" / "... instead of Y" at the end of the sentence.
_NOT_TAIL_RE = re.compile(
    r"^(?P<main>.{3,200}?)(?:\s*(?:,|\s[-\u2013\u2014])\s*(?:and\s+)?not|,?\s+(?:instead\s+of|rather\s+than))"
    r"\s+(?P<old>[^,;()]{1,60}?)$|^(?P<main2>.{3,200}?)\s+\(not\s+(?P<old2>[^,;()]{1,60})\)$", re.I)
_DENIAL_WORD_RE = re.compile(r"(?<![\w'])(?:not|instead|rather)(?![\w'])", re.I)
# "... not Y but X": the frame is "..." + X.
_NOT_BUT_RE = re.compile(r"^(?P<pre>.{3,200}?)\s+not\s+(?P<old>[^,;()]{1,60}?),?\s+but\s+(?:rather\s+)?"
                         r"(?P<new>[^,;()]{1,60})$", re.I)
# Words that only say the statement holds now or is a correction: left out on both sides.
_FILLERS = frozenset("now actually currently nowadays still really".split())
_NOW_TAIL_RE = re.compile(r"(?:\s+(?:now|these\s+days|nowadays|from\s+now\s+on))+$", re.I)
# "not only", "not just", "not yet", "not sure": additions and hedges, never a denied value.
_ADDITIVE_OLD = frozenset(
    "only just yet always necessarily sure even exactly quite really all much so too that this these those "
    "to least including counting because since as for every any anymore often usually entirely "
    "completely fully merely simply".split())
# Reported or wished-for speech the grammar's hedge check (`is_unsure`, run on both sentences
# first) does not cover; "may" in any case, so "in May" never frames a value either.
_UNSURE = frozenset(
    "ask asked asks believed hoping may said say says supposed tells think thought told want wants wonder "
    "wondering".split())
_POINTING = frozenset("it its this that these those there here one".split())
_OTHERS = lx.OTHER_PERSON_WORDS | _POINTING
_TOKEN_RE = re.compile(r"[\w$€£¥%@][\w$€£¥%@.:/+'&-]*|\S", re.U)
_LIST_MARKER_RE = re.compile(r"^[-*+\u2022#>\s]*(?:\(?\d{1,3}[.)]\s+)?")
_ARTICLES = frozenset(("a", "an", "the"))
_PREPOSITIONS = frozenset("to in at on for with from by of".split())
_LABEL_RE = re.compile(r"[^\d\s]:|:\s")  # "I wonder: ...", "Staging: ..." (never "10:30")
_NAME_LIKE_RE = re.compile(r"^(?:[A-Z]|\$?\d)")
# "My name is Agent Zero" was written by the agent about itself; "the user's son": which son?
_NOT_THE_USER = frozenset("agent assistant chatbot bot a0 ai llm".split()) | {
    w for n in lx.MULTI_INSTANCE_NOUNS for w in (n, n + "s")}


@dataclass(frozen=True)
class FrameCorrection:
    frame: str  # the shared sentence with the value left out, e.g. "user is allergic to _"
    old_value: str
    new_value: str
    existing_sentence: str
    incoming_sentence: str


def frame_correction(existing: str, incoming: str) -> FrameCorrection | None:
    """The incoming sentence that denies, by name, the value an existing sentence states."""
    if not isinstance(existing, str) or not isinstance(incoming, str) or not _DENIAL_WORD_RE.search(incoming, 0, 4000):
        return None  # the common case, at the cost of one scan (of what `_denials` reads)
    denials = _denials(incoming[:4000])
    if not denials:
        return None
    stated = _stated(existing[:4000])
    for sentence, (main, shown), old_text in denials:
        old = [t.lower() for t in _tokens(old_text)]
        for ex_sentence, ex in stated:
            if ex is None or len(ex) > MAX_FRAME_TOKENS:
                continue
            found = _aligned(ex, main, old)
            if found is not None and _same_shape(shown[found[1]:found[2]], _tokens(old_text)):
                frame, start, end = found
                return FrameCorrection(frame, old_text, " ".join(shown[start:end]), ex_sentence, sentence)
    return None


# The resolver compares one incoming memory with its K nearest neighbours, and the same neighbours
# come back turn after turn: each text is split and folded once.
@per_text(maxsize=512)
def _denials(incoming: str) -> tuple[tuple[str, tuple[list[str], list[str]], str], ...]:
    text, _lead = strip_correction_lead(clean(incoming).strip())
    if _LABEL_RE.search(text):
        return ()  # "The user is unsure: ...", "I forget: ...": the label may take it all back
    sentences = _sentences(text)
    found = _denial(sentences[0]) if len(sentences) == 1 else None
    return (found,) if found is not None else ()


@per_text(maxsize=1024)
def _stated(existing: str) -> tuple[tuple[str, list[str] | None], ...]:
    every = _sentences(existing)
    if any(is_afterthought(s) for s in every[1:]):
        return ()  # "User lives in Leeds. That was until 2019."
    return tuple((s, _fold(_tokens(_plain(s))) if not is_unsure(_plain(s)) else None) for s in every[:1])


def _sentences(text: str) -> list[str]:
    """The memory's sentences, or none when any line of it is scoped ("Staging:\n- the port is
    8081, not 8080" is the staging port) or labelled ("I wonder: ...")."""
    out: list[str] = []
    for line in scoped_lines(clean(text)):
        if line.scope:
            return []
        for sentence in split_sentences(line.text):
            if len(out) >= MAX_SENTENCES or len(sentence) > MAX_SENTENCE_CHARS:
                return []
            out.append(sentence)
    return out


def _plain(sentence: str) -> str:
    s = _LIST_MARKER_RE.sub("", sentence.strip(), count=1).strip("\"'` ")
    s = expand_contractions(s.rstrip(".!; "))
    for _ in range(2):
        s, _lead = strip_correction_lead(s)
        s = s.lstrip(" ,:")
    return _NOW_TAIL_RE.sub("", s)  # "... instead of Bash these days": when, like the fillers


def _denial(sentence: str) -> tuple[str, tuple[list[str], list[str]], str] | None:
    if "?" in sentence or '"' in sentence:
        return None
    plain = _plain(sentence)
    if _LABEL_RE.search(plain) or is_unsure(plain):
        return None
    m = _NOT_TAIL_RE.match(plain)
    if m is not None:
        main_text = m.group("main") or m.group("main2")
        old_text = m.group("old") or m.group("old2")
        if m.group("old2") and not _NAME_LIKE_RE.match(old_text):
            return None  # "lives in Georgia (not the country)" only says which Georgia
    else:
        m = _NOT_BUT_RE.match(plain)
        if m is None:
            return None
        main_text, old_text, new_text = f"{m.group('pre')} {m.group('new')}", m.group("old"), m.group("new")
        prep = old_text.split(None, 1)[0]
        if prep.lower() in _PREPOSITIONS and new_text.split(None, 1)[0].lower() == prep.lower():
            old_text = old_text[len(prep):]  # "not to peanuts but to tree nuts": the value is "peanuts"
    old = [t.lower() for t in _tokens(old_text)]
    if not old or old[0] in _ADDITIVE_OLD or len(old) > 6 or any(t in _UNSURE for t in old):
        return None
    folded = _fold_shown(_tokens(main_text))
    if folded is None or len(folded[0]) > MAX_FRAME_TOKENS or any(t in lx.OTHER_PERSON_WORDS for t in old):
        return None
    return sentence, folded, old_text.strip()


def _tokens(text: str) -> list[str]:
    return [t.rstrip(".") or t for t in _TOKEN_RE.findall(text)]


def _fold(toks: list[str]) -> list[str] | None:
    """The user's self-reference and verb agreement folded; None for a sentence not to be used."""
    found = _fold_shown(toks)
    return found[0] if found else None


def _fold_shown(toks: list[str]) -> tuple[list[str], list[str]] | None:
    """`_fold`, and the words as written for each folded one (to show the new value as written)."""
    if not toks or any(t.lower() in _OTHERS or t.lower() in _UNSURE or t.lower() in _NOT_THE_USER
                       or t.lower() in ("not", "never", "no") for t in toks):
        return None
    out: list[str] = []
    shown: list[str] = []
    i = 0
    while i < len(toks):
        t = toks[i].lower()
        if t in _FILLERS:
            i += 1
            continue
        if t == "the" and i + 1 < len(toks) and toks[i + 1].lower() in ("user", "user's"):
            i += 1
            t = toks[i].lower()
        out.append(_SELF.get(t) or _stem(t))
        shown.append(toks[i])
        i += 1
    return out, shown


_SELF = {"my": "user's", "user's": "user's", "i": "user", "user": "user", "am": "is", "are": "is", "has": "have"}


def _stem(word: str) -> str:
    """"lives"/"live", "peanuts"/"peanut": one stem on both sides of the comparison."""
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss") and word.isalpha():
        return word[:-1]
    return word


_NAME_JOINERS = frozenset("of de du la le van von da and & the".split())
# Words that scope a value to a time or a situation: "coffee today", "tea on weekdays".
_SCOPE_WORDS = _PREPOSITIONS | lx.TIME_SCOPE_WORDS | frozenset(
    "after before and or but inside outside abroad home".split())


def _is_name(word: str) -> bool:
    return word[:1].isupper() or word[:1].isdigit() or word[:1] in "$€£¥+"


def _same_shape(new: list[str], old: list[str]) -> bool:
    """Whether the new value is a value of the old one's kind, and no more: names for names
    ("Dr. Mensah" for "Dr. Okafor"), a few plain words for plain words ("tree nuts" for
    "peanuts"), never a value with a scope attached ("coffee at work", "Stripe starting May")."""
    new, old = _strip_article(new), _strip_article(old)
    if not new or not old or len(new) > 4:
        return False
    if all(_is_name(w) for w in old):
        inner = new[1:-1]
        return _is_name(new[0]) and _is_name(new[-1]) and all(
            _is_name(w) or w.lower() in _NAME_JOINERS for w in inner)
    if all(w.isalpha() and w.islower() for w in old):
        return len(new) <= 3 and all(w.isalpha() and w.islower() and w not in _SCOPE_WORDS for w in new)
    return len(new) <= len(old) + 1 and not any(w.lower() in _SCOPE_WORDS for w in new)


def _strip_article(toks: list[str]) -> list[str]:
    return toks[1:] if toks and toks[0] in _ARTICLES else toks


def _aligned(existing: list[str], main: list[str], old: list[str]) -> tuple[str, int, int] | None:
    """(frame, start, end of the new value in `main`) when `existing` is `main` with `old` in place
    of the new value."""
    p = 0
    while p < min(len(existing), len(main)) and existing[p] == main[p]:
        p += 1
    s = 0
    while s < min(len(existing), len(main)) - p and existing[-1 - s] == main[-1 - s]:
        s += 1
    ex_mid, new = existing[p:len(existing) - s], main[p:len(main) - s]
    if p < 2 or not new or not ex_mid:
        return None  # the frame must at least name a subject and a verb
    if [_stem(w) for w in _strip_article(old)] != _strip_article(ex_mid) \
            or _strip_article(new) == _strip_article(ex_mid):
        return None
    frame = " ".join(existing[:p] + ["_"] + existing[len(existing) - s:])
    return frame, p, len(main) - s
