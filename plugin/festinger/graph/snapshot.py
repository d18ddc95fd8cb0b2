"""An on-disk copy of the graph cache, so recollections work when Postgres is unreachable at
start. Written after every full load from Postgres and at shutdown; read only when
the database cannot be reached.

The file is a pickle of plain tuples (ints, floats, strings, booleans, None; times as UTC
epoch seconds) read back with an unpickler that refuses every class, so a tampered file can
at worst fail to load: it cannot run code. Its header names the database it was taken from
(SOAS ids mean nothing in another one); a snapshot of another database is ignored.
"""

from __future__ import annotations

import io
import pickle
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterable, Optional

from ..fsutil import atomic_write_bytes
from ..logs import log

SNAPSHOT_VERSION = 1
FILE_NAME = "graph-cache.snapshot"


@dataclass
class Snapshot:
    key: str
    taken_at: float
    soas: list[tuple]  # (id, token, encounter_count, last_seen, saliency, novelty)
    edges: list[tuple]  # (id, parent_id, dim_id, is_isa, confidence, last_confirmed, source)
    queue: list[tuple]  # pending entries: QUEUE_FIELDS order


QUEUE_FIELDS = ("id", "concept_id", "existing_parent_id", "incoming_parent_id", "dim_id",
                "collision_type", "status", "created_at", "priority", "incoming_is_isa",
                "incoming_confidence", "incoming_source")


def _epoch(dt: Optional[datetime]) -> Optional[float]:
    if dt is None:
        return None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.timestamp()


def _dt(value: Optional[float]) -> Optional[datetime]:
    return None if value is None else datetime.fromtimestamp(value, tz=timezone.utc)


def soas_tuple(r) -> tuple:
    return (r[0], r[1], r[2], _epoch(r[3]), r[4], r[5])


def edge_tuple(r) -> tuple:
    return (r[0], r[1], r[2], r[3], r[4], _epoch(r[5]), r[6])


def queue_tuple(e) -> tuple:
    return (e.id, e.concept_id, e.existing_parent_id, e.incoming_parent_id, e.dim_id,
            e.collision_type, e.status, _epoch(e.created_at), e.priority, e.incoming_is_isa,
            e.incoming_confidence, e.incoming_source)


def queue_entry(r: tuple):
    """A pending queue entry from its snapshot tuple (queue_tuple's layout)."""
    from .models import QueueEntry

    return QueueEntry(*r[:7], None, r[7], None, *r[8:])


def save(path: Path, key: str, soas: Iterable[tuple], edges: Iterable[tuple],
         queue: Iterable[tuple]) -> int:
    """Write atomically (temp file + rename). Rows are already in tuple form (see above)."""
    data = (SNAPSHOT_VERSION, key, datetime.now(timezone.utc).timestamp(),
            list(soas), list(edges), list(queue))
    atomic_write_bytes(path, pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL))
    return path.stat().st_size


class _PlainUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str):  # noqa: D401 - pickle API
        raise pickle.UnpicklingError(f"snapshot may not contain objects ({module}.{name})")


def load(path: Path, key: str) -> Optional[Snapshot]:
    """The snapshot at `path` if it exists, is readable and belongs to database `key`."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        log.warning("graph snapshot %s unreadable: %s", path, exc)
        return None
    try:
        data = _PlainUnpickler(io.BytesIO(raw)).load()
        version, skey, taken, soas, edges, queue = data
    except Exception as exc:
        log.warning("graph snapshot %s is damaged (%s); ignored", path, exc)
        return None
    if version != SNAPSHOT_VERSION:
        return None
    if skey != key:
        log.info("graph snapshot %s is of another database (%s); ignored", path, skey)
        return None
    return Snapshot(skey, taken,
                    [(r[0], r[1], r[2], _dt(r[3]), r[4], r[5]) for r in soas],
                    [(r[0], r[1], r[2], r[3], r[4], _dt(r[5]), r[6]) for r in edges],
                    [tuple(r[:7]) + (_dt(r[7]),) + tuple(r[8:]) for r in queue])
