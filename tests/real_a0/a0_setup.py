"""Point the Agent Zero under test at the fake model server (either layout) and seed its
memory store: the set-up half of ``driver.py``, run in Agent Zero's own interpreter (the driver's
folder is on its path). Never imports anything from this repository."""

from __future__ import annotations

import asyncio
import json
import os
import time
from typing import Any, Dict

CHAT_MODEL = "fake-chat"
UTILITY_MODEL = "fake-util"
EMBEDDING_MODEL = "fake-embed"
# Agent Zero hands an "openai" embedding model's name to litellm without a provider prefix,
# and litellm cannot infer the provider of an unknown name: spell it out.
EMBEDDING_MODEL_ID = "openai/" + EMBEDDING_MODEL


def detect_layout(root: str) -> str:
    if os.path.isfile(os.path.join(root, "helpers", "extension.py")):
        return "plugins"  # v1.x
    if os.path.isfile(os.path.join(root, "python", "helpers", "extension.py")):
        return "legacy"  # v0.9.x
    raise SystemExit(f"not an Agent Zero checkout: {root}")


def _read_json(path: str) -> Dict[str, Any]:
    if os.path.isfile(path):
        with open(path, "r", encoding="utf-8") as f:
            return json.load(f)
    return {}


def _write_json(path: str, data: Dict[str, Any]) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2)


def _model(provider_name: str, base_url: str) -> Dict[str, Any]:
    return {"provider": "other", "name": provider_name, "api_base": base_url, "api_key": "fake-key"}


def configure_legacy(root: str, cfg: Dict[str, Any]) -> None:
    """v0.9.x reads models and memory settings from usr/settings.json (missing keys default)."""
    base = cfg["base_url"]
    path = os.path.join(root, "usr", "settings.json")
    settings = _read_json(path)
    for prefix, name in (("chat_model", CHAT_MODEL), ("util_model", UTILITY_MODEL), ("browser_model", CHAT_MODEL)):
        settings[f"{prefix}_provider"] = "other"
        settings[f"{prefix}_name"] = name
        settings[f"{prefix}_api_base"] = base
    chat = cfg.get("chat_model") or {}  # e.g. provider ollama at a proxy
    for key in ("provider", "name", "api_base"):
        if key in chat:
            settings[f"chat_model_{key}"] = chat[key]
    settings["embed_model_provider"] = "other"
    settings["embed_model_name"] = EMBEDDING_MODEL_ID
    settings["embed_model_api_base"] = base
    settings.update(cfg.get("memory") or {})
    settings.update(cfg.get("settings") or {})
    _write_json(path, settings)


def configure_plugins(root: str, cfg: Dict[str, Any]) -> None:
    """v1.x resolves models through the _model_config plugin and memory settings through the
    _memory plugin; a usr/plugins/<name>/config.json replaces the plugin's default_config.yaml."""
    import yaml  # Agent Zero depends on PyYAML

    base = cfg["base_url"]
    mc_default = os.path.join(root, "plugins", "_model_config", "default_config.yaml")
    with open(mc_default, "r", encoding="utf-8") as f:
        model_cfg = yaml.safe_load(f) or {}
    model_cfg["chat_model"] = {**model_cfg.get("chat_model", {}), **_model(CHAT_MODEL, base),
                               **(cfg.get("chat_model") or {})}  # e.g. provider ollama at a proxy
    model_cfg["utility_model"] = {**model_cfg.get("utility_model", {}), **_model(UTILITY_MODEL, base)}
    model_cfg["embedding_model"] = {**model_cfg.get("embedding_model", {}), **_model(EMBEDDING_MODEL_ID, base)}
    _write_json(os.path.join(root, "usr", "plugins", "_model_config", "config.json"), model_cfg)

    overrides = cfg.get("memory") or {}
    if overrides:
        mem_default = os.path.join(root, "plugins", "_memory", "default_config.yaml")
        with open(mem_default, "r", encoding="utf-8") as f:
            mem_cfg = yaml.safe_load(f) or {}
        mem_cfg.update(overrides)
        _write_json(os.path.join(root, "usr", "plugins", "_memory", "config.json"), mem_cfg)

    settings_path = os.path.join(root, "usr", "settings.json")
    extra = cfg.get("settings") or {}
    if extra:
        settings = _read_json(settings_path)
        settings.update(extra)
        _write_json(settings_path, settings)


SEED_SUBJECTS = ("billing", "search", "auth", "ingest", "reporting", "gateway", "scheduler", "mailer",
                 "exporter", "indexer", "payments", "ledger", "catalog", "profile", "metrics", "backup")
SEED_FACTS = ("runs on {tech} {ver}", "is owned by the {team} team", "deploys every {day}",
              "stores its data in {store}", "pages {team} on call after {n} failures",
              "keeps logs for {n} days", "was migrated to {store} in {year}", "depends on {tech} {ver}")
SEED_WORDS = {"tech": ("Python", "Go", "Rust", "Java", "Node", "Postgres", "Redis", "Kafka"),
              "team": ("platform", "data", "growth", "infra", "security", "mobile"),
              "day": ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday"),
              "store": ("Postgres", "S3", "BigQuery", "Redis", "Cassandra", "MinIO")}


def seed_text(i: int) -> str:
    """A distinct, plausible project fact per index (deterministic)."""
    subject = SEED_SUBJECTS[i % len(SEED_SUBJECTS)]
    fact = SEED_FACTS[(i // len(SEED_SUBJECTS)) % len(SEED_FACTS)]
    words = {k: v[(i * 7 + len(k)) % len(v)] for k, v in SEED_WORDS.items()}
    words.update(ver=f"{3 + i % 9}.{i % 13}", n=str(2 + i % 97), year=str(2015 + i % 11))
    return f"The {subject}-{i // 128} service {fact.format(**words)} (note {i})."


def seed_memories(a0: Any, agent, count: int, batch: int) -> Dict[str, Any]:
    from langchain_core.documents import Document  # Agent Zero's own dependency

    Memory = a0.memory_cls()
    start = time.time()

    async def insert():
        db = await Memory.get(agent)
        for lo in range(0, count, batch):
            docs = [Document(page_content=seed_text(i), metadata={"area": "main"})
                    for i in range(lo, min(count, lo + batch))]
            await db.insert_documents(docs)

    asyncio.run(insert())
    return {"count": count, "seconds": round(time.time() - start, 2)}
