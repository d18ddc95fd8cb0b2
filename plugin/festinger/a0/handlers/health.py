"""Health handlers: SALUTE memory health for the Exocortex dispatcher, and maintenance.

The guard catches what they raise and shows a repeating failure in the chat's log only once,
so these stay plain delegations.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...service import FestingerService


async def on_before_main_llm_call(service: FestingerService, agent: Any, loop_data: Any) -> None:
    """Publish ``agent._memory_health`` (before the Exocortex dispatcher, _12_, reads it)."""
    await service.health.on_before_main_llm_call(agent, loop_data)


async def on_monologue_end(service: FestingerService, agent: Any, loop_data: Any) -> None:
    """Advance the cycle clock and run maintenance when it is due."""
    await service.health.on_monologue_end(agent, loop_data)
