"""The test kit is not the product: the runtime wheel that goes into Agent Zero's venv carries
no simulator, benchmark or evaluation code or data, imports none of it, and the two commands
that need the kit say so in one line when it is missing."""

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# Runs with the test kit made unimportable (a None entry in sys.modules stops an import).
BLOCKED = """
import importlib, pkgutil, sys
sys.modules["festinger_testkit"] = None
{body}
"""


def _python(body: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO / "plugin"), HF_HUB_OFFLINE="1")
    return subprocess.run([sys.executable, "-c", BLOCKED.format(body=body)], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=300)


def test_the_runtime_wheel_has_no_test_kit_and_the_kit_wheel_has_it(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(REPO / "pyproject.toml", src)
    shutil.copy(REPO / "README.md", src)
    shutil.copytree(REPO / "plugin", src / "plugin",
                    ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "build"))
    for project in (src, src / "plugin"):
        subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                        "-q", "-w", str(tmp_path / "out"), str(project)], check=True, timeout=600)
    (runtime,) = (tmp_path / "out").glob("festinger-*.whl")
    (kit,) = (tmp_path / "out").glob("festinger_testkit-*.whl")
    names = zipfile.ZipFile(runtime).namelist()
    assert "festinger/service.py" in names and "festinger/a0/guard.py" in names
    assert not [n for n in names if n.startswith("festinger_testkit/") or "/simulator/" in n
                or n.endswith(".jsonl")]
    kit_names = zipfile.ZipFile(kit).namelist()
    assert "festinger_testkit/simulator/runtime.py" in kit_names
    assert "festinger_testkit/data/recall_eval.jsonl" in kit_names
    assert not [n for n in kit_names if n.startswith("festinger/")]


def test_every_runtime_module_imports_without_the_test_kit():
    proc = _python("""
import festinger
failed = []
for info in pkgutil.walk_packages(festinger.__path__, "festinger."):
    if info.name.endswith(".__main__"):  # runs the command line
        continue
    try:
        importlib.import_module(info.name)
    except Exception as exc:
        failed.append(f"{info.name}: {type(exc).__name__}: {exc}")
print("FAILED", failed)
""")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "FAILED []" in proc.stdout, proc.stdout[-3000:]


def test_bench_and_selftest_say_the_kit_is_missing():
    proc = _python("""
from festinger.cli import main
print("bench rc", main(["bench", "--quick"]))
print("selftest rc", main(["selftest"]))
""")
    assert "bench rc 2" in proc.stdout and "selftest rc 2" in proc.stdout, proc.stdout + proc.stderr
    lines = [l for l in proc.stderr.splitlines() if "test kit" in l]
    assert len(lines) == 2 and all("not installed" in l for l in lines)
