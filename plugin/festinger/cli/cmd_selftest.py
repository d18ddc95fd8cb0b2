"""festinger selftest: the pack end to end, with a readable report; non-zero exit on any failure.

Without ``--a0``: a throwaway data folder with the embedded PostgreSQL (or a throwaway schema
on FESTINGER_DSN), the simulated Agent Zero, the real embedding model.
With ``--a0 PATH`` (run with that Agent Zero's interpreter; ``install.sh --a0 PATH --self-test``
does): the installed files against the install manifest, an import of every installed hook
file with Agent Zero's own Extension class, the configured PostgreSQL, and the same
scenario with the installed hook files in a temporary memory folder and a temporary schema.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:
    from festinger_testkit.selftest.report import Report

REPO_ROOT = Path(__file__).resolve().parents[3]
TESTKIT_MISSING = ("festinger selftest: the self-test scenario is in the test kit "
                   "(festinger-testkit), which is not installed: run ./install.sh --self-test, "
                   "or pip install ./plugin from the checkout")


def _testkit_installed() -> bool:
    import importlib.util

    return importlib.util.find_spec("festinger_testkit") is not None


def add_arguments(p) -> None:
    p.add_argument("--a0", metavar="PATH", help="check the pack installed in this Agent Zero tree")
    p.add_argument("--extensions", metavar="DIR",
                   help="hook files folder (default: the checkout's extensions/)")
    p.add_argument("--layout", choices=["legacy", "v1"], default="v1",
                   help="simulated Agent Zero layout (standalone mode)")
    p.add_argument("--hash-embeddings", action="store_true",
                   help="use cheap deterministic embeddings instead of all-MiniLM-L6-v2")


def pick_embeddings(report: Report, cheap: bool) -> Any:
    from ..embeddings import HashEmbeddings, load_embeddings

    if not cheap:
        try:
            emb = load_embeddings()
            report.info("embedding model: all-MiniLM-L6-v2 (offline, as Agent Zero's default)")
            return emb
        except Exception as exc:
            report.info(f"embedding model unavailable ({type(exc).__name__}: {exc}); "
                        "using hash embeddings")
    report.info("embedding model: deterministic hash embeddings")
    return HashEmbeddings()


def make_service(home: Path, dsn: Optional[str], schema: str):
    from ..config import load_config
    from ..service import FestingerService

    loaded = load_config()  # FESTINGER_* from the environment apply, user files do not
    return FestingerService(loaded, home=home, dsn=dsn, schema=schema)


def run_with_service(report: Report, service, body) -> None:
    from ..service import set_service

    set_service(service)
    try:
        db = service.io.call(service.db(120))
        report.check("PostgreSQL is reachable and migrated",
                     True, f"{'embedded' if db.is_embedded else 'external'}, schema {db.schema}, "
                           f"version {service.io.call(db.version())}")
        asyncio.run(body())
    finally:
        try:
            async def drop():
                db = await service.db()
                async with db.pool.acquire() as conn:
                    await conn.execute(f'DROP SCHEMA IF EXISTS "{service.schema}" CASCADE')
            if service.schema != "festinger":
                service.io.call(drop(), 30)
        except Exception:
            pass
        service.close()
        set_service(None)


def standalone(args) -> int:
    from festinger_testkit.selftest.report import Report
    from festinger_testkit.selftest.scenario import run_scenario

    report = Report()
    print("Festinger self-test: the pack end to end against a simulated Agent Zero")
    # A source checkout has them beside plugin/; an installed copy is run from the checkout.
    extensions = Path(args.extensions) if args.extensions else next(
        (p for p in (REPO_ROOT / "extensions", Path.cwd() / "extensions") if p.is_dir()),
        REPO_ROOT / "extensions")
    if not extensions.is_dir():
        print(f"festinger selftest: no hook files at {extensions} (use --extensions DIR)",
              file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="festinger-selftest-") as tmp:
        tmp_path = Path(tmp)
        dsn = os.environ.get("FESTINGER_DSN") or None
        schema = "selftest_" + uuid.uuid4().hex[:8] if dsn else "festinger"
        report.section("storage")
        report.info(f"external PostgreSQL, schema {schema}" if dsn else
                    f"embedded PostgreSQL in {tmp_path / 'home'}")
        embeddings = pick_embeddings(report, args.hash_embeddings)
        service = make_service(tmp_path / "home", dsn, schema)
        try:
            run_with_service(report, service, lambda: run_scenario(
                report, root=tmp_path / "a0", extensions=extensions, embeddings=embeddings,
                layout=args.layout))
        except Exception as exc:
            report.error("the scenario ran to the end", exc)
    return report.summary()


# --- installed mode --------------------------------------------------------------------
def installed(args) -> int:
    """The round trip inside an installed tree. ``install.sh --a0 PATH --self-test`` has
    already checked the manifest, the hook placement and the imports with Agent Zero's
    interpreter before it calls this."""
    from ..a0.config_source import load_for_agent_zero
    from ..install.layout import LEGACY, Refusal, detect
    from ..paths import resolve_home
    from ..service import FestingerService
    from festinger_testkit.selftest.report import Report
    from festinger_testkit.selftest.scenario import run_scenario

    report = Report()
    a0 = Path(args.a0).resolve()
    print(f"Festinger self-test: round trip with the pack installed in {a0}")
    try:
        layout = detect(a0)
    except Refusal as exc:
        print(f"festinger selftest: {exc}", file=sys.stderr)
        return 2
    layout_name = "legacy" if layout.kind == LEGACY else "v1"
    hook_root = a0 / Path(layout.hook_dir("x")).parent
    report.section(f"{layout.label}: hooks from {hook_root}")
    os.chdir(a0)  # the pack finds its Agent Zero (and its data folder) from the working dir
    loaded = load_for_agent_zero()
    for err in loaded.errors:
        report.info(f"config: {err}")
    # The user's own graph is left alone: the round trip uses a schema of its own.
    schema = "selftest_" + uuid.uuid4().hex[:8]
    service = FestingerService(loaded, home=resolve_home(loaded.config.home),
                               dsn=loaded.config.dsn, schema=schema)
    embeddings = pick_embeddings(report, args.hash_embeddings)
    with tempfile.TemporaryDirectory(prefix="festinger-selftest-") as tmp:
        try:
            run_with_service(report, service, lambda: run_scenario(
                report, root=Path(tmp), extensions=hook_root, embeddings=embeddings,
                layout=layout_name))
        except Exception as exc:
            report.error("the round trip ran to the end", exc)
    return report.summary()


def run(args) -> int:
    if not _testkit_installed():
        print(TESTKIT_MISSING, file=sys.stderr)
        return 2
    return installed(args) if args.a0 else standalone(args)
