"""Install, reinstall, upgrade and uninstall on minimal trees of both Agent Zero layouts."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from festinger.install import MANIFEST_REL, apply
from festinger.install.layout import detect
from festinger.install.plan import plan_install

from .conftest import REPO, make_legacy_tree, make_plugin_tree, make_repo, tree_hash

LEGACY_EXPECTED = [
    "usr/extensions/monologue_end/_55_festinger_classify.py",
    "usr/extensions/monologue_end/_45_festinger_snapshot.py",
    "usr/extensions/message_loop_prompts_after/_95_festinger_recall.py",
    "usr/tools/iknowthat.py",
    "usr/prompts/agent.system.tool.iknowthat.md",
    "usr/festinger/config.json",
    "usr/organizations/roles/codegen_specialist.json",
]
PLUGIN_EXPECTED = [
    "usr/plugins/festinger/plugin.yaml",
    "usr/plugins/festinger/default_config.yaml",
    "usr/plugins/festinger/extensions/python/monologue_end/_55_festinger_classify.py",
    "usr/plugins/festinger/extensions/python/monologue_end/_45_festinger_snapshot.py",
    "usr/plugins/festinger/extensions/python/message_loop_prompts_after/_95_festinger_recall.py",
    "usr/plugins/festinger/tools/iknowthat.py",
    "usr/plugins/festinger/prompts/agent.system.tool.iknowthat.md",
    "usr/plugins/festinger/api/festinger_status.py",
    "usr/plugins/festinger/webui/main.html",
    "usr/organizations/roles/codegen_specialist.json",
]


@pytest.mark.parametrize("kind", ["legacy", "plugin"])
def test_install_twice_then_uninstall_restores_the_tree(tmp_path, repo, run_cli, kind):
    tree = (make_legacy_tree if kind == "legacy" else make_plugin_tree)(tmp_path / "a0")
    pristine = tree_hash(tree)

    code, out, err = run_cli("--a0", tree, "--no-deps", "--repo", repo)
    assert code == 0, err
    expected = LEGACY_EXPECTED if kind == "legacy" else PLUGIN_EXPECTED
    for rel in expected:
        assert (tree / rel).is_file(), rel
    manifest = json.loads((tree / MANIFEST_REL).read_text())
    assert manifest["layout"] == kind and manifest["pack_version"] == "0.0.1"
    assert sorted(f["path"] for f in manifest["files"]) == sorted(expected)
    assert "usr/festinger" in manifest["dirs"]
    if kind == "legacy":  # v0.9.x has no user folder for these
        assert "api/, webui/" in out
        assert not (tree / "usr" / "plugins").exists()
    else:
        assert not (tree / "usr" / "extensions").exists()  # v1.x does not load it
    installed = tree_hash(tree)

    code, out, _ = run_cli("--a0", tree, "--no-deps", "--repo", repo)
    assert code == 0 and "Nothing to do" in out
    assert tree_hash(tree) == installed  # not even the manifest was rewritten

    code, out, err = run_cli("--a0", tree, "--no-deps", "--uninstall", "--repo", repo)
    assert code == 0, err
    assert tree_hash(tree) == pristine


def test_plugin_yaml_and_default_config_are_generated(plugin_tree, repo, run_cli):
    yaml = pytest.importorskip("yaml")
    assert run_cli("--a0", plugin_tree, "--no-deps", "--repo", repo)[0] == 0
    pdir = plugin_tree / "usr" / "plugins" / "festinger"
    meta = yaml.safe_load((pdir / "plugin.yaml").read_text())
    assert re.match(r"^[a-z0-9_]+$", meta["name"]) and meta["name"] == "festinger"
    assert meta["version"] == "0.0.1" and meta["description"] == 'Tiny test pack: "quoted" words'
    assert meta["title"] == "Festinger memory" and meta["settings_sections"] == ["agent"]
    # every key is a field of Agent Zero v1.x's PluginMetadata, with its type
    fields = {"name": str, "title": str, "description": str, "version": str,
              "settings_sections": list, "per_project_config": bool, "per_agent_config": bool,
              "always_enabled": bool}
    assert all(isinstance(v, fields[k]) for k, v in meta.items()), meta
    config = yaml.safe_load((pdir / "default_config.yaml").read_text())
    source = json.loads((repo / "configs" / "festinger.json").read_text())
    assert config == {k: v for k, v in source.items() if not k.startswith("_")}
    assert config["resolution_schedule"] == "0 2 * * *" and config["dsn"] is None


def test_plugin_yaml_shipped_in_the_repo_wins(tmp_path, plugin_tree, run_cli):
    repo = make_repo(tmp_path / "repo2", with_plugin_yaml=True)
    assert run_cli("--a0", plugin_tree, "--no-deps", "--repo", repo)[0] == 0
    text = (plugin_tree / "usr/plugins/festinger/plugin.yaml").read_text()
    assert "From the repo" in text


def test_existing_role_and_config_are_never_overwritten(legacy_tree, repo, run_cli):
    roles = legacy_tree / "usr" / "organizations" / "roles"
    roles.mkdir(parents=True)
    mine = '{"role_id": "codegen_specialist", "capabilities": {"bst_domains": ["mine"]}}'
    (roles / "codegen_specialist.json").write_text(mine)
    (legacy_tree / "usr" / "festinger").mkdir()
    (legacy_tree / "usr" / "festinger" / "config.json").write_text('{"graph_enabled": false}')

    code, out, _ = run_cli("--a0", legacy_tree, "--no-deps", "--repo", repo)
    assert code == 0
    assert (roles / "codegen_specialist.json").read_text() == mine
    assert "kept yours" in out
    manifest = json.loads((legacy_tree / MANIFEST_REL).read_text())
    assert not any("roles/" in f["path"] or f["path"].endswith("config.json")
                   for f in manifest["files"])

    assert run_cli("--a0", legacy_tree, "--no-deps", "--uninstall", "--repo", repo)[0] == 0
    assert (roles / "codegen_specialist.json").read_text() == mine
    assert (legacy_tree / "usr/festinger/config.json").read_text() == '{"graph_enabled": false}'


def test_uninstall_keeps_user_edits_memories_and_graph_data(legacy_tree, repo, run_cli):
    assert run_cli("--a0", legacy_tree, "--no-deps", "--repo", repo)[0] == 0
    config = legacy_tree / "usr/festinger/config.json"
    config.write_text('{"graph_enabled": false}\n')
    (legacy_tree / "usr/festinger/pgdata").mkdir()
    (legacy_tree / "usr/festinger/pgdata/PG_VERSION").write_text("18\n")
    (legacy_tree / "usr/memory/default").mkdir(parents=True)
    (legacy_tree / "usr/memory/default/index.faiss").write_bytes(b"faiss")
    # Agent Zero leaves bytecode beside the hooks it imported
    cache = legacy_tree / "usr/extensions/monologue_end/__pycache__"
    cache.mkdir()
    (cache / "_55_festinger_classify.cpython-312.pyc").write_bytes(b"pyc")

    code, out, _ = run_cli("--a0", legacy_tree, "--no-deps", "--uninstall", "--repo", repo)
    assert code == 0
    assert "kept usr/festinger/config.json" in out
    assert config.read_text() == '{"graph_enabled": false}\n'
    assert (legacy_tree / "usr/festinger/pgdata/PG_VERSION").read_text() == "18\n"
    assert (legacy_tree / "usr/memory/default/index.faiss").read_bytes() == b"faiss"
    assert not (legacy_tree / MANIFEST_REL).exists()
    assert not (legacy_tree / "usr/extensions").exists()  # hooks, bytecode and their folders
    assert not (legacy_tree / "usr/tools").exists()


def test_a_foreign_file_in_the_way_stops_the_install_untouched(plugin_tree, repo, run_cli):
    hook_dir = plugin_tree / "usr/plugins/festinger/extensions/python/monologue_end"
    hook_dir.mkdir(parents=True)
    (hook_dir / "_55_festinger_classify.py").write_text("# someone else's file\n")
    before = tree_hash(plugin_tree)
    code, out, err = run_cli("--a0", plugin_tree, "--no-deps", "--repo", repo)
    assert code == 2 and out == ""
    assert "was not installed by Festinger" in err and err.count("\n") == 1
    assert tree_hash(plugin_tree) == before


def test_upgrade_replaces_unedited_files_keeps_edited_ones_and_drops_obsolete(
        tmp_path, legacy_tree, run_cli):
    old = make_repo(tmp_path / "old", version="0.0.1")
    assert run_cli("--a0", legacy_tree, "--no-deps", "--repo", old)[0] == 0
    edited = legacy_tree / "usr/extensions/monologue_end/_45_festinger_snapshot.py"
    edited.write_text("# my local fix\n")

    new = make_repo(tmp_path / "new", version="0.0.2")
    (new / "extensions/monologue_end/_55_festinger_classify.py").write_text("# v2\n")
    (new / "extensions/monologue_end/_45_festinger_snapshot.py").write_text("# v2 snap\n")
    (new / "extensions/message_loop_prompts_after/_95_festinger_recall.py").unlink()
    code, out, _ = run_cli("--a0", legacy_tree, "--no-deps", "--repo", new)
    assert code == 0
    assert (legacy_tree / "usr/extensions/monologue_end/_55_festinger_classify.py").read_text() \
        == "# v2\n"
    assert edited.read_text() == "# my local fix\n" and "kept your copy" in out
    assert not (legacy_tree / "usr/extensions/message_loop_prompts_after/"
                               "_95_festinger_recall.py").exists()
    assert json.loads((legacy_tree / MANIFEST_REL).read_text())["pack_version"] == "0.0.2"

    code, out, _ = run_cli("--a0", legacy_tree, "--no-deps", "--uninstall", "--repo", new)
    assert code == 0 and edited.read_text() == "# my local fix\n"


def test_dry_run_prints_the_actions_and_writes_nothing(plugin_tree, repo, run_cli):
    before = tree_hash(plugin_tree)
    code, out, _ = run_cli("--a0", plugin_tree, "--no-deps", "--dry-run", "--repo", repo)
    assert code == 0 and "Dry run" in out
    assert "create  usr/plugins/festinger/tools/iknowthat.py" in out
    assert "mkdir   usr/plugins/festinger/" in out
    assert tree_hash(plugin_tree) == before
    assert run_cli("--a0", plugin_tree, "--no-deps", "--repo", repo)[0] == 0
    installed = tree_hash(plugin_tree)
    code, out, _ = run_cli("--a0", plugin_tree, "--no-deps", "--uninstall", "--dry-run",
                           "--repo", repo)
    assert code == 0 and "remove  usr/plugins/festinger/plugin.yaml" in out
    assert tree_hash(plugin_tree) == installed


@pytest.mark.parametrize("fail_at", [1, 4, 99])
def test_a_failure_halfway_rolls_back_byte_for_byte(tmp_path, plugin_tree, fail_at, capsys):
    """fail_at counts file writes; 99 = the manifest, the very last write."""
    old = make_repo(tmp_path / "old", version="0.0.1")
    layout = detect(plugin_tree)
    assert apply.install(plan_install(old, layout), apply.PipWork(None, ""), False, print) == 0
    new = make_repo(tmp_path / "new", version="0.0.2")  # an upgrade: replacements to undo too
    (new / "extensions/monologue_end/_55_festinger_classify.py").write_text("# v2\n")
    (new / "roles/bugfix_specialist.json").write_text("{}")
    before = tree_hash(plugin_tree)
    plan = plan_install(new, layout)
    writes = []

    def flaky_writer(path, content, mode):
        writes.append(path)
        if len(writes) == fail_at or (fail_at == 99 and path.name == "install-manifest.json"):
            raise PermissionError(13, "Permission denied", str(path))
        apply.write_file(path, content, mode)

    code = apply.install(plan, apply.PipWork(None, ""), False, print, writer=flaky_writer)
    out = capsys.readouterr().out
    assert code == 1
    assert "rolled back, the tree is unchanged" in out
    assert tree_hash(plugin_tree) == before


class _FakePip:
    """A PipRunner whose uninstall fails (or succeeds) without running pip."""

    def __init__(self, fail: bool, log: list) -> None:
        self.python, self.fail, self.log = sys.executable, fail, log

    def distributions(self):
        return {"festinger-tinydep": {"name": "festinger-tinydep", "version": "1.0"}}

    def uninstall(self, names):
        self.log.append(("pip", list(names)))
        if self.fail:
            raise apply.PipError("pip uninstall failed (exit 1)")


def _installed_with_pip_record(plugin_tree, repo):
    from festinger.install.plan import plan_uninstall

    layout = detect(plugin_tree)
    assert apply.install(plan_install(repo, layout), apply.PipWork(None, ""), False, print) == 0
    mpath = plugin_tree / MANIFEST_REL
    manifest = json.loads(mpath.read_text())
    manifest["pip"] = [{"python": sys.executable,
                        "added": [{"name": "festinger-tinydep", "version": "1.0"}]}]
    mpath.write_text(json.dumps(manifest))
    return layout, plan_uninstall


def test_uninstall_removes_files_before_pip_and_says_so_when_pip_fails(
        plugin_tree, repo, capsys):
    """pip uninstall cannot be undone, file removals can: files go first. When pip then
    fails, the output says the files are gone (not "nothing removed"), and the manifest
    stays so that running --uninstall again retries the pip step."""
    layout, plan_uninstall = _installed_with_pip_record(plugin_tree, repo)
    log: list = []
    code = apply.uninstall(plan_uninstall(layout), lambda py: _FakePip(True, log), False,
                           print)
    out = capsys.readouterr().out
    assert code == 1 and log == [("pip", ["festinger-tinydep"])]
    assert not (plugin_tree / "usr/plugins/festinger/plugin.yaml").exists()
    assert "files are removed" in out and "pip uninstall -y festinger-tinydep" in out
    assert "no file was removed" not in out
    assert (plugin_tree / MANIFEST_REL).exists()
    # the retry: nothing left to remove but the distribution
    code = apply.uninstall(plan_uninstall(layout), lambda py: _FakePip(False, log), False,
                           print)
    assert code == 0 and not (plugin_tree / MANIFEST_REL).exists()
    assert log[-1] == ("pip", ["festinger-tinydep"])


def test_uninstall_file_failure_leaves_distributions_alone(plugin_tree, repo, capsys,
                                                           monkeypatch):
    layout, plan_uninstall = _installed_with_pip_record(plugin_tree, repo)
    before = tree_hash(plugin_tree)
    log: list = []
    real_unlink = Path.unlink
    seen = []

    def flaky_unlink(self, *a, **k):
        seen.append(self)
        if len(seen) == 3:
            raise PermissionError(13, "Permission denied", str(self))
        return real_unlink(self, *a, **k)

    monkeypatch.setattr(Path, "unlink", flaky_unlink)
    code = apply.uninstall(plan_uninstall(layout), lambda py: _FakePip(False, log), False,
                           print)
    monkeypatch.undo()
    out = capsys.readouterr().out
    assert code == 1 and "rolled back, the tree is unchanged" in out
    assert log == []  # pip never ran: the claim "unchanged" is true
    assert tree_hash(plugin_tree) == before


def test_read_only_tree_is_refused_untouched(plugin_tree, repo, tmp_path):
    """A read-only tree (a :ro bind mount for root, permissions otherwise) is refused."""
    before = tree_hash(plugin_tree)
    cmd = [sys.executable, "-m", "festinger.install", "--a0", str(plugin_tree), "--no-deps",
           "--repo", str(repo)]
    env = dict(os.environ, PYTHONPATH=str(REPO / "plugin"))
    if os.geteuid() == 0:
        probe = subprocess.run(["unshare", "-m", "true"], capture_output=True)
        if probe.returncode != 0:
            pytest.skip("root without mount namespaces: cannot make a read-only tree")
        t = str(plugin_tree)
        script = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@"'
        cmd = ["unshare", "-m", "sh", "-c", script, "sh", t] + cmd
    else:
        for dirpath, dirnames, filenames in os.walk(str(plugin_tree)):
            os.chmod(dirpath, 0o555)
    try:
        res = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=120)
    finally:
        if os.geteuid() != 0:
            for dirpath, dirnames, filenames in os.walk(str(plugin_tree)):
                os.chmod(dirpath, 0o755)
    assert res.returncode == 2, res.stderr
    assert res.stdout == "" and "read-only" in res.stderr and res.stderr.count("\n") == 1
    assert tree_hash(plugin_tree) == before


def test_install_sh_runs_on_a_bare_python(tmp_path, legacy_tree, repo):
    """The wrapper works with no site-packages at all (-S): the installer is stdlib only, and it
    does not run festinger/__init__.py."""
    wrapper = tmp_path / "python3"
    wrapper.write_text('#!/bin/sh\nexec "%s" -S "$@"\n' % sys.executable)
    wrapper.chmod(0o755)
    env = dict(os.environ, FESTINGER_INSTALL_PYTHON=str(wrapper))
    env.pop("PYTHONPATH", None)
    res = subprocess.run(["bash", str(REPO / "install.sh"), "--a0", str(legacy_tree),
                          "--no-deps", "--dry-run"], capture_output=True, text=True, env=env,
                         timeout=120)
    assert res.returncode == 0, res.stderr
    assert "legacy layout" in res.stdout and "create  usr/extensions/" in res.stdout
    assert os.access(str(REPO / "install.sh"), os.X_OK)


def test_real_repo_installs_every_hook_file(plugin_tree, run_cli):
    """Whatever hooks the pack ships now all land in the plugin's extensions/python/<hook>/."""
    hooks = sorted(p.relative_to(REPO / "extensions").as_posix()
                   for p in (REPO / "extensions").glob("*/*.py"))
    assert hooks
    code, out, err = run_cli("--a0", plugin_tree, "--no-deps", "--dry-run", "--repo", REPO)
    assert code == 0, err
    for h in hooks:
        assert "usr/plugins/festinger/extensions/python/" + h in out


def test_configs_json_matches_the_config_model():
    pytest.importorskip("pydantic")
    from festinger.config import FestingerConfig

    data = json.loads((REPO / "configs" / "festinger.json").read_text())
    settings = {k: v for k, v in data.items() if not k.startswith("_")}
    assert settings == FestingerConfig().model_dump(mode="json")
