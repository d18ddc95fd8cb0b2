"""The four axes (spec Testing Criteria 1-3) and graceful handling of bad input."""

import json

import pytest

from festinger.config import FestingerConfig
from festinger.core.classification import (ClassificationContext, ClassificationResult, ClassifierSettings,
                                           MemoryOrigin, Unclassified, check_input, classify_memory,
                                           classify_text, origin_of)
from festinger.core.source_attribution import ContextMessage

SETTINGS = ClassifierSettings.from_config(FestingerConfig())
NOW = "2025-01-01T00:00:00+00:00"


def ctx(*msgs, role=None, domain=None):
    return ClassificationContext([ContextMessage(*m) for m in msgs], role_id=role, bst_domain=domain)


def test_criterion_1_user_fact_is_user_asserted_confirmed_load_bearing():
    r = classify_memory("The user's project uses Python 3.11", {"id": "a", "area": "fragments"},
                        ctx(("user", "My project uses Python 3.11"), ("agent", "Noted.")), SETTINGS, now_iso=NOW)
    assert isinstance(r, ClassificationResult)
    assert r.classification.to_dict() == {"validity": "confirmed", "relevance": "active",
                                          "utility": "load_bearing", "source": "user_asserted"}


def test_criterion_2_agent_guess_is_agent_inferred_inferred_tactical():
    r = classify_memory("The file is probably in /tmp", {"id": "b", "area": "fragments"},
                        ctx(("user", "where did the export go?"),
                            ("agent", "The file is probably in /tmp, let me check")), SETTINGS, now_iso=NOW)
    assert r.classification.to_dict() == {"validity": "inferred", "relevance": "active",
                                          "utility": "tactical", "source": "agent_inferred"}


@pytest.mark.parametrize("text,meta", [
    ("x", {"id": "1", "area": "main"}),
    ("solution text", {"id": "2", "area": "solutions"}),
    ("Knowledge chunk about Django", {"id": "3", "area": "main", "knowledge_source": True}),
    ("merged", {"id": "4", "area": "fragments", "consolidation_action": "merge"}),
])
def test_criterion_3_all_four_axes_and_lineage_always_populated(text, meta):
    r = classify_memory(text, meta, None, SETTINGS, now_iso=NOW)
    d = r.classification.to_dict()
    assert set(d) == {"validity", "relevance", "utility", "source"} and all(d.values())
    assert r.lineage.created_at and r.lineage.extra["classified_by"] == "festinger"


def test_lineage_records_role_and_domain_of_the_monologue():
    r = classify_memory("Some note", {"id": "x", "area": "fragments"},
                        ctx(("user", "hi"), role="bugfix_specialist", domain="bugfix"), SETTINGS, now_iso=NOW)
    assert r.lineage.created_by_role == "bugfix_specialist"
    assert r.lineage.bst_domain == "bugfix"


def test_solutions_are_agent_inferred_and_knowledge_is_confirmed():
    sol = classify_memory("# Problem\n x\n# Solution\n My project uses Python 3.11",
                          {"id": "s", "area": "solutions"}, ctx(("user", "My project uses Python 3.11")), SETTINGS, now_iso=NOW)
    assert sol.classification.source.value == "agent_inferred"
    kn = classify_memory("Doc", {"id": "k", "area": "main", "knowledge_source": True}, None, SETTINGS, now_iso=NOW)
    assert kn.origin is MemoryOrigin.KNOWLEDGE
    assert (kn.classification.validity.value, kn.classification.source.value) == ("confirmed", "external_retrieved")


def test_url_memory_not_from_user_is_external():
    r = classify_memory("Docs are at https://docs.example.com/api", {"id": "u", "area": "fragments"},
                        ctx(("user", "find the docs")), SETTINGS, now_iso=NOW)
    assert r.classification.source.value == "external_retrieved"


def test_keyword_makes_agent_memory_load_bearing_but_mustard_does_not():
    assert classify_text("Tests must pass before merge", "agent", SETTINGS, now_iso=NOW).classification.utility.value == "load_bearing"
    assert classify_text("Buy mustard", "agent", SETTINGS, now_iso=NOW).classification.utility.value == "tactical"


def test_classify_text_origins():
    assert classify_text("My name is Ada", "user", SETTINGS, now_iso=NOW).classification.source.value == "user_asserted"
    assert classify_text("Maybe restart it", "agent", SETTINGS, now_iso=NOW).classification.source.value == "agent_inferred"
    assert classify_text("Python 3.13 released October 2024", "tool", SETTINGS, now_iso=NOW).classification.source.value == "external_retrieved"
    with pytest.raises(ValueError):
        classify_text("x", "robot", SETTINGS, now_iso=NOW)


def test_user_correction_is_flagged():
    r = classify_memory("The API uses GraphQL", {"id": "c", "area": "fragments"},
                        ctx(("user", "actually the API uses GraphQL")), SETTINGS, now_iso=NOW)
    assert r.correction and r.classification.source.value == "user_asserted"


@pytest.mark.parametrize("text,meta,reason", [
    ("", {"id": "e"}, "empty"),
    ("   \n", {"id": "e"}, "empty"),
    ("x" * 1_048_576, {"id": "big"}, "too large"),
    (b"\xff\xfe bytes", {"id": "b"}, "bytes"),
    ("bad \udcff surrogate", {"id": "s"}, "undecodable"),
    ("ok", {"id": "c", "classification": "confirmed"}, "written by another tool"),
    ("ok", {"id": "l", "lineage": ["a", "b"]}, "written by another tool"),
    ("ok", {"id": 17}, "no text id"),
    ("ok", ["not", "a", "dict"], "not a mapping"),
    (None, {"id": "n"}, "not text"),
])
def test_bad_input_is_unclassified_with_a_reason_never_an_exception(text, meta, reason):
    r = classify_memory(text, meta, None, SETTINGS, now_iso=NOW)
    assert isinstance(r, Unclassified) and reason in r.reason


def test_classification_stored_as_json_string_by_older_tool_is_accepted():
    meta = {"id": "j", "classification": json.dumps({"validity": "inferred"}),
            "lineage": json.dumps({"access_count": 4})}
    assert check_input("text", meta) is None
    r = classify_memory("text", meta, None, SETTINGS, now_iso=NOW)
    assert r.lineage.access_count == 4


def test_fresh_ignores_carried_lineage():
    meta = {"id": "m", "area": "fragments", "lineage": {"created_at": "2020-01-01T00:00:00+00:00",
                                                        "superseded_by": "zzz", "access_count": 9}}
    r = classify_memory("merged text", meta, None, SETTINGS, fresh=True, now_iso="2025-01-01T00:00:00+00:00")
    assert r.lineage.superseded_by is None and r.lineage.access_count == 0
    assert r.lineage.created_at == "2025-01-01T00:00:00+00:00"


def test_origin_of():
    assert origin_of({"area": "fragments"}) is MemoryOrigin.FRAGMENT
    assert origin_of({"area": "main"}) is MemoryOrigin.SAVED
    assert origin_of({"area": "fragments", "consolidation_action": "keep_separate"}) is MemoryOrigin.FRAGMENT
    assert origin_of({"knowledge_source": True, "consolidation_action": "merge"}) is MemoryOrigin.KNOWLEDGE
