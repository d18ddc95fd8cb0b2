"""Per-turn timing of Agent Zero's extension points and the pack's hooks, for ``driver.py``'s
``time_hooks`` runs (benchmarks), in Agent Zero's own interpreter."""

from __future__ import annotations

import os
import time
from typing import Any, Dict, List, Optional


class TurnTimer:
    """Per message: wall ms spent in each Agent Zero extension point and, when the pack is
    importable, in each of its hook dispatches (benchmarks: where a turn's time goes). Wraps
    the module attributes the callers look up at call time; nothing else changes."""

    def __init__(self, layout: str):
        self.turns: List[Dict[str, Dict[str, float]]] = []
        self.current: Dict[str, Dict[str, float]] = {"ext": {}, "pack": {}}
        if layout == "legacy":
            return  # v0.9.x calls extensions through Agent methods: not timed
        from helpers import extension  # type: ignore

        self._wrap(extension, "call_extensions_async", "ext", lambda a, k: a[0] if a else k.get("extension_point"))
        try:
            from festinger.a0 import guard  # type: ignore  # the pack, when installed
        except Exception:
            return
        # every hook file calls guard.guarded(hook, handler, agent, kwargs), looked up per call
        self._wrap(guard, "guarded", "pack",
                   lambda a, k: f"{a[0]}:{getattr(a[1], '__name__', a[1])}" if len(a) > 1 else k.get("hook"),
                   profile=os.environ.get("A0DRIVER_PROFILE_PACK"))

    def _wrap(self, module: Any, name: str, kind: str, key, profile: Optional[str] = None) -> None:
        original = getattr(module, name)
        profiler = None
        if profile:  # cProfile inside the calls (the chat's thread; awaits included)
            import atexit
            import cProfile

            profiler = cProfile.Profile()
            atexit.register(lambda: profiler.dump_stats(profile))

        async def timed(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            if profiler is not None and len(self.turns) > 2:
                profiler.enable()
            try:
                return await original(*args, **kwargs)
            finally:
                if profiler is not None:
                    profiler.disable()
                bucket = self.current[kind]
                k = str(key(args, kwargs))
                bucket[k] = bucket.get(k, 0.0) + (time.perf_counter() - t0) * 1000

        setattr(module, name, timed)

    def next_turn(self) -> None:
        self.end_turn()
        self.current = {"ext": {}, "pack": {}, "cpu": {}}
        self.turns.append(self.current)
        self._cpu_at_start = self._thread_cpu()

    def end_turn(self) -> None:
        """CPU ms each thread of this process used during the turn, by thread name: a
        background thread busy while the chat thread works competes with it for the GIL."""
        start = getattr(self, "_cpu_at_start", None)
        if start is None:
            return
        self._cpu_at_start = None
        import threading

        names = {t.native_id: t.name for t in threading.enumerate()}
        for tid, ticks in self._thread_cpu().items():
            used = ticks - start.get(tid, 0)
            if used > 0:
                name = names.get(tid, "native-%d" % tid)
                name = name.rstrip("0123456789_-") or name  # pool workers under one name
                bucket = self.current["cpu"]
                bucket[name] = bucket.get(name, 0.0) + used * 1000.0 / os.sysconf("SC_CLK_TCK")

    @staticmethod
    def _thread_cpu() -> Dict[int, int]:
        out = {}
        for tid in os.listdir("/proc/self/task"):
            try:
                with open(f"/proc/self/task/{tid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                out[int(tid)] = int(fields[11]) + int(fields[12])  # utime + stime
            except (OSError, IndexError, ValueError):
                continue
        return out
