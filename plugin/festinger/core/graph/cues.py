"""Relationship cue scanner (festinger-concept-graph.md "Relationship Cue Patterns", T15).

`gnommoweb is a repo of Glitch University` -> Triple(gnommoweb, repo, glitch_university, ISA).

A cue is a keyword phrase between a subject X (the concept right before it) and an object Y
(the concept right after it, past one optional determiner). Cue triples skip the saliency
threshold and go straight to the graph, so the scanner is deliberately conservative: it
prefers missing a fact to inventing one.

- X and Y must be concepts: not punctuation, not a function word ("This is a test" says
  nothing about a concept "this"), not a cue operator.
- Y must end its phrase: followed by punctuation, the end, a function word or another cue.
  In "gnommoweb is a python service" the object is "python service", which the single-token
  rule cannot express, so no triple is produced rather than a wrong `gnommoweb IN python`.
- A cue whose subject is the previous cue's object is a modifier of that object's noun
  phrase ("gnommoweb is a container deployed on Docker"): it is not read as
  `container IN docker`, and guessing `gnommoweb IN docker` would be a guess, so it is skipped.
- ISA cues take the `of {Z}` modifier: Z becomes the dimension. Without it the dimension is
  `type` for ISA cues and, for ISPART cues, the seed dimension the keyword names (`runs on`
  -> runs-on, `owned by` -> owned-by), else `membership`.
- Confidence follows how explicit the cue is: operators (ISA/ISPART) > full phrases
  (`is a kind of`, `is part of`) > bare positional ones (`kind of`, `part of`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import compress
from typing import Optional

from .models import DEFAULT_ISA_DIMENSION, DEFAULT_ISPART_DIMENSION, SOURCE_INFERRED, Triple
from .names import NamePolicy
from .tokenizer import (BOUNDARY, ISA_MARKER, ISPART_MARKER, MARKERS, MAX_TOKEN_CHARS,
                        MIN_TOKEN_CHARS, STOPWORDS, stream_candidates, words)


@dataclass(frozen=True, slots=True)
class CuePhrase:
    words: tuple[str, ...]
    is_isa: bool
    dimension: str  # default dimension when no `of {Z}` modifier applies
    confidence: float


def _isa(text: str, confidence: float) -> CuePhrase:
    return CuePhrase(tuple(text.split()), True, DEFAULT_ISA_DIMENSION, confidence)


def _ispart(text: str, confidence: float, dimension: str = DEFAULT_ISPART_DIMENSION) -> CuePhrase:
    return CuePhrase(tuple(text.split()), False, dimension, confidence)


OPERATOR, PHRASE, SHORT, POSITIONAL = 0.95, 0.85, 0.75, 0.7

ISA_PHRASES: tuple[CuePhrase, ...] = (
    _isa("is a", SHORT),
    _isa("is an", SHORT),
    _isa(ISA_MARKER, OPERATOR),
    _isa("is a kind of", PHRASE),
    _isa("is a type of", PHRASE),
    _isa("is an instance of", PHRASE),
    _isa("kind of", POSITIONAL),
    _isa("type of", POSITIONAL),
    _isa("instance of", POSITIONAL),
)
ISPART_PHRASES: tuple[CuePhrase, ...] = (
    _ispart("is part of", PHRASE),
    _ispart("is a part of", PHRASE),  # else read as `is a` + object "part"
    _ispart(ISPART_MARKER, OPERATOR),
    _ispart("part of", POSITIONAL),
    _ispart("belongs to", 0.8),
    _ispart("is owned by", PHRASE, "owned-by"),
    _ispart("owned by", 0.8, "owned-by"),
    _ispart("member of", SHORT),
    _ispart("is a member of", PHRASE),
    _ispart("runs on", 0.8, "runs-on"),
    _ispart("hosted by", 0.8, "runs-on"),
    _ispart("deployed on", 0.8, "runs-on"),
    _ispart("contained in", 0.8),
)


def _index(phrases: tuple[CuePhrase, ...]) -> dict[str, tuple[CuePhrase, ...]]:
    # First word -> candidate phrases, longest first, so `is a member of` wins over `is a`.
    by_head: dict[str, list[CuePhrase]] = {}
    for p in phrases:
        by_head.setdefault(p.words[0], []).append(p)
    return {h: tuple(sorted(ps, key=lambda p: -len(p.words))) for h, ps in by_head.items()}


_BY_HEAD = _index(ISA_PHRASES + ISPART_PHRASES)
_DETERMINERS = frozenset({"the", "a", "an", "our", "my", "your", "their", "its", "this", "that"})


def _is_concept(w: str) -> bool:
    return (w != BOUNDARY and w not in MARKERS and w not in STOPWORDS
            and len(w) <= MAX_TOKEN_CHARS and any(c.isalpha() for c in w))


def _trie(phrases: tuple[CuePhrase, ...]) -> dict[str, tuple]:
    # word -> (the phrase ending at this word or None, the words that may follow): a phrase
    # is read word by word, and "is" followed by an ordinary word is rejected after one more
    # lookup instead of comparing every phrase that starts with "is".
    root: dict[str, list] = {}
    for p in phrases:
        level = root
        for k, w in enumerate(p.words):
            node = level.setdefault(w, [None, {}])
            if k == len(p.words) - 1:
                node[0] = p
            level = node[1]

    def freeze(level: dict[str, list]) -> dict[str, tuple]:
        return {w: (node[0], freeze(node[1])) for w, node in level.items()}
    return freeze(root)


_TRIE = _trie(ISA_PHRASES + ISPART_PHRASES)


def phrase_at(stream: list[str], i: int) -> Optional[CuePhrase]:
    """The longest cue phrase starting at `stream[i]`, if any."""
    node = _TRIE.get(stream[i])
    found = None
    n = len(stream)
    while node is not None:
        phrase, following = node
        if phrase is not None:
            found = phrase
        i += 1
        if i >= n or not following:
            break
        node = following.get(stream[i])
    return found


def reference_phrase_at(stream: list[str], i: int) -> Optional[CuePhrase]:
    """`phrase_at` by comparing each phrase starting with `stream[i]`, longest first: the
    definition (tests compare the two)."""
    for p in _BY_HEAD.get(stream[i], ()):
        n = len(p.words)
        if tuple(stream[i:i + n]) == p.words:
            return p
    return None


def _object_at(stream: list[str], j: int) -> int:
    """Index of the object starting at j (one determiner skipped), or -1."""
    n = len(stream)
    if j < n and stream[j] in _DETERMINERS:
        j += 1
    return j if j < n and _is_concept(stream[j]) else -1


def _ends_phrase(stream: list[str], k: int) -> bool:
    """True if the object before index k is a complete noun phrase (see module doc)."""
    if k >= len(stream):
        return True
    w = stream[k]
    return w == BOUNDARY or w in STOPWORDS or w in MARKERS or phrase_at(stream, k) is not None


@dataclass(slots=True)
class CueMatch:
    triple: Triple
    subject_index: int
    object_index: int
    dimension_index: int = -1  # -1 when the dimension is the phrase default


def find_cues(stream: list[str], max_matches: Optional[int] = None) -> list[CueMatch]:
    """Relationship cues in a word stream, left to right, non-overlapping; the first
    `max_matches` of them if given."""
    matches: list[CueMatch] = []
    last_object = -2
    n = len(stream)
    heads = _BY_HEAD
    # Only positions holding a cue's first word can start a cue: found in one C-speed pass,
    # then visited left to right; `resume` skips positions a previous match consumed.
    resume = 1  # a cue at index 0 has no subject
    for i in compress(range(n), map(heads.__contains__, stream)):
        if i < resume:
            continue
        phrase = phrase_at(stream, i)
        if phrase is None:
            continue
        x_at = i - 1
        y_at = _object_at(stream, i + len(phrase.words))
        if y_at < 0 or not _is_concept(stream[x_at]) or x_at == last_object:
            resume = i + len(phrase.words)
            continue
        dimension, z_at, end = phrase.dimension, -1, y_at + 1
        if phrase.is_isa and end < n and stream[end] == "of":
            z_at = _object_at(stream, end + 1)
            if z_at < 0:  # "is a repo of mine": a modifier we cannot read; no fact
                resume = end
                continue
            dimension, end = stream[z_at], z_at + 1
        x, y = stream[x_at], stream[y_at]
        if _ends_phrase(stream, end) and x != y and dimension not in (x, y):
            matches.append(CueMatch(
                Triple(x, y, dimension, phrase.is_isa, phrase.confidence, SOURCE_INFERRED),
                x_at, y_at, z_at))
            last_object = z_at if z_at >= 0 else y_at
            if max_matches is not None and len(matches) >= max_matches:
                break
        resume = end
    return matches


def extract_triples(text: str) -> list[Triple]:
    return [m.triple for m in find_cues(words(text))]


@dataclass(slots=True)
class PromptScan:
    """One tokenisation of a prompt, shared by the saliency engine and the cue scanner."""

    # saliency tokens incl. cue participants, each once (GraphCache.encounter(unique=True))
    tokens: list[str] = field(default_factory=list)
    triples: list[Triple] = field(default_factory=list)
    rejected: int = 0  # cue facts dropped: a participant did not look like a name
    # Distinct words under MIN_TOKEN_CHARS (`aws`, `k8s`): counted only when the graph
    # already holds facts about them (see recollection.salient_tokens).
    short: list[str] = field(default_factory=list)


# Cue facts one prompt may write. Each bypasses every threshold and may add SOAS rows, so a
# pasted document of 10k "X is a Y" lines must not turn into 10k writes; a real message
# states a handful. The first ones win; the rest are read again if they are repeated later.
MAX_TRIPLES_PER_PROMPT = 20


def scan_prompt(text: str, max_triples: int = MAX_TRIPLES_PER_PROMPT,
                names: Optional[NamePolicy] = None) -> PromptScan:
    """Tokens (>= 5 chars, plus every cue participant) and distinct cue triples of `text`.

    A cue whose concept, parent or dimension does not look like a name (`names`: too many
    words, an imperative or instruction-talk phrase) is dropped and counted in `rejected`:
    cue sentences come from any text in the conversation, and what they store reaches the
    system prompt of every agent on the database."""
    names = names or NamePolicy()
    stream = words(text)
    keep: list[str] = []
    triples: dict[tuple, Triple] = {}
    rejected = 0
    # Repeats are skipped below, but reading 30k copies of one sentence still costs time:
    # past ten matches per allowed fact the rest of a pasted document is not scanned.
    for m in find_cues(stream, max_matches=10 * max_triples):
        t = m.triple
        key = (t.concept, t.parent, t.dimension, t.is_isa)
        if key in triples:
            continue
        if not (names.ok(t.concept) and names.ok(t.parent) and names.ok(t.dimension)):
            rejected += 1
            continue
        if len(triples) >= max_triples:
            break
        triples[key] = t
        keep.extend((t.concept, t.parent))
        if m.dimension_index >= 0:
            keep.append(t.dimension)
    tokens, short = stream_candidates(stream)
    if keep:
        # `with_kept(tokens, keep)` without a set of every token: a participant is a concept
        # word of this stream (`_is_concept`: a letter, at most MAX_TOKEN_CHARS), so it is
        # among `tokens` exactly when it has MIN_TOKEN_CHARS or more
        tokens.extend(dict.fromkeys(w for w in keep if len(w) < MIN_TOKEN_CHARS))
    return PromptScan(tokens, list(triples.values()), rejected, short)
