"""The memory service's Agent Zero hook handlers (called through ``festinger.a0.hooks``).

``async def handler(service, agent, loop_data) -> None``. The dispatcher catches and logs
whatever escapes; each handler does in-memory work and never waits for a model or the
network (the classification itself runs later, off the chat's path). The one await is the
snapshot's ``Memory.get(agent)`` (Agent Zero's own call, instant once the store is loaded;
it loads the store on the first monologue, which Agent Zero's own recall does as well).
"""

from __future__ import annotations

from typing import Any


def _memory(service: Any) -> Any:
    return service.component("memory")


async def on_monologue_start(service: Any, agent: Any, loop_data: Any) -> None:
    """monologue_start: make memory writes observable and note whose monologue runs
    (so a ``memory_save`` during it waits for this monologue's snapshot)."""
    await _memory(service).on_monologue_start(agent, loop_data)


async def on_monologue_end_snapshot(service: Any, agent: Any, loop_data: Any) -> None:
    """monologue_end _45_: snapshot the monologue before the memorizers (_50, _51) start."""
    await _memory(service).on_snapshot(agent, loop_data)


async def on_monologue_end(service: Any, agent: Any, loop_data: Any) -> None:
    """monologue_end _55_: end the snapshot's scope; release stale waits and due retries."""
    await _memory(service).on_monologue_end(agent, loop_data)
