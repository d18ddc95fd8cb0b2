"""Consolidation keeps history: what Agent Zero's consolidation merges, replaces or updates
stays in the store, deprecated with ``superseded_by`` = the consolidated memory (lineage
intact, never recalled); a deprecated memory is never offered to consolidation, so its text
is never merged into a live one; the new memory is classified fresh (not with the
classification Agent Zero copies over from the consumed memories)."""

from __future__ import annotations

from festinger.core.metadata import read_classification, read_lineage
from festinger.memory.lineage import supersedes_all


def validity(doc) -> str:
    return read_classification(doc.metadata).validity.value


class Decider:
    """The utility LLM's consolidation decisions, keyed by a word of the new memory."""

    def __init__(self) -> None:
        self.rules: list = []

    def on(self, word: str, make):
        self.rules.insert(0, (word, make))  # the latest rule is tried first

    def __call__(self, new_memory: str, similar: list[dict]):
        for word, make in self.rules:
            if word in new_memory:
                return make(similar)
        return {"action": "skip"}


def ids_with(similar, text):
    return [s["id"] for s in similar if text in s["content"]]


async def test_merge_and_update_move_supersession_links_to_the_new_ids(world):
    w = world()
    decider = Decider()
    w.sim.utility.decide = decider
    agent = w.agent()

    await w.say(agent, "The project uses Python 3.9", "ok", fragments=["The project uses Python 3.9"])
    await w.settle()
    await w.say(agent, "We moved, the project uses Python 3.11", "ok", fragments=["The project uses Python 3.11"])
    await w.settle()
    old = await w.find(agent, "The project uses Python 3.9")
    v311 = await w.find(agent, "The project uses Python 3.11")
    assert read_lineage(old.metadata).superseded_by == v311.metadata["id"]

    # merge: 3.11 is consumed into a new memory with a new id
    decider.on("Poetry", lambda sim: {"action": "merge",
                                      "memories_to_remove": ids_with(sim, "Python 3.11"),
                                      "new_memory_content": "The project uses Python 3.11 and Poetry."})
    await w.say(agent, "We also use Poetry", "ok", fragments=["The project uses Python 3.11 with Poetry"])
    await w.settle()
    merged = await w.find(agent, "The project uses Python 3.11 and Poetry.")
    v311 = await w.find(agent, "The project uses Python 3.11")   # kept, not deleted
    old = await w.find(agent, "The project uses Python 3.9")
    assert merged.metadata["consolidation_action"] == "merge"
    assert validity(v311) == "deprecated"
    assert read_lineage(v311.metadata).superseded_by == merged.metadata["id"]
    assert read_lineage(old.metadata).superseded_by == v311.metadata["id"]   # chain 3.9 -> 3.11 -> merged
    lm = read_lineage(merged.metadata)
    assert v311.metadata["id"] in supersedes_all(lm) and lm.supersedes == v311.metadata["id"]
    assert lm.extra["derived_from"] == [v311.metadata["id"]]
    assert validity(merged) == "confirmed"   # fresh: the user said it (not copied from 3.11's)
    assert validity(old) == "deprecated"

    # update: the merged memory is rewritten under yet another id
    decider.on("1.8", lambda sim: {"action": "update", "new_memory_content": "",
                                   "memories_to_update": [{"id": i, "new_content": "The project uses Python 3.11 and Poetry 1.8."}
                                                          for i in ids_with(sim, "and Poetry.")]})
    await w.say(agent, "Poetry is version 1.8", "ok", fragments=["The project uses Python 3.11 with Poetry 1.8"])
    await w.settle()
    updated = await w.find(agent, "The project uses Python 3.11 and Poetry 1.8.")
    merged = await w.find(agent, "The project uses Python 3.11 and Poetry.")  # re-read: kept
    assert updated.metadata["updated_from"] == merged.metadata["id"]
    assert validity(merged) == "deprecated"
    assert read_lineage(merged.metadata).superseded_by == updated.metadata["id"]
    assert read_lineage(updated.metadata).supersedes == merged.metadata["id"]
    assert validity(updated) != "deprecated"
    # every link in the store points at a memory that exists
    docs = await w.docs(agent)
    for doc in docs.values():
        lin = read_lineage(doc.metadata)
        for target in [lin.superseded_by, *supersedes_all(lin)]:
            assert target is None or target in docs, f"dangling link {target} in {doc.page_content!r}"


