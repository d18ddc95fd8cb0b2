"""Every Festinger setting in one pydantic model, and the layered loader.

Layers, later wins: the model's defaults (mirrored in ``configs/festinger.json``), then the
user's file (Agent Zero v1.x plugin config through ``get_plugin_config``, or
``$FESTINGER_HOME/config.json`` on legacy and standalone), then ``FESTINGER_<KEY>`` environment
variables. A bad value never stops the agent: it is reported with the key and its allowed
values, and that key keeps its default.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, Mapping, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

DEFAULT_LOAD_BEARING_KEYWORDS = [
    "must", "always", "never", "requirement", "constraint", "critical", "essential",
    "mandatory", "do not", "required",
]


class FestingerConfig(BaseModel):
    """All settings. Flat keys so they map 1:1 to the spec's JSON, env vars and A0's plugin config."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True, frozen=False)

    # --- classification spec (memory-classification-l3.md "Configuration") ---
    load_bearing_keywords: list[str] = Field(
        default_factory=lambda: list(DEFAULT_LOAD_BEARING_KEYWORDS),
        description="words/phrases that make a memory load_bearing (matched as whole words)")
    archival_threshold_cycles: int = Field(50, ge=1, le=100_000,
        description="recall cycles without access before a tactical memory is archived")
    deprecation_retention_cycles: int = Field(100, ge=1, le=1_000_000,
        description="recall cycles a deprecated memory is kept before an optional purge")
    max_injected_memories: int = Field(8, ge=0, le=100,
        description="cap on memories+solutions injected into one prompt")
    maintenance_interval_loops: int = Field(25, ge=1, le=100_000,
        description="monologue ends between maintenance runs")
    conflict_top_k: int = Field(5, ge=1, le=100,
        description="nearest memories checked for a contradiction")
    enable_purge: bool = Field(False, description="purge deprecated memories past retention")
    source_match_threshold: float = Field(80.0, ge=0, le=100,
        description="rapidfuzz score for attributing a memory to the user's words")

    # --- recall (cognitive-architecture.md "SOTA Memory Retrieval Pipeline") ---
    recall_rrf_k: int = Field(60, ge=1, le=1000, description="reciprocal rank fusion constant")
    recall_recency_half_life_days: float = Field(30.0, gt=0, le=36500,
        description="half-life of the recency weight")
    recall_candidates: int = Field(40, ge=1, le=1000,
        description="candidates taken from each of the dense and sparse lists")
    rerank_model_path: Optional[str] = Field(None,
        description="local cross-encoder model folder; empty = no rerank")

    # --- concept graph (festinger-concept-graph.md "config") ---
    graph_enabled: bool = Field(True, description="run the concept graph and recollections")
    write_model_id: Optional[int] = Field(None, ge=1,
        description="models.id used by the write path; empty = Agent Zero's utility model")
    resolve_model_id: Optional[int] = Field(None, ge=1,
        description="models.id used by the resolution job; empty = Agent Zero's utility model")
    saliency_read_threshold: float = Field(0.5, ge=0, le=100)
    saliency_write_threshold: float = Field(1.2, ge=0, le=100)
    recollection_confidence_floor: float = Field(0.6, ge=0, le=1)
    recollection_recency_days: int = Field(90, ge=1, le=36500)
    recollection_max_concepts: int = Field(12, ge=1, le=200)
    concept_max_name_words: int = Field(4, ge=1, le=4,
        description="words a concept name from conversation may have (cue facts, the "
                    "<recollection> block); longer ones and instruction-like phrases are "
                    "never stored from a cue nor rendered")
    resolution_schedule: str = Field("0 2 * * *", min_length=9, max_length=100,
        description="cron expression for the resolution job")
    saliency_flush_seconds: float = Field(30.0, gt=0, le=3600)

    # --- health / SALUTE ---
    salute_interval_turns: int = Field(10, ge=1, le=100_000,
        description="turns between the pack's own SALUTE reports (no Exocortex)")
    degradation_deprecated_ratio: float = Field(0.5, ge=0, le=100,
        description="deprecated/confirmed ratio above which status.health degrades")
    degradation_pending_conflicts: int = Field(50, ge=1, le=1_000_000,
        description="pending graph conflicts above which status.health degrades")

    # --- loop guard (festinger-concept-graph.md T02/T03) ---
    loop_detection_enabled: bool = Field(True,
        description="detect repeated, near-repeated, cycling and stagnating actions")
    loop_history_size: int = Field(200, ge=10, le=100_000,
        description="actions remembered per agent per chat")
    loop_repeat_count: int = Field(3, ge=2, le=50,
        description="same action this many times in a row is a loop (2 when the result is unchanged)")
    loop_similarity_threshold: float = Field(92.0, ge=50, le=100,
        description="rapidfuzz ratio above which two normalised actions/results count as the same")
    loop_max_cycle_length: int = Field(3, ge=2, le=10,
        description="longest repeated sequence detected as a cycle (A B A B = 2)")
    loop_stagnation_count: int = Field(3, ge=2, le=50,
        description="same result or error this many times in a row is stagnation")
    loop_backoff_growth: float = Field(1.6, gt=1, le=100,
        description="a number in the arguments growing by this factor per call is a backoff, not a loop")
    loop_backoff_max_polls: int = Field(8, ge=2, le=100,
        description="polls in a row exempt as a backoff")
    loop_inject_forbidden: bool = Field(True,
        description="mitigation (a): tell the model which action it must not repeat")
    loop_temperature_boost: float = Field(0.4, ge=0, le=2,
        description="mitigation (b): added to the chat model temperature from the 2nd detection; 0 = off")
    loop_temperature_cap: float = Field(1.3, ge=0, le=2,
        description="the boosted temperature never exceeds this")
    loop_temperature_boost_calls: int = Field(2, ge=1, le=20,
        description="model calls one temperature boost lasts")
    loop_truncate_history: bool = Field(True,
        description="mitigation (c): collapse the repeated exchanges in what the model is sent")
    loop_circuit_breaker: bool = Field(True,
        description="mitigation (d): end the monologue with a message to the user")
    loop_breaker_after: int = Field(3, ge=1, le=50,
        description="mitigated repeats before the circuit breaker ends the monologue")

    # --- storage and paths ---
    dsn: Optional[str] = Field(None, description="external PostgreSQL DSN; empty = embedded server")
    home: Optional[str] = Field(None, description="data folder; empty = default location")
    serve_host: Literal["127.0.0.1", "localhost", "::1"] = Field("127.0.0.1",
        description="festinger serve binds to loopback only")
    serve_port: int = Field(8765, ge=1, le=65535)
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"

    @field_validator("resolution_schedule")
    @classmethod
    def _is_cron(cls, value: str) -> str:
        # Checked here, not only when the scheduler starts: `festinger config` must list a bad
        # schedule as invalid, and the key must keep its default (the README's promise).
        from croniter import croniter

        try:
            valid = croniter.is_valid(value.strip())
        except Exception:  # croniter raises on some malformed fields instead of saying False
            valid = False
        if not valid:
            raise ValueError("not a cron expression")
        return value.strip()


