"""The journal writer: operations are fsync'd to the journal, then applied in order.

Accepted means durable: an operation is on disk before anyone is told so. Only an
operation whose own data Postgres refuses is dropped (rejected.jsonl, its caller told "not
stored"); every other error is retried in place with backoff (tenacity), then handled as an
outage: recollections are served from the cache, operations pile up in the journal, and
the reconnect loop retries with backoff until they land.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import time
from typing import Optional

from ..logs import log
from ..redact import redact_secrets
from . import store
from .journal import Op, crash_point
from .limits import IN_PLACE_ATTEMPTS, RECONNECT_MAX_DELAY_S
from .ops import EncountersOp, decode, describe, to_op


class JournalUnwritable(OSError):
    """Operations could not be fsync'd to the journal: they are not durably accepted."""


class WriterMixin:
    """Part of GraphService (see service.py for the attributes it uses)."""

    def _submit(self, ops: list[Op]) -> Optional[concurrent.futures.Future]:
        if ops and not self._closing:
            return self.service.io.submit(self._enqueue(ops))
        return None

    async def _enqueue(self, ops: list[Op]) -> None:
        if not self._enqueue_now(ops):
            raise JournalUnwritable(self._journal_error or "the journal could not be written")

    def _enqueue_now(self, ops: list[Op]) -> bool:
        """On the I/O loop: journal (fsync) and wake the writer. False when the operations
        could not be made durable (a full or read-only disk): they are still applied from
        memory, but nobody may be told they were accepted."""
        if not ops:
            return True
        durable = True
        try:
            self.journal.append(ops)
        except OSError as exc:  # a full or read-only disk: keep going, unjournaled
            durable = False
            self._journal_error = f"{type(exc).__name__}: {exc}"
            log.error("graph: journal write failed (%s); %d operation(s) kept in memory only",
                      exc, len(ops))
            self.journal.keep_unjournaled(ops)
        if not self.db_up:
            self.counters["journaled_while_down"] += len(ops)
        self._changed += len(ops)
        if self._wake is not None:
            self._wake.set()
        return durable

    def _flush_ops(self) -> list[Op]:
        with self.lock:
            ops = self._settle_locked()
            batch = self.cache.take_dirty()
        if batch:
            ops.append(to_op(EncountersOp(tuple(batch))))
        return ops

    async def flush(self) -> None:
        """Hand the encounter deltas to the writer now (normally every flush interval)."""
        self._enqueue_now(self._flush_ops())

    async def _flush_loop(self) -> None:
        interval = float(self.service.config.saliency_flush_seconds)
        while not self._closing:
            await asyncio.sleep(interval)
            try:
                self._enqueue_now(self._flush_ops())
            except Exception as exc:
                log.warning("graph: saliency flush failed: %s", exc)

    async def _drain_loop(self) -> None:
        assert self._wake is not None
        while not self._closing:
            await self._wake.wait()
            self._wake.clear()
            try:
                await self._drain()
            except Exception as exc:
                log.error("graph: writer failed: %s: %s", type(exc).__name__, exc)

    async def _drain(self, until: Optional[float] = None) -> bool:
        """Apply the journal's pending operations in order; False if Postgres went away.

        Only an operation whose own data Postgres refuses (a constraint it violates, a value
        it cannot take) is dropped -- and its caller told it was NOT stored. Any other error
        is transient: the operation is retried in place a few times with backoff, then the
        database is treated as lost and the operation waits in the journal for the
        reconnect loop (which retries with backoff until it lands)."""
        assert self.write_lock is not None
        try:  # a caller with a deadline (settle) does not wait past it for the writer
            await asyncio.wait_for(self.write_lock.acquire(),
                                   None if until is None else max(0.0, until - time.monotonic()))
        except asyncio.TimeoutError:
            return True
        try:
            return await self._drain_locked(until)
        finally:
            self.write_lock.release()

    async def _drain_locked(self, until: Optional[float]) -> bool:
        if True:
            while self.db_up and self.journal.pending():
                for op in self.journal.pending():
                    if not self.db_up:
                        return False
                    if until is not None and time.monotonic() > until:
                        return True  # the caller's time is up; the writer loop goes on
                    try:
                        result = await self._apply_with_retry(op)
                    except Exception as exc:
                        if not store.is_data_error(exc):
                            self._db_lost(exc)
                            return False
                        result = self._reject(op, exc)
                    crash_point("after_apply")
                    self.journal.applied(op.id)
                    if not self._resolve(op.id, result) and result.get("outcome") == "refused":
                        self._refused_unheard(op, result)
            return True

    def _refused_unheard(self, op: Op, result: dict) -> None:
        """A fact accepted while Postgres was away (its caller was told "journaled") that
        the database refuses once it answers: a cycle through edges another process stored
        meanwhile. Nobody is waiting to hear it, so it is recorded where refusals are kept
        (rejected.jsonl) and logged, never silently dropped."""
        reason = str(result.get("reason"))
        self.counters["refused_after_acceptance"] = \
            self.counters.get("refused_after_acceptance", 0) + 1
        log.warning("graph: a journaled fact was refused by PostgreSQL: %s", reason)
        self.journal.record_rejected(op, f"refused after acceptance: {reason}",
                                     self._describe(op))

    def _describe(self, op: Op) -> str:
        try:
            return describe(decode(op), self._token_of)
        except store.OpDataError:
            return ""

    async def _apply_with_retry(self, op: Op) -> dict:
        """One operation, retried in place on a transient error that is not an outage (a
        serialization failure, a connection the server just killed, asyncpg's protocol
        state after that). Exactly-once holds across retries: each attempt claims the op
        id in the same transaction as its writes."""
        from tenacity import (AsyncRetrying, retry_if_exception, stop_after_attempt,
                              wait_exponential)

        from ..service import DatabaseUnavailable

        def retryable(exc: BaseException) -> bool:
            # An unreachable database is the reconnect loop's to wait for, not ours.
            return not store.is_data_error(exc) and not isinstance(
                exc, (asyncio.CancelledError, DatabaseUnavailable))

        async for attempt in AsyncRetrying(
                retry=retry_if_exception(retryable), stop=stop_after_attempt(IN_PLACE_ATTEMPTS),
                wait=wait_exponential(multiplier=0.05, max=1.0), reraise=True):
            with attempt:
                if attempt.retry_state.attempt_number > 1:
                    self.counters["retries"] += 1
                db = await self.service.db(timeout=10)
                try:
                    return await self._apply(db, op)
                except Exception as exc:
                    if store.is_connection_error(exc) and db.pool is not None:
                        # A killed backend usually means its idle siblings in the pool
                        # are dead too (a restart, pg_terminate_backend on all): asyncpg
                        # would hand them out one by one. Replace them all on next use.
                        await db.pool.expire_connections()
                    raise
        raise AssertionError("unreachable")  # pragma: no cover - reraise=True

    async def settle(self, timeout: float = 30.0) -> bool:
        """Wait until everything handed to the writer so far is in Postgres (CLI, tests).
        False when the database is unreachable (the operations stay journaled)."""
        deadline = time.monotonic() + timeout
        await self.flush()
        while time.monotonic() < deadline:
            if not self.journal.pending():
                return True
            if not self.db_up:
                return False
            await self._drain(until=deadline)
            await asyncio.sleep(0.01)
        return not self.journal.pending()

    def _resolve(self, op_id: str, result: dict) -> bool:
        """Hand `result` to whoever waits for `op_id`; False when nobody is listening."""
        fut = self._waiters.pop(op_id, None)
        if fut is not None and not fut.done():
            fut.set_result(result)
            return True
        return False

    def _reject(self, op: Op, exc: BaseException) -> dict:
        """An operation Postgres refuses for what it is (not for being unreachable): logged
        with its content, dropped from the journal so it cannot block the ones after it."""
        self.counters["rejected"] += 1
        log.error("graph: operation %s (%s) rejected by PostgreSQL: %s: %s; data=%s",
                  op.id, op.kind, type(exc).__name__, exc, op.data)
        self.journal.record_rejected(op, f"{type(exc).__name__}: {exc}")
        return {"outcome": "error", "reason": f"{type(exc).__name__}: {exc}"}

    def _db_lost(self, exc: BaseException) -> None:
        reason = redact_secrets(f"{type(exc).__name__}: {exc}")
        was_up = self.db_up
        self.db_up = False
        self.last_error = reason
        listener, self._listener = self._listener, None
        if listener is not None:  # the reconnect loop listens again once the database is back
            try:
                listener.terminate()
            except Exception:
                pass
        if was_up:
            log.warning("graph: PostgreSQL lost (%s); recollections are served from the cache "
                        "and writes are journaled until it is back", reason)
            try:
                self.service.mark_db_lost(reason)
            except Exception:
                pass
        # Whoever waits for a write (iknowthat) learns now that it is journaled, not in 15 s.
        for op_id in list(self._waiters):
            self._resolve(op_id, {"outcome": "journaled", "reason": reason})
        if not self._closing and (self._reconnect_task is None or self._reconnect_task.done()):
            self._reconnect_task = asyncio.ensure_future(self._reconnect_loop())

    async def _reconnect_loop(self) -> None:
        delay = 0.5
        while not self._closing and not self.db_up:
            await asyncio.sleep(delay)
            delay = min(delay * 2, RECONNECT_MAX_DELAY_S)
            try:
                db = await self.service.db(timeout=30)
                # A full load also when the cache came from Postgres: other processes'
                # change notices sent while this one was cut off are lost.
                await self._reload(db)
            except Exception as exc:
                self.last_error = redact_secrets(f"{type(exc).__name__}: {exc}")
                if not store.is_connection_error(exc):
                    log.warning("graph: reconnect failed: %s", self.last_error)
                continue
            self.db_up = True
            self.last_error = None
            self.counters["reconnects"] += 1
            await self._listen_or_retry(db)
            log.info("graph: PostgreSQL is back; replaying %d journaled operation(s)",
                     len(self.journal))
            if self._wake is not None:
                self._wake.set()
