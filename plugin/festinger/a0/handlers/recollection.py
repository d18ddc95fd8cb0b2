"""Recollection handlers: the `<recollection>` block at the top of the system prompt.

Runs in `message_loop_prompts_after` (file `_96_festinger_recollection.py`, after the stock
recall at _50/_91 and the pack's recall filter at _95). `before_main_llm_call` cannot be used:
the prompt is already built there (agent-zero-facts.md).

Agent Zero rebuilds `loop_data.system` on every iteration of the message loop, so the block is
inserted every iteration; the user message's tokens and cue facts are counted only on the
first iteration that sees that message (a monologue of ten tool calls is one encounter, not
ten). Later iterations re-render from the cache, so a fact the agent stored with `iknowthat`
in iteration 1 shows up in iteration 2 instead of the "no recollection" line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from .. import agent_state
from ...llm.providers import remember_agent

if TYPE_CHECKING:
    from ...service import FestingerService

STATE_KEY = "_festinger_recollection"  # agent data: (message key, tokens of that message)
_TEXT_KEYS = ("user_message", "user_intervention", "message")


def message_text(msg: Any) -> str:
    """The user's words in an Agent Zero history message (content is a dict there)."""
    content = getattr(msg, "content", None)
    if isinstance(content, str):
        return content
    if isinstance(content, dict):
        for key in _TEXT_KEYS:
            value = content.get(key)
            if isinstance(value, str):
                return value
        return ""
    try:
        return str(msg.output_text())
    except Exception:
        return ""


def message_key(msg: Any) -> Optional[str]:
    ident = getattr(msg, "id", None)
    return f"id:{ident}" if ident else f"obj:{id(msg)}"


async def on_prompts_after_recollection(service: FestingerService, agent: Any, loop_data: Any) -> None:
    if loop_data is None or not service.config.graph_enabled:
        return
    system = getattr(loop_data, "system", None)
    if not isinstance(system, list):
        return
    msg = getattr(loop_data, "user_message", None)
    graph = service.graph
    state = agent_state.get_data(agent, STATE_KEY)
    key = message_key(msg) if msg is not None else None
    if msg is not None and (not isinstance(state, tuple) or state[0] != key):
        result = graph.process_prompt(message_text(msg))
        # A message that arrived while the cache was loading was queued, not counted: keep
        # its tokens so the next iteration renders it without counting it again.
        agent_state.set_data(agent, STATE_KEY, (key, result.tokens))
        block = result.block
    else:
        tokens = state[1] if isinstance(state, tuple) else []
        block = graph.render_tokens(tokens) if tokens else ""
    if block:
        system.insert(0, block)


async def start_background_work(service: FestingerService, agent: Any,
                                           loop_data: Any) -> None:
    """Keep the newest agent as the utility-model provider (the default LLM of the write
    path and the resolution job) and make sure that background work runs in this process."""
    if not service.config.graph_enabled:
        return
    remember_agent(agent)
    service.resolution.start()
