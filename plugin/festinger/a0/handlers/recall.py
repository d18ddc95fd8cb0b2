"""Recall handlers: what reaches the prompt is always the pack's filtered selection.

Agent Zero's stock recall (``_50_recall_memories``) starts a background task that first
deletes ``extras_persistent["memories"]``/``["solutions"]`` and later rewrites them with
unfiltered text; ``_91_recall_wait`` awaits it, or in delayed mode lets it finish whenever.
A filter that runs after it can be overwritten later. So the pack makes sure no stock task
is ever left able to write:

* ``_51_festinger_recall_takeover`` (:func:`on_prompts_after_recall_start`) runs right after
  the stock hook created its task and before the loop could run it: it cancels that task
  and puts the pack's own recall task under the same agent-data key, so ``_91_recall_wait``
  awaits or defers the pack's task with Agent Zero's own timing rules (interval, delayed
  mode, enabled flag all stay Agent Zero's). The pack's task only computes; it never
  touches ``extras``.
* ``_95_festinger_recall`` (:func:`on_prompts_after_recall`), every iteration, is the only
  place that writes the two keys. It cancels any foreign recall task still pending (and
  starts the pack's in its place), installs the newest finished pack result, replaces any
  text the pack did not write (in case the takeover did not run) with a pack recall made on
  the spot, re-checks what is already in the prompt against the current metadata and role
  (a memory deprecated or scoped out since stays out), and counts accesses once per memory
  per user prompt.

Every handler runs through the guard (``festinger.a0.guard``); the pack's task itself never raises into
``_91_recall_wait`` (an exception there would end the user's chat).
"""

from __future__ import annotations

import asyncio
import inspect
import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional

from ...logs import log, report_exception
from ...recall.a0_settings import RecallSettings, read_recall_settings
from ...recall.pipeline import RecallOutcome, RecalledItem, role_allows, view

if TYPE_CHECKING:
    from ...service import FestingerService

STOCK_TASK_KEY = "_recall_memories_task"
STOCK_ITER_KEY = "_recall_memories_iter"
STATE_ATTR = "festinger_recall"
KEYS = ("memories", "solutions")
SEARCH_TIMEOUT = 30.0
STOCK_LOG_HEADING = "Searching memories..."

_our_tasks: "weakref.WeakSet[asyncio.Task]" = weakref.WeakSet()


@dataclass
class LoopRecallState:
    """Recall bookkeeping of one monologue (lives on its ``loop_data``)."""

    installed: dict[str, str] = field(default_factory=dict)   # key -> text the pack wrote
    items: list[RecalledItem] = field(default_factory=list)   # what that text shows
    role_id: Optional[str] = None
    counted: set[str] = field(default_factory=set)            # ids counted this monologue
    tasks: list[tuple[int, asyncio.Task]] = field(default_factory=list)
    installed_from: int = -1                                 # iteration of the installed recall
    log_items: dict[int, Any] = field(default_factory=dict)
    last_outcome: Optional[RecallOutcome] = None


def state_of(loop_data: Any) -> LoopRecallState:
    state = getattr(loop_data, STATE_ATTR, None)
    if not isinstance(state, LoopRecallState):
        state = LoopRecallState()
        setattr(loop_data, STATE_ATTR, state)
    return state


def is_ours(task: Any) -> bool:
    return task in _our_tasks


def _iteration(loop_data: Any) -> int:
    it = getattr(loop_data, "iteration", 0)
    return it if isinstance(it, int) else 0


def _stock_log_item(agent: Any) -> Any:
    """The stock hook's "Searching memories..." UI item, to report the pack's outcome in."""
    try:
        logs = agent.context.log.logs
        for item in reversed(logs[-8:]):
            if getattr(item, "heading", "") == STOCK_LOG_HEADING:
                return item
    except Exception:
        pass
    return None


