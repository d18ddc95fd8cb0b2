"""Edits, chat boundaries and bad input (review fixes), on the simulated Agent Zero."""

from __future__ import annotations

import time

from langchain_core.documents import Document

from festinger.core.metadata import read_classification, read_lineage
from festinger.memory.service import TEXT_HASH_KEY, text_hash


def source(doc) -> str:
    cls = read_classification(doc.metadata)
    assert cls is not None, f"unclassified: {doc.page_content!r}"
    return cls.source.value


async def test_dashboard_edit_of_the_text_is_reclassified(world):
    """Agent Zero's memory dashboard changes the text and keeps the old metadata: the old
    classification (here user_asserted) must not stay on a text nobody said."""
    w = world()
    agent = w.agent()
    await w.say(agent, "My project uses Python 3.11", "Noted.", fragments=["The user's project uses Python 3.11"])
    await w.settle()
    doc = await w.find(agent, "The user's project uses Python 3.11")
    assert source(doc) == "user_asserted"
    assert read_lineage(doc.metadata).extra[TEXT_HASH_KEY] == text_hash(doc.page_content)

    memory = await w.sim.memory(agent)
    edited = "The agent guessed the cron job might run hourly"
    await memory.update_documents([Document(edited, metadata=dict(doc.metadata))])
    await w.settle()
    doc = await w.find(agent, edited)
    assert source(doc) == "agent_inferred"
    assert read_lineage(doc.metadata).extra[TEXT_HASH_KEY] == text_hash(edited)


async def test_an_insert_without_context_never_borrows_another_chats_user(world):
    """A memorizer insert whose context did not travel must not take the latest snapshot of
    some other chat: a wrong user_asserted can deprecate a true memory."""
    w = world()
    chat_a = w.agent()
    await w.say(chat_a, "The staging database is PostgreSQL 14.", "ok")
    await w.settle()
    memory = await w.sim.memory(chat_a)
    # Outside any monologue (no snapshot, no agent): e.g. another chat's memorizer on a build
    # where the context does not travel.
    (doc_id,) = await memory.insert_documents([Document("The staging database is PostgreSQL 14.",
                                                        metadata={"area": "fragments"})])
    await w.settle()
    doc = (await w.docs(chat_a))[doc_id]
    assert source(doc) != "user_asserted"


async def test_bad_input_is_not_retried_forever(world):
    w = world()
    agent = w.agent()
    memory = await w.sim.memory(agent)
    (doc_id,) = await memory.insert_documents([Document("   ", metadata={"area": "main"})])
    await w.settle()
    (entry,) = [e for e in w.ms.unclassified() if e["id"] == doc_id]
    assert entry["permanent"] is True and "empty" in entry["reason"]
    assert w.ms._retry.due(now=time.monotonic() + 10 * 86400) == []
    assert read_classification((await w.docs(agent))[doc_id].metadata) is None


def test_a_service_closed_before_its_io_loop_ran_takes_no_more_memory_events(tmp_path):
    from festinger.a0 import memory_events
    from festinger.config import load_config
    from festinger.service import FestingerService

    svc = FestingerService(load_config(environ={}), home=tmp_path / "home",
                           dsn="postgresql://postgres@127.0.0.1:9/x")
    ms = svc.memory
    assert not svc.io.started
    svc.close()
    assert ms._on_event not in memory_events._subscribers
    assert not svc.io.started
