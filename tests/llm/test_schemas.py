"""LLM answers are validated whole before anything touches the graph."""

from __future__ import annotations

import json

import pytest

from festinger.llm.schemas import (DECISIONS, MAX_ANSWER_CHARS, AnswerError, DecomposeDecision,
                                   DismissDecision, ReclassifyDecision, UpdateDecision,
                                   WriteContext, extract_json, parse_decision,
                                   parse_write_answer)

CTX = WriteContext("gnommoweb", frozenset({"type", "membership", "runs-on", "tech"}))


def triple(**kw):
    base = {"concept": "gnommoweb", "parent": "repo", "dimension": "type", "is_isa": True,
            "confidence": 0.8}
    base.update(kw)
    return base


def answer(*triples) -> str:
    return json.dumps({"triples": list(triples)})


def test_valid_answer_is_normalised():
    got = parse_write_answer(answer(triple(), triple(parent="Glitch University",
                                                      dimension="membership", is_isa=False)),
                             CTX)
    assert [(t.parent, t.dimension, t.is_isa) for t in got] == [
        ("repo", "type", True), ("glitch_university", "membership", False)]


@pytest.mark.parametrize("text", [
    "Sure! Here you go:\n```json\n" + answer(triple()) + "\n```\nHope it helps.",
    "The facts are " + answer(triple()) + " as requested.",
    json.dumps([triple()]),  # a bare list
])
def test_answer_wrapped_in_prose_or_fences(text):
    assert [t.parent for t in parse_write_answer(text, CTX)] == ["repo"]


def test_empty_list_means_the_model_does_not_know():
    assert parse_write_answer('{"triples": []}', CTX) == []


@pytest.mark.parametrize("bad, why", [
    (answer(triple(dimension="color")), "unknown dimension"),
    (answer(triple(concept="otherthing")), "not the asked concept"),
    (answer(triple(parent="")), "parent is empty"),
    (answer(triple(parent="   ")), "parent is empty"),
    (answer(triple(parent="two words here")), "not one concept"),
    (answer(triple(parent="gnommoweb")), "inside itself"),
    (answer(triple(confidence=1.5)), "confidence"),
    (answer(triple(is_isa="perhaps")), "is_isa"),
    (answer(triple(), triple(parent="service")), "second parent"),
    (answer(*[triple(dimension=d) for d in ["type"] * 13]), "at most 12"),
    ('{"triples": [{"concept": "gnommoweb", "parent": "repo"', "truncated"),
    ("I think gnommoweb is a repo.", "not valid JSON"),
    ("", "empty"),
    ('"just a string"', "expected a JSON object"),
])
def test_bad_answers_are_rejected_whole(bad, why):
    with pytest.raises(AnswerError, match=why):
        parse_write_answer(bad, CTX)


def test_huge_answer_is_refused_before_parsing():
    huge = answer(*[triple()] * 1) + " " * MAX_ANSWER_CHARS
    with pytest.raises(AnswerError, match="characters long"):
        extract_json(huge)


def test_one_bad_triple_drops_the_good_ones_too():
    with pytest.raises(AnswerError, match="triple 1"):
        parse_write_answer(answer(triple(), triple(parent="service", dimension="nowhere")), CTX)


# ---------------------------------------------------------------------- decisions
def test_decisions_by_collision_type():
    d = parse_decision('{"decision": "decompose", "existing_dimension": "Artifact Type", '
                       '"new_dimension": "deployment-type", "reasoning": "both true"}', "isa_isa")
    assert isinstance(d, DecomposeDecision)
    assert (d.existing_dimension, d.new_dimension) == ("artifact_type", "deployment-type")
    assert isinstance(parse_decision({"decision": "update"}, "ispart_ispart"), UpdateDecision)
    assert isinstance(parse_decision({"decision": "DISMISS"}, "ispart_ispart"), DismissDecision)
    r = parse_decision({"decision": "misclassification", "dimension": "membership"},
                       "misclassification")
    assert isinstance(r, ReclassifyDecision) and r.dimension == "membership"


@pytest.mark.parametrize("data, ctype, why", [
    ({"decision": "update"}, "isa_isa", "does not apply"),
    ({"decision": "decompose", "existing_dimension": "a1", "new_dimension": "b2"},
     "ispart_ispart", "does not apply"),
    ({"decision": "explode"}, "isa_isa", "unknown decision"),
    ({"decision": "decompose", "existing_dimension": "artifact"}, "isa_isa", "new_dimension"),
    ({"decision": "decompose", "existing_dimension": "", "new_dimension": "x1"}, "isa_isa",
     "empty"),
    ({"decision": "reclassify", "dimension": "a b c"}, "misclassification", "one concept"),
    ({"verdict": "dismiss"}, "isa_isa", "unknown decision"),
])
def test_bad_decisions(data, ctype, why):
    with pytest.raises(AnswerError, match=why):
        parse_decision(data, ctype)


def test_a_human_may_choose_any_decision():
    d = parse_decision({"decision": "update"}, "isa_isa", allowed=DECISIONS)
    assert isinstance(d, UpdateDecision)


def test_reasoning_is_capped():
    d = parse_decision({"decision": "dismiss", "reasoning": "x" * 5000}, "isa_isa")
    assert len(d.reasoning) == 1000
