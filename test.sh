#!/usr/bin/env bash
# Prepare everything the test suite needs, then run it.
#   ./test.sh                  the whole suite on the embedded PostgreSQL
#   FESTINGER_TEST_DSN=postgresql://user@host:5432/db ./test.sh
#                              ... and the database tests once more on that external server
#   ./test.sh tests/graph -k cue   extra arguments go to pytest
#   FESTINGER_REAL_A0=1 ./test.sh  ... and the tests in the REAL Agent Zero, v0.9.8.2 and v1.7:
#                              builds (once, cached in $FESTINGER_A0_CACHE, default
#                              ~/.cache/festinger-a0) a Python 3.12 venv and fresh trees from
#                              ../shared/agent-zero ($FESTINGER_A0_SOURCE); CI does this
set -euo pipefail
cd "$(dirname "$0")"

PYTHON=${PYTHON:-$(command -v python3.11 || command -v python3.12 || command -v python3)}
VENV=${FESTINGER_TEST_VENV:-.venv}

# The real Agent Zero runtime builds in the background while the test venv is prepared.
if [ "${FESTINGER_REAL_A0:-0}" = 1 ]; then
    echo "test.sh: preparing the real Agent Zero runtime (background)"
    a0_env=$(mktemp)
    "$PYTHON" tests/real_a0/runtime.py prepare > "$a0_env" &
    a0_pid=$!
fi

if [ ! -x "$VENV/bin/python" ]; then
    echo "test.sh: creating $VENV with $($PYTHON --version)"
    "$PYTHON" -m venv "$VENV"
fi
PIP=("$VENV/bin/python" -m pip --quiet --disable-pip-version-check)

# CPU torch first: anything that pulls a bare `torch` would fetch GBs of CUDA packages.
if ! "$VENV/bin/python" -c "import torch" 2>/dev/null; then
    echo "test.sh: installing CPU torch"
    "${PIP[@]}" install "torch==2.13.0"
fi
stamp="$VENV/.festinger-test-deps"
want=$(cat pyproject.toml plugin/pyproject.toml | sha256sum | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    echo "test.sh: installing the pack and its test dependencies"
    "${PIP[@]}" install -e ".[test]" -e ./plugin   # the pack, and its test kit (festinger-testkit)
    echo "$want" > "$stamp"
fi

# A real headless Chromium for the admin page tests (Debian's package; root installs it).
if ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "test.sh: installing Debian's chromium"
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
        || echo "test.sh: chromium could not be installed; browser tests will be skipped"
fi

if [ -n "${a0_pid:-}" ]; then
    if ! wait "$a0_pid"; then
        echo "test.sh: the real Agent Zero runtime could not be prepared (see above)" >&2
        exit 1
    fi
    eval "$(cat "$a0_env")"
    sed 's/^export /test.sh: real Agent Zero: /' "$a0_env"
    rm -f "$a0_env"
fi

export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1
status=0
echo "test.sh: test suite on the embedded PostgreSQL"
env -u FESTINGER_TEST_DSN "$VENV/bin/python" -m pytest -q "$@" || status=$?
if [ -n "${FESTINGER_TEST_DSN:-}" ]; then
    echo "test.sh: database tests on the external PostgreSQL"
    "$VENV/bin/python" -m pytest -q -m postgres "$@" || { rc=$?; [ $rc = 5 ] || status=$rc; }
fi
exit $status
