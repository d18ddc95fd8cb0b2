"""The self-test's readable report: sections of checks, each passed or failed with details."""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from typing import Optional, TextIO


@dataclass
class Check:
    name: str
    ok: bool
    detail: str = ""


@dataclass
class Report:
    out: TextIO = sys.stdout
    checks: list[Check] = field(default_factory=list)
    started: float = field(default_factory=time.monotonic)

    def section(self, title: str) -> None:
        print(f"\n== {title}", file=self.out, flush=True)

    def info(self, text: str) -> None:
        for line in text.splitlines() or [""]:
            print(f"   {line}", file=self.out, flush=True)

    def check(self, name: str, ok: bool, detail: str = "") -> bool:
        self.checks.append(Check(name, bool(ok), detail))
        mark = "ok  " if ok else "FAIL"
        print(f" [{mark}] {name}" + (f": {detail}" if detail else ""), file=self.out, flush=True)
        return bool(ok)

    def error(self, name: str, exc: BaseException) -> None:
        self.check(name, False, f"{type(exc).__name__}: {exc}")

    @property
    def failed(self) -> list[Check]:
        return [c for c in self.checks if not c.ok]

    def summary(self) -> int:
        took = time.monotonic() - self.started
        n, bad = len(self.checks), len(self.failed)
        print(f"\n{n - bad} passed, {bad} failed ({took:.1f} s)", file=self.out, flush=True)
        for c in self.failed:
            print(f"  failed: {c.name}" + (f" ({c.detail})" if c.detail else ""), file=self.out)
        return 1 if bad or not n else 0


def short(text: Optional[str], width: int = 90) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= width else text[: width - 1] + "…"
