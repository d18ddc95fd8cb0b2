"""Consolidation changes ids (merge, update, replace): lineage links move to the new ids
instead of dangling, and the new memory is classified fresh (not with the classification
Agent Zero copies over from the consumed memories)."""

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
    docs = await w.docs(agent)
    assert v311.metadata["id"] not in docs
    merged = await w.find(agent, "The project uses Python 3.11 and Poetry.")
    old = await w.find(agent, "The project uses Python 3.9")
    assert merged.metadata["consolidation_action"] == "merge"
    assert read_lineage(old.metadata).superseded_by == merged.metadata["id"]
    lm = read_lineage(merged.metadata)
    assert old.metadata["id"] in supersedes_all(lm) and lm.supersedes == old.metadata["id"]
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
    old = await w.find(agent, "The project uses Python 3.9")  # documents are replaced on update: re-read
    assert updated.metadata["updated_from"] == merged.metadata["id"]
    assert read_lineage(old.metadata).superseded_by == updated.metadata["id"]
    assert read_lineage(updated.metadata).supersedes == old.metadata["id"]
    # every link in the store points at a memory that exists
    docs = await w.docs(agent)
    for doc in docs.values():
        lin = read_lineage(doc.metadata)
        for target in [lin.superseded_by, *supersedes_all(lin)]:
            assert target is None or target in docs, f"dangling link {target} in {doc.page_content!r}"


async def test_merging_only_deprecated_memories_yields_a_deprecated_memory(world):
    w = world()
    decider = Decider()
    w.sim.utility.decide = decider
    agent = w.agent()
    await w.say(agent, "The project uses Python 3.9", "ok", fragments=["The project uses Python 3.9"])
    await w.settle()
    await w.say(agent, "Now the project uses Python 3.11", "ok", fragments=["The project uses Python 3.11"])
    await w.settle()
    old = await w.find(agent, "The project uses Python 3.9")
    current = await w.find(agent, "The project uses Python 3.11")
    decider.on("history", lambda sim: {"action": "merge", "memories_to_remove": ids_with(sim, "3.9"),
                                       "new_memory_content": "Earlier the project used Python 3.9."})
    await w.say(agent, "tell me the history", "ok", fragments=["The project history: it used Python 3.9"])
    await w.settle()
    merged = await w.find(agent, "Earlier the project used Python 3.9.")
    current = await w.find(agent, "The project uses Python 3.11")
    assert validity(merged) == "deprecated"
    assert read_lineage(merged.metadata).superseded_by == current.metadata["id"]
    assert read_lineage(current.metadata).supersedes == merged.metadata["id"]
    assert old.metadata["id"] not in await w.docs(agent)


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
