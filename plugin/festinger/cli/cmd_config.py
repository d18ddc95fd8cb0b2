"""festinger config: the effective settings, where each one came from, and any invalid ones.

Three settings can also be changed at run time (`festinger resolve schedule`, `festinger models
use`, the admin page); they live in the database, so this command reads them from there when
a database exists (an external DSN, or an embedded data folder the pack has already created).
It never creates a database just to show settings: `--no-db` skips the look-up entirely.
"""

from __future__ import annotations

from typing import Any, Optional

from ..config import RUNTIME_KEYS
from ..redact import redact_dsn, redact_secrets
from ..service import FestingerService
from .common import print_json, service

SECRET_KEYS = ("dsn",)


def add_arguments(p) -> None:
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--no-db", action="store_true",
                   help="do not read the run-time settings stored in the database")


def _stored_runtime_settings(svc: FestingerService) -> tuple[dict[str, Optional[str]], Optional[str]]:
    """({key: stored text}, None) or ({}, why they could not be read)."""
    from ..db.embedded import PGDATA_DIRNAME

    if not svc.dsn and not (svc.home / PGDATA_DIRNAME).is_dir():
        return {}, None  # no database yet: nothing can have been set at run time

    async def read() -> dict[str, Optional[str]]:
        from ..graph.store import get_setting

        db = await svc.db(timeout=20)
        async with db.pool.acquire() as conn:
            return {key: await get_setting(conn, key) for key in RUNTIME_KEYS}

    try:
        return svc.io.call(read(), 30), None
    except Exception as exc:  # unreachable database: show the file/env view and say so
        return {}, redact_dsn(f"{type(exc).__name__}: {exc}")


def _shown(key: str, value: Any) -> Any:
    return redact_dsn(value) if key in SECRET_KEYS and isinstance(value, str) else value


def run(args) -> int:
    # The same service (and so the same layers) every other command and the running pack use.
    svc = service()
    loaded = svc.loaded
    try:
        stored, db_error = ({}, None) if args.no_db else _stored_runtime_settings(svc)
    finally:
        svc.close()
    settings: dict[str, dict[str, Any]] = {}
    for key, value in loaded.config.model_dump().items():
        origin = loaded.origin(key)
        if key in stored:
            value, origin = loaded.runtime_value(key, stored[key])
        settings[key] = {"value": _shown(key, value), "origin": origin}
    data = {"sources": loaded.sources, "errors": [redact_secrets(e) for e in loaded.errors],
            "home": str(svc.home), "settings": settings,
            "database_settings_error": db_error}
    if args.json:
        print_json(data)
    else:
        print(f"home: {data['home']}")
        print("sources: " + " -> ".join(loaded.sources))
        width = max(len(k) for k in settings)
        for key, item in settings.items():
            print(f"  {key:<{width}} = {item['value']!r}  ({item['origin']})")
        if db_error:
            print(f"note: run-time settings not read from the database ({db_error})")
        for err in data["errors"]:
            print(f"invalid: {err}")
    return 1 if loaded.errors else 0
