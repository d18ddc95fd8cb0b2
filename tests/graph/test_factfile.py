"""`iknowthat` fact syntax: what an agent may write, and the one-line errors it gets back."""

import pytest

from festinger.graph.factfile import MAX_FACT_CHARS, FactError, parse_fact


@pytest.mark.parametrize("fact, expected", [
    ("gnommoweb -isa repo in context of type", ("gnommoweb", "repo", "type", True)),
    ("gnommoweb -isa repo", ("gnommoweb", "repo", "type", True)),
    ("dobby -ispart agent_pool", ("dobby", "agent_pool", "membership", False)),
    ("gnommoweb -ispart Glitch University in context of membership",
     ("gnommoweb", "glitch_university", "membership", False)),
    ("Michigan -ispart USA in context of geography", ("michigan", "usa", "geography", False)),
    ("gnommoweb -ispart ramanujan in context of runs-on",
     ("gnommoweb", "ramanujan", "runs-on", False)),
    ("'gnommoweb -isa service in context of deployment-type'",
     ("gnommoweb", "service", "deployment-type", True)),
    ('iknowthat "gnommoweb -ISA repo  IN CONTEXT OF  type"', ("gnommoweb", "repo", "type", True)),
    ("gutask iknowthat 'dobby -ispart agent_pool'", ("dobby", "agent_pool", "membership", False)),
    ("repo -isa type in context of type", ("repo", "type", "type", True)),  # child of the root
])
def test_valid_facts(fact, expected):
    t = parse_fact(fact)
    assert (t.concept, t.parent, t.dimension, t.is_isa) == expected
    assert t.confidence == 1.0 and t.source == "gutask"


@pytest.mark.parametrize("fact, message", [
    ("", "empty"),
    ("   ''  ", "empty"),
    ("gnommoweb is a repo", "no -isa or -ispart"),
    ("gnommoweb -isa", "parent"),
    ("-isa repo", "subject"),
    ("gnommoweb -isa repo in context of", "dimension"),
    ("gnommoweb -isa repo -ispart glitch", "one relation per fact"),
    ("gnommoweb -isa repo in context of type in context of tech", "more than once"),
    ("gnommoweb -isa gnommoweb", "inside itself"),
    ("Gnommoweb -isa gnommoweb in context of type", "inside itself"),
    ("type -isa repo in context of type", "own dimension"),
    ("gnommoweb -isa <parent> in context of <dimension>", "placeholders"),
    ("the gnommoweb thing -isa repo", "'the_gnommoweb_thing'"),
    ("gnommoweb -isa python service", "'python_service'"),
    ("gnommoweb -isa !!! in context of type", "names no concept"),
    ("gnommoweb -isa repo\nin context of type", "one line"),
    ("gnommoweb -isa re\x00po", "control characters"),
    ("gnommoweb -isa " + "x" * 100, "longer than 64"),
    ("gnommoweb -isa repo " + "x" * MAX_FACT_CHARS, "characters long"),
])
def test_malformed_facts_get_one_line_errors(fact, message):
    with pytest.raises(FactError) as err:
        parse_fact(fact)
    text = str(err.value)
    assert message in text
    assert "\n" not in text and len(text) < 200


def test_non_text_is_refused():
    with pytest.raises(FactError):
        parse_fact(None)  # type: ignore[arg-type]


def test_absurdly_long_input_is_rejected_quickly():
    import time
    t0 = time.perf_counter()
    with pytest.raises(FactError):
        parse_fact("a -isa b " * 200_000)
    assert time.perf_counter() - t0 < 0.05
