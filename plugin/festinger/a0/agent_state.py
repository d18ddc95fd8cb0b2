"""Reading and writing the agent attributes the pack shares with the Exocortex stack.

Attributes (names fixed by the Exocortex stack and the classification spec):
- ``agent._org_active_role``: the active role profile dict (org kernel), or None/absent;
- ``agent._bst_store["__bst_belief_state__"]["domain"]``: the BST domain of the turn;
- ``agent._memory_conflict_log``: the last conflict resolutions (list of dicts);
- ``agent._memory_health``: memory statistics for SALUTE reports.
Plus ``agent.get_data``/``set_data`` (per agent) for the pack's own state.

Everything is tolerant: these attributes are written by other code (or by hand), so a value
of the wrong type reads as absent, and a write never raises. Lists are replaced, never
mutated in place, because other threads (the dispatcher, the background memorizer) read them.
"""

from __future__ import annotations

from typing import Any, Optional

ORG_ROLE_ATTR = "_org_active_role"
BST_STORE_ATTR = "_bst_store"
BST_STATE_KEY = "__bst_belief_state__"
BST_EXTRAS_KEY = "_bst_domain"
CONFLICT_LOG_ATTR = "_memory_conflict_log"
HEALTH_ATTR = "_memory_health"
CONFLICT_LOG_LIMIT = 20


def get_attr(agent: Any, name: str, default: Any = None) -> Any:
    try:
        return getattr(agent, name, default)
    except Exception:  # a property on some agent class may raise
        return default


def set_attr(agent: Any, name: str, value: Any) -> bool:
    try:
        setattr(agent, name, value)
        return True
    except Exception:
        return False


def get_data(agent: Any, key: str, default: Any = None) -> Any:
    """Agent data (``agent.get_data``), falling back to the ``agent.data`` dict."""
    try:
        getter = getattr(agent, "get_data", None)
        if callable(getter):
            value = getter(key)
            return default if value is None else value
        data = getattr(agent, "data", None)
        if isinstance(data, dict):
            return data.get(key, default)
    except Exception:
        pass
    return default


def set_data(agent: Any, key: str, value: Any) -> bool:
    try:
        setter = getattr(agent, "set_data", None)
        if callable(setter):
            setter(key, value)
            return True
        data = getattr(agent, "data", None)
        if isinstance(data, dict):
            data[key] = value
            return True
    except Exception:
        pass
    return False


def agent_key(agent: Any) -> str:
    """A stable name for one agent of one chat: "<context id>:<agent number>"."""
    ctx = get_attr(agent, "context")
    ctx_id = get_attr(ctx, "id", None) if ctx is not None else None
    return f"{ctx_id or id(agent)}:{get_attr(agent, 'number', 0)}"


def agent_label(agent: Any) -> str:
    name = get_attr(agent, "agent_name")
    return name if isinstance(name, str) and name else f"A{get_attr(agent, 'number', 0)}"


def profile(agent: Any) -> Optional[str]:
    cfg = get_attr(agent, "config")
    value = get_attr(cfg, "profile") if cfg is not None else None
    return value if isinstance(value, str) and value else None


# --- organization role and BST domain ----------------------------------------------------
def active_role(agent: Any) -> Optional[dict]:
    role = get_attr(agent, ORG_ROLE_ATTR)
    return role if isinstance(role, dict) else None


def role_id(role: Optional[dict]) -> Optional[str]:
    if not isinstance(role, dict):
        return None
    value = role.get("role_id")
    return value if isinstance(value, str) and value else None


def active_role_id(agent: Any) -> Optional[str]:
    return role_id(active_role(agent))


def bst_domain(agent: Any, loop_data: Any = None) -> Optional[str]:
    """The belief-state tracker's domain of the turn: its belief state on the agent, else the
    primary domain BST v3 leaves in ``loop_data.extras_persistent["_bst_domain"]``."""
    store = get_attr(agent, BST_STORE_ATTR)
    state = store.get(BST_STATE_KEY) if isinstance(store, dict) else None
    domain = state.get("domain") if isinstance(state, dict) else None
    if isinstance(domain, str) and domain:
        return domain
    extras = get_attr(loop_data, "extras_persistent") if loop_data is not None else None
    if isinstance(extras, dict):
        dom = extras.get(BST_EXTRAS_KEY)
        if isinstance(dom, str) and dom:
            return dom
    return None


def resolve_agent_role(agent: Any, loop_data: Any, roles: Any, org: Any) -> Any:
    """The agent's active role (``core.roles.ActiveRole`` or None), the same at write time
    (the memory's ``created_by_role``) and at read time (recall's scope): the org kernel's
    routing of the BST domain, else the Exocortex role attribute, else the agent profile
    mapped through the role files."""
    from ..core.roles import resolve_role

    return resolve_role(exocortex_role=get_attr(agent, ORG_ROLE_ATTR),
                        bst_domain=bst_domain(agent, loop_data), org=org,
                        profile=profile(agent), roles=roles or {})


# --- conflict log and health ------------------------------------------------------------
def conflict_log(agent: Any) -> list[dict]:
    log = get_attr(agent, CONFLICT_LOG_ATTR)
    return [e for e in log if isinstance(e, dict)] if isinstance(log, list) else []


def append_conflict_log(agent: Any, entry: dict, limit: int = CONFLICT_LOG_LIMIT) -> bool:
    """Append and keep the last ``limit`` entries (a new list: readers never see it change)."""
    return set_attr(agent, CONFLICT_LOG_ATTR, (conflict_log(agent) + [entry])[-limit:])


def health(agent: Any) -> Optional[dict]:
    value = get_attr(agent, HEALTH_ATTR)
    return value if isinstance(value, dict) else None


def set_health(agent: Any, value: dict) -> bool:
    return set_attr(agent, HEALTH_ATTR, value)
