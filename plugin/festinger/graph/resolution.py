"""The resolution job and its applicators (festinger-concept-graph.md T27-T30, Test C),
split by job:

    core/graph/resolution_items.py   Item, ResolutionError, ItemGone        (pure)
    core/graph/planner.py            GraphView, Plan, plan_decision, ...    (pure)
    resolution_store.py              load_item, pending_ids, record_failure (Postgres)
    resolution_views.py              SqlView, CacheView
    resolution_apply.py              lock_and_recheck, execute_plan, apply_to_cache
    resolution_job.py                ResolutionJob, RunReport, ItemOutcome

This module names them all, for callers that import the job's parts from one place.
"""

from ..core.graph.planner import GraphView, Plan, automatic_decision, plan_decision
from ..core.graph.resolution_items import Item, ItemGone, ResolutionError
from ..llm.providers import NoProvider
from .resolution_apply import apply_to_cache, execute_plan, lock_and_recheck
from .resolution_job import (DEFAULT_LLM_TIMEOUT, LOCK_NAMESPACE, NO_MODEL, NO_MODEL_HINT,
                             RECENT_DAYS, ItemOutcome, ResolutionJob, RunReport, runner_name)
from .resolution_store import (MAX_ERROR_CHARS, dimension_tokens, load_item, pending_ids,
                               record_failure)
from .resolution_views import CacheView, SqlView

__all__ = ["CacheView", "DEFAULT_LLM_TIMEOUT", "GraphView", "Item", "ItemGone",
           "ItemOutcome", "LOCK_NAMESPACE", "MAX_ERROR_CHARS", "NO_MODEL", "NO_MODEL_HINT",
           "NoProvider", "Plan", "RECENT_DAYS", "ResolutionError", "ResolutionJob", "RunReport",
           "SqlView", "apply_to_cache", "automatic_decision", "dimension_tokens",
           "execute_plan", "load_item", "lock_and_recheck", "pending_ids", "plan_decision",
           "record_failure", "runner_name"]
