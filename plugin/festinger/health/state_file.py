"""The health component's own state under FESTINGER_HOME: cycle clocks and maintenance marks.

One small JSON file, ``health_state.json``, rewritten at every monologue end. Losing it must
never stop the agent, so:

* writes are atomic: a temporary file is fsynced, the current file becomes ``.bak``, and the
  temporary one takes its place (a crash in between leaves the ``.bak``);
* a corrupt or unreadable file is moved aside (``.corrupt``, for a human to look at) and the
  backup is used, and without a usable backup the state starts fresh: the per-store counts
  are always rebuilt from the FAISS metadata anyway, maintenance stamps live in that
  metadata too, and a restarted cycle clock only delays archival and purge (it counts the
  memories' ages from the restart), never brings them forward;
* reading is tolerant: a store entry that does not validate is dropped and rebuilt alone.

The cycle counter surviving restarts is what the Exocortex implementation lacked: its
maintenance counter lived on the agent object and restarted at zero with every process.
"""

from __future__ import annotations

import json
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from ..fsutil import atomic_write_text
from ..core.actr import CycleClock
from ..logs import log

STATE_SCHEMA = "festinger:health_state"
STATE_VERSION = 1
STATE_FILE = "health_state.json"


@dataclass
class StoreHealthState:
    """Per memory store (Agent Zero memory subdir)."""

    clock: CycleClock
    last_maintenance_cycle: int = 0
    last_maintenance_at: Optional[str] = None
    last_maintenance: dict[str, Any] = field(default_factory=dict)
    last_classification_run: Optional[str] = None

    @classmethod
    def fresh(cls, now: float) -> "StoreHealthState":
        return cls(clock=CycleClock.started(now))

    def to_dict(self) -> dict[str, Any]:
        return {"clock": self.clock.to_dict(), "last_maintenance_cycle": self.last_maintenance_cycle,
                "last_maintenance_at": self.last_maintenance_at,
                "last_maintenance": self.last_maintenance,
                "last_classification_run": self.last_classification_run}

    @classmethod
    def from_dict(cls, data: Any) -> Optional["StoreHealthState"]:
        if not isinstance(data, dict):
            return None
        clock = CycleClock.from_dict(data.get("clock"))
        last = data.get("last_maintenance_cycle", 0)
        if clock is None or not isinstance(last, int) or isinstance(last, bool) or not 0 <= last <= clock.cycle:
            return None
        at = data.get("last_maintenance_at")
        summary = data.get("last_maintenance")
        lcr = data.get("last_classification_run")
        return cls(clock=clock, last_maintenance_cycle=last,
                   last_maintenance_at=at if isinstance(at, str) else None,
                   last_maintenance=summary if isinstance(summary, dict) else {},
                   last_classification_run=lcr if isinstance(lcr, str) else None)


@dataclass
class HealthState:
    stores: dict[str, StoreHealthState] = field(default_factory=dict)
    report_path: Optional[str] = None
    last_report_at: Optional[str] = None
    reports_written: int = 0
    recovered: Optional[str] = None  # how the last load went, when it was not clean

    def to_dict(self) -> dict[str, Any]:
        return {"_schema": STATE_SCHEMA, "_version": STATE_VERSION,
                "stores": {k: v.to_dict() for k, v in self.stores.items()},
                "report_path": self.report_path, "last_report_at": self.last_report_at,
                "reports_written": self.reports_written}

    @classmethod
    def from_dict(cls, data: Any) -> Optional["HealthState"]:
        """None when the file is not ours at all; bad store entries are dropped one by one."""
        if not isinstance(data, dict) or data.get("_schema") != STATE_SCHEMA:
            return None
        stores_raw = data.get("stores")
        if not isinstance(stores_raw, dict):
            return None
        state = cls()
        dropped = []
        for key, raw in stores_raw.items():
            st = StoreHealthState.from_dict(raw)
            if st is None or not isinstance(key, str):
                dropped.append(str(key))
            else:
                state.stores[key] = st
        if dropped:
            state.recovered = "dropped invalid store entries: " + ", ".join(dropped)
        rp, lr, n = data.get("report_path"), data.get("last_report_at"), data.get("reports_written")
        state.report_path = rp if isinstance(rp, str) else None
        state.last_report_at = lr if isinstance(lr, str) else None
        state.reports_written = n if isinstance(n, int) and not isinstance(n, bool) and n >= 0 else 0
        return state


class StateFile:
    """Atomic, self-healing JSON state file."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.backup = self.path.with_name(self.path.name + ".bak")
        self._lock = threading.Lock()

    def _read(self, path: Path) -> tuple[Optional[HealthState], Optional[str]]:
        """(state, problem): state None with a problem when the file exists but is unusable."""
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None, None
        except OSError as exc:
            return None, f"unreadable ({exc.strerror})"
        except UnicodeDecodeError:
            return None, "not text"
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as exc:
            return None, f"not valid JSON ({exc})"
        try:
            state = HealthState.from_dict(data)
        except Exception as exc:  # a shape from_dict did not foresee: still only "corrupt"
            return None, f"unusable ({type(exc).__name__}: {exc})"
        if state is None:
            return None, "not a Festinger health state"
        return state, None

    def _set_aside(self, path: Path) -> None:
        try:
            os.replace(path, path.with_name(path.name + ".corrupt"))
        except OSError:
            pass

    def load(self) -> HealthState:
        """The saved state, or the backup, or a fresh one. Never raises."""
        with self._lock:
            state, problem = self._read(self.path)
            if state is not None:
                return state
            if problem:
                log.warning("health state %s is %s; moved aside, using the backup or a fresh state",
                            self.path, problem)
                self._set_aside(self.path)
            backup, bproblem = self._read(self.backup)
            if backup is not None:
                backup.recovered = f"restored from backup ({problem or 'state file missing'})"
                return backup
            if bproblem:
                self._set_aside(self.backup)
            fresh = HealthState()
            if problem or bproblem:
                fresh.recovered = f"started fresh ({problem or bproblem})"
            return fresh

    def save(self, state: HealthState) -> None:
        """Write atomically; errors are logged, never raised (the agent must go on)."""
        with self._lock:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                payload = json.dumps(state.to_dict(), ensure_ascii=False, separators=(",", ":"))
                atomic_write_text(self.path, payload, backup=self.backup)
            except Exception as exc:
                log.warning("could not save health state to %s: %s", self.path, exc)


def now_epoch() -> float:
    return time.time()
