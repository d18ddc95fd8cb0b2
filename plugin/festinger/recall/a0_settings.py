"""Agent Zero's own recall settings, read the way its recall extension reads them.

v1.x: ``helpers.plugins.get_plugin_config("_memory", agent)`` (None when the memory plugin is
missing or off: then there is no recall at all, as in Agent Zero). Legacy v0.9.x:
``python.helpers.settings.get_settings()``. Read on every call, like Agent Zero, so a change
in its settings screen applies on the next iteration.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional


@dataclass(frozen=True)
class RecallSettings:
    enabled: bool = True
    delayed: bool = False
    interval: int = 3
    history_len: int = 10000
    memories_max_search: int = 12
    solutions_max_search: int = 8
    memories_max_result: int = 5
    solutions_max_result: int = 3
    # Agent Zero's relevance is (1 + cosine) / 2, so 0.7 here means cosine >= 0.4.
    similarity_threshold: float = 0.7
    query_prep: bool = False
    post_filter: bool = False

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any]) -> "RecallSettings":
        d = cls()

        def get(key: str, default: Any, kind: type) -> Any:
            value = raw.get(key, default)
            try:
                if kind is bool:
                    return bool(value)
                return kind(value)
            except (TypeError, ValueError):
                return default

        return cls(
            enabled=get("memory_recall_enabled", d.enabled, bool),
            delayed=get("memory_recall_delayed", d.delayed, bool),
            interval=max(1, get("memory_recall_interval", d.interval, int)),
            history_len=max(0, get("memory_recall_history_len", d.history_len, int)),
            memories_max_search=max(0, get("memory_recall_memories_max_search", d.memories_max_search, int)),
            solutions_max_search=max(0, get("memory_recall_solutions_max_search", d.solutions_max_search, int)),
            memories_max_result=max(0, get("memory_recall_memories_max_result", d.memories_max_result, int)),
            solutions_max_result=max(0, get("memory_recall_solutions_max_result", d.solutions_max_result, int)),
            similarity_threshold=get("memory_recall_similarity_threshold", d.similarity_threshold, float),
            query_prep=get("memory_recall_query_prep", d.query_prep, bool),
            post_filter=get("memory_recall_post_filter", d.post_filter, bool),
        )


DISABLED = RecallSettings(enabled=False)


_MEMO_ATTR = "_festinger_recall_settings_memo"


def read_recall_settings(agent: Any = None) -> RecallSettings:
    """The current settings; ``DISABLED`` when Agent Zero has no memory recall configured.

    Read once per monologue (``agent.loop_data`` is new for each): Agent Zero's plugin
    configuration is resolved from disk on every call, and the recall hooks ask twice a turn.
    """
    marker = getattr(agent, "loop_data", None) if agent is not None else None
    memo = getattr(agent, _MEMO_ATTR, None) if marker is not None else None
    if isinstance(memo, tuple) and memo[0] is marker:
        return memo[1]
    settings = _read_recall_settings(agent)
    if marker is not None:
        try:
            setattr(agent, _MEMO_ATTR, (marker, settings))
        except Exception:
            pass
    return settings


def _read_recall_settings(agent: Any = None) -> RecallSettings:
    try:
        from helpers.plugins import get_plugin_config  # type: ignore[import-not-found]
    except ImportError:
        get_plugin_config = None
    if get_plugin_config is not None:
        raw: Optional[Mapping[str, Any]] = get_plugin_config("_memory", agent=agent)
        return RecallSettings.from_mapping(raw) if isinstance(raw, Mapping) else DISABLED
    try:
        from python.helpers import settings  # type: ignore[import-not-found]
    except ImportError:
        return RecallSettings()  # standalone: Agent Zero's defaults
    raw = settings.get_settings()
    return RecallSettings.from_mapping(raw) if isinstance(raw, Mapping) else RecallSettings()
