"""The pack's Postgres connection: an external server by DSN, or the embedded one.

All tables live in one schema (``festinger`` by default) so the pack can share an external
database with other applications, and tests can run side by side in throwaway schemas.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from ..logs import log
from ..redact import dsn_secrets, redact_dsn, redact_secrets  # redact_dsn re-exported: the one redaction helper
from .embedded import EmbeddedServer
from .migrate import apply_migrations, schema_version

SCHEMA_NAME = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


class DatabaseError(RuntimeError):
    pass


@dataclass
class Database:
    """Owns an asyncpg pool (and the embedded server handle when it started one)."""

    dsn: Optional[str] = None
    home: Optional[Path] = None
    schema: str = "festinger"
    min_size: int = 1
    max_size: int = 4
    pool: object = None
    embedded: Optional[EmbeddedServer] = None
    migrations_applied: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not SCHEMA_NAME.match(self.schema):
            raise DatabaseError(f"invalid schema name {self.schema!r}: use lowercase letters, digits, _")
        if not self.dsn and self.home is None:
            raise DatabaseError("no FESTINGER_DSN and no data folder for the embedded server")

    @property
    def is_embedded(self) -> bool:
        return not self.dsn

    async def open(self) -> "Database":
        import asyncpg

        dsn = self.dsn
        if not dsn:
            # initdb, pg_ctl and the wheel's wait loop are synchronous and can take seconds:
            # never on the event loop, which keeps serving the cache and the journal meanwhile.
            self.embedded = EmbeddedServer(Path(self.home))
            dsn = await asyncio.to_thread(self.embedded.start)
        try:
            # Migrate on a dedicated connection first: the pool's connections get the
            # schema in their search_path, which must exist before they connect.
            conn = await asyncpg.connect(dsn, timeout=15)
            try:
                self.migrations_applied = await apply_migrations(conn, self.schema)
            finally:
                await conn.close()
            self.pool = await asyncpg.create_pool(
                dsn, min_size=self.min_size, max_size=self.max_size, timeout=15,
                server_settings={"search_path": self.schema, "application_name": "festinger"})
        except Exception as exc:
            await self._stop_embedded()
            why = redact_secrets(f"{type(exc).__name__}: {exc}", dsn_secrets(dsn))
            raise DatabaseError(f"PostgreSQL at {redact_dsn(dsn)} is not usable: {why}") from exc
        if self.migrations_applied:
            log.info("schema %s migrated to version %s", self.schema, self.migrations_applied[-1])
        return self

    async def version(self) -> int:
        async with self.pool.acquire() as conn:
            return await schema_version(conn)

    async def close(self) -> None:
        pool, self.pool = self.pool, None
        if pool is not None:
            try:
                await pool.close()
            except Exception as exc:  # closing must not hide the real outcome
                log.warning("closing the Postgres pool: %s", exc)
        await self._stop_embedded()

    async def _stop_embedded(self) -> None:
        embedded, self.embedded = self.embedded, None
        if embedded is not None:
            await asyncio.to_thread(embedded.stop)
