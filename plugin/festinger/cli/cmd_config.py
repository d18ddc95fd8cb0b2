"""festinger config: the effective settings, where they came from, and any invalid ones."""

from __future__ import annotations

from ..config import load_config
from ..paths import resolve_home
from ..redact import redact_dsn, redact_secrets
from .common import print_json


def add_arguments(p) -> None:
    p.add_argument("--json", action="store_true", help="print JSON")


def run(args) -> int:
    path = resolve_home(None) / "config.json"
    loaded = load_config(file_path=path)
    settings = loaded.config.model_dump()
    if settings.get("dsn"):
        settings["dsn"] = redact_dsn(settings["dsn"])
    data = {"sources": loaded.sources, "errors": [redact_secrets(e) for e in loaded.errors],
            "home": str(resolve_home(loaded.config.home)), "settings": settings}
    if args.json:
        print_json(data)
    else:
        print(f"home: {data['home']}")
        print("sources: " + " -> ".join(loaded.sources))
        for key, value in data["settings"].items():
            print(f"  {key} = {value!r}")
        for err in loaded.errors:
            print(f"invalid: {err}")
    return 1 if loaded.errors else 0
