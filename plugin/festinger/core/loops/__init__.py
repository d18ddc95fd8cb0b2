"""Loop detection and mitigation planning (pure; no clocks, locks or I/O: time is passed in).

Public API, shared by the Agent Zero hooks and the HTTP proxy:

- ``Action(response, tool, args, result, error)``: one model turn as plain strings/dicts;
- ``LoopSettings`` (``LoopSettings.from_config(festinger_config)``);
- ``LoopSession(settings, name)``: ``start_task()`` on a new user message,
  ``record(action, now) -> RecordOutcome(detection, plan, events)`` after each turn,
  ``next_call() -> CallAdjustments(inject_text, temperature_boost, truncation, stop_message)``
  before each model call;
- ``Detection(kind, key, actions, count, outcome)``, ``LoopEvent`` (``as_dict()``);
- ``collapse(entries, truncation_plan)`` and ``exchange_key(tool, args, response)`` to apply a
  history truncation to any message list; ``boosted_temperature(current, settings)``.
"""

from .actions import Action, describe, normalise_volatile
from .detect import Detection, detect
from .mitigation import MitigationPlan, TruncationPlan, boosted_temperature
from .session import CallAdjustments, LoopEvent, LoopSession, RecordOutcome
from .settings import LoopSettings
from .truncation import Collapse, collapse, exchange_key

__all__ = [
    "Action", "CallAdjustments", "Collapse", "Detection", "LoopEvent", "LoopSession",
    "LoopSettings", "MitigationPlan", "RecordOutcome", "TruncationPlan", "boosted_temperature",
    "collapse", "describe", "detect", "exchange_key", "normalise_volatile",
]
