"""Sentences of one line of a memory (pure logic).

Splitting is done by `sentencex` (Wikimedia's rule-based segmenter, compiled, linear time): it
knows titles, initials and abbreviations ("Dr. Smith", "J. R. Smith", "Acme Inc.", "e.g.", "v1.2",
"3.11"), which a hand-written regex gets wrong, and a wrong split turns "Dr" or "J" into a value.
Without the library (an exotic platform), a line that seems to hold several sentences is left
unparsed: fewer statements, never wrong ones.
"""

from __future__ import annotations

import re

from festinger.core.contradiction.text.memo import per_text
from festinger.core.contradiction.text.scope import ANNOUNCING, NEWS_PREFIX, normalise_label

try:  # a runtime dependency; the guard only keeps the detector safe where no wheel exists
    import sentencex as _sentencex
except ImportError:  # pragma: no cover - exercised only without the wheel
    _sentencex = None

__all__ = ["DASH_LEFT", "DASH_RE", "DASH_RIGHT", "MAX_SENTENCE_CHARS", "dash_tails", "split_pieces", "split_sentences"]

MAX_SENTENCE_CHARS = 320
_MAX_KEPT_CHARS = 4000
# "; " joins two independent clauses in memorizer prose ("I emailed my landlord; his email is ...").
_CLAUSE_RE = re.compile(r";\s+(?!now\s)")  # "left X; now works at Y" is one update
_MAYBE_SEVERAL_RE = re.compile(r"[.!?]\s+\S")
# A spaced dash joins two clauses ("I left IBM - my new employer is Red Hat"), but also a value and
# its scope ("port 8080 - staging"): only split when every side is a clause of its own.
DASH_RE = re.compile(r"\s+[-\u2013\u2014]\s+")
_INTERJECTIONS = frozenset("oops sorry correction update no nope actually wait fyi note ok okay".split())
_MIN_CLAUSE_WORDS = 3  # "I left IBM"
# A side of a dash that is a quotation as a whole: '"I live in Munich" - the opening line of the
# user's novel' quotes the words, it does not say them.
_QUOTED_RE = re.compile(r"^[\"\u201c\u2018'][^\"\u201c\u201d]*[\"\u201d\u2019'][.!?,]?$")
# Where a piece stands in "A - B": the parser reads an "A" it does not understand as a label
# over "B" ("Message from Tom - I work at Globex now"), as it reads "A: B".
DASH_LEFT, DASH_RIGHT = 1, 2


def _dash_clauses(clause: str) -> list[str]:
    parts = [p.strip() for p in DASH_RE.split(clause)]
    if len(parts) == 1:
        return parts
    kept = [p for p in parts if p.lower().strip(",.!:") not in _INTERJECTIONS]
    if kept and all(len(p.split()) >= _MIN_CLAUSE_WORDS for p in kept):
        return [p for p in kept if not _QUOTED_RE.match(p)]
    return [clause]


def dash_tails(text: str) -> list[str]:
    """What follows each spaced dash of a text, up to the end of its clause ("; ") or sentence:
    "I moved to Lisbon — my sister, I mean. So happy." -> ["my sister, I mean."]. An interjection
    ("- sorry") is no tail. Every spaced dash counts, also those `_dash_clauses` keeps whole ("— I
    wish lol" is too short a side to be split off, yet the rules that cut at a dash never read it)."""
    tails: list[str] = []
    for line in text.splitlines():
        line = line.strip()
        if not DASH_RE.search(line):
            continue
        sentences = [line] if _sentencex is None else list(_sentencex.segment("en", line))
        for clause in (c for sentence in sentences for c in _CLAUSE_RE.split(sentence)):
            tails.extend(p for p in (q.strip() for q in DASH_RE.split(clause.strip())[1:])
                         if p and p.lower().strip(",.!:") not in _INTERJECTIONS)
    return tails


