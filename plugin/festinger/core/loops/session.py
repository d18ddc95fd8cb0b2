"""One session's loop state: history, escalation levels, what the next model call must get.

A session is one agent in one chat (a subordinate has its own). ``start_task`` marks a new user
message: detection then looks only at actions since it (the user may ask for the same action
again), and a stopped session becomes usable again. Pure: the caller passes the time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .actions import Action, describe, excerpt, keys_of
from .detect import Detection, Recorded, detect
from .mitigation import MitigationPlan, TruncationPlan, plan_for, what_repeated
from .settings import LoopSettings


@dataclass(frozen=True)
class LoopEvent:
    """Something worth telling the user or an operator, produced once per event."""

    at: float
    session: str
    event: str               # detected | stopped | recovered
    kind: str                # exact | near | cycle | stagnation
    action: str              # what was repeated
    count: int
    level: int
    mitigations: tuple[str, ...]
    outcome: str = ""

    def as_dict(self) -> dict:
        return {"at": self.at, "session": self.session, "event": self.event, "kind": self.kind,
                "action": self.action, "count": self.count, "level": self.level,
                "mitigations": list(self.mitigations), "outcome": self.outcome}


@dataclass(frozen=True)
class RecordOutcome:
    detection: Optional[Detection]
    plan: MitigationPlan
    events: tuple[LoopEvent, ...]


@dataclass(frozen=True)
class CallAdjustments:
    """What to change in the next model call."""

    inject_text: Optional[str] = None
    temperature_boost: float = 0.0
    truncation: Optional[TruncationPlan] = None
    stop_message: Optional[str] = None


@dataclass
class _Episode:
    key: str
    kind: str
    action: str
    level: int = 0
    tried: list[str] = field(default_factory=list)


class LoopSession:
    def __init__(self, settings: LoopSettings, name: str = "") -> None:
        self.settings = settings
        self.name = name
        self._history: list[Recorded] = []
        self._task_start = 0          # index into _history where the current task begins
        self._levels: dict[str, _Episode] = {}  # loop key -> escalation, for this task
        self._active: Optional[_Episode] = None  # the loop the last action belonged to
        self._inject: Optional[str] = None
        self._truncation: Optional[TruncationPlan] = None
        self._boost_calls_left = 0
        self._stop: Optional[str] = None
        self.stopped = False
        self.detections = 0
        self.mitigations = 0

    # --- lifecycle ---
    def start_task(self) -> None:
        """A new user message: a fresh detection window, pending mitigations dropped."""
        self._task_start = len(self._history)
        self._levels.clear()
        self._active = None
        self._inject = self._truncation = self._stop = None
        self._boost_calls_left = 0
        self.stopped = False

    @property
    def history_length(self) -> int:
        return len(self._history)

    # --- recording ---
    def record(self, action: Action, now: float) -> RecordOutcome:
        """Add the action the model just took (with its result) and decide the mitigation."""
        s = self.settings
        self._history.append(Recorded(action, keys_of(action)))
        if len(self._history) > 2 * s.history_size:  # trim in batches: slicing each call costs
            cut = len(self._history) - s.history_size
            del self._history[:cut]
            self._task_start = max(0, self._task_start - cut)
        if not s.enabled or self.stopped:
            return RecordOutcome(None, MitigationPlan(), ())
        found = detect(self._history[self._task_start:], s)
        if found is None:
            return RecordOutcome(None, MitigationPlan(), self._recovered(now))
        return self._escalate(found, now)

    def _recovered(self, now: float) -> tuple[LoopEvent, ...]:
        ep, self._active = self._active, None
        self._inject = self._truncation = None  # the note was about an action no longer repeated
        if ep is None:
            return ()
        return (LoopEvent(now, self.name, "recovered", ep.kind, ep.action, 0, ep.level,
                          tuple(ep.tried)),)

    def _escalate(self, d: Detection, now: float) -> RecordOutcome:
        s = self.settings
        # a detection right after a detection is the same loop going on, even when its key
        # moved (a counter in the repeated command, a cycle turning into a repeat): the
        # escalation must continue, or a varying loop would never reach the breaker
        ep = self._active or self._levels.get(d.key)
        if ep is None:
            ep = _Episode(d.key, d.kind, what_repeated(d))
        self._levels.setdefault(d.key, ep)
        ep.level += 1
        plan = plan_for(d, ep.level, s, tuple(ep.tried))
        for name in plan.applied:
            if name not in ep.tried and name != "circuit breaker":
                ep.tried.append(name)
        self.detections += 1
        events: list[LoopEvent] = []
        previous, self._active = self._active, ep
        if previous is not None and previous is not ep:
            events.extend(self._recovered_from(previous, now))
        outcome_text = excerpt(d.outcome, 200)
        if plan.stop_message:
            self._stop = plan.stop_message
            self.stopped = True
            events.append(LoopEvent(now, self.name, "stopped", d.kind, ep.action, d.count,
                                    ep.level, tuple(ep.tried), outcome_text))
        else:
            self.mitigations += 1
            if previous is not ep:  # once per loop episode, not once per iteration
                events.append(LoopEvent(now, self.name, "detected", d.kind, ep.action, d.count,
                                        ep.level, plan.applied, outcome_text))
            self._inject = plan.inject_text
            self._truncation = plan.truncation
            if plan.temperature_boost:
                self._boost_calls_left = plan.temperature_calls
        return RecordOutcome(d, plan, tuple(events))

    def _recovered_from(self, ep: _Episode, now: float) -> tuple[LoopEvent, ...]:
        return (LoopEvent(now, self.name, "recovered", ep.kind, ep.action, 0, ep.level,
                          tuple(ep.tried)),)

    # --- the next model call ---
    def peek_call(self) -> CallAdjustments:
        """The note and truncation for the prompt being built (consumes nothing)."""
        if not self.settings.enabled or self._stop:
            return CallAdjustments()
        return CallAdjustments(inject_text=self._inject, truncation=self._truncation)

    def next_call(self) -> CallAdjustments:
        """What the upcoming model call must get; consumes one call of a temperature boost.

        The forbidden-action note and the truncation stay while the loop lasts (each record
        replaces them); the breaker's message is handed out once.
        """
        if not self.settings.enabled:
            return CallAdjustments()
        stop, self._stop = self._stop, None
        if stop:
            return CallAdjustments(stop_message=stop)
        boost = 0.0
        if self._boost_calls_left > 0:
            self._boost_calls_left -= 1
            boost = self.settings.temperature_boost
        return CallAdjustments(inject_text=self._inject, temperature_boost=boost,
                               truncation=self._truncation)

    def recent_actions(self, limit: int = 5) -> list[str]:
        return [describe(r.action) for r in self._history[-limit:]]
