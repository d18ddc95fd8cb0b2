"""Which trees the installer accepts, and the one-line refusals for the others."""

from __future__ import annotations

import pytest

from festinger.install.layout import LEGACY, PLUGIN, Refusal, detect

from .conftest import make_legacy_tree, make_plugin_tree, tree_hash


def test_detects_legacy_and_plugin_layouts(legacy_tree, plugin_tree):
    legacy = detect(legacy_tree)
    assert legacy.kind == LEGACY
    assert legacy.hook_dir("monologue_end") == "usr/extensions/monologue_end"
    assert legacy.tools_dir == "usr/tools" and legacy.prompts_dir == "usr/prompts"
    plugin = detect(plugin_tree)
    assert plugin.kind == PLUGIN
    assert plugin.hook_dir("monologue_end") == \
        "usr/plugins/festinger/extensions/python/monologue_end"
    assert plugin.tools_dir == "usr/plugins/festinger/tools"


@pytest.mark.parametrize("case, expected", [
    ("empty", "not an Agent Zero folder"),
    ("both_markers", "unknown Agent Zero version"),
    ("no_marker", "unknown Agent Zero version"),
    ("legacy_before_0_9_8", "older than v0.9.8"),
    ("plugin_without_plugins_dir", "unknown Agent Zero version"),
])
def test_refuses_what_it_cannot_install_into(tmp_path, case, expected):
    root = tmp_path / "tree"
    if case == "empty":
        root.mkdir()
        (root / "README.md").write_text("not agent zero")
    elif case == "both_markers":
        make_plugin_tree(root)
        (root / "python" / "helpers").mkdir(parents=True)
        (root / "python" / "helpers" / "extension.py").write_text("get_paths")
    elif case == "no_marker":
        root.mkdir()
        (root / "agent.py").write_text("")
    elif case == "legacy_before_0_9_8":
        make_legacy_tree(root)
        (root / "python" / "helpers" / "extension.py").write_text(
            "class Extension: pass\n# loads python/extensions/<point> only\n")
    elif case == "plugin_without_plugins_dir":
        make_plugin_tree(root)
        import shutil
        shutil.rmtree(str(root / "plugins"))
    with pytest.raises(Refusal) as info:
        detect(root)
    assert expected in str(info.value)
    assert "\n" not in str(info.value)


def test_cli_refusal_is_one_line_and_writes_nothing(tmp_path, repo, run_cli):
    folder = tmp_path / "photos"
    folder.mkdir()
    (folder / "a.jpg").write_bytes(b"\xff\xd8")
    before = tree_hash(folder)
    code, out, err = run_cli("--a0", folder, "--no-deps", "--repo", repo)
    assert code == 2
    assert out == ""
    assert err.strip().count("\n") == 0 and "not an Agent Zero folder" in err
    assert tree_hash(folder) == before


def test_missing_folder_is_refused(tmp_path, repo, run_cli):
    code, out, err = run_cli("--a0", tmp_path / "nope", "--repo", repo)
    assert code == 2 and "is not a folder" in err
