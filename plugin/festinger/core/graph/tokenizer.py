"""Prompt tokeniser (festinger-concept-graph.md "Tokenisation Rules", T14).

The text becomes a *word stream*: lowercased words, capitalised runs merged into
one underscore-joined compound (`Glitch University` -> `glitch_university`), the uppercase cue
operators `ISA`/`ISPART` kept as upper-case markers, and punctuation runs collapsed into a
single BOUNDARY item. The cue scanner reads the full stream (it needs `is`, `a`, `of`); the
saliency engine reads `select_tokens`, the >= 5-character subset.

The vocabulary is ASCII by construction: non-ASCII text is folded first (accents dropped,
everything else becomes a separator), so every SOAS token is made of [a-z0-9_.-] and the
`<recollection>` block can render it verbatim. Control characters are plain separators.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Iterable, Optional

BOUNDARY = "."  # stream item for punctuation / newline; no word can equal it
ISA_MARKER = "ISA"
ISPART_MARKER = "ISPART"
MARKERS = frozenset({ISA_MARKER, ISPART_MARKER})

MIN_TOKEN_CHARS = 5  # "keep tokens with 5 or more characters"
MAX_TOKEN_CHARS = 64  # longer "words" are hashes, base64 or minified code, never concepts
# A capitalised run longer than this is a title or shouting, not one proper noun: its words
# are kept separately instead of becoming a 9-word compound nobody will ever type again.
MAX_COMPOUND_WORDS = 4

# Function words. A capitalised one starting a run is split off ("The Glitch University" is
# `the` + `glitch_university`, as if written in lower case), and the cue scanner refuses
# them as subject or object ("This is a test" states nothing about a concept "this").
STOPWORDS = frozenset("""
a an the this that these those there here it its it's they them their theirs we us our ours
you your yours he him his she her hers i me my mine who whom whose which what where when why
how is are was were be been being am do does did has have had will would shall should can
could may might must not no nor and or but if then else so than too very also just only
some any all each every both either neither few many much more most other such own same
in on at by for from to of with about into onto over under between through during before
after above below up down out off again further once one two
""".split())

_CAP = r"[A-Z][A-Za-z0-9_]*(?:[.\-][A-Za-z0-9_]+)*"
_WORD = r"[A-Za-z0-9_]+(?:[.\-][A-Za-z0-9_]+)*"
_PUNCT_SET = "\n.,;:!?()[]{}\"<>|=-"
_PUNCT = f"[{re.escape(_PUNCT_SET)}]+"
# Alternatives in priority order: a capitalised run (words separated by spaces/tabs only, so
# a comma, full stop or newline ends a proper noun), a plain word, a punctuation run.
# This is the definition of the stream; `words` computes the same stream in a few whole-text
# passes (see there), and tests/graph/test_tokenizer.py checks the two agree on random text.
_STREAM_RE = re.compile(rf"{_CAP}(?:[ \t]+{_CAP})*|{_WORD}|{_PUNCT}")
# The only items whose case matters: multi-word capitalised runs and the operators ISA /
# ISPART, where the stream scan can start one (not inside a word: `x.Foo`, `fooBar`). The
# pattern starts with its capital letter (the lookbehinds come after it) so the regex engine
# skips the lower-case text between capitals without trying the pattern there.
_W = "[A-Za-z0-9_]"
_CASED_RE = re.compile(
    rf"[A-Z](?<!{_W}.)(?<!{_W}[.\-].)"
    rf"(?:{_W}*(?:[.\-]{_W}+)*(?:[ \t]+{_CAP})+"  # a run: this capital's word, then more
    rf"|(?<=I)(?:SA|SPART)(?!{_W}|[.\-]{_W}))")  # ISA / ISPART on its own
# `_CASED_RE` scans every character through the regex engine's class test (about 60
# instructions a character, a third of `words`). The same pattern over a copy of the text in
# which every capital is \x05 starts with a literal, which the engine finds at memchr speed:
# capitals are the only letters the pattern tells apart, so on that copy it matches at the
# same places with the same spans, except that its operator branch takes any lone 3- or
# 6-capital word (checked against ISA / ISPART afterwards). \x05 cannot occur in the text
# (control characters are separators by then).
_MARK_CAPS = str.maketrans({c: "\x05" for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"})
_MW = "[\x05a-z0-9_]"
_MARKED_RE = re.compile(
    rf"\x05(?<!{_MW}.)(?<!{_MW}[.\-].)"
    rf"(?:{_MW}*(?:[.\-]{_MW}+)*(?:[ \t]+\x05{_MW}*(?:[.\-]{_MW}+)*)+"
    rf"|(?:\x05\x05|\x05{{5}})(?!{_MW}|[.\-]{_MW}))")
# An operator survives lower-casing as this control character + its lower-case name (control
# characters from the prompt are turned into separators first, so it cannot come from there).
_OP = "\x02"
_OPS = {_OP + ISA_MARKER.lower(): ISA_MARKER, _OP + ISPART_MARKER.lower(): ISPART_MARKER}
_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
# 1. Every other character (control characters, quotes, slashes, ...) is a separator that does
#    not join a capitalised run: the same as the unit separator, which str.split splits on.
_SEPARATORS = str.maketrans({c: "\x1f" for c in map(chr, range(128))
                             if c not in _WORD_CHARS and c not in _PUNCT_SET and c not in " \t"})
# 2. A `.` or `-` between two word characters joins them (`glitch.university`, `runs-on`):
#    parked as \x03 / \x04 while every other punctuation character becomes a boundary (\x01).
_JOIN_DOT_RE = re.compile(r"\.(?<=[a-z0-9_]\.)(?=[a-z0-9_])")
_JOIN_DASH_RE = re.compile(r"-(?<=[a-z0-9_]-)(?=[a-z0-9_])")
_BOUNDARIES = str.maketrans({**{c: "\x01" for c in _PUNCT_SET}, "\x03": ".", "\x04": "-"})
# 3. Consecutive boundaries with only separators between them are one BOUNDARY item.
_BOUNDARY_RUN_RE = re.compile(r"\x01[\x01 \t\x1f]*")
_COMBINING_RE = re.compile(r"[\u0300-\u036f]+")
_NON_ASCII_RE = re.compile(r"[^\x00-\x7f]+")
_HAS_LETTER_RE = re.compile(r"[a-z]")


def fold_to_ascii(text: str) -> str:
    """`Zürich` -> `Zurich`; any other non-ASCII character becomes a space (a separator)."""
    text = unicodedata.normalize("NFKD", text)
    text = _COMBINING_RE.sub("", text)
    return _NON_ASCII_RE.sub(" ", text)


def _split_run(run: str, out: list[str]) -> None:
    """Append the stream items of a multi-word capitalised run to `out`."""
    current: list[str] = []

    def flush() -> None:
        if not current:
            return
        if len(current) > MAX_COMPOUND_WORDS:
            out.extend(w.lower() for w in current)
        else:
            out.append("_".join(current).lower())
        current.clear()

    for part in run.split():
        if part in MARKERS:  # `Gnommoweb ISA Repo`: the operator separates two concepts
            flush()
            out.append(part)
        elif not current and part.lower() in STOPWORDS:
            out.append(part.lower())
        else:
            current.append(part)
    flush()


def _cased_items(item: str) -> str:
    """A run or an operator rewritten as lower-case stream items (operators marked)."""
    out: list[str] = []
    if item in MARKERS:
        out.append(item)
    else:
        _split_run(item, out)
    return " ".join(_OP + w.lower() if w in MARKERS else w for w in out)


# The same names come back in every prompt of a conversation; only short items are kept (a
# pasted title-case document is one huge run, and 4096 of those must not stay in memory).
_cased_items_cached = lru_cache(maxsize=4096)(_cased_items)


def _rewrite_cased(m: re.Match) -> str:
    item = m.group()
    return _cased_items_cached(item) if len(item) <= 200 else _cased_items(item)


def rewrite_cased(text: str) -> str:
    """`_CASED_RE.sub(_rewrite_cased, text)` for text whose separators are translated
    (`_SEPARATORS`), with the matches found on the capitals-marked copy (see `_MARKED_RE`)."""
    out: list[str] = []
    last = 0
    for m in _MARKED_RE.finditer(text.translate(_MARK_CAPS)):
        start, end = m.span()
        item = text[start:end]
        if " " not in item and "\t" not in item and item not in MARKERS:
            continue  # a lone all-capitals word other than an operator: no match there
        out.append(text[last:start])
        out.append(_cased_items_cached(item) if len(item) <= 200 else _cased_items(item))
        last = end
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


def words(text: str) -> list[str]:
    """The word stream of `text` (see module doc). Linear in the text length.

    The stream `_STREAM_RE` defines (`reference_words`), computed without a Python step per
    word, as this runs on every prompt: the few case-sensitive items (capitalised runs,
    operators) are rewritten in place as lower-case items, then a few whole-text passes in C
    (translate, literal-prefixed regexes, lower, split) mark the boundaries and split.
    """
    if not text:
        return []
    if not text.isascii():
        text = fold_to_ascii(text)
    text = rewrite_cased(text.translate(_SEPARATORS)).lower()
    text = _JOIN_DASH_RE.sub("\x04", _JOIN_DOT_RE.sub("\x03", text)).translate(_BOUNDARIES)
    out = _BOUNDARY_RUN_RE.sub(" . ", text).split()
    if _OP in text:
        get = _OPS.get
        out = [get(w, w) for w in out]
    return out


def reference_words(text: str) -> list[str]:
    """The word stream, one `_STREAM_RE` item at a time: the definition `words` must equal
    (slower; the tests compare the two)."""
    if not text:
        return []
    if not text.isascii():
        text = fold_to_ascii(text)
    out: list[str] = []
    append = out.append
    for item in _STREAM_RE.findall(text):
        first = item[0]
        if "A" <= first <= "Z":
            if " " in item or "\t" in item:
                _split_run(item, out)
            elif item in MARKERS:
                append(item)
            else:
                append(item.lower())
        elif first.isalnum() or first == "_":
            append(item.lower())
        elif not out or out[-1] != BOUNDARY:  # collapse consecutive boundaries
            append(BOUNDARY)
    return out


def concept_candidates(stream: Iterable[str], min_chars: int = MIN_TOKEN_CHARS,
                       max_chars: int = MAX_TOKEN_CHARS) -> tuple[list[str], list[str]]:
    """(saliency tokens, short words) of a word stream in one pass; see the two below."""
    long: list[str] = []
    short: list[str] = []
    add_long, add_short = long.append, short.append
    # dict.fromkeys: distinct words in first-occurrence order, deduplicated in C
    for w in dict.fromkeys(stream):
        n = len(w)
        if n >= min_chars:
            if n <= max_chars and ("a" <= w[:1] <= "z" or _HAS_LETTER_RE.search(w)) \
                    and w not in MARKERS:
                add_long(w)
        elif w not in STOPWORDS and ("a" <= w[:1] <= "z" or _HAS_LETTER_RE.search(w)) \
                and w not in MARKERS:  # BOUNDARY has no letter
            add_short(w)
    return long, short


def stream_candidates(stream: list[str]) -> tuple[list[str], list[str]]:
    """`concept_candidates(stream)` for a stream `words` produced, in fewer steps per word
    (it runs on every distinct word of every prompt). Every item of such a stream is
    lower-case [a-z0-9_.-], BOUNDARY or an upper-case marker, so "has a letter and is not a
    marker" is `str.islower` (some cased character, none upper-case), and most words
    settle it sooner: `"a" <= w < "{"` (two string comparisons) holds exactly when the
    first character is a-z. tests/graph/test_fast_paths.py checks the two agree on the
    streams of random and hostile text."""
    long: list[str] = []
    short: list[str] = []
    add_long, add_short = long.append, short.append
    lo, hi, stop = MIN_TOKEN_CHARS, MAX_TOKEN_CHARS, STOPWORDS
    for w in dict.fromkeys(stream):
        if "a" <= w < "{" or w.islower():
            n = len(w)
            if n >= lo:
                if n <= hi:
                    add_long(w)
            elif w not in stop:
                add_short(w)
    return long, short


def with_kept(tokens: list[str], keep: Iterable[str], max_chars: int = MAX_TOKEN_CHARS
              ) -> list[str]:
    """`tokens` plus the cue participants in `keep` it lacks (any length up to max_chars)."""
    seen = set(tokens)
    for w in keep:
        if w not in seen and 0 < len(w) <= max_chars:
            seen.add(w)
            tokens.append(w)
    return tokens


def select_tokens(stream: Iterable[str], keep: Iterable[str] = (),
                  min_chars: int = MIN_TOKEN_CHARS,
                  max_chars: int = MAX_TOKEN_CHARS) -> list[str]:
    """Distinct saliency tokens of a word stream, in first-occurrence order.

    A token is kept when it has `min_chars`..`max_chars` characters and at least one letter
    (`20240419` is a date, not a concept); `keep` adds short tokens that took part in a
    matched relationship cue (`repo` in "gnommoweb is a repo").
    """
    return with_kept(concept_candidates(stream, min_chars, max_chars)[0], keep, max_chars)


def short_words(stream: Iterable[str], min_chars: int = MIN_TOKEN_CHARS) -> list[str]:
    """Distinct words shorter than `min_chars` that could name a concept (`aws`, `k8s`,
    `vm`): at least one letter, not a function word, not a cue operator. The saliency
    engine keeps them only when the graph holds facts about them."""
    return concept_candidates(stream, min_chars)[1]


def prompt_concept_tokens(text: str) -> list[str]:
    """The candidate concept tokens of a prompt, in order, without cue participants (see `cues.scan_prompt`)."""
    return select_tokens(words(text))


def concept_words(text: str) -> list[str]:
    """The concept tokens of a short phrase (a fact's subject, parent or dimension).

    Uses the same rules as prompts, so `Glitch University` and `glitch_university` are the same
    concept; length rules do not apply (`repo`, `usa` are fine concepts). Punctuation between
    words is dropped; an empty list means the phrase holds no concept at all.
    """
    return [w for w in words(text) if w != BOUNDARY]


def single_concept(text: str) -> Optional[str]:
    """The one concept `text` names, or None if it names zero or several."""
    found = concept_words(text)
    if len(found) != 1 or found[0] in MARKERS or len(found[0]) > MAX_TOKEN_CHARS:
        return None
    return found[0]
