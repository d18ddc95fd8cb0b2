"""Fake Agent Zero modules in ``sys.modules``, per layout, bound to one runtime.

legacy (v0.9.x)::

    agent                         Agent, AgentContext, AgentConfig, LoopData, UserMessage, ...
    python.helpers.extension      Extension, call_extensions(extension_point, agent=None, **kw)
    python.helpers.memory         Memory, MyFaiss, get_agent_memory_subdir, abs_db_dir, reload, ...
    python.helpers.settings       get_settings()  (memory keys + agent_memory_subdir)
    python.helpers.defer          DeferredTask, THREAD_BACKGROUND
    python.helpers.log            Log, LogItem
    python.helpers.errors         HandledException, RepairableException, InterventionException
    (``helpers`` and ``plugins`` are blocked: importing them raises ImportError)

v1 (v1.x plugin era)::

    agent                         as above
    helpers.extension             Extension, call_extensions_async, call_extensions_sync
    helpers.plugins               get_plugin_config(name, agent=None, project_name=None, agent_profile=None)
    helpers.defer / helpers.log / helpers.errors
    plugins._memory.helpers.memory  Memory, MyFaiss, ...
    (``python`` is blocked, so ``from python.helpers...`` raises ImportError as in v1.x)

Use :func:`installed` (a context manager) or :class:`FakeModules` ``install()`` /
``uninstall()``; whatever was in ``sys.modules`` under those names before is restored.
"""

from __future__ import annotations

import sys
import threading
from contextlib import contextmanager
from types import ModuleType
from typing import Any, Iterator, Optional

from . import agent as agent_mod
from . import defer as defer_mod
from .extension import LEGACY, Extension
from .memory import MyFaiss
from .runtime import SimRuntime

_install_lock = threading.Lock()


def _module(name: str, package: bool = False, **attrs: Any) -> ModuleType:
    module = ModuleType(name)
    module.__file__ = f"<festinger-sim:{name}>"
    if package:
        module.__path__ = []  # type: ignore[attr-defined]
    module.__dict__.update(attrs)
    return module


