"""The fake utility LLM: scripted answers, a latency, and a record of every call.

The stock hooks ask it for (recognised by the ``[sim:<purpose>]`` tag of the system prompt):

* ``memorize_fragments`` -- the next list from :meth:`script_fragments` (default ``[]``);
* ``memorize_solutions`` -- the next list from :meth:`script_solutions` (default ``[]``);
* ``consolidation_keywords`` -- :attr:`keywords` (callable(new_memory) -> list, default ``[]``);
* ``consolidation`` -- the next decision from :meth:`script_consolidation` or a callable
  ``decide(new_memory: str, similar: list[dict(id, content, metadata)]) -> dict|None``;
  none => ``{"action": "skip"}`` (A0's own fallback when the LLM fails);
* ``recall_query`` / ``recall_filter`` -- used only when those settings are on.

Anything else (a pack's own utility calls) goes to :attr:`fallback`
(``callable(system, message) -> str``, sync or async; default returns ``""``).
Every call sleeps :attr:`latency` seconds first, in whichever event loop calls it, which
is what makes background memorization land after ``monologue_end`` returns.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import threading
from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Optional, Union

from .prompts import (
    PURPOSE_CONSOLIDATION,
    PURPOSE_FRAGMENTS,
    PURPOSE_KEYWORDS,
    PURPOSE_RECALL_FILTER,
    PURPOSE_RECALL_QUERY,
    PURPOSE_SOLUTIONS,
    purpose_of,
)

Decision = dict[str, Any]
Decider = Callable[[str, list[dict[str, Any]]], Optional[Decision]]


@dataclass
class UtilityCall:
    purpose: Optional[str]
    system: str
    message: str
    background: bool
    agent_number: Optional[int]
    thread: str
    response: str = ""


class ScriptedUtilityModel:
    def __init__(self, latency: float = 0.15) -> None:
        self.latency = latency
        self.calls: list[UtilityCall] = []
        self._fragments: deque[list[Any]] = deque()
        self._solutions: deque[list[Any]] = deque()
        self._decisions: deque[Union[Decision, Decider]] = deque()
        self.decide: Optional[Decider] = None
        self.keywords: Optional[Callable[[str], list[str]]] = None
        self.recall_query: Optional[Callable[[str], str]] = None
        self.recall_filter: Optional[Callable[[str], list[int]]] = None
        self.fallback: Optional[Callable[[str, str], Any]] = None
        self._lock = threading.Lock()

    # -- scripting ---------------------------------------------------------------------
    def script_fragments(self, *fragments: Any) -> None:
        """What the next memorize-fragments call "summarises" (one call per monologue)."""
        with self._lock:
            self._fragments.append(list(fragments))

    def script_solutions(self, *solutions: Any) -> None:
        """Next memorize-solutions answer: dicts {problem, solution} or strings."""
        with self._lock:
            self._solutions.append(list(solutions))

    def script_consolidation(self, decision: Union[Decision, Decider]) -> None:
        """Queue one consolidation decision (a dict, or a callable given the candidates).

        Dict keys as Agent Zero's consolidation prompt asks for: ``action`` (merge |
        replace | update | keep_separate | skip), ``memories_to_remove`` (ids),
        ``memories_to_update`` ([{id, new_content, metadata}]), ``new_memory_content``,
        ``metadata``, ``reasoning``.
        """
        with self._lock:
            self._decisions.append(decision)

    # -- answering ---------------------------------------------------------------------
    async def call(self, agent: Any, system: str, message: str, background: bool = False) -> str:
        if self.latency > 0:
            await asyncio.sleep(self.latency)
        purpose = purpose_of(system)
        response = await self._answer(purpose, system, message)
        self.calls.append(UtilityCall(purpose, system, message, background,
                                      getattr(agent, "number", None),
                                      threading.current_thread().name, response))
        return response

    def calls_for(self, purpose: Optional[str]) -> list[UtilityCall]:
        return [c for c in self.calls if c.purpose == purpose]

    async def _answer(self, purpose: Optional[str], system: str, message: str) -> str:
        if purpose == PURPOSE_FRAGMENTS:
            with self._lock:
                items = self._fragments.popleft() if self._fragments else []
            return json.dumps(items)
        if purpose == PURPOSE_SOLUTIONS:
            with self._lock:
                items = self._solutions.popleft() if self._solutions else []
            return json.dumps(items)
        if purpose == PURPOSE_KEYWORDS:
            payload = _loads(message)
            new_memory = payload.get("memory", message) if isinstance(payload, dict) else message
            return json.dumps(self.keywords(new_memory) if self.keywords else [])
        if purpose == PURPOSE_CONSOLIDATION:
            return json.dumps(self._decision(message))
        if purpose == PURPOSE_RECALL_QUERY:
            return self.recall_query(message) if self.recall_query else ""
        if purpose == PURPOSE_RECALL_FILTER:
            return json.dumps(self.recall_filter(message) if self.recall_filter else [])
        if self.fallback is None:
            return ""
        result = self.fallback(system, message)
        if inspect.isawaitable(result):
            result = await result
        return result if isinstance(result, str) else json.dumps(result)

    def _decision(self, message: str) -> Decision:
        payload = _loads(message)
        new_memory = payload.get("new_memory", "") if isinstance(payload, dict) else ""
        similar = payload.get("similar_memories", []) if isinstance(payload, dict) else []
        with self._lock:
            scripted = self._decisions.popleft() if self._decisions else None
        decision: Optional[Decision]
        if scripted is None:
            decision = self.decide(new_memory, similar) if self.decide else None
        elif callable(scripted):
            decision = scripted(new_memory, similar)
        else:
            decision = scripted
        return decision or {"action": "skip"}


def _loads(text: str) -> Any:
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return None
