"""Storage: migrations, concurrent start-up, the embedded server's life cycle."""

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from festinger.db.database import Database, DatabaseError
from festinger.db.migrate import load_migrations

pytestmark = pytest.mark.postgres
PLUGIN = str(Path(__file__).resolve().parents[2] / "plugin")


async def test_schema_has_the_seeds_tables_and_roots(database):
    async with database.pool.acquire() as conn:
        tables = {r["table_name"] for r in await conn.fetch(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = $1",
            database.schema)}
        assert {"soas", "urd", "resolution_queue", "config", "models"} <= tables
        roots = await conn.fetch("SELECT s.token, u.is_isa FROM urd u JOIN soas s ON s.id = u.id "
                                 "WHERE u.id = u.parent_id AND u.id = u.dim_id ORDER BY s.token")
        assert {r["token"] for r in roots} == {"type", "membership", "runs-on", "tech",
                                                "owned-by", "geography"}
        assert {r["token"] for r in roots if r["is_isa"]} == {"type"}
        # one parent per concept per dimension is enforced by the database itself
        a = await conn.fetchval("INSERT INTO soas (token) VALUES ('gnommoweb') RETURNING id")
        p1 = await conn.fetchval("INSERT INTO soas (token) VALUES ('repo') RETURNING id")
        p2 = await conn.fetchval("INSERT INTO soas (token) VALUES ('container') RETURNING id")
        t = await conn.fetchval("SELECT id FROM soas WHERE token = 'type'")
        await conn.execute("INSERT INTO urd (id, parent_id, dim_id, is_isa, source) "
                           "VALUES ($1, $2, $3, true, 'gutask')", a, p1, t)
        import asyncpg
        with pytest.raises(asyncpg.UniqueViolationError):
            await conn.execute("INSERT INTO urd (id, parent_id, dim_id, is_isa, source) "
                               "VALUES ($1, $2, $3, true, 'gutask')", a, p2, t)
        with pytest.raises(asyncpg.CheckViolationError):  # a self-loop outside a root
            await conn.execute("INSERT INTO urd (id, parent_id, dim_id, is_isa, source) "
                               "VALUES ($1, $1, $2, true, 'gutask')", p2, t)


async def test_reopening_applies_nothing_twice(pg_dsn, database):
    again = await Database(dsn=pg_dsn, schema=database.schema).open()
    try:
        assert again.migrations_applied == []
        assert await again.version() == load_migrations()[-1].version
    finally:
        await again.close()


def test_concurrent_processes_migrate_once(pg_dsn):
    """Several processes starting at once on a new schema: the advisory lock serialises them."""
    from conftest import new_schema_name

    schema = new_schema_name()
    code = textwrap.dedent(f"""
        import asyncio, sys
        sys.path.insert(0, {PLUGIN!r})
        from festinger.db.database import Database
        async def main():
            db = await Database(dsn={pg_dsn!r}, schema={schema!r}).open()
            print(db.migrations_applied)
            await db.close()
        asyncio.run(main())
    """)
    procs = [subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
             for _ in range(4)]
    outs = [p.communicate(timeout=120)[0].strip() for p in procs]
    assert all(p.returncode == 0 for p in procs), outs
    applied = [o for o in outs if o != "[]"]
    assert len(applied) == 1, outs  # exactly one process ran the migrations

    async def check_and_drop():
        import asyncpg
        conn = await asyncpg.connect(pg_dsn)
        try:
            n = await conn.fetchval(f'SELECT count(*) FROM "{schema}".soas')
            await conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
            return n
        finally:
            await conn.close()
    assert asyncio.run(check_and_drop()) == 6


def test_unreachable_server_is_one_clear_error():
    async def go():
        await Database(dsn="postgresql://postgres@127.0.0.1:1/none").open()
    with pytest.raises(DatabaseError) as info:
        asyncio.run(go())
    assert "PostgreSQL at postgresql://postgres@127.0.0.1:1/none is not usable" in str(info.value)


def test_bad_schema_name_refused():
    with pytest.raises(DatabaseError):
        Database(dsn="postgresql://x/y", schema="x; drop table soas")


HOLDER = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, {plugin!r})
    from festinger.db.embedded import EmbeddedServer
    from pathlib import Path
    s = EmbeddedServer(Path({home!r}))
    s.start()
    print(s.pid, flush=True)
    if {hold}:
        time.sleep(600)
    s.stop()
