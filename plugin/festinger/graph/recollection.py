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
from typing import Optional, Sequence

from .cache import Allocator, GraphCache, InsertDecision
from .cues import PromptScan, scan_prompt
from .models import EncounterResult, SoasRow, UrdEdge
from .saliency import DEFAULT_READ_THRESHOLD
from .tokenizer import MAX_TOKEN_CHARS

OPEN, CLOSE = "<recollection>", "</recollection>"

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
    # prompts are); None: the built-in files, read when the renderer is made.
    pending_note: Optional[str] = None                 # after a line with a `[dim?]`
    zero_hit_lines: Optional[tuple[str, ...]] = None   # templates: {{concept}}, {{command}}


class RecollectionRenderer:
    def __init__(self, config: Optional[RecollectionConfig] = None) -> None:
        from dataclasses import replace

        from ..prompt_files import recollection_pending_note, recollection_zero_hit_lines

        config = config or RecollectionConfig()
        if config.pending_note is None:
            config = replace(config, pending_note=recollection_pending_note())
        if config.zero_hit_lines is None:
            config = replace(config, zero_hit_lines=recollection_zero_hit_lines())
        self.config = config
        self._pending_note = " " + config.pending_note if config.pending_note else ""

    def render(self, cache: GraphCache, rows: Sequence[SoasRow], now: datetime) -> str:
        """The block for the concepts of one prompt (`rows` in prompt order), or "" if none."""
        lines = self.lines(cache, rows, now)
        if not lines:
            return ""
        return "\n".join((OPEN, *lines, CLOSE))

    def lines(self, cache: GraphCache, rows: Sequence[SoasRow], now: datetime) -> list[str]:
        cfg = self.config
        read, novel = cfg.read_threshold, cfg.novelty_read_threshold
        by_concept = cache.urd_by_concept
        hits: list[tuple[float, int, SoasRow]] = []
        unknown: list[tuple[float, int, SoasRow]] = []
        for i, row in enumerate(rows):
            if row.saliency < read and row.novelty < novel:
                continue
            score = row.saliency + row.novelty
            if by_concept.get(row.id):
                hits.append((score, i, row))
            elif row.novelty >= cfg.zero_hit_novelty_floor:
                unknown.append((score, i, row))
        if not hits and not unknown:
            return []
        cutoff = now - timedelta(days=cfg.recency_days)
        chosen: list[tuple[int, str]] = []
        # Most salient first while filling the budget, then shown in prompt order.
        for _, i, row in sorted(hits, key=lambda h: (-h[0], h[1])):
            if len(chosen) >= cfg.max_concepts:
                break
            line = self._hit_line(cache, row, cutoff)
            if line:
                chosen.append((i, line))
        chosen.sort()
        out = [line for _, line in chosen]
        budget = min(cfg.max_unknown, cfg.max_concepts - len(out))
        picked = sorted(sorted(unknown, key=lambda u: (-u[0], u[1]))[:max(budget, 0)],
                        key=lambda u: u[1])
        for _, _, row in picked:
            out.extend(self._zero_hit_lines(cache.soas_by_id.get(row.id) or row.token))
        return out

    def _hit_line(self, cache: GraphCache, row: SoasRow, cutoff: datetime) -> str:
        tokens = cache.soas_by_id
        concept = safe_token(tokens.get(row.id) or row.token)
        if concept is None:
            return ""
        cfg = self.config
        contested = cache.pending_dims(row.id)  # frozenset(); None = every dimension
        parts: list[str] = []
        any_pending = False
        for e in cache.urd_by_concept.get(row.id, ()):
            if not _visible(e, cfg.confidence_floor, cutoff):
                continue
            dim = safe_token(tokens.get(e.dim_id, ""))
            parent = safe_token(tokens.get(e.parent_id, ""))
            if dim is None or parent is None:
                continue
            pending = contested is None or e.dim_id in contested
            any_pending = any_pending or pending
            parts.append(f"[{dim}?] {parent}" if pending else f"[{dim}] {parent}")
            if len(parts) >= cfg.max_edges_per_concept:
                break
        if not parts:
            return ""
        return f"{concept}: {' '.join(parts)}{self._pending_note if any_pending else ''}"

    def _zero_hit_lines(self, token: str) -> list[str]:
        c = safe_token(token)
        if c is None:
            return []
        from ..prompt_files import fill

        return [fill(line, concept=c, command=self.config.command)
                for line in self.config.zero_hit_lines or ()]


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
    decisions: list[InsertDecision] = field(default_factory=list)


def recollect(cache: GraphCache, renderer: RecollectionRenderer, text: str, now: datetime,
              allocate: Optional[Allocator] = None) -> Recollection:
    """One prompt through the in-memory graph: tokenise, count, store cue facts, render.

    Cue facts are stored before rendering so a collision the prompt itself causes is already
    marked `[dim?]` in that prompt's block. With a Postgres store attached, the store runs the
    same steps with its own id allocation and writes around `GraphCache.decide/apply`.
    """
    scan = scan_prompt(text)
    enc = cache.encounter(scan.tokens, now, allocate)
    decisions = [cache.submit(t, now, allocate) for t in scan.triples]
    return Recollection(renderer.render(cache, enc.rows, now), scan, enc, decisions)
