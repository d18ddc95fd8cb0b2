"""The loop guard component: one ``LoopSession`` per agent per chat, events, statistics.

Created by the Festinger service on first use (``service.loops``). Sessions are
kept in memory only (a restart forgets them: loops are about the running monologue); events go
to the JSONL log for the CLI and to the health report.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict, deque
from typing import TYPE_CHECKING, Optional

from ..core.loops import LoopEvent, LoopSession, LoopSettings
from .events import LoopEventLog

if TYPE_CHECKING:
    from festinger.service import FestingerService

MAX_SESSIONS = 500    # an old chat's session is dropped first when a process serves many
RECENT_EVENTS = 20


class LoopGuardService:
    def __init__(self, service: FestingerService) -> None:
        self.settings = LoopSettings.from_config(service.config)
        self.events = LoopEventLog(service.home)
        self._sessions: "OrderedDict[str, LoopSession]" = OrderedDict()
        self._lock = threading.Lock()
        self._recent: deque[dict] = deque(maxlen=RECENT_EVENTS)
        self.counters = {"detections": 0, "mitigations": 0, "breaker_trips": 0, "recoveries": 0}

    def session(self, key: str) -> LoopSession:
        with self._lock:
            ses = self._sessions.get(key)
            if ses is None:
                ses = self._sessions[key] = LoopSession(self.settings, key)
                while len(self._sessions) > MAX_SESSIONS:
                    self._sessions.popitem(last=False)
            else:
                self._sessions.move_to_end(key)
            return ses

    def publish(self, events: tuple[LoopEvent, ...]) -> list[dict]:
        """Count, remember and persist new events; returns them as dicts."""
        if not events:
            return []
        dicts = [e.as_dict() for e in events]
        with self._lock:
            for d in dicts:
                name = {"detected": "detections", "stopped": "breaker_trips",
                        "recovered": "recoveries"}.get(d["event"])
                if name:
                    self.counters[name] += 1
                self._recent.append(d)
        self.events.append(dicts)
        return dicts

    def count_mitigation(self) -> None:
        with self._lock:
            self.counters["mitigations"] += 1

    def stats(self, session_key: Optional[str] = None) -> dict:
        """The loop section of the health report (process-wide; ``this_agent`` for one session)."""
        with self._lock:
            out = {
                "enabled": self.settings.enabled,
                "sessions": len(self._sessions),
                "stopped_sessions": sum(1 for s in self._sessions.values() if s.stopped),
                **self.counters,
                "last_event": dict(self._recent[-1]) if self._recent else None,
            }
            ses = self._sessions.get(session_key) if session_key else None
            if ses is not None:
                out["this_agent"] = {"detections": ses.detections, "mitigations": ses.mitigations,
                                     "stopped": ses.stopped}
            return out


def now() -> float:
    return time.time()


def loop_stats_of(service: FestingerService, session_key: Optional[str] = None) -> Optional[dict]:
    """The loop guard's statistics if it has been started in this process, else None."""
    guard = getattr(service, "loops_if_started", None)
    return guard.stats(session_key) if guard is not None else None
