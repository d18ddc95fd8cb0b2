"""Batching: a landing (a burst of inserts) is processed ``settle_seconds`` after its last
insert (at most ``max_settle_seconds`` after its first), on the pack's I/O loop, one batch
per store at a time, its CPU work in the service's one worker thread; ``drain`` processes
everything queued now (tests, CLI, shutdown)."""

from __future__ import annotations

import asyncio
import time
from typing import Any, Callable, Optional

from ..a0.faiss_store import VectorPositions
from ..a0.vector_shadow import VectorShadow
from ..a0.memory_store import current_memory
from ..logs import report_exception
from .state import StoreState, _Base


class Batching(_Base):
    """When a landing is processed: settle timers, one batch per store at a time, drain."""

    def kick(self, force_retries: bool = False) -> None:
        """Move expired waits and due retries into the queue (never blocks)."""
        now = time.monotonic()
        keys: set[str] = set()
        with self._lock:
            keep = []
            for item in self._awaiting:
                if now - item.enqueued_at >= self.context_wait_seconds:
                    self._add_pending(item)  # classified without a monologue context
                    keys.add(item.store_key)
                else:
                    keep.append(item)
            self._awaiting = keep
            for item in self._retry.due(now, force=force_retries):
                if item.store_key in self._stores:
                    self._add_pending(item)
                    keys.add(item.store_key)
        for key in keys:
            self._schedule(key)

    def _call_soon(self, fn: Callable, *args: Any) -> None:
        try:
            self.service.io.loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:  # loop closed during shutdown
            pass

    def _schedule(self, key: str, delay: Optional[float] = None) -> None:
        if not self._closed:
            self._call_soon(self._arm, key, delay)

    def _arm(self, key: str, delay: Optional[float]) -> None:
        st = self._stores.get(key)
        if st is None or self._closed:
            return
        if st.timer is not None:
            st.timer.cancel()
        wait = self.settle_seconds if delay is None else delay
        if st.first_pending_at is not None:
            waited = time.monotonic() - st.first_pending_at
            wait = max(0.0, min(wait, self.max_settle_seconds - waited))
        st.timer = asyncio.get_running_loop().call_later(wait, self._start, key)

    def _start(self, key: str) -> None:
        st = self._stores.get(key)
        if st is None:
            return
        st.timer = None
        task = asyncio.ensure_future(self._run_store(key))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _arm_sweep(self, key: str) -> None:
        st = self._stores.get(key)
        if st is not None and not st.swept and st.sweep_timer is None:
            st.sweep_timer = asyncio.get_running_loop().call_later(
                self.sweep_delay_seconds, self._start_sweep, key)

    def _start_sweep(self, key: str) -> None:
        st = self._stores.get(key)
        if st is not None:
            st.sweep_timer = None
            self._track(asyncio.ensure_future(self._sweep(key)))

    def _track(self, task: asyncio.Future) -> None:
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def drain(self, timeout: float = 30.0) -> bool:
        """Process everything queued now (tests, CLI, shutdown). True when all settled."""
        if not self.service.io.in_loop():
            return await self.service.io.wait(self.drain(timeout))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for st in list(self._stores.values()):
                if st.sweep_timer is not None:
                    st.sweep_timer.cancel()
                    self._start_sweep(st.key)
                if st.timer is not None:
                    st.timer.cancel()
                    st.timer = None
                if self._pending.get(st.key):
                    self._start(st.key)
            tasks = [t for t in self._tasks if not t.done()]
            if tasks:
                await asyncio.wait(tasks, timeout=max(0.01, deadline - time.monotonic()))
                continue
            with self._lock:
                if not any(self._pending.values()) and not self._affirmations_queued:
                    break
            await asyncio.sleep(0)
        else:
            return False
        await self._flush_unsaved()
        return True

    def drain_sync(self, timeout: float = 30.0) -> bool:
        return self.service.io.call(self.drain(timeout), timeout + 5)

    async def _run_store(self, key: str) -> None:
        st = self._stores.get(key)
        if st is None:
            return
        if st.lock is None:
            st.lock = asyncio.Lock()
        async with st.lock:
            with self._lock:
                items = list(self._pending.pop(key, {}).values())
                st.first_pending_at = None
            if not items:
                return
            if not self._refresh(st):
                with self._lock:  # Agent Zero is reloading the store: try again later
                    for item in items:
                        self._retry.fail(item, "internal error: store is being reloaded")
                return
            loop = asyncio.get_running_loop()
            try:
                result = await loop.run_in_executor(self._executor, self._work, st, items)
            except Exception as exc:  # a bug in the batch: requeue as retries, never lose items
                report_exception("memory classification batch", exc)
                with self._lock:
                    for item in items:
                        self._retry.fail(item, f"internal error: {type(exc).__name__}: {exc}")
                return
            await self._persist(st, result.changed)
            self._finish(st, result)

    def _refresh(self, st: StoreState) -> bool:
        """Point ``st`` at the store Agent Zero serves now (a reload replaces the FAISS object:
        writing through the old one would overwrite the re-indexed files). False: unloaded."""
        try:
            memory = current_memory(st.memory)
        except Exception:
            return True
        if memory is None:
            return False
        if memory is not st.memory:
            with self._lock:
                if getattr(memory, "db", None) is not getattr(st.memory, "db", None):
                    st.positions = VectorPositions()
                    st.shadow = VectorShadow()
                st.memory = memory
        return True
