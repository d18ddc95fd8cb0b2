"""Memory settings with Agent Zero's real names, defaults and accessors per layout.

Where a pack reads them in a real install:

* legacy (v0.9.x): ``from python.helpers import settings; settings.get_settings()[key]``
  -- one global settings dict (defaults in ``get_default_settings()``, overridable by the
  ``A0_SET_<key>`` environment variable, then by the user's ``tmp/settings.json``).
* v1.x: ``from helpers import plugins; plugins.get_plugin_config("_memory", agent)[key]``
  -- the ``_memory`` plugin's ``default_config.yaml`` (env override
  ``A0_SET__memory__<key>``), replaced by a ``config.json`` saved per project / agent
  profile. It returns ``None`` when the plugin cannot be found. ``helpers.settings`` has
  no memory keys in v1.x.

The keys and defaults are identical in both versions (v1 adds ``project_memory_isolation``).
"""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path
from typing import Any, Mapping, Optional

from .extension import LEGACY, V1

MEMORY_PLUGIN = "_memory"

MEMORY_DEFAULTS: dict[str, Any] = {
    "memory_recall_enabled": True,
    "memory_recall_delayed": False,
    "memory_recall_interval": 3,
    "memory_recall_history_len": 10000,
    "memory_recall_memories_max_search": 12,
    "memory_recall_solutions_max_search": 8,
    "memory_recall_memories_max_result": 5,
    "memory_recall_solutions_max_result": 3,
    "memory_recall_similarity_threshold": 0.7,
    "memory_recall_query_prep": False,
    "memory_recall_post_filter": False,
    "memory_memorize_enabled": True,
    "memory_memorize_consolidation": True,
    "memory_memorize_replace_threshold": 0.9,
    "agent_memory_subdir": "default",
}

V1_ONLY_DEFAULTS: dict[str, Any] = {"project_memory_isolation": True}

# memory_load / memory consolidation discovery threshold (python/tools/memory_load.py).
DEFAULT_MEMORY_THRESHOLD = 0.7


def _coerce(raw: str, default: Any) -> Any:
    """Type an environment string like Agent Zero's get_default_value does."""
    text = raw.strip()
    if isinstance(default, bool):
        return text.lower() in ("true", "1", "yes", "on")
    if isinstance(default, (dict, list)):
        return json.loads(text)
    if isinstance(default, str):
        return text
    try:
        return type(default)(text)
    except (TypeError, ValueError):
        return default


def _env_value(name: str, default: Any) -> Any:
    raw = os.environ.get(f"A0_SET_{name}", os.environ.get(f"A0_SET_{name.upper()}"))
    return default if raw is None else _coerce(raw, default)


def memory_defaults(layout: str) -> dict[str, Any]:
    base = dict(MEMORY_DEFAULTS)
    if layout == V1:
        base.update(V1_ONLY_DEFAULTS)
    return base


def _read_config_file(path: Path) -> Optional[dict]:
    if not path.is_file():
        return None
    text = path.read_text(encoding="utf-8")
    if path.suffix.lower() == ".json":
        return json.loads(text)
    import yaml  # PyYAML ships with langchain

    loaded = yaml.safe_load(text)
    return loaded if isinstance(loaded, dict) else {}


class SimSettings:
    """Settings of one simulated install.

    ``overrides`` changes the memory settings (legacy global settings or the v1 ``_memory``
    plugin config). ``plugin_configs`` gives other plugins' configs for
    ``get_plugin_config(name)``; ``plugin_dirs`` maps plugin names to folders whose
    ``config.json`` / ``default_config.yaml`` is read like v1 does.
    """

    def __init__(self, layout: str, overrides: Optional[Mapping[str, Any]] = None,
                 plugin_configs: Optional[Mapping[str, Mapping[str, Any]]] = None,
                 plugin_dirs: Optional[Mapping[str, Path]] = None) -> None:
        self.layout = layout
        self.memory = memory_defaults(layout)
        # Defaults first get env overrides (A0 applies env to defaults only), then explicit ones.
        for key, value in list(self.memory.items()):
            name = key if layout == LEGACY else f"{MEMORY_PLUGIN}__{key}"
            self.memory[key] = _env_value(name, value)
        if overrides:
            unknown = set(overrides) - set(self.memory)
            if unknown:
                raise KeyError(f"unknown memory settings for {layout}: {sorted(unknown)}")
            self.memory.update(overrides)
        self.plugin_configs = {k: dict(v) for k, v in (plugin_configs or {}).items()}
        self.plugin_dirs = {k: Path(v) for k, v in (plugin_dirs or {}).items()}

    def update(self, **values: Any) -> None:
        """Change memory settings at run time (hooks read them on every call, like A0)."""
        unknown = set(values) - set(self.memory)
        if unknown:
            raise KeyError(f"unknown memory settings: {sorted(unknown)}")
        self.memory.update(values)

    # legacy accessor: python.helpers.settings.get_settings()
    def get_settings(self) -> dict[str, Any]:
        return copy.deepcopy(self.memory)

    # v1 accessor: helpers.plugins.get_plugin_config(name, agent=...)
    def get_plugin_config(self, plugin_name: str, agent: Any = None,
                          project_name: Optional[str] = None,
                          agent_profile: Optional[str] = None) -> Optional[dict]:
        if plugin_name == MEMORY_PLUGIN:
            return copy.deepcopy(self.memory)
        if plugin_name in self.plugin_configs:
            return copy.deepcopy(self.plugin_configs[plugin_name])
        folder = self.plugin_dirs.get(plugin_name)
        if folder is None:
            return None
        saved = _read_config_file(folder / "config.json")
        if saved is not None:
            return saved
        defaults = _read_config_file(folder / "default_config.yaml")
        if defaults is None:
            return None
        return _apply_env(plugin_name, defaults)

    def memory_config(self, agent: Any = None) -> dict[str, Any]:
        """What the stock memory hooks read, through the layout's own accessor."""
        if self.layout == LEGACY:
            return self.get_settings()
        return self.get_plugin_config(MEMORY_PLUGIN, agent) or {}


def _apply_env(plugin_name: str, config: dict, prefix: tuple[str, ...] = ()) -> dict:
    for key, value in list(config.items()):
        name = "__".join((plugin_name, *prefix, key))
        config[key] = _env_value(name, value)
        if isinstance(config[key], dict):
            _apply_env(plugin_name, config[key], (*prefix, key))
    return config
