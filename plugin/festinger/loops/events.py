"""Loop events kept in a small JSONL file, so ``festinger loops`` in another process sees them.

One line per event, appended with a single ``write`` on a file opened in append mode (a line
this short is written whole even with two processes appending). The file is cut back to the
newest ``keep`` lines when it grows past twice that, so it never grows without bound; a line
another process appends during that cut can be lost, which is acceptable for a log that only
informs (the chat log and the health report carry the same events).
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Iterable, Optional

from ..logs import log

EVENTS_FILE = "loops/events.jsonl"
DEFAULT_KEEP = 500
_MAX_LINE = 4000  # an event line is cut to this many characters (a pasted result can be huge)


class LoopEventLog:
    def __init__(self, home: Path, keep: int = DEFAULT_KEEP) -> None:
        self.path = Path(home) / EVENTS_FILE
        self.keep = keep
        self._lock = threading.Lock()
        self._lines_written = 0

    def append(self, events: Iterable[dict]) -> None:
        """Write events; a failing disk is logged, never raised (this runs inside a hook)."""
        lines = []
        for ev in events:
            text = json.dumps(ev, ensure_ascii=False, default=str)
            if len(text) > _MAX_LINE:
                ev = dict(ev, outcome=str(ev.get("outcome", ""))[:500],
                          action=str(ev.get("action", ""))[:500])
                text = json.dumps(ev, ensure_ascii=False, default=str)[:_MAX_LINE]
                if not text.endswith("}"):
                    continue  # still too long to keep valid: drop rather than corrupt the file
            lines.append(text + "\n")
        if not lines:
            return
        try:
            with self._lock:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                with open(self.path, "a", encoding="utf-8") as f:
                    f.write("".join(lines))
                self._lines_written += len(lines)
                if self._lines_written >= self.keep:
                    self._lines_written = 0
                    self._trim()
        except OSError as exc:
            log.warning("loop events: cannot write %s: %s", self.path, exc)

    def _trim(self) -> None:
        lines = self.path.read_text(encoding="utf-8", errors="replace").splitlines(True)
        if len(lines) <= 2 * self.keep:
            return
        tmp = self.path.with_suffix(".tmp%d" % os.getpid())
        tmp.write_text("".join(lines[-self.keep:]), encoding="utf-8")
        os.replace(tmp, self.path)

    def recent(self, limit: int = 20, session: Optional[str] = None) -> list[dict]:
        return read_events(self.path, limit, session)


def read_events(path: Path, limit: int = 20, session: Optional[str] = None) -> list[dict]:
    """The newest ``limit`` events, oldest first; unreadable lines are skipped."""
    try:
        lines = Path(path).read_text(encoding="utf-8", errors="replace").splitlines()
    except FileNotFoundError:
        return []
    out: list[dict] = []
    for line in reversed(lines):
        try:
            ev = json.loads(line)
        except ValueError:
            continue  # a line cut by a crash mid-write
        if not isinstance(ev, dict):
            continue
        if session and ev.get("session") != session:
            continue
        out.append(ev)
        if len(out) >= limit:
            break
    return out[::-1]
