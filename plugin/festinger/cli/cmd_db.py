"""festinger db: where the data lives, the schema version, and table sizes."""

from __future__ import annotations

from ..redact import redact_dsn
from .common import database, print_json, service


def add_arguments(p) -> None:
    p.add_argument("--json", action="store_true", help="print JSON")


def run(args) -> int:
    svc = service()
    db = database(svc)

    async def status() -> dict:
        async with db.pool.acquire() as conn:
            counts = {t: await conn.fetchval(f"SELECT count(*) FROM {t}")
                      for t in ("soas", "urd", "resolution_queue", "write_queue", "models")}
            version = await conn.fetchval("SELECT max(version) FROM schema_migrations")
            server = await conn.fetchval("SHOW server_version")
        return {"mode": "embedded" if db.is_embedded else "external",
                "location": str(db.home / "pgdata") if db.is_embedded else redact_dsn(db.dsn or ""),
                "schema": db.schema, "schema_version": version, "server_version": server,
                "rows": counts}

    data = svc.io.call(status())
    svc.close()
    if args.json:
        print_json(data)
    else:
        print(f"{data['mode']} PostgreSQL {data['server_version']} at {data['location']}")
        print(f"schema {data['schema']} version {data['schema_version']}")
        for table, n in data["rows"].items():
            print(f"  {table:18} {n}")
    return 0
