"""The `models` table and the `write_model_id` / `resolve_model_id` selection.

Which model a purpose uses, first match wins:
1. the pack config (`write_model_id` / `resolve_model_id` in the plugin settings or
   FESTINGER_* environment), so an operator's explicit setting is never overridden;
2. the database `config` table (set with `festinger models use`, shared by every process
   on the same database);
3. nothing: Agent Zero's utility model.

Keys are stored as Fernet tokens (`keys.KeyRing`) and only ever shown masked.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Optional

from ..graph.store import clear_setting_if, get_setting, set_setting
from .keys import KeyRing, mask
from .providers import (UTILITY, LLMProvider, NoProvider, ProviderError, build_provider)

WRITE, RESOLVE = "write", "resolve"
PURPOSE_KEYS = {WRITE: "write_model_id", RESOLVE: "resolve_model_id"}
PROVIDER_NAMES = ("claude", "openai")


@dataclass
class ModelRow:
    id: int
    provider: str
    model_name: str
    api_key: Optional[str]  # the Fernet token, never the plain key
    base_url: Optional[str]
    created_at: Optional[datetime]

    def public(self, keyring: Optional[KeyRing] = None) -> dict:
        """What may be shown: the key only masked (or just whether there is one)."""
        shown = ""
        if self.api_key:
            shown = "set"
            if keyring is not None:
                try:
                    shown = mask(keyring.decrypt(self.api_key))
                except Exception:
                    shown = "unreadable (another Fernet key)"
        return {"id": self.id, "provider": self.provider, "model_name": self.model_name,
                "api_key": shown, "base_url": self.base_url,
                "created_at": self.created_at.isoformat() if self.created_at else None}


_COLUMNS = "id, provider, model_name, api_key, base_url, created_at"


async def list_models(conn) -> list[ModelRow]:
    rows = await conn.fetch(f"SELECT {_COLUMNS} FROM models ORDER BY id")
    return [ModelRow(*r) for r in rows]


async def get_model(conn, model_id: int) -> Optional[ModelRow]:
    r = await conn.fetchrow(f"SELECT {_COLUMNS} FROM models WHERE id = $1", model_id)
    return ModelRow(*r) if r is not None else None


def _check(provider: str, model_name: str, base_url: Optional[str]) -> None:
    if provider not in PROVIDER_NAMES:
        raise ValueError(f"provider must be one of {', '.join(PROVIDER_NAMES)}, not {provider!r}")
    if not model_name or not model_name.strip() or len(model_name) > 200:
        raise ValueError("model_name must be 1 to 200 characters")
    if base_url is not None and not base_url.startswith(("http://", "https://")):
        raise ValueError("base_url must start with http:// or https://")


async def add_model(conn, keyring: KeyRing, provider: str, model_name: str, api_key: str,
                    base_url: Optional[str] = None) -> int:
    _check(provider, model_name, base_url)
    token = keyring.encrypt(api_key)
    return int(await conn.fetchval(
        "INSERT INTO models (provider, model_name, api_key, base_url) VALUES ($1, $2, $3, $4) "
        "RETURNING id", provider, model_name.strip(), token, base_url))


async def set_key(conn, keyring: KeyRing, model_id: int, api_key: str) -> bool:
    token = keyring.encrypt(api_key)
    res = await conn.execute("UPDATE models SET api_key = $2 WHERE id = $1", model_id, token)
    return res.endswith(" 1")


async def remove_model(conn, model_id: int) -> bool:
    """Delete a model; a purpose that used it falls back to the utility model."""
    async with conn.transaction():
        for key in PURPOSE_KEYS.values():
            await clear_setting_if(conn, key, str(model_id))
        res = await conn.execute("DELETE FROM models WHERE id = $1", model_id)
    return res.endswith(" 1")


async def select_model(conn, purpose: str, model_id: Optional[int]) -> None:
    """`festinger models use`: None selects Agent Zero's utility model."""
    key = PURPOSE_KEYS[purpose]
    if model_id is not None and await get_model(conn, model_id) is None:
        raise ValueError(f"no model with id {model_id}")
    await set_setting(conn, key, None if model_id is None else str(model_id))


async def selected_model_id(conn, purpose: str,
                            pack_value: Optional[int] = None) -> tuple[Optional[int], str]:
    """(model id or None, where the choice came from: 'config', 'database' or 'default')."""
    if pack_value is not None:
        return int(pack_value), "config"
    raw = await get_setting(conn, PURPOSE_KEYS[purpose])
    if raw is not None and str(raw).strip():
        try:
            return int(str(raw).strip()), "database"
        except ValueError:
            pass
    return None, "default"


async def provider_for(conn, keyring: KeyRing, purpose: str,
                       pack_value: Optional[int] = None) -> LLMProvider:
    """The provider a purpose uses now. Raises ProviderError (NoProvider when the default
    utility model has no agent yet)."""
    model_id, _ = await selected_model_id(conn, purpose, pack_value)
    if model_id is None:
        if not UTILITY.available:
            raise NoProvider("no model configured for the " + purpose + " path and no Agent "
                             "Zero agent seen yet (the default is its utility model)")
        return UTILITY
    row = await get_model(conn, model_id)
    if row is None:
        raise ProviderError(f"{PURPOSE_KEYS[purpose]} = {model_id}, but there is no such model",
                            retryable=False)
    if not row.api_key:
        raise ProviderError(f"model {model_id} ({row.model_name}) has no API key", retryable=False)
    try:
        key = keyring.decrypt(row.api_key)
    except Exception as exc:
        raise ProviderError(f"model {model_id}: {exc}", retryable=False) from None
    return build_provider(row.provider, row.model_name, key, row.base_url)
