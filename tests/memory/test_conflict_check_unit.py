"""check_conflicts on plain documents: which neighbours are judged, and how losers are marked."""

from langchain_core.documents import Document

from festinger.config import FestingerConfig
from festinger.core.classification import ClassifierSettings, classify_memory
from festinger.core.contradiction import detect_contradiction
from festinger.core.metadata import read_classification, read_lineage, write_classification
from festinger.memory.conflicts import check_conflicts

S = ClassifierSettings.from_config(FestingerConfig())
NOW = "2026-01-01T00:00:00+00:00"


def incoming(text="The project uses Python 3.11", **meta):
    doc = Document(text, metadata={"id": "new", "area": "fragments", **meta})
    result = classify_memory(text, doc.metadata, None, S, now_iso=NOW)
    write_classification(doc.metadata, result.classification, result.lineage)
    return doc, result


def old(i, text, **meta):
    return Document(text, metadata={"id": i, "area": "fragments", "timestamp": "2025-01-01 00:00:00", **meta})


def run(doc, result, neighbours, top_k=5):
    return check_conflicts("new", doc, result, neighbours, top_k=top_k, settings=S,
                           detector=detect_contradiction, now_iso=NOW)


def test_unclassified_old_memory_is_judged_by_a_context_free_reading_and_marked():
    doc, result = incoming()
    o = old("o", "The project uses Python 3.9")
    records, changed = run(doc, result, [("new", doc, 1.0), ("o", o, 0.95)])
    assert changed == {"o", "new"} and len(records) == 1
    assert read_classification(o.metadata).validity.value == "deprecated"
    assert read_lineage(o.metadata).superseded_by == "new"
    assert read_lineage(doc.metadata).supersedes == "o"


def test_dissimilar_malformed_and_beyond_top_k_neighbours_are_not_judged():
    doc, result = incoming()
    far = old("far", "The project uses Python 3.9")
    bad = old("bad", "The project uses Python 3.8", classification="garbage")
    third = old("third", "The project uses Python 3.7")
    records, changed = run(doc, result, [("far", far, 0.6), ("bad", bad, 0.99), ("third", third, 0.9)], top_k=1)
    assert records == [] and changed == set()
    assert read_classification(far.metadata) is None and bad.metadata["classification"] == "garbage"


def test_two_knowledge_documents_never_judge_each_other():
    doc, result = incoming("The default port is 9090.", knowledge_source=True)
    k = old("k", "The default port is 8080.", knowledge_source=True)
    assert run(doc, result, [("k", k, 0.99)]) == ([], set())


def test_an_agents_first_person_memory_never_deprecates_the_users_own_fact():
    # "My name is Agent Zero." stored by the agent is about the agent: the detector reads "my"
    # as the user, so the conflict check judges a user slot only on the user's own words
    # (found by a blind attack set: it deprecated "The user's name is Alice.")
    doc, result = incoming("My name is Agent Zero.")
    assert result.classification.source.value != "user_asserted"
    o = old("o", "The user's name is Alice.")
    records, changed = run(doc, result, [("new", doc, 1.0), ("o", o, 0.95)])
    assert records == [] and "o" not in changed
    # a memory in the user's own words still takes part in the check
    user_doc, user_result = incoming("The user's name is Alicia now.")
    records, _ = run(user_doc, user_result, [("new", user_doc, 1.0), ("o2", old("o2", "The user's name is Alice."), 0.95)])
    assert records and records[0].resolution.loser.id == "o2"
