"""A memory the user confirms later becomes ``confirmed``: by restating it, or by agreeing
("yes, that's right") with the agent message it came from. An objection is no agreement."""

from __future__ import annotations

import pytest

from festinger.core.confirmation import is_affirmation, restates
from festinger.core.metadata import read_classification, read_lineage


def cls(doc):
    return read_classification(doc.metadata)


@pytest.mark.parametrize("text", ["yes, that's right", "Correct.", "exactly", "Yep", "That is right!",
                                  "you're right, thanks"])
def test_affirmations(text):
    assert is_affirmation(text)


@pytest.mark.parametrize("text", ["yes, but it is 3.11 now", "no", "right, except on Fridays",
                                  "Actually it's Redis 7", "which one is right?",
                                  "yes " + "word " * 20, ""])
def test_not_affirmations(text):
    assert not is_affirmation(text)


def test_restates_ignores_case_and_hedges():
    assert restates("The API probably uses REST", "the api uses REST")
    assert not restates("The API uses REST", "The API uses GraphQL and gRPC for streaming")


async def test_user_restating_an_inferred_memory_confirms_it(world):
    w = world()
    agent = w.agent()
    await w.say(agent, "What style is our API?", "The API uses REST.", fragments=["The API uses REST"])
    await w.settle()
    inferred = await w.find(agent, "The API uses REST")
    assert cls(inferred).validity.value == "inferred" and cls(inferred).source.value == "agent_inferred"

    await w.say(agent, "Our API uses REST, I checked the gateway.", "Thanks.",
                fragments=["Our API uses REST"])
    await w.settle()
    stated = await w.find(agent, "Our API uses REST")
    inferred = await w.find(agent, "The API uses REST")
    assert cls(stated).validity.value == "confirmed" and cls(stated).source.value == "user_asserted"
    assert cls(inferred).validity.value == "confirmed"          # promoted
    assert cls(inferred).source.value == "agent_inferred"       # still the agent's words
    assert read_lineage(inferred.metadata).extra["confirmed_by"] == stated.metadata["id"]
    assert w.ms.stats()["confirmed_this_session"] == 1


async def test_agreeing_with_the_agent_confirms_what_it_said(world):
    w = world()
    agent = w.agent()
    await w.say(agent, "Which database does the project use?", "The project uses PostgreSQL 16.")
    await w.settle()
    await w.say(agent, "yes, that's right", "Good.", fragments=["The project uses PostgreSQL 16"])
    await w.settle()
    mem = await w.find(agent, "The project uses PostgreSQL 16")
    assert cls(mem).validity.value == "confirmed" and cls(mem).source.value == "agent_inferred"
    assert read_lineage(mem.metadata).extra["confirmed_by"] == "user affirmation"


async def test_an_objection_confirms_nothing(world):
    w = world()
    agent = w.agent()
    await w.say(agent, "Which database does the project use?", "The project uses PostgreSQL 16.")
    await w.settle()
    await w.say(agent, "yes, but we are moving soon", "Noted.", fragments=["The project uses PostgreSQL 16"])
    await w.settle()
    mem = await w.find(agent, "The project uses PostgreSQL 16")
    assert cls(mem).validity.value == "inferred"


async def test_a_restatement_never_revives_a_deprecated_memory(world):
    w = world()
    agent = w.agent()
    await w.say(agent, "The cache is Redis 6", "ok", fragments=["The cache is Redis 6"])
    await w.settle()
    await w.say(agent, "We moved: the cache is Redis 7", "ok", fragments=["The cache is Redis 7"])
    await w.settle()
    old = await w.find(agent, "The cache is Redis 6")
    assert cls(old).validity.value == "deprecated"
    await w.say(agent, "The cache is Redis 7, to be clear", "ok", fragments=["The cache is Redis 7 indeed"])
    await w.settle()
    old = await w.find(agent, "The cache is Redis 6")
    assert cls(old).validity.value == "deprecated"


async def test_agreeing_later_confirms_a_memory_already_stored(world):
    """The agent's statement was memorized (inferred) in the previous turn; the user's "yes,
    that's right" makes no new memory, and still confirms that one."""
    w = world()
    agent = w.agent()
    await w.say(agent, "Which broker does the project use?", "The project uses RabbitMQ 3.13.",
                fragments=["The project uses RabbitMQ 3.13"])
    await w.settle()
    mem = await w.find(agent, "The project uses RabbitMQ 3.13")
    assert cls(mem).validity.value == "inferred"
    await w.say(agent, "correct", "Good.")
    await w.settle()
    mem = await w.find(agent, "The project uses RabbitMQ 3.13")
    assert cls(mem).validity.value == "confirmed" and cls(mem).source.value == "agent_inferred"
    assert read_lineage(mem.metadata).extra["confirmed_by"] == "user affirmation"


async def test_agreeing_with_something_else_confirms_nothing_stored(world):
    w = world()
    agent = w.agent()
    await w.say(agent, "Which broker does the project use?", "The project uses RabbitMQ 3.13.",
                fragments=["The project uses RabbitMQ 3.13"])
    await w.settle()
    await w.say(agent, "And the weather?", "It is sunny in Lisbon today.")
    await w.settle()
    await w.say(agent, "yes, that's right", "Good.")
    await w.settle()
    mem = await w.find(agent, "The project uses RabbitMQ 3.13")
    assert cls(mem).validity.value == "inferred"
