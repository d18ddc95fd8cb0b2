"""Relationship cue patterns: every row of both seed tables, plus the `of {Z}` modifier."""

from datetime import datetime, timezone

import pytest

from festinger.graph.cache import INSERT, GraphCache
from festinger.graph.cues import extract_triples, scan_prompt
from festinger.graph.models import SOURCE_INFERRED

# (pattern, example from the seed's ISA table, expected (concept, parent, dimension))
ISA_ROWS = [
    ("{X} is a {Y}", "gnommoweb is a repo", ("gnommoweb", "repo", "type")),
    ("{X} is an {Y}", "gnommoweb is an API", ("gnommoweb", "api", "type")),
    ("{X} ISA {Y}", "gnommoweb ISA repo", ("gnommoweb", "repo", "type")),
    ("{X} is a kind of {Y}", "State is a kind of region", ("state", "region", "type")),
    ("{X} is a type of {Y}", "gnommoweb is a type of service", ("gnommoweb", "service", "type")),
    ("{X} is an instance of {Y}", "dobby is an instance of agent", ("dobby", "agent", "type")),
    ("{X} kind of {Y}", "gnommoweb kind of repo", ("gnommoweb", "repo", "type")),
    ("{X} type of {Y}", "gnommoweb type of service", ("gnommoweb", "service", "type")),
    ("{X} instance of {Y}", "dobby instance of agent", ("dobby", "agent", "type")),
]

# ISPART rows; the dimension is the seed dimension the keyword names, else `membership`.
ISPART_ROWS = [
    ("{X} is part of {Y}", "gnommoweb is part of Glitch University",
     ("gnommoweb", "glitch_university", "membership")),
    ("{X} ISPART {Y}", "gnommoweb ISPART glitch_university",
     ("gnommoweb", "glitch_university", "membership")),
    ("{X} part of {Y}", "gnommoweb part of Agent0", ("gnommoweb", "agent0", "membership")),
    ("{X} belongs to {Y}", "gnommoweb belongs to Glitch University",
     ("gnommoweb", "glitch_university", "membership")),
    ("{X} is owned by {Y}", "gnommoweb is owned by jenstandstad",
     ("gnommoweb", "jenstandstad", "owned-by")),
    ("{X} owned by {Y}", "gnommoweb owned by jenstandstad",
     ("gnommoweb", "jenstandstad", "owned-by")),
    ("{X} member of {Y}", "dobby member of agent_pool", ("dobby", "agent_pool", "membership")),
    ("{X} is a member of {Y}", "dobby is a member of agent_pool",
     ("dobby", "agent_pool", "membership")),
    ("{X} runs on {Y}", "gnommoweb runs on Docker", ("gnommoweb", "docker", "runs-on")),
    ("{X} hosted by {Y}", "gnommoweb hosted by ramanujan", ("gnommoweb", "ramanujan", "runs-on")),
    ("{X} deployed on {Y}", "gnommoweb deployed on Docker", ("gnommoweb", "docker", "runs-on")),
    ("{X} contained in {Y}", "gnommoweb contained in agent0_stack",
     ("gnommoweb", "agent0_stack", "membership")),
]


def _one(text):
    triples = extract_triples(text)
    assert len(triples) == 1, f"{text!r} -> {triples}"
    return triples[0]


@pytest.mark.parametrize("pattern, example, expected", ISA_ROWS, ids=[r[0] for r in ISA_ROWS])
def test_isa_table_row(pattern, example, expected):
    t = _one(example)
    assert (t.concept, t.parent, t.dimension) == expected
    assert t.is_isa is True
    assert t.source == SOURCE_INFERRED


@pytest.mark.parametrize("pattern, example, expected", ISPART_ROWS,
                         ids=[r[0] for r in ISPART_ROWS])
def test_ispart_table_row(pattern, example, expected):
    t = _one(example)
    assert (t.concept, t.parent, t.dimension) == expected
    assert t.is_isa is False
    assert t.source == SOURCE_INFERRED


