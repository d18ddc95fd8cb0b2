"""The user's own memory survives look-alike memories, end to end (simulated Agent Zero, real
MiniLM, real FAISS, the pack's real extension files, classification + conflict check + recall).

Each case once deprecated a true, user-stated, load-bearing memory: a son's name replaced the
user's name, a staging port replaced the production port, a title ("Dr.") replaced a full name.
After the look-alike lands, the user's memory must still be confirmed and must be what recall
hands the model for the question it answers.

Recall runs with Agent Zero's "query preparation" on, the utility model writing the search query
(scripted: an LLM's judgment is the one thing faked). Without it, MiniLM scores the raw chat text
"What is my name?" against "The user's name is Alice." at relevance 0.685, just under Agent
Zero's default 0.7 gate, so nothing at all would be recalled, deprecated or not.
"""

from __future__ import annotations

import pytest

from festinger.core.metadata import read_classification, read_lineage
from festinger_testkit.simulator import respond
from tests.fakes.pack_hooks import MEMORY_HOOK_FILES, RECALL_HOOK_FILES, install_hook_files


@pytest.fixture
def with_recall(tmp_path):
    """The pack's memory and recall hook files, as installed into Agent Zero."""
    return [install_hook_files(tmp_path / "memory-and-recall", MEMORY_HOOK_FILES, RECALL_HOOK_FILES)]


def _state(doc) -> tuple[str, str, str]:
    c = read_classification(doc.metadata)
    return c.validity.value, c.source.value, c.utility.value


CASES = [
    pytest.param(
        ("My name is Alice.", "The user's name is Alice."),
        ("I have a son now, his name is Leo.", "The user has a son. His name is Leo."),
        ("What is my name?", "the user's name"), "Alice", id="son-name"),
    pytest.param(
        ("The API port is 8080.", "The API port is 8080."),
        ("On staging the API port is 8081.", "Staging:\n- The API port is 8081"),
        ("Which port does the API use?", "the API port"), "8080", id="staging-port"),
    pytest.param(
        ("My name is John Smith.", "The user's name is John Smith."),
        ("At the clinic my name is Dr. Smith.", "The user's name is Dr. Smith."),
        ("What is my name?", "the user's name"), "John Smith", id="title"),
]


def _recalled(w) -> str:
    """What recall handed the model (the extras' text, history aside)."""
    return "\n".join(str(v) for v in w.sim.last_prompt.extras.values())


def _recall_with_query(w, query: str) -> None:
    w.sim.settings.update(memory_recall_interval=1, memory_recall_query_prep=True)
    w.sim.utility.recall_query = lambda message: query


@pytest.mark.parametrize("first,second,question,answer", CASES)
async def test_users_memory_stays_confirmed_and_is_recalled(world, with_recall, first, second, question, answer):
    w = world(extension_dirs=with_recall)
    question, query = question
    _recall_with_query(w, query)
    agent = w.agent()
    said, memory = first
    await w.say(agent, said, "Noted.", fragments=[memory])
    await w.settle()
    mine = await w.find(agent, memory)
    assert _state(mine) == ("confirmed", "user_asserted", "load_bearing")

    said2, look_alike = second
    await w.say(agent, said2, "Noted.", fragments=[look_alike])
    await w.settle()
    other = await w.find(agent, look_alike)
    assert read_classification(other.metadata).validity.value == "confirmed"
    assert _state(mine) == ("confirmed", "user_asserted", "load_bearing")
    assert read_lineage(mine.metadata).superseded_by is None
    assert w.ms.stats()["conflicts_resolved_this_session"] == 0

    await w.sim.communicate(agent, question, [respond(answer)])
    recalled = _recalled(w)
    assert memory in recalled


async def test_a_real_update_of_the_same_memory_still_deprecates_it(world, with_recall):
    # The control: the same pipeline does deprecate when the user's own value really changes.
    w = world(extension_dirs=with_recall)
    _recall_with_query(w, "the user's name")
    agent = w.agent()
    await w.say(agent, "My name is Alice.", "Noted.", fragments=["The user's name is Alice."])
    await w.settle()
    await w.say(agent, "Correction: my name is Maria, not Alice.", "Noted.",
                fragments=["Correction: the user's name is Maria."])
    await w.settle()
    old = await w.find(agent, "The user's name is Alice.")
    new = await w.find(agent, "Correction: the user's name is Maria.")
    assert read_classification(old.metadata).validity.value == "deprecated"
    assert read_lineage(old.metadata).superseded_by == new.metadata["id"]
    await w.sim.communicate(agent, "What is my name?", [respond("Maria")])
    recalled = _recalled(w)
    assert "the user's name is Maria." in recalled and "The user's name is Alice." not in recalled


# Session 12's readings, end to end: a stored thing ended in any clause, a name said by a part, a count,
# an instruction. Their look-alikes leave the user's memory as it was; their real updates deprecate it.
NEW_READINGS_LOOK_ALIKES = [
    pytest.param(("I have a cat named Miso.", "The user has a cat named Miso."),
                 ("My sister's cat Pepper passed away last week.", "The user's sister's cat Pepper passed away last week."),
                 id="another-persons-pet-ended"),
    pytest.param(("Please never use emojis in your replies.", "User wants no emojis in replies."),
                 ("For the birthday card text, emojis are fine.", "Emojis are fine for the birthday card text."),
                 id="scoped-instruction"),
    pytest.param(("I have 2 cats.", "User has 2 cats."),
                 ("My mom adopted another cat, she has 3 now.", "The user's mom adopted another cat, she has 3 cats now."),
                 id="another-persons-count"),
]


async def _one_then_another(w, first, second):
    """The user says `first` then `second` (each memorized as given); (first's memory, its state
    before the second landed, second's memory)."""
    agent = w.agent()
    await w.say(agent, first[0], "Noted.", fragments=[first[1]])
    await w.settle()
    mine = await w.find(agent, first[1])
    before = _state(mine)
    await w.say(agent, second[0], "Noted.", fragments=[second[1]])
    await w.settle()
    return mine, before, await w.find(agent, second[1])


@pytest.mark.parametrize("first,second", NEW_READINGS_LOOK_ALIKES)
async def test_new_readings_leave_the_users_memory_alone(world, with_recall, first, second):
    w = world(extension_dirs=with_recall)
    mine, before, _ = await _one_then_another(w, first, second)
    assert before[0] == "confirmed"
    assert _state(mine) == before
    assert read_lineage(mine.metadata).superseded_by is None
    assert w.ms.stats()["conflicts_resolved_this_session"] == 0


NEW_READINGS_UPDATES = [
    pytest.param(("We have a cat named Miso.", "The user has a cat named Miso."),
                 ("Miso passed away last week. Still very sad about it.", "The user's cat Miso passed away last week."),
                 id="pet-ended"),
    pytest.param(("A cleaner comes every Tuesday.", "A cleaner comes every Tuesday."),
                 ("We stopped the cleaner, doing it ourselves to save money.", "We stopped the cleaner, doing it ourselves to save money."),
                 id="service-ended"),
]


@pytest.mark.parametrize("first,second", NEW_READINGS_UPDATES)
async def test_new_readings_deprecate_what_really_ended(world, with_recall, first, second):
    w = world(extension_dirs=with_recall)
    old, before, new = await _one_then_another(w, first, second)
    assert before[0] == "confirmed"
    assert read_classification(old.metadata).validity.value == "deprecated"
    assert read_lineage(old.metadata).superseded_by == new.metadata["id"]
