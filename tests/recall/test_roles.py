"""Role resolution, memory scope, and the role files (shipped, edited, broken)."""

from __future__ import annotations

import json
import os

from festinger.core.roles import (ActiveRole, memory_domains, parse_role, resolve_role,
                                  select_role_for_domain, in_role_scope)
from festinger.recall.role_files import RoleFiles, shipped_roles_dir

SHIPPED = shipped_roles_dir()


def shipped_roles():
    return RoleFiles([SHIPPED]).roles()


def test_shipped_role_files_follow_the_exocortex_schema():
    roles = shipped_roles()
    for needed in ("agent0", "developer", "researcher", "hacker", "bugfix_specialist",
                   "codegen_specialist", "devops_specialist"):
        assert needed in roles
    for path in SHIPPED.glob("*.json"):
        data = json.loads(path.read_text())
        assert data["_schema"] == "orgkernel:role_profile" and data["_version"] == "1.0"
        assert data["role_id"] == path.stem
        assert data["role_type"] in ("specialist", "executive", "commander")
        assert isinstance(data["capabilities"]["bst_domains"], list)
        for key in ("chain_of_command", "requirements", "pace_plan", "doctrine"):
            assert key in data
    assert roles["bugfix_specialist"].bst_domains == {"bugfix", "log_analysis"}
    assert roles["codegen_specialist"].bst_domains == {"codegen", "refactor"}


def test_domain_selection_matches_the_dispatcher():
    roles = shipped_roles()
    org = {"hierarchy": {"co": {}, "engineering_xo": {}, "codegen_specialist": {}, "bugfix_specialist": {}}}
    assert select_role_for_domain(org, "bugfix", roles).role_id == "bugfix_specialist"
    assert select_role_for_domain(org, "git_ops", roles).role_id == "engineering_xo"  # executive before commander
    assert select_role_for_domain(org, "osint", roles).role_id == "co"
    assert select_role_for_domain(org, "conversational", roles) is None
    assert select_role_for_domain(org, "pdf_ops", roles) is None


def test_resolution_order_bst_then_exocortex_then_profile():
    roles = shipped_roles()
    org = {"hierarchy": {"codegen_specialist": {}, "bugfix_specialist": {}}}
    stale = json.loads((SHIPPED / "codegen_specialist.json").read_text())
    assert resolve_role(exocortex_role=stale, bst_domain="bugfix", org=org, roles=roles) == \
        ActiveRole("bugfix_specialist", frozenset({"bugfix", "log_analysis"}), "bst", "bugfix")
    # no org: the BST domain alone does not pick a role; the dispatcher's role is used
    r = resolve_role(exocortex_role=stale, bst_domain="bugfix", org=None, profile="developer", roles=roles)
    assert (r.role_id, r.via) == ("codegen_specialist", "exocortex")
    r = resolve_role(profile="developer", roles=roles)
    assert (r.role_id, r.via) == ("developer", "profile")
    assert resolve_role(profile="default", roles=roles).role_id == "agent0"  # via agent_profiles
    assert resolve_role(profile="unknown", roles=roles) is None
    assert resolve_role(roles=roles) is None


def test_exocortex_role_takes_domains_from_the_current_file():
    roles = shipped_roles()
    outdated = {"role_id": "bugfix_specialist", "capabilities": {"bst_domains": ["bugfix"]}}
    r = resolve_role(exocortex_role=outdated, roles=roles)
    assert r.bst_domains == {"bugfix", "log_analysis"}
    unknown = {"role_id": "night_watch", "capabilities": {"bst_domains": ["osint"]}}
    assert resolve_role(exocortex_role=unknown, roles=roles).bst_domains == {"osint"}


def test_memory_scope_rules():
    roles = shipped_roles()
    bugfix = ActiveRole("bugfix_specialist", frozenset({"bugfix", "log_analysis"}), "exocortex")
    assert memory_domains("codegen", None, roles) == {"codegen"}
    assert memory_domains(None, "devops_specialist", roles) == {"docker_ops", "git_ops", "dependency_mgmt"}
    assert memory_domains("conversational", "codegen_specialist", roles) == frozenset()
    assert memory_domains(None, None, roles) == frozenset()
    assert not in_role_scope({"codegen"}, bugfix)
    assert in_role_scope({"log_analysis"}, bugfix)
    assert in_role_scope(frozenset(), bugfix)
    assert in_role_scope({"codegen"}, None)
    everything = ActiveRole("agent0", frozenset({"*"}), "profile")
    assert in_role_scope({"pdf_ops"}, everything)


def test_parse_role_is_tolerant():
    assert parse_role(None) is None
    assert parse_role({"role_name": "x"}) is None
    r = parse_role({"role_id": "x", "capabilities": {"bst_domains": ["a", 3, "", " b "]}})
    assert r.bst_domains == {"a", "b"}
    assert parse_role({"role_id": "y", "capabilities": "nope"}).bst_domains == frozenset()


def test_role_files_reload_on_change_keep_last_good_and_respect_precedence(tmp_path):
    user, shipped = tmp_path / "user", tmp_path / "shipped"
    user.mkdir(), shipped.mkdir()
    (shipped / "bugfix_specialist.json").write_text(json.dumps(
        {"role_id": "bugfix_specialist", "capabilities": {"bst_domains": ["bugfix"]}}))
    files = RoleFiles([user, shipped])
    assert files.roles()["bugfix_specialist"].bst_domains == {"bugfix"}

    (user / "bugfix.json").write_text(json.dumps(
        {"role_id": "bugfix_specialist", "capabilities": {"bst_domains": ["bugfix", "codegen"]}}))
    assert files.roles()["bugfix_specialist"].bst_domains == {"bugfix", "codegen"}  # user first

    (user / "bugfix.json").write_text("{ broken")
    assert files.roles()["bugfix_specialist"].bst_domains == {"bugfix", "codegen"}  # last good kept
    assert files.errors

    os.remove(user / "bugfix.json")
    assert files.roles()["bugfix_specialist"].bst_domains == {"bugfix"}


def test_organization_file_appears_and_disappears(tmp_path):
    org = tmp_path / "active.json"
    files = RoleFiles([], org_file=org)
    assert files.organization() is None
    org.write_text(json.dumps({"hierarchy": {"co": {}}}))
    assert files.organization() == {"hierarchy": {"co": {}}}
    org.unlink()
    assert files.organization() is None