""")


def _holder(home: Path, hold: bool) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", HOLDER.format(plugin=PLUGIN, home=str(home),
                                                                 hold=hold)],
                            stdout=subprocess.PIPE, text=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
        return True
    except ProcessLookupError:
        return False


@pytest.mark.skipif(bool(os.environ.get("FESTINGER_TEST_DSN")), reason="embedded server only")
def test_embedded_server_shared_orphan_reused_and_stopped_cleanly(tmp_path_factory):
    import tempfile
    home = Path(tempfile.mkdtemp(prefix="festinger-emb-"))
    first = _holder(home, hold=True)
    pid1 = int(first.stdout.readline())
    # a second process joins the same server instead of starting another
    second = _holder(home, hold=False)
    out, _ = second.communicate(timeout=120)
    assert int(out.strip()) == pid1 and _alive(pid1)  # the holder still uses it: not stopped
    # the holder is killed: the server is orphaned, and the next process reuses it ...
    first.send_signal(signal.SIGKILL)
    first.wait()
    third = _holder(home, hold=False)
    out, _ = third.communicate(timeout=120)
    assert int(out.strip()) == pid1
    # ... and, being the last live handle (the dead holder was pruned), stops it cleanly
    deadline = time.time() + 20
    while _alive(pid1) and time.time() < deadline:
        time.sleep(0.2)
    assert not _alive(pid1)
    assert not (home / "pgdata" / "postmaster.pid").exists()
    # a postmaster killed outright is detected and restarted on the same data
    fourth = _holder(home, hold=True)
    pid4 = int(fourth.stdout.readline())
    os.kill(pid4, signal.SIGKILL)
    time.sleep(0.5)
    fifth = _holder(home, hold=False)
    out, _ = fifth.communicate(timeout=120)
    pid5 = int(out.strip())
    assert pid5 != pid4
    # the holder dies too: the next process to come and go is the last handle and stops it
    fourth.kill()
    fourth.wait()
    out, _ = _holder(home, hold=False).communicate(timeout=120)
    assert int(out.strip()) == pid5
    deadline = time.time() + 20
    while _alive(pid5) and time.time() < deadline:
        time.sleep(0.2)
    assert not _alive(pid5)


@pytest.mark.parametrize("dsn, shown", [
    ("postgresql://u:secret@h:5432/db", "postgresql://u:***@h:5432/db"),
    ("postgresql://u:p@ss@h/db", "postgresql://u:***@h/db"),
    ("postgresql://u@h/db?sslmode=require&password=secret", "postgresql://u@h/db?sslmode=require&password=***"),
    ("host=h user=u password=secret dbname=db", "host=h user=u password=*** dbname=db"),
    ("host=h password='se cret' dbname=db", "host=h password=*** dbname=db"),
    ("postgresql://postgres@127.0.0.1:5432/test", "postgresql://postgres@127.0.0.1:5432/test"),
])
def test_passwords_never_reach_logs_or_files(dsn, shown):
    from festinger.db.database import redact_dsn

    assert redact_dsn(dsn) == shown
    assert "secret" not in redact_dsn(dsn) and "ss@" not in redact_dsn(dsn)


@pytest.mark.skipif(bool(os.environ.get("FESTINGER_TEST_DSN")), reason="embedded server only")
async def test_starting_the_embedded_server_does_not_block_the_event_loop():
    """initdb and pg_ctl take seconds: meanwhile the loop must keep serving (the graph's
    cache, its snapshot fallback and the journal all run on it)."""
    import tempfile

    home = Path(tempfile.mkdtemp(prefix="festinger-emb-"))
    gaps, stop = [], asyncio.Event()

    async def ticker():
        last = time.monotonic()
        while not stop.is_set():
            await asyncio.sleep(0.02)
            now = time.monotonic()
            gaps.append(now - last)
            last = now

    tick = asyncio.ensure_future(ticker())
    db = await Database(home=home).open()
    try:
        assert db.is_embedded and await db.version() >= 1
    finally:
        await db.close()
        stop.set()
        await tick
    assert len(gaps) > 10 and max(gaps) < 0.5, f"the loop stalled for {max(gaps):.2f} s"
