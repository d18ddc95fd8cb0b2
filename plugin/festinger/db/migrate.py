"""Versioned schema migrations, applied at start under a Postgres advisory lock.

Migration files are ``migrations/NNNN_name.sql``. Several processes may start at once (Agent
Zero's UI and a CLI call, or many containers on one external server): the advisory lock makes
them queue, and each migration runs in its own transaction, so a crash leaves the schema at a
whole version.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

MIGRATION_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")
# Any fixed 64-bit key; combined with the schema name so schemas migrate independently.
_LOCK_NAMESPACE = 0x6665_7374  # "fest"


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


def load_migrations() -> list[Migration]:
    found = []
    for entry in resources.files("festinger.db").joinpath("migrations").iterdir():
        m = MIGRATION_NAME.match(entry.name)
        if m:
            found.append(Migration(int(m.group(1)), m.group(2), entry.read_text(encoding="utf-8")))
    found.sort(key=lambda mig: mig.version)
    versions = [mig.version for mig in found]
    if len(set(versions)) != len(versions):
        raise RuntimeError(f"duplicate migration versions: {versions}")
    return found


async def apply_migrations(conn, schema: str) -> list[int]:
    """Bring ``schema`` to the newest version; return the versions applied now."""
    applied_now: list[int] = []
    await conn.execute("SELECT pg_advisory_lock($1, hashtext($2))", _LOCK_NAMESPACE, schema)
    try:
        await conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
        await conn.execute(f'SET search_path TO "{schema}"')
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version INT PRIMARY KEY, name TEXT NOT NULL,"
            " applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")
        done = {r["version"] for r in await conn.fetch("SELECT version FROM schema_migrations")}
        for mig in load_migrations():
            if mig.version in done:
                continue
            async with conn.transaction():
                await conn.execute(mig.sql)
                await conn.execute("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                                   mig.version, mig.name)
            applied_now.append(mig.version)
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1, hashtext($2))", _LOCK_NAMESPACE, schema)
    return applied_now


async def schema_version(conn) -> int:
    row = await conn.fetchrow("SELECT max(version) AS v FROM schema_migrations")
    return int(row["v"] or 0)
