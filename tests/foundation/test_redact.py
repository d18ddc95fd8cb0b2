"""One redaction helper for every DSN and key the pack prints, logs or stores."""

from __future__ import annotations

import io
import json
import logging
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from festinger.redact import redact_dsn, redact_secrets

SECRET = "S3cr3t-pw"
REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("dsn, shown", [
    # unencoded / # ? @ in the password: urlsplit would cut the URL there
    (f"postgresql://u:a/{SECRET}@h:5432/db", "postgresql://u:***@h:5432/db"),
    (f"postgresql://u:{SECRET}#x@h/db", "postgresql://u:***@h/db"),
    (f"postgresql://u:{SECRET}?x=1@h/db", "postgresql://u:***@h/db"),
    (f"postgresql://u:a@{SECRET}@h/db", "postgresql://u:***@h/db"),
    (f"postgresql://u:{SECRET}/x#y?z@a@h1:5432,h2:5433/db?sslmode=require",
     "postgresql://u:***@h1:5432,h2:5433/db?sslmode=require"),
    # query parameters
    (f"postgresql://u@h/db?password={SECRET}", "postgresql://u@h/db?password=***"),
    (f"postgresql://u@h/db?sslmode=verify-full&sslpassword={SECRET}&application_name=x",
     "postgresql://u@h/db?sslmode=verify-full&sslpassword=***&application_name=x"),
    # keyword DSNs, quoted and unquoted
    (f"host=h user=u password={SECRET} dbname=db", "host=h user=u password=*** dbname=db"),
    (f"host=h password='{SECRET} with \\' quote' dbname=db", "host=h password=*** dbname=db"),
    (f"host=h PASSWORD = {SECRET} sslpassword={SECRET}x", "host=h PASSWORD = *** sslpassword=***"),
    ("postgresql://postgres@127.0.0.1:5432/test", "postgresql://postgres@127.0.0.1:5432/test"),
])
def test_every_password_form_is_removed(dsn, shown):
    assert redact_dsn(dsn) == shown
    assert SECRET not in redact_secrets(f"could not connect to {dsn}: refused")


def test_keys_and_their_echoes_are_removed():
    key = "sk-ant-api03-" + "Q" * 8 + "abcdefghijklmnop"
    assert key[:-4] not in redact_secrets(f"401: invalid x-api-key {key[:-4]}...", [key])
    assert "abcdefghij" not in redact_secrets("key ...abcdefghijkl... rejected", [key])
    assert "sk-proj-zzzzzzzzzz" not in redact_secrets("echo sk-proj-zzzzzzzzzz")
    assert "tok123456" not in redact_secrets("Authorization: Bearer tok123456")
    # ordinary text is left alone
    text = "graph: PostgreSQL is back; replaying 12 journaled operation(s)"
    assert redact_secrets(text) == text


def test_the_pack_logger_redacts_every_record():
    from festinger.logs import log

    buf = io.StringIO()
    handler = logging.StreamHandler(buf)
    log.addHandler(handler)
    try:
        log.warning("database unavailable: %s", f"postgresql://u:{SECRET}@h/db refused")
        logging.getLogger("festinger.graph.saliency").warning("dsn host=h password=%s", SECRET)
    finally:
        log.removeHandler(handler)
    assert SECRET not in buf.getvalue() and "***" in buf.getvalue()


def _cli(*args: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "festinger", *args], capture_output=True,
                          text=True, env=env, timeout=120)


def test_config_output_shows_no_password(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(REPO / "plugin"), "FESTINGER_HOME": str(tmp_path),
           "FESTINGER_DSN": f"postgresql://u:{SECRET}#/x@127.0.0.1:1/db"}
    for args in (("config",), ("config", "--json")):
        out = _cli(*args, env=env)
        assert SECRET not in out.stdout + out.stderr, out.stdout
        assert "u:***@127.0.0.1:1/db" in out.stdout


def test_db_command_error_shows_no_password(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(REPO / "plugin"), "FESTINGER_HOME": str(tmp_path),
           "FESTINGER_DSN": f"postgresql://u:{SECRET}@127.0.0.1:1/db"}
    out = _cli("db", env=env)
    assert out.returncode != 0
    assert SECRET not in out.stdout + out.stderr, out.stderr


def test_journal_files_are_private_and_name_no_password(tmp_path):
    from festinger.graph.journal import Journal, Op

    folder = tmp_path / "journal"
    folder.mkdir(mode=0o755)  # an existing, too open folder is tightened
    j = Journal(folder, redact_dsn(f"postgresql://u:{SECRET}@h/db") + "#festinger")
    j.append([Op("edge", {"concept_id": 1})])
    j.record_rejected(Op("edge", {"concept_id": 2}), "CheckViolationError: no")
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
    for f in (j.path, folder / "rejected.jsonl"):
        assert stat.S_IMODE(os.stat(f).st_mode) == 0o600, f
    header = json.loads(j.path.read_text().splitlines()[0])
    assert SECRET not in j.path.read_text() and header["key"].startswith("postgresql://u:***@")
    j.close()


def test_a_driver_error_quoting_a_piece_of_an_unparseable_password_is_redacted():
    from festinger.redact import dsn_secrets, redact_secrets

    dsn = f"postgresql://u:{SECRET}#/x@127.0.0.1:1/db"
    error = f"ValueError: invalid literal for int() with base 10: '{SECRET}'"
    assert SECRET not in redact_secrets(error, dsn_secrets(dsn))
    assert "abc123" in dsn_secrets("host=h sslpassword=abc123")
