"""When the resolution job runs on its own: the `resolution_schedule` cron expression.

The schedule is read again before every wait (and at least every minute while waiting), so
changing it in the config table or the plugin settings needs no restart. Times are local
(cron's `0 2 * * *` means 2 am where the machine is). A process that was not running at the
last scheduled time catches up once at start when items are waiting, so a machine that
sleeps through 2 am still gets its queue drained. Several processes may run a scheduler:
the job's advisory lock makes all but one of them report "busy".
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import Any, Awaitable, Callable, Optional

from ..logs import log

DEFAULT_SCHEDULE = "0 2 * * *"
MAX_SLEEP_S = 60.0
CATCH_UP_DELAY_S = 30.0


def local_now() -> datetime:
    return datetime.now().astimezone()


def schedule_error(expr: Any) -> Optional[str]:
    """None if `expr` is a usable cron expression, else one line saying why not."""
    from croniter import croniter

    if not isinstance(expr, str) or not expr.strip():
        return "the schedule is empty"
    if len(expr) > 100:
        return "the schedule is longer than 100 characters"
    try:
        if not croniter.is_valid(expr.strip()):
            return f"{expr!r} is not a cron expression (e.g. '0 2 * * *')"
    except Exception as exc:
        return f"{expr!r} is not a cron expression: {exc}"
    return None


def next_fire(expr: str, after: datetime) -> datetime:
    from croniter import croniter

    return croniter(expr.strip(), after).get_next(datetime)


def previous_fire(expr: str, before: datetime) -> datetime:
    from croniter import croniter

    return croniter(expr.strip(), before).get_prev(datetime)


ScheduleSource = Callable[[], Awaitable[str]]
Runner = Callable[[str], Awaitable[Any]]


class ResolutionScheduler:
    """Sleeps until the next cron time and calls `run("schedule")`.

    `schedule_source()` returns the current expression; `clock` and `sleep` are injectable
    so tests need not wait for 2 am.
    """

    def __init__(self, run: Runner, schedule_source: ScheduleSource, *,
                 clock: Callable[[], datetime] = local_now,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
                 max_sleep: float = MAX_SLEEP_S) -> None:
        self._run = run
        self._source = schedule_source
        self._clock = clock
        self._sleep = sleep
        self._max_sleep = max_sleep
        self.schedule: str = DEFAULT_SCHEDULE
        self.error: Optional[str] = None
        self.next_run: Optional[datetime] = None
        self.fired = 0

    async def current_schedule(self) -> str:
        try:
            expr = (await self._source() or "").strip()
        except Exception as exc:  # the database is away: keep the last known schedule
            log.debug("scheduler: schedule unavailable (%s); keeping %r", exc, self.schedule)
            return self.schedule
        err = schedule_error(expr)
        if err is not None:
            if err != self.error:
                log.warning("resolution_schedule: %s; using %r", err, DEFAULT_SCHEDULE)
            self.error = err
            return DEFAULT_SCHEDULE
        self.error = None
        return expr

    async def run_forever(self) -> None:
        while True:
            expr = await self.current_schedule()
            self.schedule = expr
            nxt = next_fire(expr, self._clock())
            self.next_run = nxt
            changed = False
            while (nxt - self._clock()).total_seconds() > 0:
                left = (nxt - self._clock()).total_seconds()
                await self._sleep(min(left, self._max_sleep))
                if await self.current_schedule() != expr:  # changed meanwhile: new target
                    changed = True
                    break
            if changed:
                continue
            self.fired += 1
            try:
                await self._run("schedule")
            except Exception as exc:
                log.error("scheduled resolution run failed: %s: %s", type(exc).__name__, exc)

    async def catch_up(self, last_run: Optional[datetime], pending: int) -> bool:
        """Run once now if a scheduled time passed since the last run and items wait."""
        if pending <= 0:
            return False
        expr = await self.current_schedule()
        prev = previous_fire(expr, self._clock())
        if last_run is not None and last_run >= prev:
            return False
        await self._run("catch-up")
        return True
