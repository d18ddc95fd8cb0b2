"""The hot path: every intercepted prompt, in memory only, under the graph's short lock.

Tokenise, count encounters, decide the cue facts whose tokens are all known, render the
`<recollection>` block (core pipeline: recollection.py); what must reach Postgres becomes
typed journal operations handed to the I/O loop without waiting.
"""

from __future__ import annotations

import concurrent.futures
from datetime import datetime
from typing import Optional

from .cache import ALREADY_PENDING, COLLISION, CONFIRM, INSERT, REFUSED
from .cues import scan_prompt
from .journal import Op
from .limits import MAX_BACKLOG, MAX_PROMPT_CHARS
from .models import SOURCE_IKNOWTHAT, Triple, utcnow
from .ops import ConflictOp, EdgeOp, FactOp, InternOp, WriteCandidatesOp, to_op
from .recollection import run_pipeline
from .results import FactDecision, PromptResult


class HotPathMixin:
    """Part of GraphService (see service.py for the attributes it uses)."""

    def process_prompt(self, text: str, now: Optional[datetime] = None,
                       defer_count: bool = False) -> PromptResult:
        """One intercepted prompt: count its tokens, store its cue facts, render the block.

        Runs in memory under the lock; what must reach Postgres is handed to the I/O loop.
        `defer_count=True`: the block is rendered from the counts the prompt will make and
        the counting waits for `settle_counts()` (the proxy calls it once the answer's
        first chunk is out) or for the next thing that reads or flushes the counts, whichever is
        first; the result's `write_candidates` then stay empty (they go to the journal when
        counted)."""
        now = now or utcnow()
        truncated = len(text) > MAX_PROMPT_CHARS
        if truncated:
            text = text[:MAX_PROMPT_CHARS]
        self.start()
        scan = scan_prompt(text, names=self.renderer.names)
        if not self._loaded.is_set():
            with self.lock:
                if not self._loaded.is_set():
                    if len(self._backlog) < MAX_BACKLOG:
                        self._backlog.append((text, now))
                    return PromptResult("", scan.tokens, scan.triples, truncated=truncated,
                                        deferred=True)
        ops: list[Op] = []

        def intern(new_tokens: list[str]) -> None:  # ids come from Postgres, counted then
            if new_tokens:
                ops.insert(0, to_op(InternOp(tuple(new_tokens), 1, now)))

        with self.lock:
            ops.extend(self._settle_locked())  # earlier prompts first: this one sees them
            r = run_pipeline(self.cache, self.renderer, scan, now,
                             decide=lambda t: self._decide_locked(t, now, ops), intern=intern,
                             defer_count=defer_count)
            enc = r.encounter
            if r.uncounted is not None:
                self._uncounted.append((r.uncounted, now))
            elif enc.write_candidates:
                ops.append(_candidates_op(enc.write_candidates))
        self._submit(ops)
        return PromptResult(r.block, scan.tokens, scan.triples, r.decisions, enc.new_tokens,
                            [row.token for row in enc.write_candidates], truncated)

    def settle_counts(self) -> None:
        """Count the prompts `process_prompt(defer_count=True)` left uncounted."""
        with self.lock:
            ops = self._settle_locked()
        self._submit(ops)

    def _settle_locked(self) -> list[Op]:
        ops: list[Op] = []
        while self._uncounted:
            sighting, at = self._uncounted.popleft()
            enc = self.cache.count(sighting, at, create=False)
            if enc.new_tokens:  # ids come from Postgres, counted then
                ops.append(to_op(InternOp(tuple(enc.new_tokens), 1, at)))
            if enc.write_candidates:
                ops.append(_candidates_op(enc.write_candidates))
        return ops

    def render_tokens(self, tokens: list[str], now: Optional[datetime] = None) -> str:
        """The block for tokens already counted (later iterations of the same message)."""
        if not self._loaded.is_set():
            return ""
        now = now or utcnow()
        with self.lock:
            self._submit(self._settle_locked())
            get = self.cache.soas_by_token.get
            rows = [r for r in (get(t) for t in tokens) if r is not None]
            return self.renderer.render(self.cache, rows, now)

    def _decide_locked(self, triple: Triple, now: datetime, ops: list[Op]) -> FactDecision:
        cache = self.cache
        get = cache.soas_by_token.get
        rows = [get(triple.concept), get(triple.parent), get(triple.dimension)]
        if any(r is None for r in rows):
            op = to_op(FactOp(triple, now))
            ops.append(op)
            return FactDecision(triple, "deferred", op_id=op.id)
        c, p, d = (r.id for r in rows)  # type: ignore[union-attr]
        dec = cache.decide(c, p, d, triple.is_isa, triple.confidence, triple.source, now)
        if dec.kind in (INSERT, CONFIRM):
            cache.apply(dec, now)
            op = to_op(EdgeOp.of(dec.edge, now))  # type: ignore[arg-type]
            ops.append(op)
            return FactDecision(triple, dec.kind, op_id=op.id)
        if dec.kind == COLLISION:
            assert dec.conflict is not None
            dec.conflict.id = next(self._provisional)
            cache.apply(dec, now)
            op = to_op(ConflictOp.of(dec.conflict))
            ops.append(op)
            return FactDecision(triple, "collision", conflict=dec.conflict, op_id=op.id)
        if dec.kind == ALREADY_PENDING:
            entry = dec.conflict
            if entry is not None and triple.source == SOURCE_IKNOWTHAT and not entry.priority:
                entry.priority = True  # a human/agent restating it: review it first
                op = to_op(ConflictOp.of(entry))
                ops.append(op)
                return FactDecision(triple, ALREADY_PENDING, conflict=entry, op_id=op.id)
            return FactDecision(triple, ALREADY_PENDING, conflict=entry)
        return FactDecision(triple, REFUSED, reason=dec.reason)

    def submit_fact(self, triple: Triple, now: Optional[datetime] = None
                    ) -> tuple[FactDecision, Optional[concurrent.futures.Future]]:
        """Store one fact (iknowthat, the write path). The decision is immediate when its
        tokens are known; the future resolves with Postgres's outcome once written."""
        now = now or utcnow()
        ops: list[Op] = []
        with self.lock:
            decision = self._decide_locked(triple, now, ops)
            fut: Optional[concurrent.futures.Future] = None
            if decision.op_id is not None:
                fut = concurrent.futures.Future()
                self._waiters[decision.op_id] = fut
        decision.journaled = self._submit(ops)
        return decision, fut


def _candidates_op(rows: list) -> Op:
    return to_op(WriteCandidatesOp(tuple(row.id for row in rows)))
