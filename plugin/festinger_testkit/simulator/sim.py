"""``SimAgentZero``: the fixture-facing facade over runtime, fake modules and loop driver."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Mapping, Optional, Sequence, Union

from .agent import Agent, AgentContext
from .extension import LEGACY
from .loop import MonologueRunner, Reply, SentPrompt
from .modules import FakeModules
from .runtime import SimRuntime
from .tools import ToolFn, ToolResponse, import_knowledge


class SimAgentZero:
    def __init__(
        self,
        root: Union[Path, str],
        layout: str = LEGACY,
        embeddings: Any = None,
        extension_dirs: Sequence[Union[Path, str]] = (),
        settings: Optional[Mapping[str, Any]] = None,
        plugins: Optional[Mapping[str, Union[Path, str]]] = None,
        plugin_configs: Optional[Mapping[str, Mapping[str, Any]]] = None,
        prompt_dirs: Sequence[Union[Path, str]] = (),
        utility_latency: float = 0.15,
        recall_delay: float = 0.05,
        main_llm_latency: float = 0.0,
        retry_delay: float = 0.0,
        stock_memory: bool = True,
    ) -> None:
        self.runtime = SimRuntime(
            Path(root), layout=layout, embeddings=embeddings, settings=settings,
            extension_dirs=[Path(d) for d in extension_dirs],
            plugins={k: Path(v) for k, v in (plugins or {}).items()},
            plugin_configs=plugin_configs, prompt_dirs=[Path(p) for p in prompt_dirs],
            utility_latency=utility_latency, recall_delay=recall_delay, stock_memory=stock_memory,
        )
        self.runner = MonologueRunner(self.runtime, main_llm_latency=main_llm_latency, retry_delay=retry_delay)
        self._modules = FakeModules(self.runtime)
        self._started = False

    # -- lifecycle ---------------------------------------------------------------------
    def start(self) -> "SimAgentZero":
        self._modules.install()
        self._started = True
        return self

    def close(self) -> None:
        self.runtime.close()
        self._modules.uninstall()
        self._started = False

    def __enter__(self) -> "SimAgentZero":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.close()

    async def __aenter__(self) -> "SimAgentZero":
        return self.start()

    async def __aexit__(self, *exc: Any) -> None:
        self.close()

    # -- shortcuts ---------------------------------------------------------------------
    @property
    def layout(self) -> str:
        return self.runtime.layout

    @property
    def root(self) -> Path:
        return self.runtime.root

    @property
    def utility(self):
        return self.runtime.utility

    @property
    def settings(self):
        return self.runtime.settings

    @property
    def loader(self):
        return self.runtime.loader

    @property
    def Memory(self):
        return self.runtime.Memory

    @property
    def sent_prompts(self) -> list[SentPrompt]:
        return self.runner.sent

    @property
    def last_prompt(self) -> Optional[SentPrompt]:
        return self.runner.sent[-1] if self.runner.sent else None

    def hooks_called(self, hook: Optional[str] = None) -> list[str]:
        return self.runtime.loader.calls(hook)

    # -- agents ------------------------------------------------------------------------
    def agent(self, profile: str = "agent0", number: int = 0, context: Optional[AgentContext] = None,
              project: Optional[str] = None, org_role: Optional[dict] = None,
              bst_domain: Optional[str] = None) -> Agent:
        """A new agent (and chat context unless ``context`` is given).

        ``org_role`` sets ``agent._org_active_role`` and ``bst_domain`` sets
        ``agent._bst_store = {"__bst_belief_state__": {"domain": ...}}`` (Exocortex data);
        both are left absent by default, as without Exocortex. Tests may also assign them
        directly at any time.
        """
        agent = self.runtime.new_agent(profile=profile, number=number, context=context)
        if project:
            agent.context.set_data("project", project)
        if org_role is not None:
            agent._org_active_role = org_role  # type: ignore[attr-defined]
        if bst_domain is not None:
            agent._bst_store = {"__bst_belief_state__": {"domain": bst_domain}}  # type: ignore[attr-defined]
        return agent

    # -- running -----------------------------------------------------------------------
    async def communicate(self, agent: Agent, user_message: str, responses: Sequence[Reply] = (),
                          subordinate_responses: Sequence[Sequence[Reply]] = ()) -> str:
        if not self._started:
            raise RuntimeError("start the simulator first (with SimAgentZero(...) as sim / sim.start())")
        return await self.runner.communicate(agent, user_message, responses, subordinate_responses)

    async def drain(self, timeout: float = 30.0) -> None:
        await self.runtime.drain(timeout)

    def register_tool(self, name: str, fn: ToolFn) -> None:
        """``async fn(agent, **tool_args) -> ToolResponse | str`` becomes a tool the model can call."""
        self.runner.tools[name] = fn

    # -- memory helpers ----------------------------------------------------------------
    async def memory(self, agent: Agent):
        return await self.runtime.Memory.get(agent)

    def memory_dir(self, agent: Agent) -> Path:
        return self.runtime.abs_db_dir(self.runtime.memory_subdir(agent))

    async def import_knowledge(self, agent: Agent, paths: Union[Path, str, Iterable[Union[Path, str]]],
                               area: str = "main") -> dict[str, list[str]]:
        return await import_knowledge(agent, paths, area)


__all__ = ["SimAgentZero", "ToolResponse"]
