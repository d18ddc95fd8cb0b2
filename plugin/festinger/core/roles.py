"""Which role the agent acts in, and whether a memory belongs to that role's domains.

Pure: the caller reads the agent attributes, the organization file and the role files, and
passes plain values in.

Where a role comes from, first match wins:
1. ``bst`` -- an Exocortex organization is active and the belief-state tracker has a domain:
   the role is chosen from the organization exactly as the Exocortex dispatcher chooses it
   (roles of the org's hierarchy whose ``capabilities.bst_domains`` contain the domain;
   specialist before executive before commander; hierarchy order breaks ties). The
   dispatcher only publishes its choice in ``before_main_llm_call``, after the prompt has
   been built, so ``agent._org_active_role`` still holds the previous iteration's role when
   recall runs; deriving it here uses the current one.
2. ``exocortex`` -- ``agent._org_active_role`` (the role dict the dispatcher set). Its
   ``bst_domains`` are taken from the role file with the same id when one is loaded, so an
   edited file applies on the next turn without waiting for the dispatcher to reload it.
3. ``profile`` -- the Agent Zero profile (``agent.config.profile``) mapped through the role
   files: a file whose ``role_id`` is the profile name, else one listing the profile in
   ``agent_profiles``.
4. none: no role filtering at all.

Memory scope: a memory's domains are its ``lineage.bst_domain`` (the BST domain when it was
written); without one, the ``bst_domains`` of ``lineage.created_by_role`` when that role is
known; without either the memory is unscoped. Conversational and unknown domains count as
unscoped too: what a user says in passing (their name, their preferences) is meant for every
role. An unscoped memory is never suppressed; a scoped one is suppressed when it shares no
domain with the role, unless it is load_bearing. A role listing ``"*"`` admits every domain.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Optional

ROLE_SCHEMA = "orgkernel:role_profile"
ROLE_TYPE_PRIORITY = {"specialist": 0, "executive": 1, "commander": 2}
UNSCOPED_DOMAINS = frozenset({"", "conversational", "conversation", "unknown"})
# "*" in a role's bst_domains admits every domain (the general assistant's role). Role
# selection for an organization stays literal, as the Exocortex dispatcher's is.
WILDCARD = "*"


@dataclass(frozen=True)
class RoleProfile:
    role_id: str
    role_name: str = ""
    role_type: str = "specialist"
    bst_domains: frozenset[str] = frozenset()
    agent_profiles: tuple[str, ...] = ()
    raw: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class ActiveRole:
    role_id: str
    bst_domains: frozenset[str]
    via: str                      # "bst" | "exocortex" | "profile"
    domain: Optional[str] = None  # the BST domain that selected it (via == "bst")


def _str_list(value: Any) -> list[str]:
    if not isinstance(value, (list, tuple)):
        return []
    return [v.strip() for v in value if isinstance(v, str) and v.strip()]


def parse_role(data: Any) -> Optional[RoleProfile]:
    """A role profile from its JSON dict (Exocortex schema), or None when it has no role_id.

    A role without ``capabilities.bst_domains`` parses with no domains: every scoped memory
    is then out of its scope (only load_bearing and unscoped ones surface), which is what an
    empty list in the file says.
    """
    if not isinstance(data, Mapping):
        return None
    role_id = data.get("role_id")
    if not isinstance(role_id, str) or not role_id.strip():
        return None
    caps = data.get("capabilities")
    domains = _str_list(caps.get("bst_domains")) if isinstance(caps, Mapping) else []
    role_type = data.get("role_type") if isinstance(data.get("role_type"), str) else "specialist"
    name = data.get("role_name") if isinstance(data.get("role_name"), str) else role_id
    return RoleProfile(role_id=role_id.strip(), role_name=name, role_type=role_type,
                       bst_domains=frozenset(domains),
                       agent_profiles=tuple(_str_list(data.get("agent_profiles"))), raw=data)


def select_role_for_domain(org: Mapping[str, Any], domain: str,
                           roles: Mapping[str, RoleProfile]) -> Optional[RoleProfile]:
    """The dispatcher's choice for ``domain`` in organization ``org`` (None: no role)."""
    if not domain or domain in ("conversational", "conversation"):
        return None
    hierarchy = org.get("hierarchy") if isinstance(org, Mapping) else None
    if not isinstance(hierarchy, Mapping):
        return None
    candidates = []
    for order, role_id in enumerate(hierarchy):
        role = roles.get(role_id) if isinstance(role_id, str) else None
        if role is not None and domain in role.bst_domains:
            candidates.append((ROLE_TYPE_PRIORITY.get(role.role_type, 3), order, role))
    if not candidates:
        return None
    candidates.sort(key=lambda c: (c[0], c[1]))
    return candidates[0][2]


def role_for_profile(profile: Optional[str], roles: Mapping[str, RoleProfile]) -> Optional[RoleProfile]:
    if not profile:
        return None
    direct = roles.get(profile)
    if direct is not None:
        return direct
    for role_id in sorted(roles):  # sorted: the same file wins on every machine
        if profile in roles[role_id].agent_profiles:
            return roles[role_id]
    return None


def resolve_role(*, exocortex_role: Any = None, bst_domain: Optional[str] = None,
                 org: Optional[Mapping[str, Any]] = None, profile: Optional[str] = None,
                 roles: Mapping[str, RoleProfile] = {}) -> Optional[ActiveRole]:
    """The role for the current iteration (see the module doc for the order)."""
    if org and bst_domain:
        chosen = select_role_for_domain(org, bst_domain, roles)
        if chosen is not None:
            return ActiveRole(chosen.role_id, chosen.bst_domains, "bst", bst_domain)
    exo = parse_role(exocortex_role)
    if exo is not None:
        fresh = roles.get(exo.role_id)
        domains = fresh.bst_domains if fresh is not None else exo.bst_domains
        return ActiveRole(exo.role_id, domains, "exocortex")
    mapped = role_for_profile(profile, roles)
    if mapped is not None:
        return ActiveRole(mapped.role_id, mapped.bst_domains, "profile")
    return None


def memory_domains(bst_domain: Optional[str], created_by_role: Optional[str],
                   roles: Mapping[str, RoleProfile]) -> frozenset[str]:
    """The domains a memory belongs to; empty = unscoped (shown to every role)."""
    if bst_domain and bst_domain.strip():
        d = bst_domain.strip()
        return frozenset() if d in UNSCOPED_DOMAINS else frozenset({d})
    if created_by_role and created_by_role in roles:
        # A wildcard role (the default agent0) scopes nothing: its memories serve every role.
        return frozenset(d for d in roles[created_by_role].bst_domains
                         if d not in UNSCOPED_DOMAINS and d != WILDCARD)
    return frozenset()


def in_role_scope(domains: Iterable[str], role: Optional[ActiveRole]) -> bool:
    """True when ``role`` lets a memory with ``domains`` through (load_bearing aside)."""
    if role is None:
        return True
    domains = frozenset(domains)
    if not domains or WILDCARD in role.bst_domains:
        return True
    return bool(domains & role.bst_domains)
