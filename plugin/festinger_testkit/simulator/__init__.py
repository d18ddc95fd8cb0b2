"""Simulated Agent Zero: the contract the pack's hooks run against in tests and self-test.

It reproduces what Agent Zero v0.9.8.2 ("legacy") and v1.7 ("v1") do around an extension
pack -- hook loading and ordering, the message loop and prompt assembly, the FAISS memory
store (real langchain FAISS + faiss), stock recall and background memorization with their
real timing -- without any Agent Zero code. The pack's REAL hook files run unchanged: the
simulator installs fake ``python.helpers.*`` (legacy) or ``helpers.*`` +
``plugins._memory.helpers.memory`` (v1) modules plus ``agent`` into ``sys.modules`` while
it is started, and removes them afterwards. ``sys.modules`` is process-global: run one
started simulator at a time (the pack imports Agent Zero lazily and gets whichever is
installed).

Timing defaults: every utility-LLM call sleeps ``utility_latency`` (0.15 s), so with
consolidation on a memorized fragment lands ~0.3 s after ``monologue_end`` (summary call
+ keyword call); stock recall sleeps ``recall_delay`` (0.05 s) before searching; the main
model answers instantly unless ``main_llm_latency`` is set.

Typical fixture::

    import pytest
    from festinger.embeddings import HashEmbeddings
    from festinger_testkit.simulator import SimAgentZero, respond, tool_call

    @pytest.fixture
    def sim(tmp_path):
        with SimAgentZero(tmp_path, layout="legacy", embeddings=HashEmbeddings(),
                          extension_dirs=[PACK / "extensions"]) as sim:
            yield sim

    @pytest.mark.asyncio
    async def test_something(sim):
        agent = sim.agent(profile="agent0", number=0)
        sim.utility.script_fragments("User prefers tea", "Server runs on port 8080")
        answer = await sim.communicate(agent, "hi", responses=[respond("hello")])
        await sim.drain()                        # background memorization has landed
        db = await sim.memory(agent)             # == await Memory.get(agent)
        assert "tea" not in sim.last_prompt.text # what the main model saw

API (all names importable from ``festinger_testkit.simulator``):

``SimAgentZero(root, layout="legacy"|"v1", embeddings=None (HashEmbeddings), extension_dirs=[...],
settings={memory setting: value}, plugins={name: plugin_dir} (v1), plugin_configs={name: dict},
prompt_dirs=[...], utility_latency=0.15, recall_delay=0.05, main_llm_latency=0.0,
retry_delay=0.0, stock_memory=True)``
    ``root`` plays ``/a0``: memory goes to ``root/usr/memory/<subdir>/``.
    ``extension_dirs``: folders holding ``<hook>/`` sub-folders, highest priority first
    (legacy ``usr/extensions``; v1 ``usr/extensions/python``); v1 ``plugins`` add
    ``<plugin>/extensions/python`` sorted by name with the stock ``_memory`` plugin.
    ``start()/close()``, ``with``/``async with``.
``sim.agent(profile="agent0", number=0, context=None, project=None, org_role=None, bst_domain=None)``
``await sim.communicate(agent, user_message, responses=[...], subordinate_responses=[[...]])``
    -> the ``response`` tool's text. Each reply: a str (raw model text), a dict (tool
    request, see ``respond(text)`` / ``tool_call(name, **args)``) or a callable
    ``(SentPrompt) -> str|dict`` (may be async). Raises ``HandledException`` where Agent
    Zero would end the chat, ``ScriptExhausted`` when replies run out.
``await sim.drain(timeout=30)`` waits for recall tasks and background memorization.
``sim.sent_prompts`` / ``sim.last_prompt``: ``SentPrompt(agent_number, profile, iteration,
messages [langchain messages], extras {dict}; .system, .extras_message, .text, "x" in p)``.
``sim.hooks_called(hook=None)`` -> file keys in execution order.
``sim.utility``: ``ScriptedUtilityModel`` -- ``script_fragments(*texts)``,
``script_solutions(*items)``, ``script_consolidation(dict | callable)``, ``.decide``,
``.keywords``, ``.fallback``, ``.latency``, ``.calls``.
``sim.settings.update(memory_recall_interval=1, ...)``; ``sim.settings.memory_config(agent)``.
``sim.register_tool(name, async fn(agent, **args))``; stock tools: response, memory_save,
memory_load, memory_delete, memory_forget, call_subordinate.
``await sim.memory(agent)``, ``sim.memory_dir(agent)``, ``sim.Memory`` (the class),
``await sim.import_knowledge(agent, paths, area="main")``.

Lower level: ``SimRuntime`` + ``FakeModules`` / ``installed(runtime)`` (modules only, no
loop), ``ExtensionLoader``, ``Extension``, ``LoopData``, ``HandledException``.
"""

from .agent import (
    Agent,
    AgentConfig,
    AgentContext,
    HandledException,
    InterventionException,
    LoopData,
    RepairableException,
    UserMessage,
)
from .defer import DeferredTask
from .extension import LEGACY, V1, DirectorySource, Extension, ExtensionLoader, VirtualSource
from .loop import ScriptExhausted, SentPrompt, respond, tool_call
from .memory import Memory, MyFaiss
from .modules import FakeModules, installed
from .runtime import SimRuntime
from .settings import MEMORY_DEFAULTS, SimSettings
from .sim import SimAgentZero
from .tools import ToolResponse
from .utility import ScriptedUtilityModel

__all__ = [
    "Agent", "AgentConfig", "AgentContext", "DeferredTask", "DirectorySource", "Extension",
    "ExtensionLoader", "FakeModules", "HandledException", "InterventionException", "LEGACY",
    "LoopData", "MEMORY_DEFAULTS", "Memory", "MyFaiss", "RepairableException", "ScriptExhausted",
    "ScriptedUtilityModel", "SentPrompt", "SimAgentZero", "SimRuntime", "SimSettings", "ToolResponse",
    "UserMessage", "V1", "VirtualSource", "installed", "respond", "tool_call",
]