async def test_deprecated_memories_are_never_offered_to_consolidation(world):
    w = world()
    decider = Decider()
    offered: list[str] = []

    def record(new_memory, similar):
        offered.extend(s["content"] for s in similar)
        return decider(new_memory, similar)

    w.sim.utility.decide = record
    agent = w.agent()
    await w.say(agent, "The project uses Python 3.9", "ok", fragments=["The project uses Python 3.9"])
    await w.settle()
    await w.say(agent, "Now the project uses Python 3.11", "ok", fragments=["The project uses Python 3.11"])
    await w.settle()
    offered.clear()
    decider.on("history", lambda sim: {"action": "merge", "memories_to_remove": ids_with(sim, "3.9"),
                                       "new_memory_content": "Earlier the project used Python 3.9."})
    await w.say(agent, "tell me the history", "ok", fragments=["The project history: it used Python 3.9"])
    await w.settle()
    assert offered and not any(c == "The project uses Python 3.9" for c in offered)
    old = await w.find(agent, "The project uses Python 3.9")   # untouched, still deprecated
    assert validity(old) == "deprecated"


async def test_merging_only_deprecated_memories_yields_a_deprecated_memory(world):
    """A consolidation that names a deprecated memory anyway (a stale id) makes a memory of
    stale text only: it is deprecated in favour of the current one, the old one kept."""
    w = world()
    decider = Decider()
    w.sim.utility.decide = decider
    agent = w.agent()
    await w.say(agent, "The project uses Python 3.9", "ok", fragments=["The project uses Python 3.9"])
    await w.settle()
    await w.say(agent, "Now the project uses Python 3.11", "ok", fragments=["The project uses Python 3.11"])
    await w.settle()
    old = await w.find(agent, "The project uses Python 3.9")
    decider.on("history", lambda sim: {"action": "merge", "memories_to_remove": [old.metadata["id"]],
                                       "new_memory_content": "Earlier the project used Python 3.9."})
    await w.say(agent, "tell me the history", "ok", fragments=["The project history: it used Python 3.9"])
    await w.settle()
    merged = await w.find(agent, "Earlier the project used Python 3.9.")
    current = await w.find(agent, "The project uses Python 3.11")
    assert validity(merged) == "deprecated"
    assert read_lineage(merged.metadata).superseded_by == current.metadata["id"]
    assert read_lineage(current.metadata).supersedes == merged.metadata["id"]
    old = await w.find(agent, "The project uses Python 3.9")
    assert read_lineage(old.metadata).superseded_by == current.metadata["id"]   # its own link kept


async def test_replace_keeps_the_replaced_memory_deprecated_and_out_of_recall(world):
    w = world()
    decider = Decider()
    w.sim.utility.decide = decider
    agent = w.agent()
    await w.say(agent, "The cache is Redis 6", "ok", fragments=["The cache is Redis 6"])
    await w.settle()
    first = await w.find(agent, "The cache is Redis 6")
    decider.on("Redis 7", lambda sim: {"action": "replace", "memories_to_remove": ids_with(sim, "Redis 6"),
                                       "new_memory_content": "The cache is Redis 7."})
    await w.say(agent, "we upgraded the cache to Redis 7", "ok", fragments=["The cache runs Redis 7"])
    await w.settle()
    new = await w.find(agent, "The cache is Redis 7.")
    first = await w.find(agent, "The cache is Redis 6")
    assert new.metadata["replaced_memories"] == [first.metadata["id"]]
    assert validity(first) == "deprecated"
    lin = read_lineage(first.metadata)
    assert lin.superseded_by == new.metadata["id"] and "consolidated into" in (lin.deprecated_reason or "")
    assert read_lineage(new.metadata).supersedes == first.metadata["id"]
    # never recalled: an agent's search (what stock recall and memory_load run) skips it
    from festinger.memory import context as mctx
    token = mctx.CURRENT_AGENT.set(agent)
    try:
        db = await w.sim.memory(agent)
        found = await db.search_similarity_threshold("The cache is Redis 6", limit=5, threshold=0.5)
    finally:
        mctx.CURRENT_AGENT.reset(token)
    ids = {d.metadata["id"] for d in found}
    assert first.metadata["id"] not in ids and new.metadata["id"] in ids
    # and "what did we previously believe" finds it
    from festinger.memory.history import previous_beliefs
    [h] = previous_beliefs(await w.docs(agent), "Redis 6 cache")
    assert h.previous.id == first.metadata["id"] and h.current.id == new.metadata["id"]


