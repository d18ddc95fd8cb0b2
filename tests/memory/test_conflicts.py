"""Conflict deprecation on the real store (spec Testing Criteria 4, 5, 12-14), the conflict
log, knowledge protection and bad input."""

from __future__ import annotations

import pytest
from langchain_core.documents import Document

from festinger.a0 import agent_state
from festinger.core.metadata import read_classification, read_lineage
from festinger.memory.folder_store import FolderStore


def validity(doc) -> str:
    return read_classification(doc.metadata).validity.value


async def test_criterion_4_newer_user_assertion_deprecates_the_older(world):
    w = world()
    agent = w.agent()
    await w.say(agent, "The project uses Python 3.9", "Noted.", fragments=["The project uses Python 3.9"])
    await w.settle()
    await w.say(agent, "We moved: the project uses Python 3.11", "Noted.", fragments=["The project uses Python 3.11"])
    await w.settle()
    old = await w.find(agent, "The project uses Python 3.9")
    new = await w.find(agent, "The project uses Python 3.11")
    assert validity(old) == "deprecated" and validity(new) == "confirmed"
    lo, ln = read_lineage(old.metadata), read_lineage(new.metadata)
    assert lo.superseded_by == new.metadata["id"]
    assert ln.supersedes == old.metadata["id"]
    assert lo.deprecated_at and "3.9" in lo.deprecated_reason
    # nothing deleted, and the deprecation is on disk
    on_disk = FolderStore.open(w.sim.memory_dir(agent)).docs
    assert on_disk[old.metadata["id"]].metadata["classification"]["validity"] == "deprecated"


async def test_criterion_5_user_correction_beats_agent_inference(world):
    w = world()
    agent = w.agent()
    await w.say(agent, "What does the API use?", "The API uses REST.", fragments=["The API uses REST."])
    await w.settle()
    rest = await w.find(agent, "The API uses REST.")
    assert read_classification(rest.metadata).source.value == "agent_inferred"
    await w.say(agent, "actually the API uses GraphQL", "Understood.", fragments=["Actually, the API uses GraphQL."])
    await w.settle()
    gql = await w.find(agent, "Actually, the API uses GraphQL.")
    assert validity(rest) == "deprecated" and read_lineage(rest.metadata).superseded_by == gql.metadata["id"]
    entry = agent_state.conflict_log(agent)[-1]
    assert (entry["winner_id"], entry["loser_id"], entry["outcome"]) == (gql.metadata["id"], rest.metadata["id"], "incoming_won")


async def test_criterion_5_newer_agent_inference_loses_to_older_user_assertion(world):
    w = world()
    agent = w.agent()
    await w.say(agent, "The dashboard listens on port 8080.", "Noted.", fragments=["The dashboard listens on port 8080."])
    await w.settle()
    await w.say(agent, "check the service", "It seems fine; I read the dashboard listens on port 9090.",
                fragments=["The dashboard listens on port 9090."])
    await w.settle()
    user = await w.find(agent, "The dashboard listens on port 8080.")
    agent_mem = await w.find(agent, "The dashboard listens on port 9090.")
    assert validity(user) == "confirmed" and validity(agent_mem) == "deprecated"
    assert read_lineage(agent_mem.metadata).superseded_by == user.metadata["id"]
    assert agent_state.conflict_log(agent)[-1]["outcome"] == "existing_won"


async def test_false_positive_pairs_from_the_exocortex_are_not_deprecated(world):
    w = world()
    agent = w.agent()
    await w.say(agent, "The app runs on port 8080 for the API", "ok", fragments=["The app runs on port 8080 for the API"])
    await w.settle()
    await w.say(agent, "The app runs on port 5000 for the dashboard", "ok",
                fragments=["The app runs on port 5000 for the dashboard"])
    await w.settle()
    assert validity(await w.find(agent, "The app runs on port 8080 for the API")) == "confirmed"
    assert w.ms.stats()["conflicts_resolved_this_session"] == 0


