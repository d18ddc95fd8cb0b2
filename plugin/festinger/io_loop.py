"""A private asyncio loop on a daemon thread, for everything that does I/O.

Agent Zero runs each chat in its own thread and event loop (DeferredTask), while an asyncpg
pool belongs to the loop that created it. Owning one loop for all database and LLM work lets
every agent of the process share one pool, and lets hooks hand work over without waiting:
``submit`` returns at once with a ``concurrent.futures.Future``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from typing import Any, Coroutine, Optional, TypeVar

T = TypeVar("T")


class IOLoop:
    def __init__(self, name: str = "festinger-io") -> None:
        self._name = name
        self._loop: Optional[asyncio.AbstractEventLoop] = None
        self._thread: Optional[threading.Thread] = None
        self._lock = threading.Lock()

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None or self._loop.is_closed():
                ready = threading.Event()
                loop = asyncio.new_event_loop()

                def run() -> None:
                    asyncio.set_event_loop(loop)
                    ready.set()
                    loop.run_forever()

                self._thread = threading.Thread(target=run, name=self._name, daemon=True)
                self._thread.start()
                ready.wait()
                self._loop = loop
            return self._loop

    @property
    def started(self) -> bool:
        return self._loop is not None and not self._loop.is_closed()

    def in_loop(self) -> bool:
        try:
            return asyncio.get_running_loop() is self._loop
        except RuntimeError:
            return False

    def submit(self, coro: Coroutine[Any, Any, T]) -> "concurrent.futures.Future[T]":
        """Schedule on the I/O loop; never blocks the caller."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def call(self, coro: Coroutine[Any, Any, T], timeout: Optional[float] = None) -> T:
        """Run to completion from synchronous code (CLI, tests); not for hooks."""
        if self.in_loop():
            raise RuntimeError("IOLoop.call from inside the I/O loop would deadlock")
        return self.submit(coro).result(timeout)

    async def wait(self, coro: Coroutine[Any, Any, T]) -> T:
        """Await I/O-loop work from another event loop (e.g. a CLI's asyncio.run)."""
        if self.in_loop():
            return await coro
        return await asyncio.wrap_future(self.submit(coro))

    def stop(self, timeout: float = 10.0) -> None:
        with self._lock:
            loop, thread = self._loop, self._thread
            self._loop = self._thread = None
        if loop is None:
            return
        loop.call_soon_threadsafe(loop.stop)
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
        if not loop.is_running():
            loop.close()
