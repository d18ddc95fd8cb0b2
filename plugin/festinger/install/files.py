"""File changes an install makes, each with its undo: written atomically, checked for
write access first, bytecode cleaned beside removed hooks.

Split from ``apply`` (which sequences them); stdlib only, like all of ``install``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, List, Tuple

from .layout import Refusal


class Rollback:
    """Undo steps for the changes made so far, replayed newest first."""

    def __init__(self) -> None:
        self._undo: List[Tuple[str, Callable[[], None]]] = []

    def add(self, what: str, fn: Callable[[], None]) -> None:
        self._undo.append((what, fn))

    def run(self) -> List[str]:
        """Undo everything; returns what could not be undone (normally nothing)."""
        problems = []
        while self._undo:
            what, fn = self._undo.pop()
            try:
                fn()
            except OSError as exc:
                problems.append("%s: %s" % (what, exc))
        return problems


# ----------------------------------------------------------------------------- file primitives

def write_file(path: Path, content: bytes, mode: int) -> None:
    """Write through a temporary file in the same folder, so a crash never leaves half a file."""
    tmp = path.with_name(".%s.festinger-tmp" % path.name)
    try:
        fd = os.open(str(tmp), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            view = memoryview(content)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
        os.chmod(str(tmp), mode)
        os.replace(str(tmp), str(path))
    except BaseException:
        try:
            os.unlink(str(tmp))
        except OSError:
            pass
        raise


def snapshot(path: Path) -> Tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mode & 0o7777


def unlink_quiet(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass


def _nearest_existing(path: Path) -> Path:
    while not path.exists() and path != path.parent:
        path = path.parent
    return path


def check_writable(root: Path, rel_paths: List[str]) -> None:
    """Refuse before writing when any folder we would write into is read-only (a read-only mount
    reports EROFS to access(2) even for root)."""
    checked = set()
    for rel in rel_paths:
        folder = _nearest_existing((root / rel).parent)
        if folder in checked:
            continue
        checked.add(folder)
        if not os.access(str(folder), os.W_OK | os.X_OK):
            raise Refusal("%s is read-only (cannot write in %s)" % (root, folder))


def remove_pycache_of(py_file: Path) -> None:
    """Agent Zero imports hook files, leaving bytecode beside them; it goes with the file."""
    cache = py_file.parent / "__pycache__"
    if not cache.is_dir() or py_file.suffix != ".py":
        return
    for pyc in cache.glob(py_file.stem + ".*.pyc"):
        unlink_quiet(pyc)
    try:
        cache.rmdir()
    except OSError:
        pass  # other modules' bytecode is still there


def only_bytecode_left(folder: Path) -> bool:
    entries = list(folder.iterdir())
    return len(entries) == 1 and entries[0].name == "__pycache__" and entries[0].is_dir() and \
        all(p.is_file() and p.suffix == ".pyc" for p in entries[0].iterdir())
