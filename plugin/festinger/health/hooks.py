"""The health component's Agent Zero handlers (dispatched by ``festinger.a0.hooks``).

``dispatch`` catches what they raise and shows a repeating failure in the chat's log only
once, so these stay plain delegations.
"""

from __future__ import annotations

from typing import Any


async def on_before_main_llm_call(service: Any, agent: Any, loop_data: Any) -> None:
    """Publish ``agent._memory_health`` (before the Exocortex dispatcher, _12_, reads it)."""
    await service.component("health").on_before_main_llm_call(agent, loop_data)


async def on_monologue_end(service: Any, agent: Any, loop_data: Any) -> None:
    """Advance the cycle clock and run maintenance when it is due."""
    await service.component("health").on_monologue_end(agent, loop_data)
