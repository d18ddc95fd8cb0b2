"""The wording around recalled memories and recollections comes from prompt files that a user
can override on Agent Zero's prompt path; the built-in copy is the fallback."""

from festinger import prompt_files
from festinger.core.trust import LabelledItem, render_blocks
from festinger.graph.recollection import RecollectionConfig, RecollectionRenderer


class Agent:
    """Agent Zero's ``read_prompt`` over a dict of overridden files (others: not found)."""

    def __init__(self, files: dict):
        self.files = files

    def read_prompt(self, name: str, **kwargs) -> str:
        if name not in self.files:
            raise FileNotFoundError(name)
        return self.files[name]


def test_a_users_prompt_file_overrides_the_built_in_wording():
    agent = Agent({prompt_files.RECALL_MEMORIES_HEADER: "## Was ich weiss\n"})
    blocks = render_blocks([LabelledItem("user-stated", "Der Hund heisst Rex")], [],
                           prompt_files.recall_wording(agent))
    assert blocks["memories"].startswith("## Was ich weiss\n")
    # the files the user did not override keep the shipped text
    assert prompt_files.builtin(prompt_files.RECALL_GUIDANCE) in blocks["memories"]


def test_an_agent_that_cannot_read_prompts_gets_the_built_in_wording():
    class Broken:
        def read_prompt(self, name, **kwargs):
            raise RuntimeError("prompt folder unreadable")

    assert prompt_files.recall_wording(Broken()) == prompt_files.recall_wording(None)
    assert prompt_files.recall_wording(Agent({prompt_files.RECALL_GUIDANCE: "  \n"})) == \
        prompt_files.recall_wording(None)  # an emptied file is not an override


def test_recollection_wording_from_the_files_and_from_the_config():
    zero = RecollectionRenderer()._zero_hit_lines("gnommoweb")
    assert zero[0].startswith("? gnommoweb: no recollection")
    assert all("{{" not in line for line in zero)
    custom = RecollectionRenderer(RecollectionConfig(
        command="remember", zero_hit_lines=("unknown: {{concept}} -> {{command}} it",)))
    assert custom._zero_hit_lines("gnommoweb") == ["unknown: gnommoweb -> remember it"]


def test_every_built_in_prompt_file_is_shipped():
    for name in (prompt_files.RECALL_MEMORIES_HEADER, prompt_files.RECALL_SOLUTIONS_HEADER,
                 prompt_files.RECALL_GUIDANCE, prompt_files.RECALL_SOLUTIONS_GUIDANCE,
                 prompt_files.RECOLLECTION_PENDING_NOTE, prompt_files.RECOLLECTION_ZERO_HIT):
        assert prompt_files.builtin(name)


def test_without_an_agent_the_installed_copy_under_agent_zeros_root_is_read(tmp_path):
    """The concept graph has no agent: it reads the file the installer wrote (and the user
    edited) in Agent Zero's prompt folder, v1.x plugin folder first."""
    legacy = tmp_path / "usr" / "prompts"
    legacy.mkdir(parents=True)
    (legacy / prompt_files.RECOLLECTION_PENDING_NOTE).write_text("(strittig)\n")
    assert prompt_files.recollection_pending_note() == prompt_files.builtin(
        prompt_files.RECOLLECTION_PENDING_NOTE)                    # other working directory
    assert prompt_files.read(prompt_files.RECOLLECTION_PENDING_NOTE, root=tmp_path) == "(strittig)"
    v1 = tmp_path / "usr" / "plugins" / "festinger" / "prompts"
    v1.mkdir(parents=True)
    (v1 / prompt_files.RECOLLECTION_PENDING_NOTE).write_text("(umstritten)")
    assert prompt_files.read(prompt_files.RECOLLECTION_PENDING_NOTE, root=tmp_path) == "(umstritten)"
    (v1 / prompt_files.RECOLLECTION_PENDING_NOTE).write_text("   \n")  # emptied: not an override
    assert prompt_files.read(prompt_files.RECOLLECTION_PENDING_NOTE, root=tmp_path) == "(strittig)"


def test_an_agent_asks_agent_zero_once_per_file_and_sees_an_edit_after_the_ttl(monkeypatch):
    """Agent Zero walks its prompt folders on every read_prompt (1-3 ms on v1.7): the recall
    block's four files are read once per agent and kept for PROMPT_TTL_SECONDS, after which a
    user's edit shows."""
    agent = Agent({prompt_files.RECALL_MEMORIES_HEADER: "## Old header"})
    calls = []
    original = agent.read_prompt
    agent.read_prompt = lambda name, **kw: (calls.append(name), original(name, **kw))[1]
    now = [1000.0]
    monkeypatch.setattr(prompt_files.time, "monotonic", lambda: now[0])
    for _ in range(5):
        assert prompt_files.recall_wording(agent).memories_header == "## Old header"
    assert calls.count(prompt_files.RECALL_MEMORIES_HEADER) == 1
    assert len(calls) == 4  # the four files, once each
    agent.files[prompt_files.RECALL_MEMORIES_HEADER] = "## New header"
    now[0] += prompt_files.PROMPT_TTL_SECONDS - 1
    assert prompt_files.recall_wording(agent).memories_header == "## Old header"
    now[0] += 2
    assert prompt_files.recall_wording(agent).memories_header == "## New header"
    # another agent (another profile's folders) has its own copy
    other = Agent({prompt_files.RECALL_MEMORIES_HEADER: "## Other profile"})
    assert prompt_files.recall_wording(other).memories_header == "## Other profile"