async def test_stale_consolidated_from_copied_by_a_later_merge_is_ignored(world):
    """Agent Zero copies a consumed memory's own ``consolidated_from`` over the new one's."""
    w = world()
    decider = Decider()
    w.sim.utility.decide = decider
    agent = w.agent()
    await w.say(agent, "The cache is Redis 6", "ok", fragments=["The cache is Redis 6"])
    await w.settle()
    decider.on("TTL", lambda sim: {"action": "merge", "memories_to_remove": ids_with(sim, "Redis 6"),
                                   "new_memory_content": "The cache is Redis 6 with a 60 s TTL."})
    await w.say(agent, "cache TTL is 60 s", "ok", fragments=["The Redis 6 cache has a TTL of 60 s"])
    await w.settle()
    first = await w.find(agent, "The cache is Redis 6 with a 60 s TTL.")
    decider.on("eviction", lambda sim: {"action": "merge", "memories_to_remove": ids_with(sim, "60 s TTL"),
                                        "new_memory_content": "The cache is Redis 6, 60 s TTL, LRU eviction."})
    await w.say(agent, "eviction is LRU", "ok", fragments=["The Redis 6 cache with 60 s TTL uses LRU eviction"])
    await w.settle()
    second = await w.find(agent, "The cache is Redis 6, 60 s TTL, LRU eviction.")
    assert read_lineage(second.metadata).extra["derived_from"] == [first.metadata["id"]]
    assert read_classification(second.metadata) is not None


async def test_a_memorizer_delete_keeps_the_memory_and_hides_it_until_replaced(world):
    """Inside memorizer work a delete keeps the memory (to be deprecated when its replacement
    lands) and hides it from agents' searches meanwhile, so a second consolidation right after
    cannot consume it again; the user's own view still finds it."""
    from festinger.memory import context as mctx
    from festinger.memory.context import ClassificationContext, MonologueSnapshot

    w = world()
    agent = w.agent()
    await w.say(agent, "The cache is Redis 6", "ok", fragments=["The cache is Redis 6"])
    await w.settle()
    first = await w.find(agent, "The cache is Redis 6")
    db = await w.sim.memory(agent)
    token = mctx.CURRENT_SNAPSHOT.set(MonologueSnapshot("k:0", "A0", ClassificationContext()))
    try:
        removed = await db.delete_documents_by_ids([first.metadata["id"]])
        assert [d.metadata["id"] for d in removed] == [first.metadata["id"]]   # as Agent Zero expects
        hidden = await db.search_similarity_threshold("The cache is Redis 6", limit=5, threshold=0.5)
    finally:
        mctx.CURRENT_SNAPSHOT.reset(token)
    assert first.metadata["id"] in await w.docs(agent)                       # kept
    assert first.metadata["id"] not in {d.metadata["id"] for d in hidden}    # hidden from agents
    mine = await db.search_similarity_threshold("The cache is Redis 6", limit=5, threshold=0.5)
    assert first.metadata["id"] in {d.metadata["id"] for d in mine}          # the user's view