CONFIG_KEYS = tuple(FestingerConfig.model_fields)
ENV_PREFIX = "FESTINGER_"


DEFAULT_ORIGIN = "default"
# Settings that can also be changed at run time from a command or the admin page; they are
# stored in the database's `config` table (shared by every process on that database). The
# order, first match wins: an explicit setting (file or environment), the database, the
# default. `festinger config` and the running pack use this one rule (runtime_value).
RUNTIME_KEYS = ("resolution_schedule", "write_model_id", "resolve_model_id")
RUNTIME_ORIGIN = "database (festinger resolve schedule / models use, or the admin page)"


@dataclass
class LoadedConfig:
    config: FestingerConfig
    errors: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    origins: dict[str, str] = field(default_factory=dict)  # key -> layer that set it

    def origin(self, key: str) -> str:
        return self.origins.get(key, DEFAULT_ORIGIN)

    def is_explicit(self, key: str) -> bool:
        return self.origin(key) != DEFAULT_ORIGIN

    def runtime_value(self, key: str, stored: Optional[str]) -> tuple[Any, str]:
        """(value, origin) of a RUNTIME_KEYS setting given the database's stored text."""
        value = getattr(self.config, key)
        if self.is_explicit(key) or stored is None or not str(stored).strip():
            return value, self.origin(key)
        if str(stored).strip() == str(value):  # the schema seeds the default into the table
            return value, self.origin(key)
        try:
            trial = FestingerConfig.model_validate(dict(self.config.model_dump(), **{key: stored}))
        except ValidationError:
            return value, self.origin(key)  # a bad stored value never wins over a good one
        return getattr(trial, key), RUNTIME_ORIGIN


