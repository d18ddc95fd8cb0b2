"""The concept graph's write-ahead journal: append-only JSONL under FESTINGER_HOME/journal/.

Every graph write (new tokens, encounter counts, edges, queued conflicts, write-path
candidates) is an *operation* with a unique id. It is appended here and fsynced before it
is sent to Postgres, and forgotten only once Postgres has it. So:

- Postgres down at start or lost mid-run: operations pile up here, recollections keep being
  served from the in-memory cache, and the pile is replayed in order on reconnect;
- the process killed at any point: the next process using the same FESTINGER_HOME adopts the
  dead process's journal and replays it;
- a crash between "applied" and "journal truncated": replay is still exactly-once, because
  each operation is applied in one transaction together with its id in `journal_applied`,
  and an id found there is skipped.

One file per process (`graph-<pid>-<random>.jsonl`), held with an exclusive `flock` while the
process lives: a file nobody holds belongs to a dead process and may be adopted. The first
line is a header naming the database the operations were meant for (operations carry SOAS
ids, which mean nothing in another database): files for another database are left alone.
"""

from __future__ import annotations

import json
import os
import signal
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from ..fsutil import pid_alive
from ..logs import log

try:  # POSIX; elsewhere liveness falls back to the pid in the file name
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

JOURNAL_VERSION = 1
FILE_PREFIX = "graph-"
FILE_SUFFIX = ".jsonl"
# Rewrite the file without the applied operations once this many have accumulated while
# others were still pending (a long-running busy process never reaches "all applied").
COMPACT_AFTER = 2000
# Operations Postgres refused for what they are go to this file, for a human to look at;
# past this size it is rotated (one previous file kept), so a bug cannot fill the disk.
REJECTED_FILE = "rejected.jsonl"
REJECTED_MAX_BYTES = 1024 * 1024
# Test hook: FESTINGER_JOURNAL_CRASH=after_append|after_apply kills the process (SIGKILL) at
# that point, so tests can prove nothing is lost or doubled across a real crash.
CRASH_ENV = "FESTINGER_JOURNAL_CRASH"


def new_op_id() -> str:
    return uuid.uuid4().hex


@dataclass
class Op:
    """One graph write. `kind` names the handler; `data` is JSON (ids, tokens, ISO times)."""

    kind: str
    data: dict
    id: str = field(default_factory=new_op_id)

    def to_line(self) -> str:
        return json.dumps({"op": self.id, "kind": self.kind, "data": self.data},
                          separators=(",", ":"), ensure_ascii=True) + "\n"

    @staticmethod
    def from_obj(obj: Any) -> Optional["Op"]:
        if not isinstance(obj, dict):
            return None
        op_id, kind, data = obj.get("op"), obj.get("kind"), obj.get("data")
        if not (isinstance(op_id, str) and isinstance(kind, str) and isinstance(data, dict)):
            return None
        return Op(kind, data, op_id)


def crash_point(name: str) -> None:
    if os.environ.get(CRASH_ENV) == name:
        os.kill(os.getpid(), signal.SIGKILL)


def read_journal(path: Path) -> tuple[Optional[dict], list[Op]]:
    """(header, operations) of a journal file; a torn last line (crash mid-write) is skipped."""
    header: Optional[dict] = None
    ops: list[Op] = []
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return None, []
    for n, line in enumerate(text.splitlines()):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            log.warning("journal %s: skipping unreadable line %d", path.name, n + 1)
            continue
        if n == 0 and isinstance(obj, dict) and "journal" in obj:
            header = obj
            continue
        op = Op.from_obj(obj)
        if op is not None:
            ops.append(op)
    return header, ops


