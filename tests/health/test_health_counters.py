"""Incremental counts, degradation rules and the memory_health payload (spec Component 4)."""

from festinger.core.health import (DEGRADED, NOMINAL, ClassificationLedger, DegradationSettings,
                                   PendingTrend, assess, graph_health, memory_health)


def meta(validity="inferred", utility="tactical", source="agent_inferred", **extra):
    return {"classification": {"validity": validity, "relevance": "active", "utility": utility,
                               "source": source}, **extra}


def test_counts_move_by_delta_on_insert_update_delete():
    ledger = ClassificationLedger()
    ledger.observe("a", meta("confirmed", "load_bearing", "user_asserted"))
    ledger.observe("b", meta())
    ledger.observe("c", {"area": "main"})                         # not classified yet
    ledger.observe("k", meta(source="bookshelf_document", knowledge_source=True))
    c = ledger.counts()
    assert c["total_memories"] == 3 and c["unclassified"] == 1 and c["knowledge_documents"] == 1
    assert c["by_validity"] == {"confirmed": 1, "inferred": 2, "deprecated": 0}
    assert c["by_utility"] == {"load_bearing": 1, "tactical": 2, "archived": 0}
    assert c["by_source"]["user_asserted"] == 1 and c["by_source"]["agent_inferred"] == 1

    ledger.observe("c", meta())                                   # classified later
    ledger.observe("b", meta("deprecated"))                       # lost a conflict
    ledger.forget("a")
    ledger.forget("nope")
    c = ledger.counts()
    assert c["total_memories"] == 3 and c["unclassified"] == 0
    assert c["by_validity"] == {"confirmed": 0, "inferred": 2, "deprecated": 1}
    assert ledger.deprecations_observed == 1
    ledger.observe("b", meta("deprecated"))                       # same again: no new resolution
    assert ledger.deprecations_observed == 1


def test_a_memory_inserted_already_deprecated_is_not_a_resolution():
    ledger = ClassificationLedger()
    change = ledger.observe("x", meta("deprecated"))  # e.g. consolidation carried it over
    assert not change.newly_deprecated and ledger.deprecations_observed == 0


def test_rebuild_equals_incremental():
    docs = [(f"d{i}", meta(["confirmed", "inferred", "deprecated"][i % 3])) for i in range(30)]
    inc, full = ClassificationLedger(), ClassificationLedger()
    for i, m in docs:
        inc.observe(i, m)
    full.rebuild(docs)
    assert inc.counts() == full.counts()


def test_memory_health_has_the_spec_schema_first():
    ledger = ClassificationLedger()
    ledger.observe("a", meta("confirmed", source="user_asserted"))
    mh = memory_health(ledger.counts(), conflicts_resolved_this_session=2,
                       last_classification_run="2026-01-01T00:00:00+00:00")
    assert list(mh)[:6] == ["total_memories", "by_validity", "by_utility", "by_source",
                            "conflicts_resolved_this_session", "last_classification_run"]
    assert set(mh["by_validity"]) == {"confirmed", "inferred", "deprecated"}
    assert set(mh["by_utility"]) == {"load_bearing", "tactical", "archived"}
    assert {"user_asserted", "agent_inferred"} <= set(mh["by_source"])
    assert mh["total_memories"] == 1 and mh["conflicts_resolved_this_session"] == 2


def counts(confirmed, deprecated):
    return {"by_validity": {"confirmed": confirmed, "inferred": 0, "deprecated": deprecated}}


def test_deprecated_to_confirmed_ratio_degrades_health():
    s = DegradationSettings(deprecated_ratio=0.5, pending_conflicts=50)
    assert assess(counts(20, 10), None, None, s).health == NOMINAL      # exactly 0.5: not above
    a = assess(counts(20, 11), None, None, s)
    assert a.health == DEGRADED and "11/20" in a.reasons[0]
    assert assess(counts(0, 3), None, None, s).health == NOMINAL        # too few to mean anything
    assert assess(counts(0, 6), None, None, s).health == DEGRADED
    assert assess(counts(20, 11), None, None, DegradationSettings(deprecated_ratio=1.0)).health == NOMINAL


def test_pending_conflicts_above_threshold_or_growing_through_resolution_runs():
    s = DegradationSettings(pending_conflicts=50)
    assert assess({}, {"pending_conflicts": 50}, None, s).health == NOMINAL
    assert "51 pending" in assess({}, {"pending_conflicts": 51}, None, s).reasons[0]

    trend = PendingTrend()
    for n in (3, 4, 5, 5, 6):               # queue fills between nightly runs: normal
        trend.record(n, "2026-01-01T02:00:00")
    assert not trend.growing()
    trend.record(7, "2026-01-02T02:00:00")  # the job ran and the queue still grew
    assert trend.growing()
    a = assess({}, {"pending_conflicts": 7}, trend, s)
    assert a.health == DEGRADED and "keep growing" in a.reasons[0]
    trend.record(2, "2026-01-03T02:00:00")
    assert not trend.growing()


def test_unreachable_graph_database_is_a_degradation_reason():
    g = graph_health({"soas": 10, "urd": 12, "pending_conflicts": 0, "db_connected": False,
                      "journal_pending": 4})
    assert g["concepts"] == 10 and g["edges"] == 12 and g["last_resolution_run"] is None
    a = assess({}, g, None, DegradationSettings())
    assert a.health == DEGRADED and "4 graph writes journalled" in a.reasons[0]
    assert graph_health(None) is None and graph_health("junk") is None
