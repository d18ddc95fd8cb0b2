"""Where the user's settings come from inside Agent Zero.

v1.x: the plugin config (``helpers.plugins.get_plugin_config("festinger")``: the user's
config.json from the plugin settings screen, else our ``default_config.yaml``, with A0's own
``A0_SET_festinger__<key>`` environment overrides). Legacy v0.9.x and standalone:
``$FESTINGER_HOME/config.json``. Either way FESTINGER_<KEY> environment variables apply last.
"""

from __future__ import annotations

from typing import Any, Optional

from ..config import LoadedConfig, load_config
from ..paths import resolve_home

PLUGIN_NAME = "festinger"


def plugin_config(agent: Any = None) -> Optional[dict]:
    """The v1.x plugin config as a dict, or None outside the plugin era."""
    try:
        from helpers.plugins import get_plugin_config  # type: ignore[import-not-found]
    except ImportError:
        return None
    result = get_plugin_config(PLUGIN_NAME, agent=agent)
    return result if isinstance(result, dict) else None


def load_for_agent_zero(agent: Any = None) -> LoadedConfig:
    errors: list[str] = []
    try:
        layer = plugin_config(agent)
    except Exception as exc:  # a broken user file must not stop the pack
        layer = None
        errors.append(f"plugin config unreadable ({type(exc).__name__}: {exc}); using defaults")
    if layer is not None:
        loaded = load_config(file_layer=layer, file_source="plugin config")
    else:
        loaded = load_config(file_path=resolve_home(None) / "config.json")
    loaded.errors[:0] = errors
    return loaded
