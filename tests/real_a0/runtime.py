"""The real Agent Zero runtime the tests and CI run: a shared Python 3.12 venv and pristine trees.

Built from ``../shared/agent-zero/`` (``FESTINGER_A0_SOURCE``) into ``FESTINGER_A0_CACHE``
(default ``~/.cache/festinger-a0``), once; a stamp makes a second run instant::

    <cache>/venv/                 Python 3.12: Agent Zero's pinned requirements (--no-deps),
                                  the stubs .pth, the pack's third-party dependencies
                                  (never the pack itself: see ``overlay``)
    <cache>/trees/v0.9.8.2/       fresh ``tar -x`` of each archive (tests copy them, never
    <cache>/trees/v1.7/           run in them)

The shared venv holds only third-party code, so several checkouts can test at once: each
install gets its own small ``overlay`` venv that sees the shared site-packages and receives the
pack from ``./install.sh --a0 TREE --python OVERLAY/bin/python``, exactly the user's command.

Stdlib only, any python3 >= 3.8: ``python3 tests/real_a0/runtime.py prepare`` prints the
variables the tests read (A0_PYTHON, A0_TREES, A0_ROOT_<tag>).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path
from typing import Dict, Iterator, List, Optional

REPO = Path(__file__).resolve().parents[2]
TAGS = ("v0.9.8.2", "v1.7")
# Bump when the layout of the cache changes, so old caches are rebuilt rather than misread.
CACHE_FORMAT = "1"
# What the overlay's pip needs to build the pack without build isolation (no index round trip
# per install): the pack's [build-system] requires.
BUILD_TOOLS = ["setuptools>=68", "wheel"]


def log(msg: str) -> None:
    print("festinger-a0: " + msg, file=sys.stderr, flush=True)


def source_dir() -> Path:
    value = os.environ.get("FESTINGER_A0_SOURCE", "").strip()
    return Path(value).resolve() if value else (REPO.parent.parent / "shared" / "agent-zero"
                                                  if (REPO.parent.parent / "shared" / "agent-zero").is_dir()
                                                  else Path("/work/shared/agent-zero"))


def cache_dir() -> Path:
    value = os.environ.get("FESTINGER_A0_CACHE", "").strip()
    return Path(value).expanduser().resolve() if value else Path.home() / ".cache" / "festinger-a0"


def venv_python(venv: Path) -> Path:
    return venv / "bin" / "python"


def site_packages(venv: Path) -> Path:
    found = sorted((venv / "lib").glob("python3.*/site-packages"))
    if not found:
        raise RuntimeError(f"{venv} has no lib/python3.*/site-packages")
    return found[0]


def _works(python: str) -> bool:
    try:
        out = subprocess.run([python, "-c", "import sys, venv, ssl; print(sys.version_info[:2] == (3, 12))"],
                             capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return out.returncode == 0 and out.stdout.strip() == "True"


def find_python312() -> str:
    """An interpreter for the venv: FESTINGER_A0_BASE_PYTHON, python3.12 on PATH, pyenv's, or
    Debian/Ubuntu's package (installed with apt-get when running as root)."""
    candidates = [os.environ.get("FESTINGER_A0_BASE_PYTHON", ""), shutil.which("python3.12") or ""]
    pyenv_root = Path(os.environ.get("PYENV_ROOT", str(Path.home() / ".pyenv")))
    candidates += [str(p) for p in sorted(pyenv_root.glob("versions/3.12*/bin/python3.12"), reverse=True)]
    candidates += ["/usr/bin/python3.12", "/usr/local/bin/python3.12"]
    for candidate in candidates:
        if candidate and _works(candidate):
            return candidate
    if os.geteuid() == 0 and shutil.which("apt-get"):
        log("no Python 3.12 found: trying apt-get install python3.12 python3.12-venv")
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        subprocess.run(["apt-get", "update", "-qq"], env=env, check=False)
        subprocess.run(["apt-get", "install", "-y", "-qq", "python3.12", "python3.12-venv"], env=env, check=False)
        if _works("/usr/bin/python3.12"):
            return "/usr/bin/python3.12"
    raise RuntimeError("no Python 3.12 interpreter found (Agent Zero's pinned requirements are for 3.12): "
                       "install one or set FESTINGER_A0_BASE_PYTHON=/path/to/python3.12")


def pack_dependencies(repo: Path = REPO) -> List[str]:
    """The pack's [project] dependencies, read from pyproject.toml without tomllib (3.8+)."""
    text = (repo / "pyproject.toml").read_text(encoding="utf-8")
    block = re.search(r"^dependencies\s*=\s*\[(.*?)^\]", text, re.S | re.M)
    if not block:
        raise RuntimeError(f"no dependencies list in {repo / 'pyproject.toml'}")
    return re.findall(r'^\s*"([^"]+)"', block.group(1), re.M)