# A clause after "; " goes on its sentence, so what frames its left side frames it too (attack60):
# besides an open quote and a colon (`_frame_label`), someone else's reporting verb ("My husband
# said this; ...", never "I said" nor "The user said", nor a verb with its own object, "Tom texted
# the user; the user lives in Munich now", an event the memorizer reports) and a dream ("I had a
# nightmare that ...; ...").
_OTHERS_REPORT_RE = re.compile(
    r"^(?!(?:i|we|the\s+user|user)\b(?!'))(?:[\w'.-]+\s+){1,5}?(?:said|says|told|tells|wrote|writes|texted|texts|"
    r"emailed|messaged|bragged|brags|boasted|boasts|announced|announces|insists|insisted|vented|vents|"
    r"complained|complains|claims|claimed|replied|replies|posted|posts)(?:\s+(?:this|that|so|it))?\s*[,!]?$", re.I)
_DREAM_RE = re.compile(r"\b(?:dream|dreams|dreamt|dreamed|nightmare)\b", re.I)


def frames_what_follows(left: str) -> bool:
    """Whether the left side of a "; " sets a frame the clause after it stays inside: an open
    quote ('My husband said, "Good news; my new doctor is Dr. Lee."'), a colon, another person's
    reporting verb or a dream. Such a clause is not the user's own statement, so it is not split
    off to be read alone; the user's plain left side ("I emailed my landlord; his email is ...")
    is."""
    if left.count('"') % 2 or left.count("\u201c") > left.count("\u201d"):
        return True
    colon = left.find(": ")
    return bool(colon > 0 and _frame_label(left[:colon]) or _OTHERS_REPORT_RE.search(left) or _DREAM_RE.search(left))


def _frame_label(label: str) -> bool:
    """Whether the words before a colon frame what follows: a speaker, a frame ("Hypothetically",
    "My goal for 2027", "In the movie, the hero says"), not the user's own news label ("Update",
    "Correction", "Comms update", a date) nor a lead announcing the user's change ("I switched jobs")."""
    words = label.lower().split()
    if not re.search(r"[a-z]", label, re.I) or words[:1] == ["i"] and any(w in ANNOUNCING for w in words):
        return False
    norm = normalise_label(label)
    return bool(norm) and not norm.startswith(NEWS_PREFIX)


def _clauses(piece: str) -> list[str]:
    parts = _CLAUSE_RE.split(piece)
    return [piece] if len(parts) > 1 and frames_what_follows(parts[0]) else parts


def split_sentences(line: str) -> list[str]:
    """The sentences of one line (no newlines inside), stripped; empty pieces dropped."""
    return [piece for piece, _, _ in split_pieces(line)]


def split_pieces(line: str) -> list[tuple[str, int, bool]]:
    """The sentences of one line, each with its place in a dash pair (0, DASH_LEFT, DASH_RIGHT)
    and whether it goes on a sentence the segmenter found (a clause after "; ")."""
    # a pasted log is split once and dropped: only a memory-sized line is kept
    return list(_pieces(line) if len(line) <= _MAX_KEPT_CHARS else _pieces.__wrapped__(line))


@per_text(maxsize=1024)  # several rules split the same two memories (one_sentence, event_sentences, ...)
def _pieces(line: str) -> tuple[tuple[str, int, bool], ...]:
    line = line.strip()
    if not line:
        return ()
    if _sentencex is not None:
        pieces = [p for p in _sentencex.segment("en", line)]
    elif _MAYBE_SEVERAL_RE.search(line):
        return ()  # cannot tell "Dr. Smith" from two sentences without a segmenter
    else:
        pieces = [line]
    out: list[tuple[str, int, bool]] = []
    for piece in pieces:
        for k, clause in enumerate(_clauses(piece)):
            parts = [part for part in _dash_clauses(clause.strip()) if part]
            for n, part in enumerate(parts):
                out.append((part, 0 if len(parts) == 1 else DASH_RIGHT if n else DASH_LEFT, k > 0 or n > 0))
    return tuple(out)
