"""The proxy's settings: a YAML or JSON file, re-read when it changes (no restart).

    upstream: http://127.0.0.1:11434      # Ollama, or an OpenAI-compatible server (.../v1)
    upstream_kind: auto                   # auto | ollama | openai
    upstream_api_key: ""                  # sent to the upstream as Bearer (OpenAI servers)
    listen: 127.0.0.1:11435               # a change needs a restart
    auth_token: ""                        # required for a non-loopback listen address
    allowed_hosts: []                     # extra Host names (e.g. host.docker.internal)
    recollection: true
    read_system: false
    session_header: X-Festinger-Session
    loops: {enabled: true, repeat_count: 3, ...}   # any LoopSettings field
    read_timeout_s: 600

An edit that does not parse or validate is reported (one log line, `festinger proxy` keeps
printing it on stderr) and the last good settings stay in force.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path
from typing import Any, Literal, Optional

import yaml
from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError, field_validator

from ..core.loops import LoopSettings

DEFAULT_LISTEN = "127.0.0.1:11435"
_LOOP_FIELDS = {f.name for f in dataclasses.fields(LoopSettings)}


class ConfigError(ValueError):
    pass


class ProxyConfig(BaseModel):
    model_config = ConfigDict(extra="forbid")

    upstream: str = "http://127.0.0.1:11434"
    upstream_kind: Literal["auto", "ollama", "openai"] = "auto"
    upstream_api_key: SecretStr = SecretStr("")
    listen: str = DEFAULT_LISTEN
    auth_token: SecretStr = SecretStr("")
    allowed_hosts: list[str] = Field(default_factory=list)
    recollection: bool = True
    read_system: bool = False
    session_header: str = "X-Festinger-Session"
    loops: dict[str, Any] = Field(default_factory=dict)
    connect_timeout_s: float = Field(10.0, gt=0, le=600)
    read_timeout_s: float = Field(600.0, gt=0, le=86_400)

    @field_validator("upstream")
    @classmethod
    def _url(cls, v: str) -> str:
        v = v.strip().rstrip("/")
        if not v.startswith(("http://", "https://")):
            raise ValueError("upstream must be an http:// or https:// URL")
        return v

    @field_validator("loops")
    @classmethod
    def _loops(cls, v: dict[str, Any]) -> dict[str, Any]:
        unknown = sorted(set(v) - _LOOP_FIELDS)
        if unknown:
            raise ValueError(f"unknown loop setting(s): {', '.join(unknown)} "
                             f"(known: {', '.join(sorted(_LOOP_FIELDS))})")
        return v

    @field_validator("allowed_hosts")
    @classmethod
    def _hosts(cls, v: list[str]) -> list[str]:
        return [h.strip().lower() for h in v if h.strip()]

    def loop_settings(self, base: LoopSettings) -> LoopSettings:
        try:
            return dataclasses.replace(base, **self.loops)
        except TypeError as exc:
            raise ConfigError(f"loops: {exc}") from None

    @property
    def listen_host(self) -> str:
        return split_listen(self.listen)[0]

    @property
    def listen_port(self) -> int:
        return split_listen(self.listen)[1]

    @property
    def upstream_root(self) -> str:
        """The server root: an OpenAI base URL's trailing /v1 is the path of its routes."""
        return self.upstream[:-3] if self.upstream.endswith("/v1") else self.upstream


def split_listen(value: str) -> tuple[str, int]:
    host, sep, port = value.strip().rpartition(":")
    if not sep or not port.isdigit() or not 0 <= int(port) <= 65535:
        raise ConfigError(f"listen must be HOST:PORT, not {value!r}")
    return host.strip("[]") or "127.0.0.1", int(port)


def parse_config(text: str, overrides: Optional[dict[str, Any]] = None) -> ProxyConfig:
    """A config from YAML/JSON text (JSON is YAML), command-line overrides applied last."""
    try:
        data = yaml.safe_load(text) if text.strip() else {}
    except yaml.YAMLError as exc:
        raise ConfigError("not valid YAML/JSON: " + " ".join(str(exc).split())[:200]) from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError("the config file must hold a mapping of settings")
    data.update({k: v for k, v in (overrides or {}).items() if v is not None})
    try:
        cfg = ProxyConfig.model_validate(data)
        split_listen(cfg.listen)
        cfg.loop_settings(LoopSettings())
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "config"
        raise ConfigError(f"{where}: {first['msg']} ({exc.error_count()} problem(s))") from None
    return cfg


class ConfigFile:
    """A config file polled for changes (content hash, so two edits within one mtime tick
    are still seen); `check()` returns the new config, None when unchanged, or raises
    ConfigError for a bad edit (the caller keeps the last good one)."""

    def __init__(self, path: Optional[Path], overrides: Optional[dict[str, Any]] = None
                 ) -> None:
        self.path = path
        self.overrides = overrides or {}
        self._digest: Optional[str] = None

    def _read(self) -> str:
        if self.path is None:
            return ""
        try:
            return self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return ""
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(f"cannot read {self.path}: {exc}") from None

    def load(self) -> ProxyConfig:
        text = self._read()
        self._digest = hashlib.sha256(text.encode()).hexdigest()
        return parse_config(text, self.overrides)

    def check(self) -> Optional[ProxyConfig]:
        text = self._read()
        digest = hashlib.sha256(text.encode()).hexdigest()
        if digest == self._digest:
            return None
        self._digest = digest  # a bad edit is reported once, not on every poll
        return parse_config(text, self.overrides)


def dump_json(cfg: ProxyConfig) -> str:
    """For display: secrets masked."""
    data = cfg.model_dump(mode="json")
    for k in ("upstream_api_key", "auth_token"):
        data[k] = "***" if getattr(cfg, k).get_secret_value() else ""
    return json.dumps(data, indent=2)
