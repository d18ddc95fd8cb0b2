"""The resolution job and the graph's writers share a small connection pool and one write
lock: whoever waits for the lock must not hold a connection, and connections held for the
life of the process (LISTEN) or of a run (the advisory lock) are not the pool's."""

from __future__ import annotations

import asyncio

import pytest

from .test_job import LOW, isa_isa_collision

pytestmark = pytest.mark.postgres


def test_an_override_waiting_for_the_write_lock_holds_no_pool_connection(graph_env):
    """The deadlock: the override took a connection, then waited for the graph's write lock;
    the journal drain held the lock and waited for a connection (pool of 4, one pinned by
    LISTEN). Now the lock comes first, and LISTEN has a connection of its own."""
    env = graph_env(**LOW)
    qid = isa_isa_collision(env)

    async def scenario():
        db = await env.svc.db()
        pool = db.pool
        async with env.graph.write_lock:  # what the drain or a reload holds
            task = asyncio.ensure_future(env.res.override(qid, {"decision": "dismiss"}))
            await asyncio.sleep(0.3)  # the override now waits for the lock
            # the lock holder can have every connection of the pool
            held = [await asyncio.wait_for(pool.acquire(), 5)
                    for _ in range(pool.get_max_size())]
            for conn in held:
                await pool.release(conn)
        return await asyncio.wait_for(task, 30)

    out = env.call(scenario())
    assert out.status == "dismissed"
    env.check()


def test_a_run_keeps_its_advisory_lock_outside_the_pool(graph_env):
    env = graph_env(**LOW)
    isa_isa_collision(env)
    seen = {}

    async def slow_reply():
        # while the model "thinks", the run holds the advisory lock: all of the pool is free
        db = await env.svc.db()
        pool = db.pool
        held = [await asyncio.wait_for(pool.acquire(), 5) for _ in range(pool.get_max_size())]
        seen["acquired"] = len(held)
        for conn in held:
            await pool.release(conn)
        return '{"decision": "dismiss"}'

    class Provider:
        label = "inline"

        async def complete(self, system, message, timeout=60.0, max_tokens=1024):
            return await slow_reply()

        async def aclose(self):
            return None

    async def source(conn):
        return Provider()

    env.res.job.provider_source = source
    report = env.run()
    assert report["dismissed"] == 1 and seen["acquired"] >= 4
