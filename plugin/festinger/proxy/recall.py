"""The `<recollection>` block for a proxied request, from the pack's graph service.

The same pipeline as the Agent Zero hook (graph/hooks.py): `GraphService.process_prompt` on
the latest real user message (tokeniser, saliency counts, cue scanner: user messages are the
fact source), counted once per message and session; later calls of the same turn (an agent's
tool iterations) re-render from the cache with `render_tokens`, so a fact stored meanwhile
shows up. With `read_system` on, the system message's words join the rendered tokens (never
counted, never a fact source: a client resends its system prompt on every call, and text
pasted into it must not become a fact).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Optional, Protocol

from ..graph.tokenizer import select_tokens, words
from . import messages as m
from .loopguard import SessionState

# A client resends the same system prompt (Agent Zero's is tens of kilobytes) on every call:
# its tokens are computed once per distinct text (a pure function; a few texts are kept).
SYSTEM_TEXTS_KEPT = 16


@lru_cache(maxsize=SYSTEM_TEXTS_KEPT)
def system_tokens(system: str) -> tuple[str, ...]:
    """The saliency tokens of a system message (`select_tokens(words(system))`)."""
    return tuple(select_tokens(words(system)))


class Graph(Protocol):
    def process_prompt(self, text: str) -> Any: ...

    def render_tokens(self, tokens: list[str]) -> str: ...


def recollect(graph: Optional[Graph], state: SessionState, user_text: str,
              system: str = "") -> str:
    if graph is None or not (user_text or system):
        return ""
    key = m.digest(user_text) if user_text else None
    if key is not None and key != state.counted_user:
        result = graph.process_prompt(user_text)
        state.counted_user, state.counted_tokens = key, list(result.tokens)
        if not system:
            return result.block
    tokens = list(state.counted_tokens) if key is not None else []
    if system:
        seen = set(tokens)
        tokens += [t for t in system_tokens(system) if t not in seen]
    return graph.render_tokens(tokens) if tokens else ""
