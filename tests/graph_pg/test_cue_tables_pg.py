"""Every row of both seed cue tables, and the `of {Z}` modifier, end to end: a prompt goes
through the graph service and the edge lands in Postgres with source `inferred`, bypassing
the saliency thresholds (every token here is brand new: saliency 0)."""

from __future__ import annotations

import pytest

from .conftest import settle, sql

pytestmark = pytest.mark.postgres

# (pattern, the seed's example, expected (concept, parent, dimension), is_isa)
ROWS = [
    ("{X} is a {Y}", "gnommoweb is a repo", ("gnommoweb", "repo", "type"), True),
    ("{X} is an {Y}", "gnommoweb is an API", ("gnommoweb", "api", "type"), True),
    ("{X} ISA {Y}", "gnommoweb ISA repo", ("gnommoweb", "repo", "type"), True),
    ("{X} is a kind of {Y}", "State is a kind of region", ("state", "region", "type"), True),
    ("{X} is a type of {Y}", "gnommoweb is a type of service",
     ("gnommoweb", "service", "type"), True),
    ("{X} is an instance of {Y}", "dobby is an instance of agent",
     ("dobby", "agent", "type"), True),
    ("{X} kind of {Y}", "gnommoweb kind of repo", ("gnommoweb", "repo", "type"), True),
    ("{X} type of {Y}", "gnommoweb type of service", ("gnommoweb", "service", "type"), True),
    ("{X} instance of {Y}", "dobby instance of agent", ("dobby", "agent", "type"), True),
    ("{X} is part of {Y}", "gnommoweb is part of Glitch University",
     ("gnommoweb", "glitch_university", "membership"), False),
    ("{X} ISPART {Y}", "gnommoweb ISPART glitch_university",
     ("gnommoweb", "glitch_university", "membership"), False),
    ("{X} part of {Y}", "gnommoweb part of Agent0", ("gnommoweb", "agent0", "membership"), False),
    ("{X} belongs to {Y}", "gnommoweb belongs to Glitch University",
     ("gnommoweb", "glitch_university", "membership"), False),
    ("{X} is owned by {Y}", "gnommoweb is owned by jenstandstad",
     ("gnommoweb", "jenstandstad", "owned-by"), False),
    ("{X} owned by {Y}", "gnommoweb owned by jenstandstad",
     ("gnommoweb", "jenstandstad", "owned-by"), False),
    ("{X} member of {Y}", "dobby member of agent_pool", ("dobby", "agent_pool", "membership"),
     False),
    ("{X} is a member of {Y}", "dobby is a member of agent_pool",
     ("dobby", "agent_pool", "membership"), False),
    ("{X} runs on {Y}", "gnommoweb runs on Docker", ("gnommoweb", "docker", "runs-on"), False),
    ("{X} hosted by {Y}", "gnommoweb hosted by ramanujan", ("gnommoweb", "ramanujan", "runs-on"),
     False),
    ("{X} deployed on {Y}", "gnommoweb deployed on Docker", ("gnommoweb", "docker", "runs-on"),
     False),
    ("{X} contained in {Y}", "gnommoweb contained in agent0_stack",
     ("gnommoweb", "agent0_stack", "membership"), False),
    # the `of {Z}` dimension modifier
    ("of {Z}", "gnommoweb is a repo of Glitch University",
     ("gnommoweb", "repo", "glitch_university"), True),
    ("of {Z}", "Michigan is a state of USA", ("michigan", "state", "usa"), True),
]

EDGES = ("SELECT c.token AS concept, p.token AS parent, d.token AS dimension, u.is_isa, "
         "u.source, u.confidence FROM urd u JOIN soas c ON c.id = u.id "
         "JOIN soas p ON p.id = u.parent_id JOIN soas d ON d.id = u.dim_id "
         "WHERE u.id <> u.parent_id")


@pytest.mark.parametrize("pattern, example, expected, is_isa", ROWS,
                         ids=[f"{r[0]}: {r[1]}" for r in ROWS])
def test_cue_row_reaches_postgres(graph_factory, pattern, example, expected, is_isa):
    svc, graph = graph_factory()
    res = graph.process_prompt(example)
    assert [(t.concept, t.parent, t.dimension) for t in res.triples] == [expected]
    assert res.decisions[0].kind == "deferred"  # new tokens: written on the I/O loop
    assert settle(svc, graph)
    edges = sql(svc, EDGES)
    assert [(e["concept"], e["parent"], e["dimension"], e["is_isa"], e["source"])
            for e in edges] == [(*expected, is_isa, "inferred")]
    assert 0.5 < edges[0]["confidence"] < 1.0  # pattern-typed, below iknowthat's 1.0
    # the dimension named by `of {Z}` is a SOAS concept like any other
    assert graph.cache.soas_by_token[expected[2]].id > 0
    # ... and the next prompt recollects it (the concept is new: saliency 0, but the edge
    # makes it a hit once it is salient; a cue-written concept is not yet "confirmed")
    c = graph.cache.soas_by_token[expected[0]]
    assert [(e.parent_id, e.dim_id) for e in graph.cache.edges_of(c.id)] == [
        (graph.cache.soas_by_token[expected[1]].id, graph.cache.soas_by_token[expected[2]].id)]