def _start_task(service: FestingerService, agent: Any, loop_data: Any, settings: RecallSettings,
                state: LoopRecallState) -> asyncio.Task:
    rs = service.recall
    log_item = _stock_log_item(agent)

    async def run() -> Optional[RecallOutcome]:
        try:
            outcome = await asyncio.wait_for(rs.recall(agent, loop_data, settings), SEARCH_TIMEOUT)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # never into _91_recall_wait: that would end the chat
            report_exception("recall", exc, agent)
            outcome = None
        if log_item is not None:
            try:
                log_item.update(heading="Festinger recall: " + (
                    outcome.summary() if outcome is not None else "no query, nothing recalled"))
            except Exception:
                pass
        return outcome

    task = asyncio.get_running_loop().create_task(run())
    _our_tasks.add(task)
    state.tasks.append((_iteration(loop_data), task))
    return task


def _cancel_foreign(task: Any) -> None:
    """Cancel a recall task; if it never started, also close the search coroutine it wraps.

    Agent Zero's task is ``create_task(wait_for(search_memories(...), 30))``. Cancelled
    before its first step, ``wait_for`` never awaits the inner coroutine, and Python would
    warn "coroutine ... was never awaited" for every recall; closing it first avoids that.
    """
    try:
        coro = task.get_coro()
        if inspect.getcoroutinestate(coro) == inspect.CORO_CREATED:
            for value in list(coro.cr_frame.f_locals.values()):
                if inspect.iscoroutine(value) and inspect.getcoroutinestate(value) == inspect.CORO_CREATED:
                    value.close()
    except Exception:
        pass
    task.cancel()


def _take_over(service: FestingerService, agent: Any, loop_data: Any, settings: RecallSettings,
               state: LoopRecallState) -> bool:
    """Cancel a pending stock recall task and run the pack's in its place. True if done."""
    task = agent.get_data(STOCK_TASK_KEY)
    if task is None or is_ours(task):
        return False
    if hasattr(task, "done") and task.done():
        return False  # it already ran: its text (if any) is replaced in the _95 hook
    _cancel_foreign(task)
    if settings.enabled:
        agent.set_data(STOCK_TASK_KEY, _start_task(service, agent, loop_data, settings, state))
    else:
        agent.set_data(STOCK_TASK_KEY, None)
    return True


async def on_monologue_start(service: FestingerService, agent: Any, loop_data: Any) -> None:
    """Start due access-count saves and the rerank model's load in the background: neither
    a whole-store save nor a model load may sit on the prompt path."""
    rs = service.recall
    rs.ensure_events()
    rs.flush_due_in_background()
    if rs.config.rerank_model_path and rs.config.rerank_model_path != rs._reranker_path:
        rs.start_preload_reranker()


async def on_prompts_after_recall_start(service: FestingerService, agent: Any, loop_data: Any) -> None:
    """``_51_``: replace the stock recall task before it could run a single step."""
    settings = read_recall_settings(agent)
    _take_over(service, agent, loop_data, settings, state_of(loop_data))


def _install(agent: Any, loop_data: Any, state: LoopRecallState, items: list[RecalledItem],
             outcome: Optional[RecallOutcome], role_id: Optional[str]) -> None:
    from ...core.trust import LabelledItem, render_blocks
    from ...prompt_files import recall_wording

    mems = [LabelledItem(i.label, i.text) for i in items if i.kind == "memories"]
    sols = [LabelledItem(i.label, i.text) for i in items if i.kind == "solutions"]
    # the wording from the agent's prompt files (a user's override), else the built-in
    blocks = render_blocks(mems, sols, recall_wording(agent)) if mems or sols else {}
    extras = loop_data.extras_persistent
    for key in KEYS:
        if key in blocks:
            extras[key] = blocks[key]
        else:
            extras.pop(key, None)
    state.installed = blocks
    state.items = list(items)
    state.role_id = role_id
    if outcome is not None:
        state.last_outcome = outcome


def _foreign_keys(loop_data: Any, state: LoopRecallState) -> list[str]:
    extras = loop_data.extras_persistent
    return [k for k in KEYS if k in extras and extras[k] != state.installed.get(k)]


