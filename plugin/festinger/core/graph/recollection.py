"""The `<recollection>` block (festinger-concept-graph.md "Canonical Recollection Query",
T16-T20).

For each salient concept of the prompt: its direct edges (depth 1, no chain traversal), above
the confidence floor and inside the recency window, rendered one line per concept:

    gnommoweb: [glitch_university] repo [geography] ramanujan [type?] service — conflict pending

`[dim?]` marks a dimension with a queued collision (the line then ends with the seed's
"— conflict pending" note, so a model that has never seen the notation knows what `?` means).
A salient, domain-specific concept with no edge at all gets the zero-hit instruction to
store it with `iknowthat`.

The block goes into the system prompt, so nothing from the conversation may reach it
verbatim: every token is re-normalised here to [a-z0-9_.-], at most 64 characters, even
though the tokenizer already produces only such tokens (rows can also come from the LLM write
path, the web API or a hand-edited database). Fixed text is the only other content.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from itertools import compress
from typing import Any, Callable, Optional, Sequence

from .names import DEFAULT_MAX_NAME_WORDS, NamePolicy
from .cache import Allocator, GraphCache
from .counting import Sighting
from .cues import PromptScan, scan_prompt
from .models import EncounterResult, SoasRow, Triple, UrdEdge
from .saliency import DEFAULT_READ_THRESHOLD
from .tokenizer import MAX_TOKEN_CHARS

OPEN, CLOSE = "<recollection>", "</recollection>"
PENDING_NOTE = "— conflict pending"
ZERO_HIT_LINES = ("? {{concept}}: no recollection. If not a typo, store it before proceeding:",
                  "{{command}} '{{concept}} -isa <parent> in context of <dimension>'",
                  "{{command}} '{{concept}} -ispart <system> in context of <dimension>'")


def _fill(template: str, values: dict[str, str]) -> str:
    """``{{name}}`` placeholders (Agent Zero's prompt syntax) replaced; unknown ones stay."""
    for key, value in values.items():
        template = template.replace(key, value)
    return template

_UNSET = object()
NAMES_KEPT = 50_000  # memoised `_name` answers per renderer (a few MB at most)

_SAFE_RE = re.compile(r"[a-z0-9_][a-z0-9_.\-]*")
_UNSAFE_RE = re.compile(r"[^a-z0-9_.\-]+")


def safe_token(token: str, max_chars: int = MAX_TOKEN_CHARS) -> Optional[str]:
    """`token` as it may appear in the system prompt, or None if nothing printable is left."""
    if 0 < len(token) <= max_chars and _SAFE_RE.fullmatch(token):
        return token
    cleaned = _UNSAFE_RE.sub("", token.lower())[:max_chars].strip(".-")
    return cleaned or None


@dataclass(frozen=True)
class RecollectionConfig:
    read_threshold: float = DEFAULT_READ_THRESHOLD
    confidence_floor: float = 0.6
    recency_days: float = 90
    max_concepts: int = 12
    # Zero-hit instructions cost the model attention: a few per prompt are a nudge, a dozen
    # are noise. They also need a domain-specific concept (novelty; common-ish words such as
    # "container" never get one), per the seed's "salient domain-specific term".
    max_unknown: int = 3
    zero_hit_novelty_floor: float = 0.5
    # A concept confirmed by a write path (novelty 1.0) is recalled on first mention, before
    # its saliency has built up: "a system name that rarely appears ... is still important".
    novelty_read_threshold: float = 1.0
    max_edges_per_concept: int = 8
    command: str = "iknowthat"  # the tool name the zero-hit lines tell the agent to use
    # The wording (prompt files festinger.recollection.*.md, overridable as Agent Zero's own
    # prompts are): the service reads the files and passes the text in; these defaults are
    # the built-in files' text, for callers without prompt files (tests, bench).
    pending_note: str = PENDING_NOTE
    zero_hit_lines: tuple[str, ...] = ZERO_HIT_LINES   # templates: {{concept}}, {{command}}
    # Concept names must look like names to be rendered (core/graph/names.py): the block
    # sits above the agent's own instructions.
    max_name_words: int = DEFAULT_MAX_NAME_WORDS


class RecollectionRenderer:
    def __init__(self, config: Optional[RecollectionConfig] = None) -> None:
        self.config = config or RecollectionConfig()
        self.names = NamePolicy(self.config.max_name_words)
        self._names: dict[str, object] = {}  # memo of `_name`
        self._names_of = self.names

    def _name(self, token: str) -> Optional[str]:
        """`token` as it may appear in the block, or None (unprintable, or not a name).

        A pure function of the token and `self.names`, asked for the same concepts, parents
        and dimensions prompt after prompt: each answer is kept (up to `NAMES_KEPT`, then
        the memo starts over; a caller swapping `self.names` starts it over too)."""
        memo = self._names
        if self._names_of is not self.names:
            memo.clear()
            self._names_of = self.names
        name = memo.get(token, _UNSET)
        if name is _UNSET:
            safe = safe_token(token)
            name = safe if safe is not None and self.names.ok(safe) else None
            if len(memo) >= NAMES_KEPT:
                memo.clear()
            memo[token] = name
        return name  # type: ignore[return-value]

    def render(self, cache: GraphCache, rows: Sequence[SoasRow], now: datetime,
               saliency: Optional[Sequence[float]] = None) -> str:
        """The block for the concepts of one prompt (`rows` in prompt order), or "" if none.
        `saliency`: each row's saliency to rank by, if not the row's own (a peeked prompt's
        rows before they are counted, counting.py)."""
        lines = self.lines(cache, rows, now, saliency)
        if not lines:
            return ""
        return "\n".join((OPEN, *lines, CLOSE))

    def lines(self, cache: GraphCache, rows: Sequence[SoasRow], now: datetime,
              saliency: Optional[Sequence[float]] = None) -> list[str]:
        cfg = self.config
        read, novel = cfg.read_threshold, cfg.novelty_read_threshold
        # Most salient first (score = saliency + novelty; ties in prompt order: the sort is
        # stable), then shown in prompt order. A 2,000-word prompt has hundreds of readable
        # rows and only `max_concepts` lines are shown, so the edges (a dict of up to a
        # million concepts) are looked up in that order, only until the budget is full.
        sal = [row.saliency for row in rows] if saliency is None else saliency
        ranked = [i for i, (s, row) in enumerate(zip(sal, rows))
                  if s >= read or row.novelty >= novel]
        if not ranked:
            return []
        minus_score = [-(s + row.novelty) for s, row in zip(sal, rows)]
        ranked.sort(key=minus_score.__getitem__)
        by_concept = cache.urd_by_concept
        cutoff = now - timedelta(days=cfg.recency_days)
        chosen: list[tuple[int, str]] = []
        unknown: list[int] = []  # zero-hit candidates, best first
        for i in ranked:
            row = rows[i]
            if by_concept.get(row.id):
                if len(chosen) >= cfg.max_concepts:
                    break  # and no room is left for zero-hit lines either
                line = self._hit_line(cache, row, cutoff)
                if line:
                    chosen.append((i, line))
            elif row.novelty >= cfg.zero_hit_novelty_floor and len(unknown) < cfg.max_unknown:
                unknown.append(i)
        chosen.sort()
        out = [line for _, line in chosen]
        budget = min(cfg.max_unknown, cfg.max_concepts - len(out))
        for i in sorted(unknown[:max(budget, 0)]):
            row = rows[i]
            out.extend(self._zero_hit_lines(cache.soas_by_id.get(row.id) or row.token))
        return out

    def _hit_line(self, cache: GraphCache, row: SoasRow, cutoff: datetime) -> str:
        tokens = cache.soas_by_id
        concept = self._name(tokens.get(row.id) or row.token)
        if concept is None:
            return ""
        cfg = self.config
        contested = cache.pending_dims(row.id)  # frozenset(); None = every dimension
        parts: list[str] = []
        any_pending = False
        for e in cache.urd_by_concept.get(row.id, ()):
            if not _visible(e, cfg.confidence_floor, cutoff):
                continue
            dim = self._name(tokens.get(e.dim_id, ""))
            parent = self._name(tokens.get(e.parent_id, ""))
            if dim is None or parent is None:
                continue
            pending = contested is None or e.dim_id in contested
            any_pending = any_pending or pending
            parts.append(f"[{dim}?] {parent}" if pending else f"[{dim}] {parent}")
            if len(parts) >= cfg.max_edges_per_concept:
                break
        if not parts:
            return ""
        note = f" {cfg.pending_note}" if any_pending and cfg.pending_note else ""
        return f"{concept}: {' '.join(parts)}{note}"

    def _zero_hit_lines(self, token: str) -> list[str]:
        c = self._name(token)
        if c is None:
            return []
        values = {"{{concept}}": c, "{{command}}": self.config.command}
        return [_fill(line, values) for line in self.config.zero_hit_lines]


def _visible(e: UrdEdge, floor: float, cutoff: datetime) -> bool:
    if e.concept_id == e.parent_id:  # a dimension root says nothing about the concept
        return False
    if e.confidence < floor:
        return False
    if e.last_confirmed is None:
        return True
    try:
        return e.last_confirmed >= cutoff
    except TypeError:  # naive vs aware timestamps from a hand-made row: keep the fact
        return True


@dataclass(slots=True)
class Recollection:
    block: str
    scan: PromptScan
    encounter: EncounterResult
    decisions: list = field(default_factory=list)  # what `decide` returned per cue fact
    # With `run_pipeline(defer_count=True)`: the prompt, peeked but not counted yet; the
    # caller hands it to `cache.count` later (`encounter` then only lists rows and new tokens)
    uncounted: Optional[Sighting] = None


def salient_tokens(scan: PromptScan, cache: GraphCache) -> list[str]:
    """The tokens of a prompt the saliency engine counts: the scan's (>= 5 characters, plus
    this prompt's cue participants) and the short words (`aws`, `k8s`) the graph holds facts
    or a queued collision about -- the spec's "no minimum length" for concepts that matter,
    without counting every `the`-sized word of every prompt."""
    if not scan.short:
        return scan.tokens
    edges, pending = cache.urd_by_concept, cache.pending_conflicts
    found = list(map(cache.soas_by_token.get, scan.short))  # mostly misses: looked up in C
    extra = [w for w, row in zip(compress(scan.short, found), filter(None, found))
             if edges.get(row.id) or row.id in pending]
    if not extra:
        return scan.tokens
    seen = set(scan.tokens)  # (only now: most prompts have no such short word)
    extra = [w for w in extra if w not in seen]
    return scan.tokens + extra if extra else scan.tokens


def run_pipeline(cache: GraphCache, renderer: RecollectionRenderer, scan: PromptScan,
                 now: datetime, decide: Callable[[Triple], Any],
                 intern: Optional[Callable[[list[str]], None]] = None,
                 allocate: Optional[Allocator] = None, defer_count: bool = False
                 ) -> Recollection:
    """THE recollection pipeline, for production (GraphService.process_prompt), tests and
    benchmarks alike: count the prompt's salient tokens, store its cue facts, render.

    Cue facts are decided before rendering so a collision the prompt itself causes is
    already marked `[dim?]` in that prompt's block. `decide(triple)` stores one fact (in
    memory only, or in memory plus a journal operation). Unknown tokens: with `intern`,
    they are handed to it (a store gives them ids from Postgres later) and not counted now;
    without, they get local ids from `allocate` and are counted at once. The caller holds
    the cache's lock; `scan` is made outside it (tokenising a long prompt takes a while).

    `defer_count=True` (with a store: `intern`) renders from the saliency the rows will
    have and leaves the counting to the caller (`Recollection.uncounted`, `cache.count`
    with `create=False`, whose `new_tokens` the caller interns): the same block, with the
    counting off the path to the answer's first byte (the proxy).
    """
    tokens = salient_tokens(scan, cache)  # distinct: the scan's, then short words it lacks
    if defer_count:
        if intern is None:
            raise ValueError("a deferred count needs a store to intern new tokens")
        seen = cache.peek(tokens, unique=True, saliency=True)
        decisions = [decide(t) for t in scan.triples]
        return Recollection(renderer.render(cache, seen.rows, now, seen.saliency), scan,
                            EncounterResult(rows=seen.rows), decisions, uncounted=seen)
    if intern is None:
        enc = cache.encounter(tokens, now, allocate, unique=True)
    else:
        enc = cache.encounter(tokens, now, create=False, unique=True)
        intern(enc.new_tokens)
    decisions = [decide(t) for t in scan.triples]
    return Recollection(renderer.render(cache, enc.rows, now), scan, enc, decisions)


def recollect(cache: GraphCache, renderer: RecollectionRenderer, text: str, now: datetime,
              allocate: Optional[Allocator] = None) -> Recollection:
    """One prompt through a store-less graph (tests, benchmarks): `run_pipeline` with local
    ids and facts applied straight to the cache."""
    scan = scan_prompt(text, names=renderer.names)
    return run_pipeline(cache, renderer, scan, now,
                        decide=lambda t: cache.submit(t, now, allocate), allocate=allocate)
