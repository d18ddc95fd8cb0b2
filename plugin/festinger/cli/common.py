"""What CLI commands share: the service for FESTINGER_HOME / FESTINGER_DSN, JSON output."""

from __future__ import annotations

import json
import sys
from typing import Any

from ..service import DatabaseUnavailable, FestingerService, get_service
from . import UserFacingError


def service() -> FestingerService:
    return get_service()


def database(svc: FestingerService, timeout: float = 60.0):
    """The open database, or a one-line error for the user."""
    try:
        return svc.io.call(svc.db(timeout))
    except DatabaseUnavailable as exc:
        raise UserFacingError(f"database unavailable: {exc}") from None


def print_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False, default=str)
    sys.stdout.write("\n")


def read_text_arg(value: str) -> str:
    """``-`` reads standard input, so long texts need no shell quoting."""
    return sys.stdin.read() if value == "-" else value
