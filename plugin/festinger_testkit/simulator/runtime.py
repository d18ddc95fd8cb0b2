"""One simulated Agent Zero install: paths, settings, models, classes bound to them.

A runtime owns per-install subclasses (``Memory`` with its own class-level ``index``,
``Agent``/``AgentContext``, ``DeferredTask`` with its own background threads) so two
simulators in one process never share state, and the fake modules (see ``modules.py``)
expose exactly these classes under Agent Zero's import paths.
"""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path
from typing import Any, Mapping, Optional, Sequence

from .agent import Agent, AgentConfig, AgentContext
from .defer import DeferredTask, ThreadRegistry
from .extension import LAYOUTS, LEGACY, DirectorySource, ExtensionLoader, HookSource
from .memory import Memory
from .prompts import PromptLibrary
from .settings import MEMORY_PLUGIN, SimSettings
from .stock import stock_source
from .utility import ScriptedUtilityModel

PROJECT_DATA_KEY = "project"


class SimRuntime:
    def __init__(
        self,
        root: Path,
        layout: str = LEGACY,
        embeddings: Any = None,
        settings: Optional[Mapping[str, Any]] = None,
        extension_dirs: Sequence[Path] = (),
        plugins: Optional[Mapping[str, Path]] = None,
        plugin_configs: Optional[Mapping[str, Mapping[str, Any]]] = None,
        prompt_dirs: Sequence[Path] = (),
        utility_latency: float = 0.15,
        recall_delay: float = 0.05,
        stock_memory: bool = True,
    ) -> None:
        if layout not in LAYOUTS:
            raise ValueError(f"layout must be one of {LAYOUTS}, not {layout!r}")
        self.root = Path(root)
        self.layout = layout
        if embeddings is None:
            from festinger.embeddings import HashEmbeddings

            embeddings = HashEmbeddings()
        self.embeddings = embeddings
        self.plugins = {name: Path(p) for name, p in (plugins or {}).items()}
        self.settings = SimSettings(layout, settings, plugin_configs, self.plugins)
        self.utility = ScriptedUtilityModel(latency=utility_latency)
        self.recall_delay = recall_delay
        self.threads = ThreadRegistry()
        self.recall_tasks: list[asyncio.Task] = []
        self._lock = threading.Lock()

        self.prompts = PromptLibrary(
            [*map(Path, prompt_dirs), self.root / "usr" / "prompts", self.root / "prompts"]
            + [p / "prompts" for _, p in sorted(self.plugins.items())]
        )

        # Per-install classes (class-level state must not leak between simulators).
        self.Memory: type[Memory] = type("Memory", (Memory,), {"index": {}, "_runtime": self})
        self.Agent: type[Agent] = type("Agent", (Agent,), {"_sim_runtime": self})
        self.AgentContext: type[AgentContext] = type("AgentContext", (AgentContext,), {"_agent_class": self.Agent})
        self.Agent._context_class = self.AgentContext
        self.DeferredTask: type[DeferredTask] = type("DeferredTask", (DeferredTask,), {"registry": self.threads})

        self.loader = ExtensionLoader(self._sources(list(extension_dirs), stock_memory), layout=layout)

    # -- hook sources ------------------------------------------------------------------
    def _sources(self, extension_dirs: list[Path], stock_memory: bool) -> list[HookSource]:
        """Priority order as ``subagents.get_paths``: user folders, plugins, then core.

        legacy: the given folders (think ``usr/extensions``), then ``python/extensions``
        (core + memory hooks). v1: the given folders (``usr/extensions/python``), then every
        plugin's ``extensions/python`` sorted by plugin name -- the stock ``_memory`` plugin
        sorts before lowercase names, so it shadows a pack plugin's same-named file --
        then core ``extensions/python``.
        """
        sources: list[HookSource] = [DirectorySource(Path(d), label=str(d)) for d in extension_dirs]
        if self.layout == LEGACY:
            sources.append(stock_source(include_memory=stock_memory, label="python/extensions"))
            return sources
        plugin_sources: list[tuple[str, HookSource]] = [
            (name, DirectorySource(path / "extensions" / "python", label=f"plugins/{name}"))
            for name, path in self.plugins.items()
        ]
        if stock_memory:
            plugin_sources.append(
                (MEMORY_PLUGIN, stock_source(include_core=False, label=f"plugins/{MEMORY_PLUGIN}")))
        sources += [src for _, src in sorted(plugin_sources, key=lambda item: item[0])]
        sources.append(stock_source(include_memory=False, label="extensions/python"))
        return sources

    # -- agents ------------------------------------------------------------------------
    def new_agent(self, profile: str = "agent0", number: int = 0,
                  context: Optional[AgentContext] = None) -> Agent:
        config = context.config if context is not None else AgentConfig(profile=profile)
        if context is not None and config.profile != profile:
            config = AgentConfig(profile=profile, memory_subdir=config.memory_subdir,
                                 knowledge_subdirs=list(config.knowledge_subdirs))
        if self.layout == LEGACY and not config.memory_subdir:
            config.memory_subdir = self.settings.memory.get("agent_memory_subdir", "default")
        agent = self.Agent(number, config, context)
        return agent

    # -- memory paths ------------------------------------------------------------------
    def memory_subdir(self, agent: Any) -> str:
        project = agent.context.get_data(PROJECT_DATA_KEY)
        if self.layout == LEGACY:
            if project:
                return f"projects/{project}"
            return agent.context.config.memory_subdir or "default"
        cfg = self.settings.memory_config(agent)
        if not cfg:
            return "default"
        if project and cfg.get("project_memory_isolation", True):
            return f"projects/{project}"
        return cfg.get("agent_memory_subdir", "") or "default"

    def abs_db_dir(self, memory_subdir: str) -> Path:
        if memory_subdir.startswith("projects/"):
            return self.root / "usr" / "projects" / memory_subdir[len("projects/"):] / ".a0proj" / "memory"
        return self.root / "usr" / "memory" / memory_subdir

    # -- background work ---------------------------------------------------------------
    def track_recall_task(self, task: asyncio.Task) -> None:
        with self._lock:
            self.recall_tasks = [t for t in self.recall_tasks if not t.done()]
            self.recall_tasks.append(task)

    def pending_work(self) -> int:
        with self._lock:
            recall = [t for t in self.recall_tasks if not t.done()]
        return len(recall) + len(self.threads.pending())

    async def drain(self, timeout: float = 30.0) -> None:
        """Wait until recall tasks and background (DeferredTask) work are all finished."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            with self._lock:
                recall = [t for t in self.recall_tasks if not t.done()]
            background = self.threads.pending()
            if not recall and not background:
                return
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"{len(recall) + len(background)} background tasks still running")
            waiters = [*recall, *(asyncio.wrap_future(f) for f in background)]
            await asyncio.wait(waiters, timeout=remaining)

    def close(self) -> None:
        with self._lock:
            recall = list(self.recall_tasks)
            self.recall_tasks = []
        for task in recall:
            if not task.done():
                try:
                    task.cancel()
                except RuntimeError:  # its event loop is already closed (test teardown)
                    pass
        self.threads.stop_all()
