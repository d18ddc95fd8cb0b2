"""--self-test --a0: the checks of an installed tree (the pack's own ``festinger selftest`` is
tested where it is written)."""

from __future__ import annotations

import sys

from festinger.install import MANIFEST_REL
from festinger.install.layout import detect
from festinger.install.plan import load_manifest
from festinger.install.selftest import check_files, import_check


def test_installed_files_hooks_and_imports_are_checked(plugin_tree, repo, run_cli):
    assert run_cli("--a0", plugin_tree, "--no-deps", "--repo", repo)[0] == 0
    layout = detect(plugin_tree)
    manifest = load_manifest(plugin_tree)
    lines = check_files(layout, manifest)
    assert "OK   3 hook files in usr/plugins/festinger/extensions/python/<hook>/" in lines
    assert any(line.startswith("OK   usr/plugins/festinger/plugin.yaml") for line in lines)
    assert not any(line.startswith("FAIL") for line in lines)

    hooks = [f["path"] for f in manifest["files"] if "/extensions/python/" in f["path"]]
    results = import_check(sys.executable, layout, hooks)
    for rel in hooks:  # each hook imports from the Agent Zero root with its Extension base
        assert "OK   import %s" % rel in results

    (plugin_tree / hooks[0]).unlink()
    (plugin_tree / "usr/organizations/roles/codegen_specialist.json").write_text("{}")
    lines = check_files(layout, manifest)
    assert "FAIL missing %s" % hooks[0] in lines
    assert "NOTE usr/organizations/roles/codegen_specialist.json changed since install" in lines


def test_self_test_of_a_tree_without_the_pack_is_refused(legacy_tree, repo, run_cli):
    code, out, err = run_cli("--self-test", "--a0", legacy_tree, "--repo", repo)
    assert code == 2 and "not installed" in err and MANIFEST_REL in err
