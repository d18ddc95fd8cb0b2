"""Trust labels and the labelled blocks."""

from __future__ import annotations

from festinger.core.metadata import Classification, Relevance, Source, Utility, Validity
from festinger.core.trust import LabelledItem, label_for, render_blocks, trust_label
from festinger.prompt_files import recall_wording


def cls(source, validity=Validity.CONFIRMED, utility=Utility.TACTICAL):
    return Classification(validity, Relevance.ACTIVE, utility, source)


def test_labels_by_source_and_validity():
    assert trust_label(cls(Source.USER_ASSERTED)) == "user-stated, confirmed"
    assert trust_label(cls(Source.USER_ASSERTED, Validity.INFERRED)) == "user-stated"
    assert trust_label(cls(Source.AGENT_INFERRED, Validity.INFERRED)) == "agent-inferred"
    assert trust_label(cls(Source.AGENT_INFERRED)) == "agent-inferred, confirmed"
    assert trust_label(cls(Source.BOOKSHELF_DOCUMENT)) == "from a document"
    assert trust_label(cls(Source.EXTERNAL_RETRIEVED, Validity.INFERRED)) == "external"
    assert trust_label(None) == "unclassified"
    assert trust_label(None, knowledge=True) == "from a document"
    assert trust_label(cls(Source.AGENT_INFERRED, Validity.INFERRED), knowledge=True) == "from a document"


def test_markers_for_load_bearing_and_archived():
    assert trust_label(cls(Source.USER_ASSERTED, utility=Utility.LOAD_BEARING)) == \
        "user-stated, confirmed; load-bearing"
    assert trust_label(cls(Source.AGENT_INFERRED, Validity.INFERRED, Utility.ARCHIVED)) == \
        "agent-inferred; archived"


def test_label_for_reads_metadata_tolerantly():
    assert label_for({"area": "main", "knowledge_source": True}) == "from a document"
    assert label_for({"classification": {"validity": "bogus"}}) == "unclassified"


def test_blocks_carry_the_guidance_once():
    blocks = render_blocks([LabelledItem("agent-inferred", "line one\nline two")],
                           [LabelledItem("unclassified", "fix it")], recall_wording())
    assert "what the user says in this conversation comes first" in blocks["memories"]
    assert "comes first" not in blocks["solutions"]
    assert "- [agent-inferred] line one\n  line two" in blocks["memories"]
    only_solutions = render_blocks([], [LabelledItem("agent-inferred", "fix it")], recall_wording())
    assert set(only_solutions) == {"solutions"} and "comes first" in only_solutions["solutions"]
    assert render_blocks([], [], recall_wording()) == {}


def test_classified_knowledge_document_reads_from_a_document():
    """Knowledge import is classified external_retrieved + confirmed; it must still read as a
    document, not as "external" (web material)."""
    from festinger.core.classification import ClassifierSettings, classify_memory
    from festinger.core.metadata import write_classification

    meta = {"id": "k1", "area": "main", "knowledge_source": True, "source_file": "ports.md"}
    outcome = classify_memory("The default dashboard port is 8080.", meta, None, ClassifierSettings(("port",)),
                              now_iso="2025-01-01T00:00:00+00:00")
    write_classification(meta, outcome.classification, outcome.lineage)
    assert outcome.classification.source is Source.EXTERNAL_RETRIEVED
    assert label_for(meta).startswith("from a document")