def _digest(*parts: bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(hashlib.sha256(part).digest())
    return h.hexdigest()[:16]


def base_fingerprint(src: Path) -> str:
    stubs = b"".join(p.relative_to(src).as_posix().encode() + p.read_bytes()
                     for p in sorted((src / "stubs").rglob("*.py")))
    return _digest(CACHE_FORMAT.encode(), (src / "requirements-py312.txt").read_bytes(), stubs,
                   str(src).encode())


def tree_fingerprint(src: Path, tag: str) -> str:
    archive = src / f"agent-zero-{tag}.tar.gz"
    st = archive.stat()
    return _digest(CACHE_FORMAT.encode(), str(archive).encode(), str(st.st_size).encode(),
                   str(int(st.st_mtime)).encode())


@contextlib.contextmanager
def locked(cache: Path) -> Iterator[None]:
    """One builder at a time: several checkouts may prepare the same cache at once."""
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / ".lock", "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _pip(python: Path, *args: str) -> None:
    cmd = [str(python), "-m", "pip", "--disable-pip-version-check", "-qq", *args]
    log("$ " + " ".join(cmd))
    subprocess.run(cmd, check=True)


def _read_json(path: Path) -> Dict[str, object]:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def ensure_venv(cache: Path, src: Path) -> Path:
    venv = cache / "venv"
    stamp_path = cache / "venv.stamp.json"
    stamp = _read_json(stamp_path)
    want = base_fingerprint(src)
    if stamp.get("base") != want or not venv_python(venv).exists():
        log(f"building the Agent Zero venv in {venv} (a few minutes, once)")
        shutil.rmtree(venv, ignore_errors=True)
        stamp_path.unlink(missing_ok=True)
        base = find_python312()
        subprocess.run([base, "-m", "venv", str(venv)], check=True)
        _pip(venv_python(venv), "install", "--no-deps", "-r", str(src / "requirements-py312.txt"))
        (site_packages(venv) / "a0_stubs.pth").write_text(str(src / "stubs") + "\n", encoding="utf-8")
        stamp = {"base": want, "deps": []}
        stamp_path.write_text(json.dumps(stamp), encoding="utf-8")
    # Additive: a checkout with a new dependency adds it; nothing another checkout uses is removed.
    wanted = BUILD_TOOLS + pack_dependencies()
    have = set(stamp.get("deps", []))  # type: ignore[arg-type]
    missing = [d for d in wanted if d not in have]
    if missing:
        log("installing the pack's third-party dependencies: " + " ".join(missing))
        _pip(venv_python(venv), "install", *missing)
        stamp["deps"] = sorted(have | set(missing))
        stamp_path.write_text(json.dumps(stamp), encoding="utf-8")
    return venv


def ensure_trees(cache: Path, src: Path) -> Path:
    trees = cache / "trees"
    for tag in TAGS:
        dest, stamp = trees / tag, trees / f"{tag}.stamp"
        want = tree_fingerprint(src, tag)
        if stamp.is_file() and stamp.read_text().strip() == want and (dest / "agent.py").is_file():
            continue
        log(f"unpacking agent-zero-{tag}.tar.gz into {dest}")
        shutil.rmtree(dest, ignore_errors=True)
        dest.mkdir(parents=True)
        with tarfile.open(src / f"agent-zero-{tag}.tar.gz") as tar:
            tar.extractall(dest)
        stamp.write_text(want + "\n")
    return trees


def prepare(cache: Optional[Path] = None, src: Optional[Path] = None) -> Dict[str, str]:
    """Build (or find) the runtime; returns the environment the tests read."""
    cache, src = cache or cache_dir(), src or source_dir()
    if not (src / "requirements-py312.txt").is_file():
        raise RuntimeError(f"{src} does not hold the Agent Zero archives (set FESTINGER_A0_SOURCE)")
    with locked(cache):
        venv = ensure_venv(cache, src)
        trees = ensure_trees(cache, src)
    env = {"A0_PYTHON": str(venv_python(venv)), "A0_TREES": str(trees)}
    for tag in TAGS:
        env["A0_ROOT_" + tag.replace(".", "_")] = str(trees / tag)
    return env


def overlay(dest: Path, base_python: Path) -> Path:
    """A throwaway venv at ``dest`` that sees ``base_python``'s site-packages (so its pip and
    all third-party packages) after its own: what pip installs here (the pack from one
    checkout) wins and stays private to this install. Returns its python."""
    base_site = subprocess.run([str(base_python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               capture_output=True, text=True, check=True).stdout.strip()
    subprocess.run([str(base_python), "-m", "venv", "--without-pip", str(dest)], check=True)
    # addsitedir, not a bare path line: it also runs the base's own .pth files (the stubs).
    (site_packages(dest) / "_festinger_a0_base.pth").write_text(
        f"import site; site.addsitedir({base_site!r})\n", encoding="utf-8")
    # pip reads <venv>/pip.conf: the pack's dependencies are already in the base, so build it
    # with the base's setuptools and resolve without an index: fast, offline, and a dependency
    # missing from the base fails loudly instead of being fetched behind our back.
    (dest / "pip.conf").write_text("[global]\nno-index = true\n[install]\nno-build-isolation = false\n",
                                   encoding="utf-8")
    return venv_python(dest)


def main(argv: List[str]) -> int:
    if argv[:1] != ["prepare"]:
        print("usage: runtime.py prepare   (prints export lines for the real Agent Zero tests)", file=sys.stderr)
        return 2
    try:
        env = prepare()
    except (RuntimeError, subprocess.CalledProcessError, OSError) as exc:
        log(f"cannot prepare the Agent Zero runtime: {exc}")
        return 1
    for key, value in env.items():
        print(f"export {key}={value}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
