"""The journal file and the cache snapshot on their own (no database)."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
import textwrap
from datetime import datetime, timezone


from festinger.graph import snapshot
from festinger.graph.journal import Journal, Op, read_journal

from .conftest import PLUGIN


def test_append_is_durable_and_emptied_once_everything_is_applied(tmp_path):
    j = Journal(tmp_path, "db-a")
    ops = [Op("intern", {"tokens": ["gnommoweb"]}), Op("edge", {"concept_id": 7})]
    j.append(ops)
    header, on_disk = read_journal(j.path)
    assert header["key"] == "db-a"
    assert [o.id for o in on_disk] == [o.id for o in ops]
    j.applied(ops[0].id)
    assert [o.id for o in read_journal(j.path)[1]] == [o.id for o in ops]  # still pending
    j.applied(ops[1].id)
    assert read_journal(j.path)[1] == [] and len(j) == 0
    j.close()
    assert not j.path.exists()  # nothing pending: no file left behind


def test_a_torn_last_line_is_skipped(tmp_path):
    j = Journal(tmp_path, "db-a")
    op = Op("intern", {"tokens": ["x"]})
    j.append([op])
    with open(j.path, "a") as fh:
        fh.write('{"op": "abc", "kind": "edge", "da')  # the process died mid-write
    assert [o.id for o in read_journal(j.path)[1]] == [op.id]


def test_a_live_process_keeps_its_journal_a_dead_ones_is_adopted(tmp_path):
    code = textwrap.dedent(f"""
        import sys, time
        sys.path.insert(0, {PLUGIN!r})
        from festinger.graph.journal import Journal, Op
        j = Journal(__import__("pathlib").Path({str(tmp_path)!r}), "db-a")
        j.append([Op("intern", {{"tokens": ["from-child"]}}, "op-child")])
        print("ready", flush=True)
        time.sleep(60)
    """)
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "ready"
        mine = Journal(tmp_path, "db-a")
        assert mine.adopt_orphans() == []  # the child holds its file: alive
    finally:
        child.kill()
        child.wait()
    adopted = mine.adopt_orphans()
    assert [o.id for o in adopted] == ["op-child"]
    assert [o.id for o in mine.pending()] == ["op-child"]
    assert [p.name for p in tmp_path.glob("graph-*.jsonl")] == [mine.path.name]
    mine.close()
    assert mine.path.exists()  # still pending: kept for the next process


def test_a_journal_of_another_database_is_left_alone(tmp_path):
    other = tmp_path / "graph-1-deadbeef.jsonl"
    other.write_text(json.dumps({"journal": 1, "key": "db-b"}) + "\n" +
                     Op("intern", {"tokens": ["x"]}).to_line())
    j = Journal(tmp_path, "db-a")
    assert j.adopt_orphans() == []
    assert other.exists()


def test_compaction_keeps_only_pending_operations(tmp_path, monkeypatch):
    import festinger.graph.journal as jm

    monkeypatch.setattr(jm, "COMPACT_AFTER", 3)
    j = Journal(tmp_path, "db-a")
    ops = [Op("encounters", {"rows": [[i, 1, None, 0.0, 0.0]]}) for i in range(5)]
    j.append(ops)
    for op in ops[:3]:
        j.applied(op.id)
    assert [o.id for o in read_journal(j.path)[1]] == [o.id for o in ops[3:]]


def test_snapshot_roundtrip_and_it_refuses_objects(tmp_path):
    now = datetime(2026, 4, 19, 16, 0, tzinfo=timezone.utc)
    path = tmp_path / "graph-cache.snapshot"
    snapshot.save(path, "db-a", [(1, "type", 0, None, 0.0, 0.0),
                                 (9, "gnommoweb", 3, now.timestamp(), 0.47, 1.0)],
                  [(1, 1, 1, True, 1.0, now.timestamp(), "festinger")],
                  [(4, 9, 10, 11, 1, "isa_isa", "pending", now.timestamp(), True, True, 1.0,
                    "gutask")])
    snap = snapshot.load(path, "db-a")
    assert snap.soas[1] == (9, "gnommoweb", 3, now, 0.47, 1.0)
    assert snap.edges[0][5] == now
    assert snap.queue[0][7] == now
    assert snapshot.load(path, "db-b") is None  # another database: ignored

    class Evil:
        def __reduce__(self):
            return (print, ("pwned",))

    path.write_bytes(pickle.dumps((1, "db-a", 0.0, [Evil()], [], [])))
    assert snapshot.load(path, "db-a") is None  # no class may be loaded
    path.write_bytes(b"garbage")
    assert snapshot.load(path, "db-a") is None


def test_rejected_operations_file_is_rotated_not_grown_forever(tmp_path):
    from festinger.graph.journal import REJECTED_FILE, REJECTED_MAX_BYTES

    j = Journal(tmp_path, "db-a")
    path = tmp_path / REJECTED_FILE
    path.write_text("x" * REJECTED_MAX_BYTES + "\n")  # a bug has been rejecting for a while
    j.record_rejected(Op("edge", {"concept_id": 7}, "op-new"), "CheckViolationError: no")
    lines = path.read_text().splitlines()
    assert [json.loads(line)["op"] for line in lines] == ["op-new"]
    assert (tmp_path / (REJECTED_FILE + ".1")).stat().st_size > REJECTED_MAX_BYTES
    for n in range(3):  # below the limit: appended
        j.record_rejected(Op("edge", {}, f"op-{n}"), "error")
    assert len(path.read_text().splitlines()) == 4
