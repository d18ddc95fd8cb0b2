"""The pack's prompt files (the wording the model reads) are installed where Agent Zero's
prompt search path finds them, so a user can edit them there: usr/prompts/ on v0.9.x, the
plugin's prompts/ on v1.x."""

from pathlib import Path

from festinger.install.layout import detect
from festinger.install.plan import plan_install

from .conftest import make_legacy_tree, make_plugin_tree

REPO = Path(__file__).resolve().parents[2]
PROMPTS = sorted(p.name for p in (REPO / "plugin" / "festinger" / "prompts").glob("*.md"))


def _placed(tree: Path) -> set[str]:
    plan = plan_install(REPO, detect(tree))
    return {a.path for a in plan.actions if a.source is not None}


def test_prompt_files_go_to_usr_prompts_on_the_legacy_layout(tmp_path):
    placed = _placed(make_legacy_tree(tmp_path / "legacy"))
    assert PROMPTS and {f"usr/prompts/{name}" for name in PROMPTS} <= placed


def test_prompt_files_go_to_the_plugin_prompts_folder_on_v1(tmp_path):
    placed = _placed(make_plugin_tree(tmp_path / "v1"))
    assert {f"usr/plugins/festinger/prompts/{name}" for name in PROMPTS} <= placed
