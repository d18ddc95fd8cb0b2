"""Maintenance decisions (spec Component 5, criteria 16-17) with ACT-R activation as the measure."""

from festinger.core.actr import CycleClock
from festinger.core.metadata import epoch_seconds
from festinger.core.maintenance import (ARCHIVE, PURGE, REACTIVATE, STAMP, MaintenanceSettings,
                                        apply_decision, decide, facts_of, iso, plan_maintenance)

T0 = 1_700_000_000.0  # cycle n completes at T0 + n seconds in these tests


def clock_at(cycles: int) -> CycleClock:
    clock = CycleClock.started(T0)
    for n in range(1, cycles + 1):
        clock.tick(T0 + n)
    return clock


def memory(validity="inferred", utility="tactical", source="agent_inferred", created=0.0,
           access_count=0, last_accessed=None, **lineage):
    lin = {"created_at": iso(T0 + created), "access_count": access_count,
           "last_accessed": iso(T0 + last_accessed) if last_accessed is not None else None}
    lin.update(lineage)
    return {"id": "m1", "area": "main",
            "classification": {"validity": validity, "relevance": "active", "utility": utility,
                               "source": source},
            "lineage": lin}


def decision(meta, cycles, **settings):
    return decide(facts_of("m1", meta, clock_at(cycles)), MaintenanceSettings(**settings))


def test_tactical_never_accessed_is_archived_only_once_older_than_the_threshold():
    assert decision(memory(), 50) is None
    d = decision(memory(), 51)
    assert d.action == ARCHIVE and "0 accesses" in d.reason
    assert decision(memory(), 21, archival_threshold_cycles=20).action == ARCHIVE


def test_recently_used_tactical_memory_stays_and_one_used_long_ago_fades():
    assert decision(memory(access_count=2, last_accessed=195), 200) is None
    # one use soon after creation: fades like a memory used twice, about 4x the threshold
    assert decision(memory(access_count=1, last_accessed=5), 190) is None
    assert decision(memory(access_count=1, last_accessed=5), 220).action == ARCHIVE


def test_load_bearing_deprecated_unclassified_and_knowledge_are_never_archived():
    assert decision(memory(utility="load_bearing"), 500) is None
    assert decision(memory(validity="deprecated", deprecated_at=iso(T0)), 500) is None
    unclassified = memory()
    del unclassified["classification"]
    assert decision(unclassified, 500) is None
    knowledge = memory()
    knowledge["knowledge_source"] = True
    assert decision(knowledge, 500) is None
    assert decision(memory(source="bookshelf_document"), 500) is None


def test_archived_memory_comes_back_after_three_accesses_since_archival():
    archived = dict(archived_at=iso(T0 + 100), archived_access_count=0)
    two = memory(utility="archived", access_count=2, last_accessed=198, **archived)
    three = memory(utility="archived", access_count=3, last_accessed=198, **archived)
    assert decision(two, 200) is None
    d = decision(three, 200)
    assert d.action == REACTIVATE and "3 accesses since archival" in d.reason
    # accesses from before the archival do not count as recent use
    old = memory(utility="archived", access_count=5, last_accessed=198,
                 archived_at=iso(T0 + 100), archived_access_count=3)
    assert decision(old, 200) is None


def test_three_accesses_spread_thinly_do_not_reactivate_so_rules_do_not_flap():
    thin = memory(utility="archived", access_count=3, last_accessed=400,
                  archived_at=iso(T0 + 60), archived_access_count=0)
    assert decision(thin, 2000) is None


def test_archived_by_another_tool_is_stamped_first():
    d = decision(memory(utility="archived", access_count=4), 200)
    assert d.action == STAMP


def test_purge_is_off_by_default_and_respects_retention_when_on():
    dep = memory(validity="deprecated", deprecated_at=iso(T0 + 10))
    assert decision(dep, 500) is None                                  # off by default
    assert decision(dep, 110, enable_purge=True) is None               # 100 cycles: kept
    d = decision(dep, 111, enable_purge=True)
    assert d.action == PURGE and "deprecated 101 cycles ago" in d.reason
    knowledge = memory(validity="deprecated", deprecated_at=iso(T0))
    knowledge["knowledge_source"] = True
    assert decision(knowledge, 5000, enable_purge=True) is None
    undated = memory(validity="deprecated")
    assert decision(undated, 5000, enable_purge=True).action == STAMP  # retention starts now


def test_apply_decision_changes_only_what_maintenance_owns():
    meta = memory(extra_key="kept")
    meta["classification"]["custom"] = "kept too"
    d = decision(meta, 60)
    assert apply_decision(meta, d, T0 + 60)
    assert meta["classification"]["utility"] == "archived"
    assert meta["classification"]["custom"] == "kept too" and meta["lineage"]["extra_key"] == "kept"
    assert meta["lineage"]["archived_access_count"] == 0
    assert epoch_seconds(meta["lineage"]["archived_at"]) == T0 + 60
    assert not apply_decision(meta, d, T0 + 61)  # no longer tactical: does not apply twice
    meta["lineage"]["access_count"] = 3
    meta["lineage"]["last_accessed"] = iso(T0 + 64)
    back = decide(facts_of("m1", meta, clock_at(65)), MaintenanceSettings())
    assert back.action == REACTIVATE and apply_decision(meta, back, T0 + 65)
    assert meta["classification"]["utility"] == "tactical" and "archived_at" not in meta["lineage"]


def test_plan_summary_and_agent_zero_timestamps():
    a0_style = {"id": "x", "timestamp": "2020-01-01 10:00:00",
                "classification": {"validity": "inferred", "relevance": "active",
                                   "utility": "tactical", "source": "agent_inferred"}}
    clock = CycleClock.started(epoch_seconds("2020-01-01 09:00:00"))
    for n in range(1, 80):
        clock.tick(epoch_seconds("2020-01-01 11:00:00") + n)
    plan = plan_maintenance([facts_of("x", a0_style, clock),
                             facts_of("m1", memory(utility="load_bearing"), clock)],
                            MaintenanceSettings())
    assert plan.summary() == {"examined": 2, "archived": 1, "reactivated": 0, "purged": 0, "stamped": 0}
    assert epoch_seconds("nonsense") is None and epoch_seconds(None) is None
    assert epoch_seconds("2024-01-01T00:00:00Z") == epoch_seconds("2024-01-01T00:00:00+00:00")


def test_the_fast_skip_never_hides_a_decision():
    cases = [memory(utility=u, validity=v, **extra)
             for u in ("tactical", "archived", "load_bearing")
             for v in ("confirmed", "inferred", "deprecated")
             for extra in ({}, {"deprecated_at": iso(T0)}, {"deprecated_at": 5},
                           {"archived_at": iso(T0 + 10), "archived_access_count": 0})]
    cases.append({"id": "m1"})
    for purge in (False, True):
        s = MaintenanceSettings(enable_purge=purge)
        for meta in cases:
            if facts_of("m1", meta, clock_at(300), s) is None:
                assert decide(facts_of("m1", meta, clock_at(300)), s) is None, meta
