"""Extension base class and a hook loader with Agent Zero's semantics.

What the loader reproduces (read from ``python/helpers/extension.py`` +
``extract_tools.load_classes_from_folder`` in v0.9.8.2 and ``helpers/extension.py`` +
``helpers/modules.py`` in v1.7):

* Sources are searched in priority order (user/pack folders first, stock last). For each
  source the hook folder's ``*.py`` files are executed as standalone modules named after
  the file (not registered in ``sys.modules``); the result is cached per folder.
* One class per file: among the module's attributes that are ``Extension`` subclasses
  (the base excluded) the alphabetically LAST class name wins -- so a concrete Extension
  imported into a hook file can shadow the file's own class.
* The class is keyed by the last part of ``cls.__module__`` (normally the file stem); the
  first source that provides a key wins; the survivors run sorted by key.
* A NEW instance per call (``cls(agent=agent)``), ``execute(**kwargs)`` with the hook's
  kwargs, return value ignored, NO try/except: an exception propagates to the caller.
* legacy awaits the result unconditionally (a plain ``def execute`` crashes with
  TypeError); v1 awaits it only when it is awaitable.
"""

from __future__ import annotations

import importlib.util
import inspect
import threading
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Awaitable, Optional, Sequence, Union

LEGACY = "legacy"
V1 = "v1"
LAYOUTS = (LEGACY, V1)


class Extension:
    """Base class for hooks: ``class X(Extension): async def execute(self, **kwargs)``."""

    def __init__(self, agent: Any, **kwargs: Any) -> None:
        self.agent = agent
        self.kwargs = kwargs

    async def execute(self, **kwargs: Any) -> Any:  # overridden by every hook
        return None


@dataclass
class DirectorySource:
    """A folder containing ``<hook>/`` sub-folders (``usr/extensions``, a plugin's
    ``extensions/python``, a pack's ``extensions`` folder, ...)."""

    root: Path
    label: str = ""

    def hook_folder(self, hook: str) -> Path:
        return Path(self.root) / hook


@dataclass
class VirtualSource:
    """Hook classes provided in code, each under the file stem it would have on disk."""

    hooks: dict[str, list[tuple[str, type]]] = field(default_factory=dict)
    label: str = "stock"


HookSource = Union[DirectorySource, VirtualSource]


@dataclass
class HookCall:
    """One executed hook, recorded for tests (agent number, hook point, file key)."""

    hook: str
    key: str
    agent_number: Optional[int]


def pick_extension_class(module: ModuleType, base: type = Extension) -> Optional[type]:
    """The alphabetically last ``base`` subclass visible in ``module`` (base excluded)."""
    candidates = sorted(
        (name, obj)
        for name, obj in inspect.getmembers(module, inspect.isclass)
        if obj is not base and issubclass(obj, base)
    )
    return candidates[-1][1] if candidates else None


def load_module_from_file(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, str(path))
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load hook file {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def module_key(cls: type) -> str:
    return cls.__module__.split(".")[-1]


class ExtensionLoader:
    """Resolves and runs hook classes for one simulated Agent Zero install."""

    def __init__(self, sources: Sequence[HookSource], layout: str = LEGACY,
                 base: type = Extension) -> None:
        if layout not in LAYOUTS:
            raise ValueError(f"layout must be one of {LAYOUTS}")
        self.sources = list(sources)
        self.layout = layout
        self.base = base
        self.trace: list[HookCall] = []
        self._folder_cache: dict[Path, list[type]] = {}
        self._lock = threading.Lock()

    def _classes_in_folder(self, folder: Path) -> list[type]:
        with self._lock:
            cached = self._folder_cache.get(folder)
        if cached is not None:
            return cached
        if not folder.is_dir():
            return []
        classes: list[type] = []
        for path in sorted(p for p in folder.iterdir() if p.suffix == ".py" and p.is_file()):
            cls = pick_extension_class(load_module_from_file(path), self.base)
            if cls is not None:
                classes.append(cls)
        with self._lock:
            self._folder_cache[folder] = classes
        return classes

    def resolve(self, hook: str) -> list[tuple[str, type]]:
        """(key, class) pairs that would run for ``hook``, in execution order."""
        chosen: dict[str, type] = {}
        for source in self.sources:
            if isinstance(source, VirtualSource):
                entries = list(source.hooks.get(hook, []))
            else:
                entries = [(module_key(c), c) for c in self._classes_in_folder(source.hook_folder(hook).resolve())]
            for key, cls in entries:
                chosen.setdefault(key, cls)  # first occurrence of a file name wins
        return sorted(chosen.items(), key=lambda item: item[0])

    def clear_cache(self) -> None:
        with self._lock:
            self._folder_cache.clear()

    async def call(self, hook: str, agent: Any = None, **kwargs: Any) -> None:
        for key, cls in self.resolve(hook):
            self.trace.append(HookCall(hook, key, getattr(agent, "number", None)))
            result = cls(agent=agent).execute(**kwargs)
            if self.layout == LEGACY:
                await result  # v0.9.x awaits blindly: a sync execute() raises TypeError here
            elif isinstance(result, Awaitable):
                await result

    def calls(self, hook: Optional[str] = None) -> list[str]:
        """Keys of hooks executed so far (optionally for one hook point), in order."""
        return [c.key for c in self.trace if hook is None or c.hook == hook]

