"""Access counting in place, and batch saving."""

from __future__ import annotations

from types import SimpleNamespace

from festinger.recall.access_tracker import AccessTracker, increment_access


def test_increment_creates_or_updates_lineage_copy_on_write():
    md = {}
    assert increment_access(md, "2026-01-01T00:00:00+00:00") == 1
    lin = md["lineage"]
    assert increment_access(md, "2026-01-02T00:00:00+00:00") == 2
    assert md["lineage"]["last_accessed"].startswith("2026-01-02")
    # the old dict (which a concurrent pickle may be walking) is never changed
    assert lin["access_count"] == 1 and lin["last_accessed"].startswith("2026-01-01")
    md2 = {"lineage": {"access_count": "bad"}}
    assert increment_access(md2, "t") == 1


def test_batching_piggyback_and_due():
    clock = [0.0]
    tracker = AccessTracker(max_age_s=60, max_pending=3, clock=lambda: clock[0])
    memory = SimpleNamespace(db=object())
    docs = [SimpleNamespace(metadata={}) for _ in range(2)]
    tracker.record(memory, docs)
    assert tracker.pending() == 2 and tracker.due() == []
    clock[0] = 61
    assert tracker.due() == [memory]
    saved = []
    assert tracker.save(memory, saved.append) and saved == [memory]
    assert tracker.pending() == 0

    tracker.record(memory, docs[:1])
    tracker.on_store_written(memory)
    assert tracker.pending() == 0 and tracker.piggybacked == 1

    tracker.record(memory, docs + docs)
    assert tracker.due() == [memory]  # max_pending reached


def test_failed_save_keeps_the_counts_pending():
    tracker = AccessTracker()
    memory = SimpleNamespace(db=object())
    tracker.record(memory, [SimpleNamespace(metadata={})])

    def boom(m):
        raise OSError("disk full")

    try:
        tracker.save(memory, boom)
    except OSError:
        pass
    assert tracker.pending() == 1
    assert tracker.flush_all(lambda m: None) == 1 and tracker.pending() == 0


def test_store_reloaded_before_save_is_never_written():
    """Agent Zero reloaded the store (embedding model change): the old object must not be
    saved over the re-indexed files; its pending counts are dropped."""
    from festinger.a0.memory_store import is_current, save

    class Memory:
        index: dict = {}

        def __init__(self, db, memory_subdir):
            self.db, self.memory_subdir, self.saved = db, memory_subdir, 0

        def _save_db(self):
            self.saved += 1

    old = Memory(object(), "default")
    Memory.index["default"] = old.db
    tracker = AccessTracker(max_age_s=0, is_current=is_current)
    tracker.record(old, [SimpleNamespace(metadata={})])
    Memory.index["default"] = object()          # reload: a new FAISS object
    assert tracker.due() == [old]
    assert tracker.save(old, save) is False and old.saved == 0
    assert tracker.pending() == 0 and tracker.dropped == 1
    assert save(old) is False and old.saved == 0  # the saver refuses it as well
    fresh = Memory(Memory.index["default"], "default")
    tracker.record(fresh, [SimpleNamespace(metadata={})])
    assert tracker.save(fresh, save) is True and fresh.saved == 1
