"""HealthService: memory health published for SALUTE, the pack's own reports, and maintenance.

One per process (``service.health``), shared by every agent. Per memory store
(Agent Zero memory subdir) it keeps a :class:`ClassificationLedger`: one full scan the
first time the store is seen in this process, then memory events (insert, update, delete)
move the counts by delta, so publishing ``agent._memory_health`` each turn costs a few
dictionary copies, never a scan.

Per turn (``before_main_llm_call`` _11_, before the Exocortex dispatcher's _12_):
publish ``agent._memory_health``; without the org kernel, write the pack's own SALUTE report
every ``salute_interval_turns`` turns and at once when the health changes.

Per monologue end (after the classifier): advance the store's cycle clock (persisted, so
the maintenance counter survives restarts) and run maintenance every
``maintenance_interval_loops`` cycles.
"""

from __future__ import annotations

import asyncio
import copy
import inspect
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Optional

from ..a0 import agent_state, memory_events
from ..a0.memory_store import all_docs, memory_for, subdir_of
from ..core.health import (Assessment, ClassificationLedger, DegradationSettings,
                           PendingTrend, assess, graph_health, memory_health)
from ..core.maintenance import MaintenanceSettings, iso
from ..logs import log, report_exception
from ..paths import agent_zero_root
from . import salute_writer
from .maintenance_runner import PURGE_LOG, MaintenanceResult, run_maintenance
from .state_file import STATE_FILE, HealthState, StateFile, StoreHealthState, now_epoch

if TYPE_CHECKING:
    from ..service import FestingerService

TURN_COUNTER_ATTR = "_festinger_turn_counter"
LAST_HEALTH_ATTR = "_festinger_last_health"


@dataclass
class StoreRuntime:
    """What the process knows about one memory store."""

    key: str
    ledger: ClassificationLedger = field(default_factory=ClassificationLedger)
    db_ref: Any = None              # the FAISS object scanned; a reload replaces it
    scanned: bool = False
    stale: bool = False


