"""Harness for the tests that run the REAL Agent Zero: copy a pristine tree, run a chat in it.

Agent Zero runs in its own interpreter, never in the test process: ``driver.py`` is executed
there, inside a throwaway COPY of the checkout, against ``fake_llm_server`` listening on
loopback in the test process.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional, Union

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from fake_llm_server import FakeLLMServer  # noqa: E402

DRIVER = HERE / "driver.py"
SUMMARY_PREFIX = "DRIVER_SUMMARY_JSON: "
# What a copy leaves out: the interpreter, caches and any state of a previous run.
COPY_IGNORE = shutil.ignore_patterns(".venv", "venv", "__pycache__", ".git", "*.pyc")
STATE_DIRS = ("usr/memory", "usr/chats", "usr/festinger", "tmp")
INSTALL_SH = REPO / "install.sh"
# One user turn: the message, or {"text": ..., "pause": s, "wait_for": [...], "wait_timeout": s}
# (see driver.py: what the user waits for before typing the next message).
Turn = Union[str, Dict[str, Any]]


def a0_root_from_env() -> Optional[Path]:
    value = os.environ.get("A0_ROOT", "").strip()
    return Path(value).resolve() if value else None


def a0_python_for(root: Path) -> Optional[Path]:
    value = os.environ.get("A0_PYTHON", "").strip()
    candidates = [Path(value)] if value else [root / ".venv" / "bin" / "python", Path("/opt/venv-a0/bin/python")]
    for candidate in candidates:
        if candidate.exists():
            return candidate  # not resolved: a venv's python symlink must keep its venv
    return None


def detect_layout(root: Path) -> str:
    if (root / "helpers" / "extension.py").is_file():
        return "plugins"
    if (root / "python" / "helpers" / "extension.py").is_file():
        return "legacy"
    raise ValueError(f"not an Agent Zero checkout: {root}")


@dataclass
class A0Install:
    """One throwaway copy of the pristine Agent Zero tree, and the interpreter to run it."""

    root: Path
    python: Path
    layout: str

    def __post_init__(self) -> None:
        # A tree with a venv of its own (install_pack's) runs in it: that is where its pack is.
        own = self.root / ".venv" / "bin" / "python"
        if own.exists():
            self.python = own

    def run_chat(
        self,
        server: FakeLLMServer,
        messages: List[Turn],
        memory: Optional[Dict[str, Any]] = None,
        env: Optional[Dict[str, str]] = None,
        timeout: float = 600,
        settle_timeout: float = 90,
        name: str = "run",
        hooks: Optional[List[str]] = None,
        exit_timeout: float = 60,
        extra: Optional[Dict[str, Any]] = None,
        seed: Optional[Dict[str, Any]] = None,
        time_hooks: bool = False,
        launcher: Optional[List[str]] = None,
    ) -> "ChatRun":
        """Run ``messages`` in one new chat via driver.py; returns the driver's summary."""
        work = self.root / ".real_a0"
        work.mkdir(exist_ok=True)
        config_path, out_path = work / f"{name}.json", work / f"{name}.summary.json"
        config_path.write_text(
            json.dumps(
                {
                    "base_url": server.base_url,
                    "messages": messages,
                    "memory": memory or {},
                    "settle_timeout": settle_timeout,
                    "message_timeout": timeout / max(1, len(messages)),
                    "exit_timeout": exit_timeout,
                    **({"hooks": hooks} if hooks else {}),
                    **(extra or {}),
                    **({"seed": seed} if seed else {}),
                    **({"time_hooks": True} if time_hooks else {}),
                }
            ),
            encoding="utf-8",
        )
        if out_path.exists():
            out_path.unlink()
        run_env = dict(os.environ)
        for var in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"):  # the test venv's, not Agent Zero's
            run_env.pop(var, None)
        run_env.update({"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "PYTHONUNBUFFERED": "1"})
        run_env.update(env or {})
        waits = sum(float(m.get("wait_timeout", 30) if m.get("wait_for") else 0) + float(m.get("pause", 0))
                    for m in messages if isinstance(m, dict))
        started = time.time()
        proc = subprocess.run(
            # launcher: a prefix such as a profiler (``py-spy record -o F --``)
            (launcher or []) + [str(self.python), str(DRIVER), "--config", str(config_path), "--out", str(out_path)],
            cwd=self.root,
            env=run_env,
            capture_output=True,
            text=True,
            timeout=timeout + settle_timeout * len(messages) + waits + exit_timeout + 120,
        )
        (work / f"{name}.stdout").write_text(proc.stdout, encoding="utf-8")
        # what every model call received and answered, for reading a failure afterwards
        (work / f"{name}.requests.json").write_text(json.dumps(
            [{"path": r.path, "body": r.body, "reply": r.reply} for r in list(server.requests)], indent=1),
            encoding="utf-8")
        (work / f"{name}.stderr").write_text(proc.stderr, encoding="utf-8")
        summary: Dict[str, Any] = {}
        if out_path.exists():
            summary = json.loads(out_path.read_text(encoding="utf-8"))
        else:
            for line in reversed(proc.stdout.splitlines()):
                if line.startswith(SUMMARY_PREFIX):
                    summary = json.loads(line[len(SUMMARY_PREFIX):])
                    break
        run = ChatRun(summary=summary, stdout=proc.stdout, stderr=proc.stderr,
                      returncode=proc.returncode, seconds=time.time() - started)
        assert summary and "fatal" not in summary, run.explain("driver did not produce a summary")
        return run


@dataclass
class ChatRun:
    summary: Dict[str, Any]
    stdout: str
    stderr: str
    returncode: int
    seconds: float

    def explain(self, what: str) -> str:
        return (
            f"{what}\n--- summary\n{json.dumps(self.summary, indent=1)[:6000]}"
            f"\n--- stdout tail\n{self.stdout[-4000:]}\n--- stderr tail\n{self.stderr[-4000:]}"
        )

    @property
    def responses(self) -> List[Optional[str]]:
        return self.summary.get("responses", [])

    @property
    def pauses(self) -> List[Dict[str, Any]]:
        """Per message: what the user waited for before the next one (driver ``pauses``)."""
        return self.summary.get("pauses", [])

    @property
    def memories(self) -> List[Dict[str, Any]]:
        return self.summary.get("memories", [])

    def memory_with_text(self, fragment: str) -> Dict[str, Any]:
        found = [m for m in self.memories if fragment in m["text"]]
        assert found, self.explain(f"no memory containing {fragment!r}")
        return found[0]

    def assert_clean(self) -> None:
        """Every message answered, no error escaped into the chat."""
        assert not self.summary.get("errors"), self.explain("the chat raised")
        assert all(r is not None for r in self.responses), self.explain("a message got no answer")


def copy_tree(pristine: Path, dest: Path) -> Path:
    shutil.copytree(pristine, dest, symlinks=True, ignore=COPY_IGNORE)
    for rel in STATE_DIRS:  # a used checkout may carry memories or chats of its own
        shutil.rmtree(dest / rel, ignore_errors=True)
    (dest / "tmp").mkdir(exist_ok=True)
    return dest


def install_pack(root: Path, python: Path) -> Path:
    """``install.sh --a0 <root> --python <root>/.venv/bin/python``, as a user runs it; the
    output is kept in <root>/install.log. Returns the interpreter to run this tree with.

    ``<root>/.venv`` is a small venv of the tree's own (Agent Zero's default place for one)
    layered over ``python``'s site-packages (runtime.overlay): the pack that pip installs
    comes from THIS checkout and stays in this tree's venv, so checkouts testing at once
    never see each other's pack, and the shared venv keeps only third-party packages."""
    from runtime import overlay

    tree_python = overlay(root / ".venv", python)
    proc = subprocess.run(
        ["bash", str(INSTALL_SH), "--a0", str(root), "--python", str(tree_python)],
        capture_output=True, text=True, timeout=1800,
        env={k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")},
    )
    (root / "install.log").write_text(proc.stdout + "\n--- stderr\n" + proc.stderr, encoding="utf-8")
    assert proc.returncode == 0, f"install.sh failed ({proc.returncode}):\n{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
    return tree_python


def processes_mentioning(path: Path) -> List[str]:
    """Command lines of live processes that name ``path`` (e.g. a server left running on
    a data folder inside it), read from /proc."""
    found = []
    needle = str(path)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            raw = (entry / "cmdline").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        cmdline = raw.replace(b"\0", b" ").decode("utf-8", "replace").strip()
        if needle in cmdline and state != "Z":
            found.append(f"{entry.name} {cmdline}")
    return found


def stop_leftover_postmaster(pgdata: Path, wait: float = 15) -> Optional[int]:
    """Safety net after a test: if the embedded PostgreSQL a run started on ``pgdata`` is
    still up (the pack failed to stop it), ask that one server to shut down (SIGINT, "fast"
    shutdown) so no test leaves a server behind. Returns the pid it stopped, if any."""
    import signal

    try:
        pid = int((pgdata / "postmaster.pid").read_text().split("\n")[0])
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
    except (OSError, ValueError):
        return None
    if str(pgdata) not in cmdline:  # a recycled pid: not our server
        return None
    os.kill(pid, signal.SIGINT)
    deadline = time.time() + wait
    while time.time() < deadline and Path(f"/proc/{pid}").exists():
        time.sleep(0.2)
    return pid
