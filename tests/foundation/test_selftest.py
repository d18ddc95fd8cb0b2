"""The README's "run it" command, end to end: the self-test passes on both layouts."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
pytestmark = [pytest.mark.postgres, pytest.mark.model]


@pytest.mark.parametrize("layout", ["v1", "legacy"])
def test_selftest_passes_and_reports_every_section(layout, pg_dsn, pg_server):
    env = dict(os.environ, PYTHONPATH=str(REPO / "plugin"), HF_HUB_OFFLINE="1")
    env.pop("FESTINGER_DSN", None)
    if pg_server[1] == "external":  # run it on the external server, in a throwaway schema
        env["FESTINGER_DSN"] = pg_dsn
    proc = subprocess.run([sys.executable, "-m", "festinger", "selftest", "--layout", layout],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=600)
    out = proc.stdout
    assert proc.returncode == 0, out[-3000:] + proc.stderr[-2000:]
    for section in ("classification", "deprecation", "recall", "recollections", "health"):
        assert f"== {section}" in out
    assert "0 failed" in out and "[FAIL]" not in out
