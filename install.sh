#!/usr/bin/env bash
# Festinger installer for Agent Zero. A thin wrapper: the work is done by the stdlib-only
# Python package plugin/festinger/install/, run with any python3 >= 3.8 before the pack's
# dependencies exist. Run ./install.sh --help for the options.
#   docker exec -it agent-zero bash -c "cd /tmp/festinger && ./install.sh --a0 /a0"
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

find_python() {
    local candidate
    for candidate in "${FESTINGER_INSTALL_PYTHON:-}" python3 python; do
        [ -n "$candidate" ] || continue
        if command -v "$candidate" >/dev/null 2>&1 &&
            "$candidate" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 8) else 1)' 2>/dev/null; then
            command -v "$candidate"
            return 0
        fi
    done
    return 1
}

if ! PY="$(find_python)"; then
    echo "festinger install: refused: no python3 (>= 3.8) found on PATH; set FESTINGER_INSTALL_PYTHON" >&2
    exit 2
fi

# Load festinger.install without running festinger/__init__.py: the installer must work
# before the pack's own dependencies are installed.
exec "$PY" -c '
import runpy, sys, types
repo = sys.argv[1]
pkg = types.ModuleType("festinger")
pkg.__path__ = [repo + "/plugin/festinger"]
sys.modules["festinger"] = pkg
sys.argv = ["install.sh", "--repo", repo] + sys.argv[2:]
runpy.run_module("festinger.install", run_name="__main__", alter_sys=True)
' "$REPO" "$@"
