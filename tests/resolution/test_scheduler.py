"""The resolution schedule (cron, croniter) with a fake clock: no test waits for 2 am."""

from __future__ import annotations

import asyncio
from datetime import datetime, timedelta, timezone

import pytest

from festinger.graph.scheduler import (DEFAULT_SCHEDULE, ResolutionScheduler, next_fire,
                                       schedule_error)

T0 = datetime(2026, 4, 19, 1, 58, 0, tzinfo=timezone.utc)


class FakeClock:
    def __init__(self, now: datetime) -> None:
        self.now = now
        self.slept: list[float] = []

    def __call__(self) -> datetime:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += timedelta(seconds=seconds)
        await asyncio.sleep(0)


def make(schedules, clock):
    runs: list[tuple[str, datetime]] = []
    source = iter(schedules) if isinstance(schedules, list) else None

    async def schedule():
        if source is None:
            return schedules
        try:
            return next(source)
        except StopIteration:
            return schedules[-1]

    async def run(trigger):
        runs.append((trigger, clock.now))

    return ResolutionScheduler(run, schedule, clock=clock, sleep=clock.sleep), runs


async def run_until(sched, runs, n, limit=10_000):
    task = asyncio.ensure_future(sched.run_forever())
    for _ in range(limit):
        if len(runs) >= n:
            break
        await asyncio.sleep(0)
    task.cancel()
    try:
        await task
    except asyncio.CancelledError:
        pass


async def test_fires_at_the_cron_time():
    clock = FakeClock(T0)
    sched, runs = make(DEFAULT_SCHEDULE, clock)
    await run_until(sched, runs, 2)
    assert [(t, w.hour, w.minute) for t, w in runs] == [("schedule", 2, 0), ("schedule", 2, 0)]
    assert runs[1][1] - runs[0][1] == timedelta(days=1)
    assert max(clock.slept) <= 60  # wakes every minute to see schedule changes


async def test_a_changed_schedule_applies_without_restart():
    clock = FakeClock(datetime(2026, 4, 19, 1, 0, tzinfo=timezone.utc))
    # nightly when the scheduler starts; a minute later someone sets "every 20 minutes"
    sched, runs = make([DEFAULT_SCHEDULE, "*/20 * * * *"], clock)
    await run_until(sched, runs, 1)
    assert runs[0][1] == datetime(2026, 4, 19, 1, 20, tzinfo=timezone.utc)  # not 2 am
    assert sched.schedule == "*/20 * * * *"


async def test_an_invalid_schedule_falls_back_to_the_default():
    clock = FakeClock(T0)
    sched, runs = make("every night please", clock)
    await run_until(sched, runs, 1)
    assert runs[0][1].hour == 2 and "not a cron expression" in sched.error


async def test_catch_up_when_a_run_was_missed():
    clock = FakeClock(datetime(2026, 4, 19, 9, 0, tzinfo=timezone.utc))
    sched, runs = make(DEFAULT_SCHEDULE, clock)
    last_night = datetime(2026, 4, 19, 2, 0, 5, tzinfo=timezone.utc)
    assert not await sched.catch_up(last_night, pending=3)  # it ran at 2 am
    assert not await sched.catch_up(None, pending=0)  # nothing waits
    assert await sched.catch_up(last_night - timedelta(days=2), pending=3)
    assert runs == [("catch-up", clock.now)]


@pytest.mark.parametrize("expr, ok", [("0 2 * * *", True), ("*/5 * * * *", True),
                                      ("0 2 * *", False), ("", False), ("0 25 * * *", False)])
def test_schedule_validation(expr, ok):
    assert (schedule_error(expr) is None) is ok


def test_next_fire():
    assert next_fire("0 2 * * *", T0) == datetime(2026, 4, 19, 2, 0, tzinfo=timezone.utc)