def build_modules(rt: SimRuntime) -> dict[str, Optional[ModuleType]]:
    """Module objects (or None = blocked) for the runtime's layout."""
    loader = rt.loader

    async def call_extensions(extension_point: str, agent: Any = None, **kwargs: Any) -> None:
        await loader.call(extension_point, agent, **kwargs)

    def call_extensions_sync(extension_point: str, agent: Any = None, **kwargs: Any) -> None:
        for _key, cls in loader.resolve(extension_point):
            result = cls(agent=agent).execute(**kwargs)
            if hasattr(result, "__await__"):
                result.close()  # type: ignore[union-attr]
                raise ValueError(f"Extension {cls.__name__} returned awaitable in sync mode")

    def get_agent_memory_subdir(agent: Any) -> str:
        return rt.memory_subdir(agent)

    def get_memory_subdir_abs(agent: Any) -> str:
        return str(rt.abs_db_dir(rt.memory_subdir(agent)))

    def get_context_memory_subdir(context: Any) -> str:
        return rt.memory_subdir(context.get_agent())

    def abs_db_dir(memory_subdir: str) -> str:
        return str(rt.abs_db_dir(memory_subdir))

    def reload() -> None:
        rt.Memory.index = {}

    def get_existing_memory_subdirs() -> list[str]:
        base = rt.root / "usr" / "memory"
        found = sorted(p.name for p in base.iterdir() if p.is_dir()) if base.is_dir() else []
        projects = rt.root / "usr" / "projects"
        if projects.is_dir():
            found += [f"projects/{p.name}" for p in sorted(projects.iterdir())
                      if (p / ".a0proj" / "memory" / "index.faiss").is_file()]
        if "default" not in found:
            found.insert(0, "default")
        return found

    memory = dict(
        Memory=rt.Memory, MyFaiss=MyFaiss, get_agent_memory_subdir=get_agent_memory_subdir,
        get_memory_subdir_abs=get_memory_subdir_abs, get_context_memory_subdir=get_context_memory_subdir,
        abs_db_dir=abs_db_dir, reload=reload, get_existing_memory_subdirs=get_existing_memory_subdirs,
    )
    defer = dict(DeferredTask=rt.DeferredTask, THREAD_BACKGROUND=defer_mod.THREAD_BACKGROUND,
                 EventLoopThread=defer_mod.EventLoopThread)
    log = dict(Log=agent_mod.Log, LogItem=agent_mod.LogItem)
    errors = dict(HandledException=agent_mod.HandledException,
                  RepairableException=agent_mod.RepairableException,
                  InterventionException=agent_mod.InterventionException)
    agent_module = _module(
        "agent", Agent=rt.Agent, AgentContext=rt.AgentContext, AgentConfig=agent_mod.AgentConfig,
        LoopData=agent_mod.LoopData, UserMessage=agent_mod.UserMessage,
        HandledException=agent_mod.HandledException, InterventionException=agent_mod.InterventionException,
        RepairableException=agent_mod.RepairableException,
    )

    mods: dict[str, Optional[ModuleType]] = {"agent": agent_module}
    if rt.layout == LEGACY:
        helpers_pkg = "python.helpers"
        mods["python"] = _module("python", package=True)
        mods[helpers_pkg] = _module(helpers_pkg, package=True)
        mods[f"{helpers_pkg}.extension"] = _module(f"{helpers_pkg}.extension", Extension=Extension,
                                                  call_extensions=call_extensions)
        mods[f"{helpers_pkg}.memory"] = _module(f"{helpers_pkg}.memory", **memory)
        mods[f"{helpers_pkg}.settings"] = _module(f"{helpers_pkg}.settings", get_settings=rt.settings.get_settings)
        mods["helpers"] = None
        mods["plugins"] = None
    else:
        helpers_pkg = "helpers"
        mods["helpers"] = _module("helpers", package=True)
        mods["helpers.extension"] = _module("helpers.extension", Extension=Extension,
                                            call_extensions_async=call_extensions,
                                            call_extensions_sync=call_extensions_sync)
        mods["helpers.plugins"] = _module("helpers.plugins", get_plugin_config=rt.settings.get_plugin_config)
        mods["plugins"] = _module("plugins", package=True)
        mods["plugins._memory"] = _module("plugins._memory", package=True)
        mods["plugins._memory.helpers"] = _module("plugins._memory.helpers", package=True)
        mods["plugins._memory.helpers.memory"] = _module("plugins._memory.helpers.memory", **memory)
        mods["python"] = None
    mods[f"{helpers_pkg}.defer"] = _module(f"{helpers_pkg}.defer", **defer)
    mods[f"{helpers_pkg}.log"] = _module(f"{helpers_pkg}.log", **log)
    mods[f"{helpers_pkg}.errors"] = _module(f"{helpers_pkg}.errors", **errors)

    # Packages expose their children as attributes (``from python.helpers import memory``).
    for name, module in mods.items():
        if module is None or "." not in name:
            continue
        parent_name, child = name.rsplit(".", 1)
        parent = mods.get(parent_name)
        if parent is not None:
            setattr(parent, child, module)
    return mods


class FakeModules:
    """Installs/uninstalls the fake modules; restores what was there before."""

    def __init__(self, runtime: SimRuntime) -> None:
        self.runtime = runtime
        self.modules = build_modules(runtime)
        self._saved: dict[str, Any] = {}
        self._installed = False

    def install(self) -> "FakeModules":
        with _install_lock:
            if self._installed:
                return self
            missing = object()
            for name, module in self.modules.items():
                self._saved[name] = sys.modules.get(name, missing)
                sys.modules[name] = module  # type: ignore[assignment]
            self._missing = missing
            self._installed = True
        return self

    def uninstall(self) -> None:
        with _install_lock:
            if not self._installed:
                return
            for name, previous in self._saved.items():
                if previous is self._missing:
                    sys.modules.pop(name, None)
                else:
                    sys.modules[name] = previous
            self._saved.clear()
            self._installed = False

    def __enter__(self) -> "FakeModules":
        return self.install()

    def __exit__(self, *exc: Any) -> None:
        self.uninstall()


@contextmanager
def installed(runtime: SimRuntime) -> Iterator[SimRuntime]:
    """``with installed(SimRuntime(tmp_path, layout="v1")) as rt:`` -- modules live inside."""
    fake = FakeModules(runtime).install()
    try:
        yield runtime
    finally:
        fake.uninstall()
