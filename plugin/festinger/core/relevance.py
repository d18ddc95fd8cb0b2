"""The relevance axis: ``dormant`` when a role is activated whose domains a memory is outside.

The spec: relevance is ``active`` for every new memory and "toggled by role activation";
``dormant`` is "set when the memory's BST domain doesn't match the current role's domain
list". So when an agent's role changes, memories scoped to other domains become dormant and
memories in the new role's scope become active again; with no role at all, nothing is
dormant. Exempt: load_bearing memories (they surface for every role), unscoped memories
(no domain: every role's), and deprecated ones (out of recall anyway). Pure: the caller
passes the documents and the role, and persists the changes.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Optional

from .metadata import Relevance, Utility, Validity, read_classification, read_lineage
from .roles import ActiveRole, RoleProfile, in_role_scope, memory_domains


def relevance_for(metadata: Mapping[str, Any], role: Optional[ActiveRole],
                  roles: Mapping[str, RoleProfile]) -> Optional[Relevance]:
    """The relevance this memory should have under ``role``; None when it is not the role's
    to decide (unclassified, deprecated, load_bearing memories keep theirs)."""
    cls = read_classification(metadata)
    if cls is None or cls.validity is Validity.DEPRECATED:
        return None
    if cls.utility is Utility.LOAD_BEARING:
        return Relevance.ACTIVE if cls.relevance is Relevance.DORMANT else None
    if role is None:
        return Relevance.ACTIVE
    lin = read_lineage(metadata)
    domains = memory_domains(lin.bst_domain, lin.created_by_role, roles)
    if not domains:
        return Relevance.ACTIVE
    return Relevance.ACTIVE if in_role_scope(domains, role) else Relevance.DORMANT


def relevance_changes(docs: Iterable[tuple[str, Mapping[str, Any]]], role: Optional[ActiveRole],
                      roles: Mapping[str, RoleProfile]) -> dict[str, Relevance]:
    """``{id: new relevance}`` for the memories whose relevance the role activation changes."""
    out: dict[str, Relevance] = {}
    for doc_id, metadata in docs:
        want = relevance_for(metadata, role, roles)
        cls = read_classification(metadata)
        if want is not None and cls is not None and cls.relevance is not want:
            out[doc_id] = want
    return out
