"""Graceful degradation: Postgres unreachable at start or lost mid-run ->
recollections from the cache (or the on-disk snapshot), graph writes journaled and replayed on
reconnect with nothing lost and nothing doubled -- also across a kill -9.

The server that is stopped and restarted is a throwaway embedded one under /tmp, whatever
FESTINGER_TEST_DSN says; the kill -9 tests use the session's server.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

import pytest

from festinger.config import load_config
from festinger.graph.iknowthat import iknowthat
from festinger.graph.journal import CRASH_ENV, read_journal
from festinger.service import FestingerService

from .conftest import PLUGIN, scalar, settle, sql

pytestmark = pytest.mark.postgres


class ThrowawayServer:
    """An embedded PostgreSQL in its own /tmp folder that a test can stop and restart; the
    socket path (so the DSN) stays the same across restarts."""

    def __init__(self) -> None:
        from festinger.db.embedded import EmbeddedServer

        self._cls = EmbeddedServer
        self.home = Path(tempfile.mkdtemp(prefix="festinger-deg-", dir="/tmp"))
        self.server = None
        self.dsn = None

    def start(self) -> str:
        self.server = self._cls(self.home)
        self.dsn = self.server.start()
        return self.dsn

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None


    def remove(self) -> None:
        import shutil

        self.stop()
        shutil.rmtree(self.home, ignore_errors=True)


@pytest.fixture
def throwaway():
    srv = ThrowawayServer()
    srv.start()
    yield srv
    srv.remove()


def make_service(home: Path, dsn: str, schema: str = "festinger", **settings):
    svc = FestingerService(load_config(file_layer=settings, environ={}), home=home, dsn=dsn,
                           schema=schema)
    graph = svc.graph
    graph.auto_bootstrap = False
    return svc, graph


def know(svc, fact):
    return svc.io.call(iknowthat(svc, fact, write_timeout=10), 60)


def wait_for(cond, timeout=40.0, what="condition"):
    deadline = time.time() + timeout
    while time.time() < deadline:
        if cond():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


EDGES = ("SELECT c.token AS c, p.token AS p, d.token AS d, u.source FROM urd u "
         "JOIN soas c ON c.id = u.id JOIN soas p ON p.id = u.parent_id "
         "JOIN soas d ON d.id = u.dim_id WHERE u.id <> u.parent_id ORDER BY 1, 3")


def test_server_stopped_mid_run_recollections_continue_and_writes_replay(throwaway, tmp_path):
    svc, g = make_service(tmp_path / "home", throwaway.dsn, saliency_flush_seconds=0.2)
    g.snapshots = False
    try:
        assert g.wait_first_attempt(60) and g.db_up
        assert know(svc, "gnommoweb -isa repo").outcome == "stored"
        for _ in range(5):
            g.process_prompt("gnommoweb status")
        assert settle(svc, g)

        throwaway.stop()  # ---- the database goes away mid-run
        res = g.process_prompt("gnommoweb is part of Glitch University. "
                               "dobby is an instance of agent.")
        assert "gnommoweb: [type] repo" in res.block  # still served from the cache
        wait_for(lambda: not g.db_up, what="the loss to be noticed")
        r = know(svc, "gnommoweb -ispart ramanujan in context of runs-on")
        assert r.ok and r.outcome == "journaled" and "journaled" in r.message
        for _ in range(3):
            assert "gnommoweb: [type] repo" in g.process_prompt("gnommoweb again").block
        svc.io.call(g.flush())
        assert len(g.journal) > 0
        _, on_disk = read_journal(g.journal.path)
        assert {o.kind for o in on_disk} >= {"fact", "encounters"}  # durable, on disk

        throwaway.start()  # ---- back: same DSN
        wait_for(lambda: g.db_up and not g.journal.pending(), 60, "the journal replay")
        assert sql(svc, EDGES) == [
            {"c": "dobby", "p": "agent", "d": "type", "source": "inferred"},
            {"c": "gnommoweb", "p": "glitch_university", "d": "membership",
             "source": "inferred"},
            {"c": "gnommoweb", "p": "ramanujan", "d": "runs-on", "source": "gutask"},
            {"c": "gnommoweb", "p": "repo", "d": "type", "source": "gutask"}]
        # every encounter counted exactly once: 5 before, 1 during the loss, 3 after
        wait_for(lambda: scalar(svc, "SELECT encounter_count FROM soas WHERE token = "
                                     "'gnommoweb'") == 9, 10, "the counts")
        assert g.counters["reconnects"] >= 1 and g.counters["rejected"] == 0
        assert "[runs-on] ramanujan" in g.process_prompt("gnommoweb?").block
    finally:
        svc.close()


def test_unreachable_at_start_serves_the_snapshot_then_replays(throwaway, tmp_path):
    home = tmp_path / "home"
    svc1, g1 = make_service(home, throwaway.dsn)
    assert g1.wait_first_attempt(60) and g1.db_up
    assert know(svc1, "gnommoweb -isa repo").outcome == "stored"
    assert know(svc1, "gnommoweb -ispart glitch_university").outcome == "stored"
    assert know(svc1, "container -isa artifact").outcome == "stored"
    svc1.close()  # writes the snapshot (the cache changed since it was loaded)
    assert (home / "graph-cache.snapshot").exists()

    throwaway.stop()  # ---- the next start finds no database
    svc2, g2 = make_service(home, throwaway.dsn)
    try:
        assert g2.wait_loaded(30) and not g2.db_up and g2.source == "snapshot"
        block = g2.process_prompt("how is gnommoweb doing?").block
        assert block == ("<recollection>\ngnommoweb: [type] repo [membership] glitch_university"
                         "\n</recollection>")
        # a collision decided against the snapshot (its tokens are all known: marked at
        # once), and a fact naming a brand-new token (it needs an id from Postgres: waits)
        r1 = know(svc2, "gnommoweb -isa container")
        r2 = know(svc2, "zorblax -isa repo")
        assert (r1.outcome, r2.outcome) == ("journaled", "journaled")
        assert "[type?] repo" in g2.render_tokens(["gnommoweb"])  # marked at once
        assert len(g2.journal) >= 2

        throwaway.start()  # ---- back: reload from Postgres, then replay
        wait_for(lambda: g2.db_up and g2.source == "postgres" and not g2.journal.pending(),
                 60, "reconnect and replay")
        q = sql(svc2, "SELECT s.token, q.collision_type, q.priority, q.id FROM "
                      "resolution_queue q JOIN soas s ON s.id = q.incoming_parent_id")
        assert [(r["token"], r["collision_type"], r["priority"]) for r in q] == [
            ("container", "isa_isa", True)]
        assert set(g2.cache.queue.entries) == {q[0]["id"]}  # provisional id replaced
        assert {"c": "zorblax", "p": "repo", "d": "type", "source": "gutask"} in sql(svc2, EDGES)
        assert "[type?] repo" in g2.render_tokens(["gnommoweb"])
        assert g2.cache.edges_of(g2.cache.soas_by_token["zorblax"].id)
    finally:
        svc2.close()


# ------------------------------------------------------------------ kill -9
CHILD = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, {plugin!r})
    from pathlib import Path
    from festinger.config import load_config
    from festinger.service import FestingerService
    svc = FestingerService(load_config(file_layer={{}}, environ={{}}), home=Path({home!r}),
                           dsn={dsn!r}, schema={schema!r})
    g = svc.graph
    g.auto_bootstrap = False
    g.snapshots = False
    assert g.wait_first_attempt(60) and g.db_up
    print("loaded", flush=True)
    {action}
    time.sleep(30)  # the crash point kills us before this ends
    print("not killed", flush=True)
""")


