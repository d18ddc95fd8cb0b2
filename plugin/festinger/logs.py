"""The pack's logger, and a helper that reports a caught exception without ever raising."""

from __future__ import annotations

import logging
import traceback

from .redact import RedactingFilter

log = logging.getLogger("festinger")
if not log.handlers:
    _h = logging.StreamHandler()
    _h.setFormatter(logging.Formatter("festinger %(levelname)s: %(message)s"))
    # On the handler too: a logger's own filters do not see its children's records
    # (festinger.graph.saliency, ...), a handler's do.
    _h.addFilter(RedactingFilter())
    log.addHandler(_h)
    log.setLevel(logging.INFO)
    log.propagate = False
if not any(isinstance(f, RedactingFilter) for f in log.filters):
    log.addFilter(RedactingFilter())  # every record of the pack's logger, whoever handles it


def apply_log_level(level: object) -> None:
    """Set the pack's logger to the configured ``log_level`` (unknown names are ignored)."""
    if isinstance(level, str) and isinstance(logging.getLevelName(level.upper()), int):
        log.setLevel(level.upper())


def report_exception(where: str, exc: BaseException, agent=None) -> None:
    """Log a swallowed exception (and show it in Agent Zero's UI log when an agent is known)."""
    try:
        log.error("%s failed: %s: %s", where, type(exc).__name__, exc)
        log.debug("%s", "".join(traceback.format_exception(exc)))
        ctx = getattr(agent, "context", None)
        if ctx is not None and getattr(ctx, "log", None) is not None:
            ctx.log.log(type="warning", heading=f"Festinger: {where} failed",
                        content=f"{type(exc).__name__}: {exc}")
    except Exception:  # reporting must never be the thing that breaks the chat
        pass
