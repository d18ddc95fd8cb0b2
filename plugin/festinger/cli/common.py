"""What CLI commands share: the service for FESTINGER_HOME / FESTINGER_DSN, JSON output."""

from __future__ import annotations

import argparse
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


# --- argument types: a bad value is refused by argparse in one line, exit 2, nothing done ---
def text_arg(value: str) -> str:
    """A text argument that must say something ('-' reads standard input later)."""
    if not value.strip():
        raise argparse.ArgumentTypeError("the text is empty")
    return value


def nonempty_text(value: str, what: str = "the text") -> str:
    """After '-' was read: standard input must say something too."""
    if not value.strip():
        raise UserFacingError(f"{what} is empty; nothing was done")
    return value


def positive_int(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"{value} is not a positive number (1 or more)")
    return number


def port_number(value: str) -> int:
    """A TCP port: 0 (any free port) to 65535."""
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a port number") from None
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a port (0-65535; 0 = any free port)")
    return number
