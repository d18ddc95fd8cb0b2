"""Background execution the way Agent Zero does it (``helpers/defer.py``, both versions).

``DeferredTask(thread_name="Background").start_task(coro_fn, *args)`` hands the coroutine
to an event loop that runs forever in a daemon thread named after ``thread_name`` (one
thread + loop per name, shared by every task of that name) via
``asyncio.run_coroutine_threadsafe``. Consequences a pack sees, all reproduced here:

* The work runs on ANOTHER thread and event loop than the chat: asyncio objects of the
  chat loop (tasks, events, locks) must not be awaited from it; memory writes from it race
  with the chat.
* ``contextvars`` DO propagate: ``run_coroutine_threadsafe`` schedules through
  ``call_soon_threadsafe``, whose handle copies the caller's context, and the task is
  created inside that copy. The background coroutine sees a snapshot taken at
  ``start_task`` time; later changes on either side are not seen by the other.
* The memorize hooks keep no reference to the task; it stays alive through the future's
  callbacks while the loop holds the pending task.
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future
from typing import Any, Callable, Coroutine, Optional

THREAD_BACKGROUND = "Background"


class EventLoopThread:
    """An event loop running forever in a named daemon thread."""

    def __init__(self, thread_name: str = THREAD_BACKGROUND) -> None:
        self.thread_name = thread_name
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self.thread = threading.Thread(target=self._run, name=thread_name, daemon=True)
        self.thread.start()
        self._ready.wait()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.call_soon(self._ready.set)
        self.loop.run_forever()

    def run_coroutine(self, coro: Coroutine[Any, Any, Any]) -> Future:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def stop(self, timeout: float = 5.0) -> None:
        if self.loop.is_closed():
            return

        async def _cancel_all() -> None:
            current = asyncio.current_task()
            pending = [t for t in asyncio.all_tasks() if t is not current]
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)

        if self.thread.is_alive():
            try:
                asyncio.run_coroutine_threadsafe(_cancel_all(), self.loop).result(timeout)
            except Exception:
                pass
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(timeout)
        if not self.thread.is_alive():
            self.loop.close()


class ThreadRegistry:
    """One EventLoopThread per thread name, owned by a simulator runtime (not global, so
    tests do not share background loops)."""

    def __init__(self) -> None:
        self._threads: dict[str, EventLoopThread] = {}
        self._lock = threading.Lock()
        self.futures: list[Future] = []

    def get(self, name: str) -> EventLoopThread:
        with self._lock:
            thread = self._threads.get(name)
            if thread is None:
                thread = self._threads[name] = EventLoopThread(name)
            return thread

    def track(self, future: Future) -> None:
        with self._lock:
            self.futures = [f for f in self.futures if not f.done()]
            self.futures.append(future)

    def pending(self) -> list[Future]:
        with self._lock:
            return [f for f in self.futures if not f.done()]

    def stop_all(self) -> None:
        with self._lock:
            threads = list(self._threads.values())
            self._threads.clear()
        for thread in threads:
            thread.stop()


class DeferredTask:
    """``DeferredTask(thread_name).start_task(fn, *args, **kwargs)`` like Agent Zero's."""

    registry: Optional[ThreadRegistry] = None  # bound per runtime by the fake modules

    def __init__(self, thread_name: str = THREAD_BACKGROUND) -> None:
        registry = type(self).registry
        if registry is None:
            raise RuntimeError("DeferredTask used outside a simulator runtime")
        self._registry = registry
        self.event_loop_thread = registry.get(thread_name)
        self._future: Optional[Future] = None

    def start_task(self, func: Callable[..., Coroutine[Any, Any, Any]], *args: Any, **kwargs: Any) -> "DeferredTask":
        self.func, self.args, self.kwargs = func, args, kwargs
        self._future = self.event_loop_thread.run_coroutine(self._run())
        self._registry.track(self._future)
        return self

    async def _run(self) -> Any:
        return await self.func(*self.args, **self.kwargs)

    def is_ready(self) -> bool:
        return self._future.done() if self._future else False

    def is_alive(self) -> bool:
        return bool(self._future and not self._future.done())

    def result_sync(self, timeout: Optional[float] = None) -> Any:
        if not self._future:
            raise RuntimeError("Task hasn't been started")
        return self._future.result(timeout)

    async def result(self, timeout: Optional[float] = None) -> Any:
        if not self._future:
            raise RuntimeError("Task hasn't been started")
        return await asyncio.wait_for(asyncio.wrap_future(self._future), timeout)

    def kill(self, terminate_thread: bool = False) -> None:
        if self._future and not self._future.done():
            self._future.cancel()
