"""Memory handlers: make every memory write observable and classify it off the chat's path.

The classification itself runs later (``MemoryService``'s batches); these handlers only note
whose monologue runs and snapshot its context. The one await is the snapshot's
``Memory.get(agent)`` (Agent Zero's own call, instant once the store is loaded; it loads the
store on the first monologue, which Agent Zero's own recall does as well).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...service import FestingerService


async def on_monologue_start(service: FestingerService, agent: Any, loop_data: Any) -> None:
    """monologue_start: make memory writes observable and note whose monologue runs
    (so a ``memory_save`` during it waits for this monologue's snapshot)."""
    await service.memory.on_monologue_start(agent, loop_data)


async def on_monologue_end_snapshot(service: FestingerService, agent: Any, loop_data: Any) -> None:
    """monologue_end _45_: snapshot the monologue before the memorizers (_50, _51) start."""
    await service.memory.on_snapshot(agent, loop_data)


async def on_monologue_end(service: FestingerService, agent: Any, loop_data: Any) -> None:
    """monologue_end _55_: end the snapshot's scope; release stale waits and due retries."""
    await service.memory.on_monologue_end(agent, loop_data)