async def test_knowledge_is_never_deprecated_by_agent_memories(world, tmp_path):
    w = world()
    agent = w.agent()
    kn = tmp_path / "kn"
    kn.mkdir()
    (kn / "ports.md").write_text("The default dashboard port is 8080.\n")
    await w.sim.import_knowledge(agent, kn)
    await w.settle()
    await w.say(agent, "what port?", "The default dashboard port is 9090.",
                fragments=["The default dashboard port is 9090."])
    await w.settle()
    docs = (await w.docs(agent)).values()
    knowledge = next(d for d in docs if d.metadata.get("knowledge_source"))
    assert validity(knowledge) == "confirmed"
    assert validity(await w.find(agent, "The default dashboard port is 9090.")) == "deprecated"


async def test_criterion_12_without_any_organization_everything_works(world):
    w = world()
    agent = w.agent()  # no _org_active_role, no _bst_store, no active.json
    assert not hasattr(agent, "_org_active_role")
    await w.say(agent, "The staging database is PostgreSQL 14.", "ok", fragments=["The staging database is PostgreSQL 14."])
    await w.settle()
    await w.say(agent, "The staging database is PostgreSQL 16.", "ok", fragments=["The staging database is PostgreSQL 16."])
    await w.settle()
    old = await w.find(agent, "The staging database is PostgreSQL 14.")
    assert validity(old) == "deprecated"
    # The role is resolved as recall resolves it (the default profile maps to the shipped
    # agent0 role); agent0's wildcard scopes nothing, so the memory serves every role.
    from festinger.core.roles import memory_domains
    from festinger.recall.role_files import RoleFiles

    lin = read_lineage(old.metadata)
    assert lin.created_by_role == "agent0"
    assert memory_domains(lin.bst_domain, lin.created_by_role, RoleFiles.default(None).roles()) == frozenset()


async def test_criterion_13_corrupt_classification_metadata_never_stops_the_system(world):
    w = world()
    agent = w.agent()
    memory = await w.sim.memory(agent)
    (bad_id,) = await memory.insert_documents([Document("Old tool note about the cache",
                                                        metadata={"area": "main", "classification": "[[garbage",
                                                                  "lineage": 42})])
    await w.say(agent, "The cache is Redis 7.", "ok", fragments=["The cache is Redis 7."])
    await w.settle()
    docs = await w.docs(agent)
    assert docs[bad_id].metadata["classification"] == "[[garbage"  # left as the other tool wrote it
    assert read_classification((await w.find(agent, "The cache is Redis 7.")).metadata)
    reasons = {e["id"]: e["reason"] for e in w.ms.unclassified()}
    assert "written by another tool" in reasons[bad_id]


async def test_criterion_14_failures_inside_are_caught_and_logged(world, monkeypatch):
    w = world()
    agent = w.agent()
    await w.say(agent, "The project uses Python 3.9", "Noted.", fragments=["The project uses Python 3.9"])
    await w.settle()

    def broken_detector(a, b):
        raise RuntimeError("detector bug")

    w.ms._detector = broken_detector
    import festinger.memory.persistence as memory_service

    real_save = memory_service.save

    def failing_save(memory):
        raise OSError("disk full")

    monkeypatch.setattr(memory_service, "save", failing_save)
    answer = await w.say(agent, "The project uses Python 3.11", "Noted.", fragments=["The project uses Python 3.11"])
    assert answer == "Noted."   # the chat went on
    await w.settle()
    doc = await w.find(agent, "The project uses Python 3.11")
    assert read_classification(doc.metadata) is not None
    stats = w.ms.stats()
    assert stats["conflict_check_failures"] >= 1 and stats["persist_failures"] >= 1
    # a failed check deprecates nothing (a missed conflict is tolerable, a wrong one is not)
    assert validity(await w.find(agent, "The project uses Python 3.9")) == "confirmed"
    # the failed write is retried: once the disk takes it, the classification is on disk
    monkeypatch.setattr(memory_service, "save", real_save)
    await w.settle()
    on_disk = FolderStore.open(w.sim.memory_dir(agent)).docs[doc.metadata["id"]]
    assert "classification" in on_disk.metadata
    # a failure in the pack's own hook code does not end the chat either
    from festinger.memory import context as mctx

    def broken_capture(*a, **k):
        raise ValueError("snapshot bug")

    monkeypatch.setattr(mctx, "capture", broken_capture)
    assert await w.say(agent, "still there?", "yes") == "yes"
    assert any("snapshot bug" in (item.content or "") for item in agent.context.log.of_type("warning"))


