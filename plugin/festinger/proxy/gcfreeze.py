"""Keep the garbage collector off the loaded graph in the standalone proxy process.

The graph cache is millions of long-lived objects (500k concepts and 1M edges make about 1.9M
tracked objects). Python's full collection walks them all: about 350 ms, once every few hundred
requests, and whichever request is in flight then waits (the proxy's p99). Once the cache has
loaded, `gc.freeze()` moves everything alive into a permanent generation the collector skips.
Only the standalone `festinger proxy` process does this: inside Agent Zero the pack does not own
the process's heap.
"""

from __future__ import annotations

import gc
import threading
from typing import Protocol

from ..logs import log

LOAD_WAIT_S = 3600.0  # a cold Postgres load of a large graph takes seconds; this is only a bound


class Loadable(Protocol):
    def wait_loaded(self, timeout: float) -> bool: ...


def freeze_when_loaded(graph: Loadable, timeout: float = LOAD_WAIT_S) -> threading.Thread:
    """Freeze the heap in the background once the graph can serve; returns the waiting thread."""

    def run() -> None:
        try:
            if graph.wait_loaded(timeout):
                gc.collect()
                gc.freeze()
                log.info("proxy: graph loaded; %d objects kept out of garbage collection", gc.get_freeze_count())
        except Exception as exc:  # a failed freeze only costs latency, never the proxy
            log.warning("proxy: could not freeze the loaded graph: %s", type(exc).__name__)

    thread = threading.Thread(target=run, name="festinger-proxy-gcfreeze", daemon=True)
    thread.start()
    return thread