def _revalidate(state: LoopRecallState, docs: dict, role: Any, roles: dict) -> Optional[list]:
    """The installed items still allowed now (text refreshed), or None if nothing changed."""
    from ...core.trust import label_for

    kept: list[RecalledItem] = []
    changed = False
    for item in state.items:
        doc = docs.get(item.id)
        v = view(doc) if doc is not None else None
        if v is None or v.deprecated or not role_allows(v, role, roles):
            changed = True
            continue
        label = label_for(v.metadata)
        if v.text != item.text or label != item.label:
            item = RecalledItem(**{**item.__dict__, "text": v.text, "label": label})
            changed = True
        kept.append(item)
    return kept if changed else None


def _enforce(loop_data: Any, state: LoopRecallState) -> None:
    """The invariant after this hook: the two keys hold exactly what the pack installed."""
    extras = loop_data.extras_persistent
    for key in KEYS:
        if key in state.installed:
            extras[key] = state.installed[key]
        else:
            extras.pop(key, None)


async def on_prompts_after_recall(service: FestingerService, agent: Any, loop_data: Any) -> None:
    """``_95_``: settle exactly what this prompt shows, then count it."""
    from ..memory_store import all_docs, memory_for

    rs = service.recall
    rs.ensure_events()
    settings = read_recall_settings(agent)
    state = state_of(loop_data)
    iteration = _iteration(loop_data)
    stock_task = agent.get_data(STOCK_TASK_KEY)
    stock_ran_now = (stock_task is not None and not is_ours(stock_task)
                     and agent.get_data(STOCK_ITER_KEY) == iteration)

    # 1. No foreign recall task may stay pending: it would rewrite the extras later.
    _take_over(service, agent, loop_data, settings, state)

    # 2. Without delayed mode this iteration's recall is awaited (as _91_recall_wait does).
    if not settings.delayed:
        waiting = [t for started, t in state.tasks if started == iteration and not t.done()]
        if waiting:
            await asyncio.wait(waiting)  # never raises: the tasks report their own errors

    # 3. Install the newest finished recall of this monologue.
    finished = [(it, t) for it, t in state.tasks if t.done()]
    state.tasks = [(it, t) for it, t in state.tasks if not t.done()]
    for started, task in sorted(finished, key=lambda p: p[0], reverse=True):
        if task.cancelled() or task.exception() is not None:
            continue
        if started > state.installed_from:
            outcome = task.result()
            state.installed_from = started
            _install(agent, loop_data, state, outcome.items if outcome else [], outcome,
                     outcome.role.role_id if outcome and outcome.role else None)
        break

    # 4. Text the pack did not write (a stock task that ran before the takeover, another
    #    extension) means a recall was made without the pack: redo it now. A role switch
    #    since the installed recall also recalls afresh for the new role.
    role, roles = rs.resolve_role(agent, loop_data)
    current_role_id = role.role_id if role else None
    foreign = _foreign_keys(loop_data, state)
    role_switched = bool(state.items) and current_role_id != state.role_id
    if settings.enabled and (role_switched or (foreign and (stock_ran_now or state.installed_from < 0))):
        outcome = None
        try:
            outcome = await asyncio.wait_for(rs.recall(agent, loop_data, settings), SEARCH_TIMEOUT)
        except Exception as exc:
            report_exception("recall (in place of an unfiltered one)", exc, agent)
        if outcome is not None:
            state.installed_from = iteration
            _install(agent, loop_data, state, outcome.items, outcome, current_role_id)
        else:
            # Failed (reported above): the switch is still seen, so the next iteration does
            # not repeat a failing recall; what is shown is re-checked for the new role below.
            state.role_id = current_role_id
    if foreign:
        log.info("recall: replaced %s written outside the pack", "/".join(foreign))
    _enforce(loop_data, state)  # foreign text goes; keys a stock task deleted come back

    if not state.items:
        return

    # 5. Re-check what is shown against the store and role as they are now.
    memory = await memory_for(agent)
    docs = all_docs(memory)
    kept = _revalidate(state, docs, role, roles)
    if kept is not None:
        _install(agent, loop_data, state, kept, None, state.role_id)

    # 6. One access per memory per user prompt (this loop_data is one monologue).
    new = [i.id for i in state.items if i.id not in state.counted]
    if new:
        rs.access.record(memory, [docs[i] for i in new if i in docs])
        state.counted.update(new)