class Journal:
    """This process's journal file plus the in-memory list of operations not yet applied.

    Not thread-safe: the graph service calls it from its I/O loop only.
    """

    def __init__(self, folder: Path, key: str) -> None:
        self.folder = Path(folder)
        self.key = key
        self.path = self.folder / f"{FILE_PREFIX}{os.getpid()}-{uuid.uuid4().hex[:8]}{FILE_SUFFIX}"
        self._fh = None  # opened on the first append: processes that write nothing leave no file
        self._pending: dict[str, Op] = {}  # insertion-ordered: replay order
        self._applied_since_rewrite = 0

    # ------------------------------------------------------------------ writing
    def _open(self) -> None:
        if self._fh is not None:
            return
        private_folder(self.folder)
        fh = private_file(self.path)
        if fcntl is not None:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        self._fh = fh
        if fh.tell() == 0:
            self._write_header()

    def _write_header(self) -> None:
        assert self._fh is not None
        self._fh.write(json.dumps({"journal": JOURNAL_VERSION, "key": self.key,
                                   "pid": os.getpid()}) + "\n")

    def append(self, ops: list[Op]) -> None:
        """Write and fsync `ops`; they are pending until `applied` is called for each."""
        if not ops:
            return
        self._open()
        assert self._fh is not None
        self._fh.write("".join(op.to_line() for op in ops))
        self._fh.flush()
        os.fsync(self._fh.fileno())
        for op in ops:
            self._pending[op.id] = op
        crash_point("after_append")

    def applied(self, op_id: str) -> None:
        """Postgres has the operation. When nothing is pending the file is emptied."""
        if self._pending.pop(op_id, None) is None:
            return
        self._applied_since_rewrite += 1
        if not self._pending:
            self._rewrite([])
        elif self._applied_since_rewrite >= COMPACT_AFTER:
            self._rewrite(list(self._pending.values()))

    def _rewrite(self, ops: list[Op]) -> None:
        """Replace the file's content by the header and `ops` (the still-pending ones)."""
        if self._fh is None:
            return
        self._fh.seek(0)
        self._fh.truncate()
        self._write_header()
        if ops:
            self._fh.write("".join(op.to_line() for op in ops))
        self._fh.flush()
        os.fsync(self._fh.fileno())
        self._applied_since_rewrite = 0

    def keep_unjournaled(self, ops: list[Op]) -> None:
        """Pending operations that could not be written (a full or read-only disk): they are
        applied like the others but lost if the process dies first."""
        for op in ops:
            self._pending[op.id] = op

    def discard_pending(self) -> None:
        """Forget every pending operation (the schema is about to be dropped)."""
        self._pending.clear()

    def record_rejected(self, op: Op, error: str, fact: str = "") -> None:
        """Keep an operation Postgres refused in `rejected.jsonl` for a human to look at; the
        file is rotated at REJECTED_MAX_BYTES (one previous file, `.1`, is kept)."""
        path = self.folder / REJECTED_FILE
        try:
            private_folder(self.folder)
            try:
                if path.stat().st_size >= REJECTED_MAX_BYTES:
                    os.replace(path, path.with_name(REJECTED_FILE + ".1"))
            except FileNotFoundError:
                pass
            with private_file(path) as fh:
                fh.write(json.dumps({"op": op.id, "kind": op.kind, "data": op.data,
                                     "error": error, **({"fact": fact} if fact else {})})
                         + "\n")
        except OSError as exc:
            log.warning("journal: could not record a rejected operation in %s: %s", path, exc)

    def pending(self) -> list[Op]:
        return list(self._pending.values())

    def __len__(self) -> int:
        return len(self._pending)

    # ------------------------------------------------------------------ orphans
    def adopt_orphans(self) -> list[Op]:
        """Take over the journals of dead processes for the same database.

        Their pending operations are appended to this journal (fsynced) before their file is
        deleted, so a crash in between leaves the operations in both files: harmless, replay
        is exactly-once by operation id.
        """
        adopted: list[Op] = []
        if not self.folder.is_dir():
            return adopted
        for path in sorted(self.folder.glob(f"{FILE_PREFIX}*{FILE_SUFFIX}")):
            if path == self.path:
                continue
            fh = _lock_if_orphan(path)
            if fh is None:
                continue
            try:
                header, ops = read_journal(path)
                if header is not None and header.get("key") != self.key:
                    log.warning("journal %s was written for another database (%s); left as is",
                                path.name, header.get("key"))
                    continue
                fresh = [op for op in ops if op.id not in self._pending]
                if fresh:
                    self.append(fresh)
                    adopted.extend(fresh)
                    log.info("journal: adopted %d operation(s) from %s", len(fresh), path.name)
                path.unlink(missing_ok=True)
            finally:
                fh.close()
        return adopted

    def close(self) -> None:
        """Release the file; it is deleted when nothing is pending, else left for adoption."""
        fh, self._fh = self._fh, None
        if fh is None:
            return
        if not self._pending:
            try:
                self.path.unlink()
            except FileNotFoundError:
                pass
        fh.close()


def private_folder(folder: Path) -> None:
    """Create `folder` readable by its owner only (0700), and tighten it if it exists: the
    journal holds the facts users stated and the database's name."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        if folder.stat().st_mode & 0o077:
            os.chmod(folder, 0o700)
    except OSError as exc:  # not ours (a shared mount): the files themselves stay 0600
        log.warning("journal: could not make %s private: %s", folder, exc)


def private_file(path: Path):
    """`path` opened for appending (a+), created 0600 and tightened to 0600 if it existed."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        os.fchmod(fd, 0o600)
    except OSError:
        pass
    return os.fdopen(fd, "a+", encoding="utf-8")


def _lock_if_orphan(path: Path):
    """An open handle holding the lock of `path` if its owner is gone, else None."""
    try:
        fh = open(path, "r+", encoding="utf-8")
    except OSError:
        return None
    if fcntl is not None:
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            fh.close()
            return None  # held: its process is alive
        return fh
    pid = _pid_from_name(path.name)  # pragma: no cover - non-POSIX
    if pid is not None and pid_alive(pid):
        fh.close()
        return None
    return fh


def _pid_from_name(name: str) -> Optional[int]:
    try:
        return int(name[len(FILE_PREFIX):].split("-", 1)[0])
    except ValueError:
        return None

