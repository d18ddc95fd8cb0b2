"""The ``festinger`` console script.

Subcommands live in their own modules (``festinger.cli.cmd_<name>``) exposing
``add_arguments(parser)`` and ``run(args) -> int``; only the one being run is imported, so
``festinger --help`` and quick commands stay fast and work without the heavy dependencies.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Optional, Sequence

# name -> one-line help. The module is festinger.cli.cmd_<name with - as _>.
COMMANDS: dict[str, str] = {
    "selftest": "run the pack end to end against a simulated agent (or an installed Agent Zero)",
    "bench": "run the benchmarks and print medians and p99s",
    "config": "show the effective configuration and any invalid settings",
    "db": "database status and migrations",
    "classify": "print the four classification axes of a text as JSON",
    "contradiction": "print the contradiction verdict between OLD and NEW as JSON",
    "history": "what did we previously believe about X? (deprecated memories and successors)",
    "backfill": "classify an existing Agent Zero memory folder",
    "recollect": "process a prompt like an intercepted one and print the recollection block",
    "iknowthat": "store a fact in the concept graph: 'X -isa Y in context of Z'",
    "conflicts": "list or resolve the concept graph's conflict queue",
    "resolve": "run the conflict resolution job",
    "bootstrap": "pre-seed the concept vocabulary with common English words",
    "models": "manage the LLM providers of the write path and the resolution job",
    "serve": "serve the HTTP API and admin page on loopback",
    "proxy": "an Ollama/OpenAI-compatible inference proxy adding recollections and loop guard",
    "health": "print the memory health report (SALUTE format)",
    "loops": "recent loop-guard events: repeated actions detected, mitigated, stopped",
    "demo": "see what the pack does on a small sample memory store (no Agent Zero needed)",
}


class UserFacingError(Exception):
    """Bad input or an unavailable resource: printed as one line, exit code 2."""


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is ONE line on stderr (``festinger X: ...``) and exit 2,
    like every other bad input of the CLI; ``--help`` still prints the full usage."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _top_parser() -> argparse.ArgumentParser:
    p = OneLineParser(
        prog="festinger",
        description="Festinger: memory an Agent Zero agent can trust.",
        epilog="Data: FESTINGER_HOME (folder), FESTINGER_DSN (external PostgreSQL).",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=f"festinger {_version()}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for name, help_text in COMMANDS.items():
        sub.add_parser(name, help=help_text, add_help=False)
    return p


def _version() -> str:
    from .. import __version__

    return __version__


def main(argv: Optional[Sequence[str]] = None) -> int:
    try:
        return _main(list(sys.argv[1:] if argv is None else argv))
    except BrokenPipeError:
        # `festinger config --json | head -3`: the reader left; that is not an error of ours.
        # Point stdout at /dev/null so the interpreter's final flush cannot raise again.
        _silence_stdout()
        return 0
    except SystemExit as exc:  # argparse (--help, --version, usage errors)
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)


def _silence_stdout() -> None:
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help", "--version") or argv[0] not in COMMANDS:
        parser = _top_parser()
        if argv and argv[0] not in ("-h", "--help", "--version"):
            print(f"festinger: unknown command {argv[0]!r} (see festinger --help)", file=sys.stderr)
            return 2
        if argv and argv[0] == "--version":
            parser.parse_args(argv[:1])
        parser.print_help()
        return 0
    name, rest = argv[0], argv[1:]
    module = importlib.import_module(f"festinger.cli.cmd_{name.replace('-', '_')}")
    parser = OneLineParser(prog=f"festinger {name}", description=COMMANDS[name])
    module.add_arguments(parser)
    args = parser.parse_args(rest)
    try:
        return int(module.run(args) or 0)
    except KeyboardInterrupt:
        return 130
    except UserFacingError as exc:
        from ..redact import redact_secrets

        print(f"festinger {name}: {redact_secrets(exc)}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
