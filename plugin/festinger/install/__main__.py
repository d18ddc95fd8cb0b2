"""Command line of the installer: ``python -m festinger.install`` (``install.sh`` wraps it).

Exit codes: 0 done (or nothing to do), 1 failed and rolled back, 2 refused (nothing written).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import List, Optional

from . import apply, selftest
from .layout import Refusal, detect
from .pip_step import PipError, PipRunner, choose_interpreter, same_interpreter
from .plan import plan_install, plan_uninstall

USAGE = """\
install.sh --a0 PATH [--python PATH] [--no-deps] [--dry-run]
       install.sh --a0 PATH --uninstall [--no-deps] [--dry-run]
       install.sh --self-test [--a0 PATH] [--python PATH]"""

DESCRIPTION = """\
Install the Festinger pack into an Agent Zero tree (legacy v0.9.8.x or plugin-era v1.x,
detected from the tree), or remove it. Example, inside the Agent Zero container:
  docker exec -it agent-zero bash -c "cd /tmp/festinger && ./install.sh --a0 /a0"
"""

EPILOG = """\
Python dependencies go into the interpreter that runs Agent Zero: /opt/venv-a0/bin/python
when it exists (the Docker image), else --python PATH when given, else this python3.
A second install changes nothing; --uninstall removes exactly what the install added
(recorded in usr/festinger/install-manifest.json) and keeps memories and graph data
(usr/memory, usr/festinger/pgdata) and any file you edited."""


def _out(line: str) -> None:
    print(line, flush=True)


def find_repo(start: Path) -> Optional[Path]:
    for folder in [start] + list(start.parents):
        meta = folder / "pyproject.toml"
        if meta.is_file() and 'name = "festinger"' in meta.read_text(encoding="utf-8"):
            return folder
    return None


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="install.sh", usage=USAGE, description=DESCRIPTION,
                                epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--a0", metavar="PATH", help="the Agent Zero folder (/a0 in the Docker image)")
    p.add_argument("--python", metavar="PATH",
                   help="interpreter that runs Agent Zero when there is no /opt/venv-a0 "
                        "(default: this python3)")
    p.add_argument("--no-deps", action="store_true",
                   help="do not pip install the pack and its dependencies (nor uninstall them)")
    p.add_argument("--uninstall", action="store_true", help="remove what the install added")
    p.add_argument("--dry-run", action="store_true", help="print the actions, write nothing")
    p.add_argument("--self-test", action="store_true",
                   help="without --a0: build .selftest-venv/ and run the pack's self-test; "
                        "with --a0: check the installed pack inside that Agent Zero")
    p.add_argument("--repo", metavar="PATH", help=argparse.SUPPRESS)
    return p


def main(argv: Optional[List[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    repo = Path(args.repo).resolve() if args.repo else find_repo(Path(__file__).resolve().parent)
    try:
        if repo is None or not (repo / "pyproject.toml").is_file():
            raise Refusal("cannot find the Festinger repo (run install.sh from its checkout)")
        if args.self_test:
            if args.uninstall:
                raise Refusal("--self-test and --uninstall do not go together")
            if not args.a0:
                return selftest.standalone(repo, _out)
            layout = detect(args.a0)
            return selftest.installed(layout, choose_interpreter(args.python), _out)
        if not args.a0:
            build_parser().print_usage(sys.stderr)
            print("install.sh: --a0 PATH is required (the Agent Zero folder, /a0 in Docker)",
                  file=sys.stderr)
            return 2
        layout = detect(args.a0)
        if args.uninstall:
            plan = plan_uninstall(layout)
            runner_for = None if args.no_deps else (lambda py: PipRunner(py, _out))
            return apply.uninstall(plan, runner_for, args.dry_run, _out)
        plan = plan_install(repo, layout)
        python = choose_interpreter(args.python)
        if not args.no_deps and args.python and not same_interpreter(python, args.python):
            _out("note: Agent Zero runs in %s here: installing there, not into %s (packages "
                 "anywhere else do not reach its extensions)" % (python, args.python))
        runner = None if args.no_deps else PipRunner(python, _out)
        pip = apply.prepare_pip(plan, runner, str(repo), _out)
        return apply.install(plan, pip, args.dry_run, _out)
    except (Refusal, PipError) as exc:  # PipError here: before anything was written
        print("festinger install: refused: %s" % exc, file=sys.stderr, flush=True)
        return 2


if __name__ == "__main__":
    sys.exit(main())