_ALLOWED_WORDING = {"resolution_schedule": "a cron expression such as '0 2 * * *'"}


def allowed_values(key: str) -> str:
    """Human wording of what a key accepts, for one-line error messages."""
    if key in _ALLOWED_WORDING:
        return _ALLOWED_WORDING[key]
    info = FestingerConfig.model_fields[key]
    ann = info.annotation
    origin = getattr(ann, "__origin__", None)
    if origin is Literal:
        return "one of " + ", ".join(repr(a) for a in ann.__args__)
    args = getattr(ann, "__args__", ())
    if origin is Literal or any(getattr(a, "__origin__", None) is Literal for a in args):
        lits = [x for a in args if getattr(a, "__origin__", None) is Literal for x in a.__args__]
        return "one of " + ", ".join(repr(a) for a in lits)
    base = next((a for a in (args or (ann,)) if a is not type(None)), ann)
    name = {bool: "true or false", int: "a whole number", float: "a number",
            str: "a text", list: "a list of texts"}.get(getattr(base, "__origin__", base), str(base))
    bounds = []
    for m in info.metadata:
        for attr, word in (("ge", ">="), ("gt", ">"), ("le", "<="), ("lt", "<")):
            if getattr(m, attr, None) is not None:
                bounds.append(f"{word} {getattr(m, attr)}")
    if type(None) in args:
        name += " (or empty)"
    return name + (" " + " and ".join(bounds) if bounds else "")


def _coerce_env(key: str, raw: str) -> Any:
    """Environment values are text; lists and nulls are written as JSON."""
    ann = FestingerConfig.model_fields[key].annotation
    text = raw.strip()
    if text == "" and type(None) in getattr(ann, "__args__", ()):
        return None
    if getattr(ann, "__origin__", None) is list:
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            return [p.strip() for p in text.split(",") if p.strip()]
    return text


def merge_layer(current: FestingerConfig, layer: Mapping[str, Any], source: str,
                errors: list[str], origins: Optional[dict[str, str]] = None) -> FestingerConfig:
    """Apply one layer key by key; a bad key is reported and keeps its previous value."""
    values = current.model_dump()
    for key, value in layer.items():
        if key.startswith("_"):
            continue  # comments / schema markers in JSON files
        if key not in FestingerConfig.model_fields:
            errors.append(f"{source}: unknown setting '{key}' (ignored)")
            continue
        trial = dict(values, **{key: value})
        try:
            FestingerConfig.model_validate(trial)
        except ValidationError:
            errors.append(f"{source}: invalid value {value!r} for '{key}': expected "
                          f"{allowed_values(key)}; using {values[key]!r}")
            continue
        values[key] = value
        if origins is not None:
            origins[key] = source
    return FestingerConfig.model_validate(values)


def env_layer(environ: Mapping[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key in CONFIG_KEYS:
        raw = environ.get(ENV_PREFIX + key.upper())
        if raw is not None:
            out[key] = _coerce_env(key, raw)
    return out


def read_json_layer(path: Path, errors: list[str]) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as exc:
        errors.append(f"{path}: unreadable ({exc.strerror}); using defaults")
        return {}
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        errors.append(f"{path}: not valid JSON (line {exc.lineno}); using defaults")
        return {}
    if not isinstance(data, dict):
        errors.append(f"{path}: expected a JSON object; using defaults")
        return {}
    return data


def load_config(*, file_layer: Optional[Mapping[str, Any]] = None,
                file_path: Optional[Path] = None,
                environ: Optional[Mapping[str, str]] = None,
                file_source: str = "config") -> LoadedConfig:
    """Build the effective config. Never raises for bad user input."""
    errors: list[str] = []
    sources = ["defaults"]
    origins: dict[str, str] = {}
    cfg = FestingerConfig()
    if file_layer is None and file_path is not None:
        file_layer = read_json_layer(file_path, errors)
        file_source = str(file_path)
    if file_layer:
        cfg = merge_layer(cfg, file_layer, file_source, errors, origins)
        sources.append(file_source)
    env = env_layer(os.environ if environ is None else environ)
    if env:
        cfg = merge_layer(cfg, env, "environment", errors, origins)
        sources.append("environment")
        for key in env:
            if origins.get(key) == "environment":
                origins[key] = f"environment ({ENV_PREFIX}{key.upper()})"
    return LoadedConfig(cfg, errors, sources, origins)
