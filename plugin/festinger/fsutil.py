"""Small file and process helpers shared by the pack's state files."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Optional


def atomic_write_bytes(path: Path, data: bytes, *, backup: Optional[Path] = None) -> None:
    """Write ``data`` so that readers see the old file or the new one, never a torn one.

    The data is fsynced before the rename, so a crash right after leaves a whole file.
    With ``backup``, the previous file is kept under that name.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=str(path.parent))
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if backup is not None and path.exists():
            os.replace(path, backup)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def atomic_write_text(path: Path, text: str, *, backup: Optional[Path] = None) -> None:
    atomic_write_bytes(path, text.encode("utf-8"), backup=backup)


def pid_alive(pid: int) -> bool:
    """Whether a process with this pid exists (a zombie counts as existing)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # it exists, but belongs to another user
        return True
    return True
