"""Per-turn cost of the pack in the REAL Agent Zero: warm turns of stock vs pack, same store.

For each store size: one stock copy of the tree seeds N memories through Agent Zero's own
``Memory.insert_documents`` (driver ``seed``); the seeded folder is copied into a second copy
with the pack installed by ``install.sh`` and classified with ``festinger backfill`` (the
state of a store the pack has looked after from the start). Each then has one short untimed
chat (the pack's first start creates its embedded database once per install). Then both run the same scripted
chat of ``turns`` messages against the loopback fake models (recall on every message, one
memorized fragment per message), alternately, ``rounds`` times; the figure is the median over
the warm turns (the first ``cold`` of each run left out).

    python tests/real_a0/turn_bench.py [--sizes 300,10000] [--turns 24] [--profile DIR]

``festinger bench`` runs it through ``festinger_testkit.bench.real_a0``.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Optional

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from a0_harness import A0Install, copy_tree, detect_layout, install_pack, stop_leftover_postmaster  # noqa: E402
from fake_llm_server import FakeLLMServer  # noqa: E402
from fake_models import HashEmbedder, ScriptedLLM, final_response  # noqa: E402
import runtime  # noqa: E402

SUBJECTS = ("billing", "search", "auth", "ingest", "reporting", "gateway", "scheduler", "mailer")
QUESTIONS = ("What does the {s} service run on?", "Who owns the {s} service?",
             "Where does the {s} service keep its data?", "How long are the {s} logs kept?")
MEMORY_SETTINGS = {"memory_recall_interval": 1, "memory_memorize_consolidation": False}
WARMUP_TURNS = 2


def messages(turns: int) -> List[str]:
    return [QUESTIONS[i % len(QUESTIONS)].format(s=SUBJECTS[i % len(SUBJECTS)]) + f" (#{i})"
            for i in range(turns)]


def fragments(turns: int) -> Dict[str, List[str]]:
    """One memorized fragment per message, keyed by it (what the utility model 'extracts')."""
    return {m: [f"The user asked about the {SUBJECTS[i % len(SUBJECTS)]} service in question {i}."]
            for i, m in enumerate(messages(turns))}


def locate_runtime() -> Optional[Dict[str, str]]:
    """The runtime's variables when it is there (env, else the default cache), else None.
    Never builds it: that takes minutes (``runtime.py prepare``)."""
    trees = os.environ.get("A0_TREES") or str(runtime.cache_dir() / "trees")
    python = os.environ.get("A0_PYTHON") or str(runtime.venv_python(runtime.cache_dir() / "venv"))
    if not (Path(trees) / "v1.7" / "agent.py").is_file() or not Path(python).exists():
        return None
    return {"A0_TREES": trees, "A0_PYTHON": python}


def _chat(a0: A0Install, turns: int, name: str, seed: int = 0,
          launcher: Optional[List[str]] = None, env: Optional[Dict[str, str]] = None,
          pause: float = 0.0) -> Dict[str, Any]:
    script = ScriptedLLM(fragments_by_message=fragments(turns) if turns else {},
                         default_main=final_response("Noted."))
    with FakeLLMServer(script=script, embedder=HashEmbedder()) as server:
        texts: List[Any] = [{"text": m, "pause": pause} if pause else m for m in messages(turns)]
        run = a0.run_chat(server, texts, memory=MEMORY_SETTINGS, name=name, env=env,
                          timeout=max(1, turns) * 300 + seed / 20, settle_timeout=120,
                          seed={"count": seed} if seed else None, launcher=launcher,
                          time_hooks=True)
    run.assert_clean()
    return run.summary


COLD_TURNS = 4  # a run's first turns pay for cold caches and files


def bench(sizes=(300, 10000), turns: int = 24, rounds: int = 2, cold: int = COLD_TURNS,
          work: Optional[Path] = None, profile: Optional[Path] = None, pause: float = 0.0,
          out=lambda line: print(line, file=sys.stderr, flush=True)) -> List[Dict[str, Any]]:
    env = locate_runtime()
    if env is None:
        raise RuntimeError("no Agent Zero runtime")
    pristine, base_python = Path(env["A0_TREES"]) / "v1.7", Path(env["A0_PYTHON"])
    work = Path(tempfile.mkdtemp(prefix="festinger-turnbench-")) if work is None else work
    results = []
    try:
        for size in sizes:
            stock = copy_tree(pristine, work / f"stock-{size}")
            a0_stock = A0Install(root=stock, python=base_python, layout=detect_layout(stock))
            t0 = time.time()
            _chat(a0_stock, 0, "seed", seed=size)
            out(f"turn bench: seeded {size} memories in {time.time() - t0:.0f}s")
            pack = copy_tree(pristine, work / f"pack-{size}")
            pack_python = install_pack(pack, base_python)
            shutil.copytree(stock / "usr" / "memory", pack / "usr" / "memory")
            t0 = time.time()
            backfill = subprocess.run(
                [str(pack_python), "-m", "festinger", "backfill", "--memory-dir",
                 str(pack / "usr" / "memory" / "default")],
                capture_output=True, text=True, timeout=1800,
                env={k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")})
            if backfill.returncode != 0:
                raise RuntimeError(f"festinger backfill failed: {backfill.stdout[-2000:]} {backfill.stderr[-2000:]}")
            out(f"turn bench: backfill of {size} in {time.time() - t0:.0f}s")
            a0_pack = A0Install(root=pack, python=pack_python, layout=detect_layout(pack))
            # One short untimed chat on each tree first: the pack's first start on a fresh
            # install creates its embedded PostgreSQL cluster (initdb: seconds of CPU, once per
            # install, in the background), which would otherwise weigh on the first timed run's
            # turns; both trees get it so each timed run starts a process on a used install.
            for label, a0 in (("stock", a0_stock), ("pack", a0_pack)):
                t0 = time.time()
                _chat(a0, WARMUP_TURNS, f"{label}-warmup")
                out(f"turn bench: {size} memories, {label} warm-up chat in {time.time() - t0:.0f}s")
            warm: Dict[str, List[float]] = {"stock": [], "pack": []}
            hooks: Dict[str, Dict[str, List[float]]] = {"stock": {}, "pack": {}}
            try:
                for r in range(rounds):
                    # alternate who goes first: the first run on a store pays for cold files
                    order = [("stock", a0_stock), ("pack", a0_pack)]
                    for label, a0 in (order if r % 2 == 0 else order[::-1]):
                        env = None
                        if profile is not None and r == rounds - 1 and label == "pack":
                            profile.mkdir(parents=True, exist_ok=True)
                            env = {"A0DRIVER_PROFILE_PACK": str(profile / f"pack-{size}.pstats")}
                        summary = _chat(a0, turns, f"{label}-{r}", env=env, pause=pause)
                        secs = summary["turn_seconds"][cold:]
                        warm[label].extend(s * 1000 for s in secs)
                        for turn in summary.get("turn_hooks_ms", [])[cold:]:
                            for kind, bucket in turn.items():
                                for point, ms in bucket.items():
                                    hooks[label].setdefault(f"{kind}:{point}", []).append(ms)
                        out(f"turn bench: {size} memories, {label} round {r}: warm median "
                            f"{statistics.median(secs) * 1000:.1f} ms")
            finally:
                stop_leftover_postmaster(pack / "usr" / "festinger" / "pgdata")
            stock_ms, pack_ms = statistics.median(warm["stock"]), statistics.median(warm["pack"])
            results.append({"memories": size, "stock_ms": stock_ms, "pack_ms": pack_ms,
                            "added_ms": pack_ms - stock_ms, "n": len(warm["pack"]),
                            "stock_samples": warm["stock"], "pack_samples": warm["pack"],
                            # cpu (10 ms ticks, absent when 0): the mean per turn; else the median
                            "hooks_ms": {label: {k: round(sum(v) / (len(warm[label]) or 1) if k.startswith("cpu:")
                                                          else statistics.median(v), 2)
                                                 for k, v in sorted(b.items())}
                                         for label, b in hooks.items()}})
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return results


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="300,10000")
    p.add_argument("--turns", type=int, default=24)
    p.add_argument("--rounds", type=int, default=2)
    p.add_argument("--profile", type=Path, help="cProfile the pack's hooks in the last pack run into this folder")
    p.add_argument("--pause", type=float, default=0.0, help="seconds the user reads each answer (default 0)")
    p.add_argument("--work", type=Path)
    args = p.parse_args(argv)
    if args.turns <= COLD_TURNS:
        p.error(f"--turns must exceed the {COLD_TURNS} cold turns that are left out")
    rows = bench(tuple(int(s) for s in args.sizes.split(",")), args.turns, args.rounds,
                 work=args.work, profile=args.profile, pause=args.pause)
    print(json.dumps([{k: (round(v, 2) if isinstance(v, float) else v) for k, v in r.items()
                       if not k.endswith("_samples")} for r in rows]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
