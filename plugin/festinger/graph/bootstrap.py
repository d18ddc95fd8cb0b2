"""English dictionary bootstrap (festinger-concept-graph.md T12): common English into SOAS at
saliency 0 and novelty 0, from the wordfreq package's English list (most frequent first).

Words are kept only when the prompt tokenizer would produce exactly that token (so
"sainsbury's" is skipped, "e-mail" kept), bulk-loaded with COPY into a temporary table, then
inserted in one statement that skips every token SOAS already has: running it again, or after
the graph has grown, changes nothing that exists. A `config` row records what was loaded, so
the graph service runs it once, on its first start against a new database.

Dictionary rows matter for two reasons: their novelty 0 keeps rarer English words ("docker"
is English too) from ever triggering a zero-hit "store it" instruction, and the most common
ones are pinned at saliency 0 by the saliency policy however often they are typed.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass
from typing import Callable, Optional, Sequence, TextIO

from . import store
from .tokenizer import MAX_TOKEN_CHARS, single_concept

DEFAULT_WORDS = 50_000
MAX_WORDS = 300_000
SETTING_KEY = "dictionary_bootstrap"
COPY_CHUNK = 5_000

Progress = Callable[[int, int], None]


@dataclass
class BootstrapResult:
    words: int  # words offered
    inserted: int  # new SOAS rows
    skipped: int  # tokens SOAS already had
    seconds: float

    def as_dict(self) -> dict:
        return {"words": self.words, "inserted": self.inserted, "skipped": self.skipped,
                "seconds": round(self.seconds, 2)}


def dictionary_words(count: int = DEFAULT_WORDS) -> list[str]:
    """The `count` most frequent English words that are valid SOAS tokens as they are."""
    if not 1 <= count <= MAX_WORDS:
        raise ValueError(f"word count must be 1..{MAX_WORDS}, not {count}")
    import wordfreq  # a runtime dependency, loaded only here

    out: list[str] = []
    seen: set[str] = set()
    for w in wordfreq.top_n_list("en", int(count * 1.25) + 100):
        if len(w) > MAX_TOKEN_CHARS or w in seen:
            continue
        if single_concept(w) != w:  # apostrophes, non-ASCII, several words...
            continue
        seen.add(w)
        out.append(w)
        if len(out) >= count:
            break
    return out


async def bootstrap_dictionary(conn, words: Sequence[str],
                               progress: Optional[Progress] = None) -> BootstrapResult:
    """COPY `words` into SOAS at saliency 0 / novelty 0, skipping existing tokens."""
    t0 = time.perf_counter()
    total = len(words)
    async with conn.transaction():
        await conn.execute("CREATE TEMP TABLE festinger_dictionary (token text) ON COMMIT DROP")
        done = 0
        for i in range(0, total, COPY_CHUNK):
            chunk = words[i:i + COPY_CHUNK]
            await conn.copy_records_to_table("festinger_dictionary",
                                             records=[(w,) for w in chunk])
            done += len(chunk)
            if progress is not None:
                progress(done, total)
        status = await conn.execute(
            "INSERT INTO soas (token, encounter_count, saliency, novelty) "
            "SELECT DISTINCT token, 0, 0, 0 FROM festinger_dictionary "
            "ON CONFLICT (token) DO NOTHING")
        inserted = int(status.split()[-1])
        result = BootstrapResult(total, inserted, total - inserted, time.perf_counter() - t0)
        await store.set_setting(conn, SETTING_KEY,
                                json.dumps({"source": "wordfreq en", **result.as_dict()}))
    return result


async def bootstrapped(conn) -> bool:
    return await store.get_setting(conn, SETTING_KEY) is not None


class TextProgress:
    """A one-line progress bar on a terminal (plain lines when not a terminal)."""

    def __init__(self, label: str, stream: TextIO = sys.stderr, width: int = 30) -> None:
        self.label, self.stream, self.width = label, stream, width
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self._last = -1

    def __call__(self, done: int, total: int) -> None:
        frac = done / total if total else 1.0
        pct = int(frac * 100)
        if not self.tty:
            if pct // 25 != self._last // 25 or done == total:
                self.stream.write(f"{self.label}: {done}/{total} ({pct}%)\n")
            self._last = pct
            return
        filled = int(frac * self.width)
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {done}/{total} ({pct}%)")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()
        self._last = pct
