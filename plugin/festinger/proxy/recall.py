"""The `<recollection>` block for a proxied request, from the pack's graph service.

The same pipeline as the Agent Zero hook (graph/hooks.py): `GraphService.process_prompt` on
the latest real user message (tokeniser, saliency counts, cue scanner: user messages are the
fact source), counted once per message and session; later calls of the same turn (an agent's
tool iterations) re-render from the cache with `render_tokens`, so a fact stored meanwhile
shows up. The block is rendered before forwarding and the message counted once the answer's
first chunk is out (`process_prompt(defer_count=True)`, then `settle`). With `read_system` on, the system
message's words join the rendered tokens (never counted, never a fact source: a client
resends its system prompt on every call, and text pasted into it must not become a fact).
"""

from __future__ import annotations

import asyncio
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Optional, Protocol

from ..graph.tokenizer import select_tokens, words
from ..logs import log
from . import messages as m
from .loopguard import SessionState

if TYPE_CHECKING:
    from .app import ProxyState

# A client resends the same system prompt (Agent Zero's is tens of kilobytes) on every call:
# its tokens are computed once per distinct text (a pure function; a few texts are kept).
SYSTEM_TEXTS_KEPT = 16


@lru_cache(maxsize=SYSTEM_TEXTS_KEPT)
def system_tokens(system: str) -> tuple[str, ...]:
    """The saliency tokens of a system message (`select_tokens(words(system))`)."""
    return tuple(select_tokens(words(system)))


class Graph(Protocol):
    def process_prompt(self, text: str, *, defer_count: bool = False) -> Any: ...

    def render_tokens(self, tokens: list[str]) -> str: ...

    def settle_counts(self) -> None: ...


def recollect(graph: Optional[Graph], state: SessionState, user_text: str,
              system: str = "") -> str:
    if graph is None or not (user_text or system):
        return ""
    key = m.digest(user_text) if user_text else None
    if key is not None and key != state.counted_user:
        # counted once the answer's first chunk has gone out (`settle`): not on the path to
        # that byte; the next prompt counts it first if it comes sooner
        result = graph.process_prompt(user_text, defer_count=True)
        state.counted_user, state.counted_tokens = key, list(result.tokens)
        if not system:
            return result.block
    tokens = list(state.counted_tokens) if key is not None else []
    if system:
        seen = set(tokens)
        tokens += [t for t in system_tokens(system) if t not in seen]
    return graph.render_tokens(tokens) if tokens else ""


async def block(st: ProxyState, state: SessionState, user: str, system: str) -> str:
    """The block, or "" when the graph fails: a broken graph must not stop inference."""
    try:
        if st.active <= 1:
            return recollect(st.graph, state, user, system)
        return await asyncio.get_running_loop().run_in_executor(
            st.graph_pool, recollect, st.graph, state, user, system)
    except Exception as exc:
        log.warning("proxy: recollection skipped for this request: %s", type(exc).__name__)
        log.debug("proxy: recollection failure", exc_info=True)
        return ""


def settle(st: ProxyState) -> None:
    """Count the prompts this request's block was rendered from (`recollect` leaves them
    uncounted: the counting is not on the path to the answer's first byte), once that byte
    is out (app.py `_send_chat`) or the request ended without one. Alone, inline; with other requests in flight, on the graph's worker thread
    (which may hold the graph's lock meanwhile)."""
    if st.graph is None:
        return
    if st.active > 1:
        try:
            st.graph_pool.submit(_settle_logged, st.graph)
            return
        except RuntimeError:  # the proxy is stopping (the pool is shut down): count here
            pass
    _settle_logged(st.graph)


def _settle_logged(graph: Graph) -> None:
    try:
        graph.settle_counts()
    except Exception as exc:  # the next prompt counts them first; the answer is already out
        log.warning("proxy: counting left to the next prompt: %s", type(exc).__name__)
        log.debug("proxy: counting failure", exc_info=True)