def run_child(home: Path, dsn: str, schema: str, crash: str, action: str):
    code = CHILD.format(plugin=PLUGIN, home=str(home), dsn=dsn, schema=schema,
                        action=action)
    env = dict(os.environ, **{CRASH_ENV: crash})
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL, (proc.returncode, proc.stdout, proc.stderr)
    assert "loaded" in proc.stdout
    return proc


def test_killed_between_journal_write_and_replay_loses_nothing(service_factory, pg_dsn):
    base = service_factory()  # only for its fresh schema (migrated by the child)
    home = base.home
    run_child(home, pg_dsn, base.schema, "after_append", textwrap.dedent("""
        from festinger.graph.factfile import parse_fact
        g.submit_fact(parse_fact("gnommoweb -isa repo"))
    """).strip())
    files = list((home / "journal").glob("graph-*.jsonl"))
    assert len(files) == 1
    assert [o.kind for o in read_journal(files[0])[1]] == ["fact"]
    assert scalar(base, "SELECT count(*) FROM urd WHERE id <> parent_id") == 0  # not applied

    g = base.graph
    g.auto_bootstrap = False
    g.snapshots = False
    assert g.wait_first_attempt(60)
    assert settle(base, g)
    assert sql(base, EDGES) == [{"c": "gnommoweb", "p": "repo", "d": "type",
                                 "source": "gutask"}]
    assert not files[0].exists()  # adopted, replayed, gone
    assert g.cache.edges_of(g.cache.soas_by_token["gnommoweb"].id)