class HealthService:
    def __init__(self, service: FestingerService) -> None:
        self.service = service
        self.config = service.config
        self.home = Path(service.home)
        self.state_file = StateFile(self.home / STATE_FILE)
        self.purge_log = self.home / PURGE_LOG
        self.a0_root = agent_zero_root()
        self.org_dir = salute_writer.organizations_dir(self.home)
        self.trend = PendingTrend()
        self._state: Optional[HealthState] = None
        self._stores: dict[str, StoreRuntime] = {}
        self._lock = threading.RLock()
        # Saves run on a worker thread (an fsync must not stall a chat's event loop); each
        # takes a numbered copy of the state, and an older copy never overwrites a newer one.
        self._save_lock = threading.Lock()
        self._save_seq = 0
        self._saved_seq = 0
        self._writes: set = set()      # background state writes not finished yet
        self._maintaining: set[str] = set()
        self._wrapped: set[int] = set()
        self.last_report: Optional[dict] = None
        self.last_report_path: Optional[Path] = None
        self.last_maintenance: Optional[MaintenanceResult] = None
        memory_events.subscribe(self._on_memory_event)

    # --- persistent state -----------------------------------------------------------------
    @property
    def state(self) -> HealthState:
        with self._lock:
            if self._state is None:
                self._state = self.state_file.load()
                if self._state.recovered:
                    log.warning("health state: %s", self._state.recovered)
            return self._state

    def store_state(self, key: str) -> StoreHealthState:
        with self._lock:
            st = self.state.stores.get(key)
            if st is None:
                st = self.state.stores[key] = StoreHealthState.fresh(now_epoch())
            return st

    def _state_copy(self) -> Optional[tuple[int, HealthState]]:
        with self._lock:
            if self._state is None:
                return None
            self._save_seq += 1
            return self._save_seq, copy.deepcopy(self._state)

    def _write_state(self, seq: int, state: HealthState) -> None:
        with self._save_lock:
            if seq <= self._saved_seq:
                return  # a newer copy is already on disk
            self.state_file.save(state)
            self._saved_seq = seq

    def save_state(self) -> None:
        """Write the state now, in this thread (shutdown, the CLI)."""
        taken = self._state_copy()
        if taken is not None:
            self._write_state(*taken)

    def save_state_soon(self) -> None:
        """Write the state from a worker thread WITHOUT the caller waiting: the turn hooks call
        this, and an fsync on a busy disk took tens of milliseconds of every turn. The
        numbered copies keep the newest state on disk; ``close`` writes it once more."""
        taken = self._state_copy()
        if taken is None:
            return
        try:
            future = asyncio.get_running_loop().run_in_executor(None, self._write_state, *taken)
        except RuntimeError:  # no running loop (a CLI caller): write it now
            self._write_state(*taken)
            return
        with self._lock:
            self._writes.add(future)
        future.add_done_callback(self._write_done)

    def _write_done(self, future: "asyncio.Future[None]") -> None:
        with self._lock:
            self._writes.discard(future)
        _log_write_failure(future)

    async def state_saved(self) -> None:
        """Wait until the writes started so far are on disk (tests, the CLI)."""
        with self._lock:
            pending = list(self._writes)
        if pending:
            await asyncio.wait([asyncio.wrap_future(f) if not isinstance(f, asyncio.Future) else f
                                for f in pending])

    async def save_state_async(self) -> None:
        """Write the state from a worker thread: the hooks run on Agent Zero's chat loop."""
        taken = self._state_copy()
        if taken is not None:
            await asyncio.to_thread(self._write_state, *taken)

    # --- the per-store ledger -------------------------------------------------------------
    def _ensure_events(self, memory: Any) -> None:
        """Make sure the memory class publishes its writes (idempotent, shared by the pack)."""
        cls = type(memory)
        if id(cls) not in self._wrapped:
            memory_events.install(cls)
            self._wrapped.add(id(cls))

    def store_for(self, memory: Any) -> StoreRuntime:
        """The store's runtime, scanned once per process (or after Agent Zero reloaded it)."""
        self._ensure_events(memory)
        key = subdir_of(memory)
        db = getattr(memory, "db", None)
        with self._lock:
            rt = self._stores.get(key)
            if rt is None:
                rt = self._stores[key] = StoreRuntime(key)
            if not rt.scanned or rt.stale or rt.db_ref is not db:
                self._rescan(rt, memory)
            return rt

    def _rescan(self, rt: StoreRuntime, memory: Any) -> None:
        docs = list(all_docs(memory).items())
        rt.ledger.rebuild((i, d.metadata) for i, d in docs
                          if isinstance(getattr(d, "metadata", None), dict))
        rt.db_ref, rt.scanned, rt.stale = getattr(memory, "db", None), True, False

    def _on_memory_event(self, event: "memory_events.MemoryEvent") -> None:
        """Runs inline in the writer's thread: only dictionary updates here."""
        try:
            key = subdir_of(event.memory)
        except Exception:
            return
        with self._lock:
            rt = self._stores.get(key)
            if rt is None or not rt.scanned:
                return  # the first scan will count it
            if getattr(event.memory, "db", None) is not rt.db_ref:
                rt.stale = True
                return
            if event.kind == "delete":
                for doc_id in event.ids:
                    rt.ledger.forget(doc_id)
                return
        self.observe(event.memory, event.docs, ids=event.ids)

    def observe(self, memory: Any, docs: Any, ids: Any = ()) -> None:
        """Count documents whose classification may have changed.

        For writers that change metadata in place and save without ``update_documents``
        (which would publish an event): call this with the changed documents.
        """
        key = subdir_of(memory)
        ids = tuple(ids or ())
        with self._lock:
            rt = self._stores.get(key)
            if rt is None or not rt.scanned:
                return
            changed = False
            for n, doc in enumerate(docs or ()):
                meta = getattr(doc, "metadata", None)
                if not isinstance(meta, dict):
                    continue
                doc_id = meta.get("id") if isinstance(meta.get("id"), str) else (
                    ids[n] if n < len(ids) else None)
                if doc_id is None:
                    continue
                changed |= rt.ledger.observe(doc_id, meta).classification_changed
            if changed:
                self.store_state(key).last_classification_run = iso(now_epoch())

    # --- composing memory health ----------------------------------------------------------
    def _classifier_stats(self, agent: Any) -> Mapping[str, Any]:
        """Counters the classification service keeps, when it is loaded and offers them."""
        comp = self.service.memory_if_started
        for name in ("health_stats", "stats"):
            fn = getattr(comp, name, None) if comp is not None else None
            if fn is None:
                continue
            try:
                params = inspect.signature(fn).parameters
                data = fn(agent) if params else fn()
            except Exception as exc:
                log.debug("memory component %s() failed: %s", name, exc)
                continue
            if isinstance(data, Mapping):
                return data
        return {}

    async def graph_health(self) -> Optional[dict[str, Any]]:
        """The concept graph's health when the graph component is running, else None."""
        comp = self.service.graph_if_started
        fn = getattr(comp, "stats", None) if comp is not None else None
        if fn is None:
            return None
        try:
            stats = fn()
            if inspect.isawaitable(stats):
                stats = await asyncio.wait_for(stats, 0.5)
        except Exception as exc:
            log.debug("graph stats failed: %s", exc)
            return None
        out = graph_health(stats)
        if out is not None and "db_connected" not in out:
            if getattr(self.service, "db_error", None) and not getattr(self.service, "db_ready", False):
                out["db_connected"] = False
        return out

    def _loop_stats(self, agent: Any) -> Optional[dict[str, Any]]:
        """The loop guard's section, when it runs in this process (it never fails the report)."""
        try:
            from ..loops.service import loop_stats_of

            return loop_stats_of(self.service, agent_state.agent_key(agent) if agent is not None else None)
        except Exception as exc:
            log.debug("loop stats failed: %s", exc)
            return None

    def _maintenance_info(self, key: str) -> dict[str, Any]:
        st = self.store_state(key)
        interval = self.config.maintenance_interval_loops
        return {"cycle": st.clock.cycle, "interval_cycles": interval,
                "last_run_cycle": st.last_maintenance_cycle,
                "last_run_at": st.last_maintenance_at,
                "next_run_in_cycles": max(0, interval - (st.clock.cycle - st.last_maintenance_cycle)),
                "last_run": dict(st.last_maintenance)}

    def compose(self, rt: StoreRuntime, agent: Any = None,
                graph: Optional[Mapping[str, Any]] = None) -> tuple[dict[str, Any], Assessment]:
        with self._lock:  # the ledger is updated from the memorizers' threads
            counts = rt.ledger.counts()
            observed = rt.ledger.deprecations_observed
        stats = self._classifier_stats(agent)
        conflicts = stats.get("conflicts_resolved_this_session")
        if not isinstance(conflicts, int) or isinstance(conflicts, bool):
            conflicts = observed
        last_run = stats.get("last_classification_run")
        if not isinstance(last_run, str):
            last_run = self.store_state(rt.key).last_classification_run
        if graph is not None:
            self.trend.record(graph.get("pending_conflicts"), graph.get("last_resolution_run"))
        assessment = assess(counts, graph, self.trend, DegradationSettings.from_config(self.config))
        payload = memory_health(counts, conflicts_resolved_this_session=conflicts,
                                last_classification_run=last_run,
                                maintenance=self._maintenance_info(rt.key),
                                assessment=assessment, concept_graph=graph,
                                loops=self._loop_stats(agent))
        return payload, assessment

    async def health_for(self, agent: Any) -> tuple[dict[str, Any], Assessment]:
        memory = await memory_for(agent)
        rt = self.store_for(memory)
        return self.compose(rt, agent, await self.graph_health())

    # --- hooks ----------------------------------------------------------------------------
    async def on_before_main_llm_call(self, agent: Any, loop_data: Any) -> None:
        payload, assessment = await self.health_for(agent)
        agent_state.set_health(agent, payload)

        counted = agent_state.get_attr(agent, TURN_COUNTER_ATTR, 0)
        turns = (counted if isinstance(counted, int) else 0) + 1
        agent_state.set_attr(agent, TURN_COUNTER_ATTR, turns)
        previous = agent_state.get_attr(agent, LAST_HEALTH_ATTR)
        agent_state.set_attr(agent, LAST_HEALTH_ATTR, assessment.health)
        if agent_state.get_attr(agent, "number", 0) != 0:
            return  # subordinates share the store; one report per chat, from the main agent
        if salute_writer.org_kernel_active(agent, self.org_dir, self.a0_root):
            return  # the dispatcher reports, carrying our _memory_health
        due = turns % self.config.salute_interval_turns == 0
        changed = previous is not None and previous != assessment.health
        if due or changed:
            report = salute_writer.build_report(agent, loop_data, payload, assessment, turns)
            await self.write_report(report)

    async def write_report(self, report: dict) -> Optional[Path]:
        try:
            path = await asyncio.to_thread(salute_writer.write_report, self.org_dir, report)
        except Exception as exc:
            log.warning("could not write the SALUTE report under %s: %s", self.org_dir, exc)
            return None
        self.last_report, self.last_report_path = report, path
        with self._lock:
            st = self.state
            st.report_path = str(path)
            st.last_report_at = report.get("time", {}).get("timestamp")
            st.reports_written += 1
        self.save_state_soon()
        return path

    async def on_monologue_end(self, agent: Any, loop_data: Any) -> None:
        memory = await memory_for(agent)
        rt = self.store_for(memory)
        key = rt.key
        with self._lock:
            st = self.store_state(key)
            st.clock.tick(now_epoch())
            due = st.clock.cycle - st.last_maintenance_cycle >= self.config.maintenance_interval_loops
            due = due and key not in self._maintaining
            if due:
                self._maintaining.add(key)
        try:
            if due:
                await self._maintain(agent, memory, rt, st)
        finally:
            with self._lock:
                self._maintaining.discard(key)
            self.save_state_soon()

    async def _maintain(self, agent: Any, memory: Any, rt: StoreRuntime, st: StoreHealthState) -> None:
        try:
            result = await run_maintenance(memory, st.clock, MaintenanceSettings.from_config(self.config),
                                           purge_log=self.purge_log)
        except Exception as exc:
            report_exception("memory maintenance", exc, agent)
            return
        finally:
            # ran or failed, the next attempt waits a full interval (no retry storm each turn)
            st.last_maintenance_cycle = st.clock.cycle
            st.last_maintenance_at = iso(now_epoch())
        st.last_maintenance = dict(result.summary)
        self.last_maintenance = result
        s = result.summary
        if s["archived"] or s["reactivated"] or s["purged"]:
            log.info("maintenance of %s: %s", rt.key, s)
            try:
                agent.context.log.log(type="util", heading="Festinger: memory maintenance",
                                      content=f"archived {s['archived']}, back to tactical "
                                              f"{s['reactivated']}, purged {s['purged']} "
                                              f"of {s['examined']} memories")
            except Exception:
                pass

    async def close(self) -> None:
        memory_events.unsubscribe(self._on_memory_event)
        self.save_state()


def _log_write_failure(future: "asyncio.Future[None]") -> None:
    if not future.cancelled() and future.exception() is not None:
        log.warning("could not write the memory health state: %s", future.exception())
