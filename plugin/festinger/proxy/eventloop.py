"""The standalone proxy process's event loop: uvloop when it is installed, else asyncio's own.

uvloop (libuv under asyncio's API) runs aiohttp's socket callbacks, transports and timers
in C: the proxy's own HTTP hop (no graph) took 1.4 ms instead of 1.7 ms of a streamed
answer's time to first byte in side-by-side runs here. Only the `festinger proxy` process
(and the benchmark's proxy process) runs on it: the pack never swaps the loop of Agent
Zero's process, which is not its own. Where uvloop is missing (Windows has no wheel, or a
trimmed install), the proxy runs the same on the standard loop.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable, Coroutine, Optional, TypeVar

T = TypeVar("T")


def loop_factory() -> Optional[Callable[[], asyncio.AbstractEventLoop]]:
    """uvloop's loop constructor, or None (asyncio's default) when uvloop is not importable."""
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


def run(main: Coroutine[Any, Any, T]) -> T:
    """`asyncio.run(main)` on the fastest loop available."""
    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        return runner.run(main)