def test_killed_between_replay_and_truncate_doubles_nothing(service_factory, pg_dsn):
    base = service_factory()
    g0 = base.graph
    g0.auto_bootstrap = False
    g0.snapshots = False
    assert g0.wait_first_attempt(60)
    # saliency 3: already past the write threshold (ln(11) = 2.4 would cross it from 1 and
    # queue a write candidate before the operations this test crashes after)
    for t in ("alpha_service", "gnommoweb", "repo", "container"):
        sql(base, "INSERT INTO soas (token, encounter_count, saliency) VALUES ($1, 10, 3)", t)
    sql(base, "INSERT INTO urd (id, parent_id, dim_id, is_isa, source) SELECT g.id, r.id, "
              "t.id, true, 'gutask' FROM soas g, soas r, soas t WHERE g.token = 'gnommoweb' "
              "AND r.token = 'repo' AND t.token = 'type'")
    home = base.home.parent / "crash-home"
    # 1. an encounter batch (not idempotent by itself: it adds counts)
    run_child(home, pg_dsn, base.schema, "after_apply", textwrap.dedent("""
        for _ in range(3):
            g.process_prompt("alpha_service")
        svc.io.call(g.flush())
    """).strip())
    assert scalar(base, "SELECT encounter_count FROM soas WHERE token = 'alpha_service'") == 13
    # 2. a queued collision (a second row would be a second conflict)
    home2 = base.home.parent / "crash-home-2"  # else it would adopt (and replay) the first
    run_child(home2, pg_dsn, base.schema, "after_apply",
              'g.process_prompt("gnommoweb is a container")')
    for f in (home2 / "journal").glob("graph-*.jsonl"):  # both left behind in one folder
        f.rename(home / "journal" / f.name)
    assert scalar(base, "SELECT count(*) FROM resolution_queue") == 1
    left = [o.kind for f in (home / "journal").glob("graph-*.jsonl")
            for o in read_journal(f)[1]]
    assert sorted(left) == ["conflict", "encounters"]  # applied, but never truncated

    svc, g = make_service(home, pg_dsn, base.schema)
    g.snapshots = False
    try:
        assert g.wait_first_attempt(60)
        assert settle(svc, g)
        assert g.counters["duplicates"] == 2 and g.counters["rejected"] == 0
        assert scalar(svc, "SELECT encounter_count FROM soas WHERE token = "
                           "'alpha_service'") == 13
        assert scalar(svc, "SELECT count(*) FROM resolution_queue") == 1
        assert not list((home / "journal").glob("graph-*.jsonl")) or not any(
            read_journal(f)[1] for f in (home / "journal").glob("graph-*.jsonl"))
        qid = scalar(svc, "SELECT id FROM resolution_queue")
        assert set(g.cache.queue.entries) == {qid}
        assert "[type?] repo" in g.render_tokens(["gnommoweb"])
    finally:
        svc.close()