@pytest.mark.parametrize("text,metadata,reason", [
    ("", {"area": "main"}, "empty"),
    ("x" * 1_048_576, {"area": "main"}, "too large"),
    ("Cache note", {"area": "main", "lineage": ["not", "a", "dict"]}, "written by another tool"),
])
async def test_bad_input_stays_unclassified_is_retried_and_never_deleted(world, text, metadata, reason):
    w = world()
    agent = w.agent()
    memory = await w.sim.memory(agent)
    (doc_id,) = await memory.insert_documents([Document(text, metadata=dict(metadata))])
    await w.settle()
    entry = next(e for e in w.ms.unclassified() if e["id"] == doc_id)
    assert reason in entry["reason"] and entry["attempts"] == 1
    w.ms.kick(force_retries=True)
    await w.settle()
    entry = next(e for e in w.ms.unclassified() if e["id"] == doc_id)
    assert entry["attempts"] == 2
    assert doc_id in await w.docs(agent)
    assert read_classification((await w.docs(agent))[doc_id].metadata) is None


async def test_unclassified_memory_is_classified_once_its_metadata_is_fixed(world):
    w = world()
    agent = w.agent()
    memory = await w.sim.memory(agent)
    (doc_id,) = await memory.insert_documents([Document("The cache is Redis 7.",
                                                        metadata={"area": "main", "lineage": "broken"})])
    await w.settle()
    assert any(e["id"] == doc_id for e in w.ms.unclassified())
    (await w.docs(agent))[doc_id].metadata.pop("lineage")   # the user repairs it
    w.ms.kick(force_retries=True)
    await w.settle()
    assert read_classification((await w.docs(agent))[doc_id].metadata) is not None
    assert not any(e["id"] == doc_id for e in w.ms.unclassified())


async def test_undecodable_text_is_left_alone(world, festinger):
    from festinger.embeddings import HashEmbeddings

    w = world(embeddings=HashEmbeddings())  # MiniLM's tokenizer refuses lone surrogates outright
    agent = w.agent()
    memory = await w.sim.memory(agent)
    (doc_id,) = await memory.insert_documents([Document("bad \udcff bytes", metadata={"area": "main"})])
    await w.settle()
    assert "undecodable" in next(e["reason"] for e in w.ms.unclassified() if e["id"] == doc_id)


def test_conflict_log_keeps_the_last_20():
    class A:
        pass

    a = A()
    for n in range(25):
        agent_state.append_conflict_log(a, {"n": n})
    assert [e["n"] for e in agent_state.conflict_log(a)] == list(range(5, 25))


async def test_health_counters_and_change_listener(world):
    w = world()
    agent = w.agent()
    changes = []
    w.ms.add_listener(changes.append)
    await w.say(agent, "The project uses Python 3.9", "ok", fragments=["The project uses Python 3.9"])
    await w.settle()
    await w.say(agent, "The project uses Python 3.11", "ok", fragments=["The project uses Python 3.11"])
    await w.settle()
    kinds = [(c.kind, c.before.validity.value if c.before else None, c.after.validity.value) for c in changes]
    assert kinds.count(("classified", None, "confirmed")) == 2
    assert ("deprecated", "confirmed", "deprecated") in kinds
    stats = w.ms.stats(agent)
    assert stats["conflicts_resolved_this_session"] == 1 and stats["deprecated_this_session"] == 1
    assert stats["last_classification_run"] and stats["pending"] == 0 and stats["unclassified"] == 0
    assert w.ms.conflict_log()[-1]["rule"] == "user_update"


async def test_agent_zero_v1_layout(world):
    w = world(layout="v1")
    agent = w.agent()
    await w.say(agent, "The project uses Python 3.9", "ok", fragments=["The project uses Python 3.9"])
    await w.settle()
    await w.say(agent, "Now the project uses Python 3.11", "ok", fragments=["The project uses Python 3.11"])
    await w.settle()
    assert validity(await w.find(agent, "The project uses Python 3.9")) == "deprecated"
    assert validity(await w.find(agent, "The project uses Python 3.11")) == "confirmed"
