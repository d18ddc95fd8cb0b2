"""Change notices of the resolution job: the seed's `/reload`, without HTTP between
containers.

The resolution job and human overrides change the graph outside the graph service's
write-through path, possibly in another process (`festinger resolve run`, another
container). Inside the item's transaction they announce every row they changed on the
schema's LISTEN/NOTIFY channel (`store.channel_name`), so a notice is delivered exactly when
the change commits and never for a rolled-back one:

    what=edge   c, d    each deleted or inserted edge, new dimension roots included
    what=queue  id      the queue item that was closed

Every process serving recollections listens on that channel (GraphService `_listen` /
`_apply_remote`) and applies the notices incrementally: it re-reads those rows (and the SOAS
rows of new dimension tokens) instead of reloading the whole graph. A change with more rows
than MAX_NOTICES is announced as `what=reload` (a full reload). Notices carry the writer's
origin, so the process that made the change, whose cache is already up to date, skips them.
"""

from __future__ import annotations

from typing import Iterable

from . import store

MAX_NOTICES = 100


async def announce(conn, schema: str, origin: str, edges: Iterable[tuple[int, int]],
                   queue_ids: Iterable[int] = ()) -> int:
    """Notify the (concept, dimension) keys and queue ids a transaction changed; returns the
    number of notices sent. Call inside the writing transaction."""
    keys = list(dict.fromkeys(edges))
    ids = list(dict.fromkeys(queue_ids))
    if len(keys) + len(ids) > MAX_NOTICES:
        await store.notify_change(conn, schema, "reload", origin)
        return 1
    for c, d in keys:
        await store.notify_change(conn, schema, "edge", origin, c=c, d=d)
    for i in ids:
        await store.notify_change(conn, schema, "queue", origin, id=i)
    return len(keys) + len(ids)