@pytest.mark.parametrize("text, expected", [
    ("gnommoweb is a repo of Glitch University", ("gnommoweb", "repo", "glitch_university")),
    ("Michigan is a state of USA", ("michigan", "state", "usa")),
    ("dobby is an instance of agent of the agent_pool", ("dobby", "agent", "agent_pool")),
])
def test_of_modifier_sets_the_dimension(text, expected):
    t = _one(text)
    assert (t.concept, t.parent, t.dimension) == expected
    assert t.is_isa is True


def test_seed_example_tokens_and_triple_together():
    scan = scan_prompt("gnommoweb is a repo of Glitch University")
    # the short `repo` is kept because it takes part in the cue
    assert scan.tokens == ["gnommoweb", "glitch_university", "repo"]
    assert [str(t) for t in scan.triples] == [
        "gnommoweb -isa repo in context of glitch_university"]
    assert "usa" in scan_prompt("Michigan is a state of USA").tokens


def test_cues_inside_longer_text_and_several_per_prompt():
    text = ("Hi. As you know, gnommoweb is part of Glitch University, and dobby is an "
            "instance of agent; it runs on ramanujan. Also gnommoweb runs on Docker!")
    got = [(t.concept, t.parent, t.dimension) for t in extract_triples(text)]
    assert got == [("gnommoweb", "glitch_university", "membership"),
                   ("dobby", "agent", "type"),
                   ("gnommoweb", "docker", "runs-on")]  # "it runs on": no concept "it"


def test_explicit_operators_score_higher_than_positional_cues():
    op = _one("gnommoweb ISA repo").confidence
    phrase = _one("gnommoweb is a kind of repo").confidence
    positional = _one("gnommoweb kind of repo").confidence
    assert op > phrase > positional
    assert 0 < positional and op <= 1


@pytest.mark.parametrize("text", [
    "This is a test",                   # no concept "this"
    "it is kind of slow",
    "what kind of repo do we need",
    "there is a problem",
    "gnommoweb is a python service",    # object is a two-word phrase: do not guess
    "gnommoweb is a repo of mine",      # unreadable modifier
    "gnommoweb is a",                   # no object
    "is a repo",                        # no subject
    "repo is a repo",                   # self-loop
    "gnommoweb isa repo",               # the operator is upper case only
    "gnommoweb is a repo. Of course it works",  # the modifier does not cross a sentence
])
def test_sentences_that_state_no_fact(text):
    triples = extract_triples(text)
    if text.startswith("gnommoweb is a repo. Of"):
        assert [(t.concept, t.parent, t.dimension) for t in triples] == [
            ("gnommoweb", "repo", "type")]
    else:
        assert triples == []


def test_cue_on_the_object_of_a_cue_is_not_misattributed():
    # Test B's sentence: "deployed on Docker" describes the container, not a new fact about
    # `container`, and attributing it to gnommoweb would be a guess.
    got = extract_triples("gnommoweb is a container deployed on Docker")
    assert [(t.concept, t.parent, t.dimension, t.is_isa) for t in got] == [
        ("gnommoweb", "container", "type", True)]


def test_cue_triples_bypass_the_saliency_threshold():
    cache = GraphCache()
    now = datetime(2026, 4, 19, tzinfo=timezone.utc)
    scan = scan_prompt("gnommoweb is part of Glitch University")
    enc = cache.encounter(scan.tokens, now)
    assert all(r.saliency < 0.5 for r in enc.rows)  # first sight: far below the threshold
    d = cache.submit(scan.triples[0], now)
    assert d.kind == INSERT
    edge = cache.urd_by_concept_dim[(cache.lookup("gnommoweb").id,
                                     cache.lookup("membership").id)]
    assert cache.token_of(edge.parent_id) == "glitch_university"
    assert edge.source == "inferred" and edge.is_isa is False


def test_repeated_and_excess_cue_facts_are_bounded_per_prompt():
    same = scan_prompt("gnommoweb is a repo. " * 500)
    assert len(same.triples) == 1
    many = scan_prompt(" ".join(f"thing{i} is a kind{i}." for i in range(1000)))
    assert len(many.triples) == 20
    assert many.triples[0].concept == "thing0"
