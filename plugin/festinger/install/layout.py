"""Which Agent Zero generation a folder holds, and where each kind of pack file goes in it.

Two generations load user code from different places (read from Agent Zero's source):

legacy, v0.9.8 .. v0.9.8.x (``python/helpers/extension.py``)
  hooks    ``usr/extensions/<hook>/``: ``call_extensions`` searches
           ``subagents.get_paths(agent, "extensions", point, default_root="python")``,
           which lists ``usr/...`` before ``python/...``.
  tools    ``usr/tools/<name>.py``: ``Agent.get_tool`` searches
           ``get_paths(self, "tools", name + ".py", default_root="python")``.
  prompts  ``usr/prompts/``: ``Agent.read_prompt`` searches ``get_paths(self, "prompts")``, and
           ``prompts/agent.system.tools.py`` collects ``agent.system.tool.*.md`` from those
           same folders into the tools section of the system prompt.
  api, webui: only ``python/api`` and ``webui/`` are loaded (``run_ui.py``), no user folder.
  Before v0.9.8 ``extension.py`` had no ``get_paths`` and no user folder at all.

plugin era, v0.9.9 / v1.x (``helpers/extension.py`` + ``plugins/``)
  A folder ``usr/plugins/<name>/`` with ``plugin.yaml`` is a plugin, enabled unless toggled off
  (``helpers/plugins.py`` get_plugin_roots / get_enabled_plugins). Inside it:
  hooks    ``extensions/python/<hook>/`` (``extension._get_extension_classes`` uses
           ``get_paths(agent, "extensions/python", point)``, which includes enabled plugins).
  tools    ``tools/<name>.py`` (``Agent.get_tool``: ``get_paths(self, "tools", name + ".py")``).
  prompts  ``prompts/`` (``Agent.read_prompt`` and ``_11_tools_prompt.build_prompt`` gather
           ``agent.system.tool.*.md`` over ``get_paths(agent, "prompts")``).
  api      ``api/<handler>.py`` served at ``/api/plugins/<name>/<handler>`` (``helpers/api.py``).
  webui    ``webui/`` served at ``/plugins/<name>/...`` (``helpers/ui_server.py``).
  config   ``default_config.yaml``; the user's saved settings go to ``config.json`` beside it.
  The legacy folders (``usr/extensions/<hook>`` without ``/python/``) are NOT loaded there.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from . import PLUGIN_NAME

LEGACY = "legacy"
PLUGIN = "plugin"

LEGACY_MARKER = "python/helpers/extension.py"
PLUGIN_MARKER = "helpers/extension.py"


class Refusal(Exception):
    """A one-line reason to leave the tree exactly as it is."""


@dataclass(frozen=True)
class Layout:
    root: Path
    kind: str  # LEGACY or PLUGIN
    version: str  # the git tag when the tree is a clone (Docker images keep .git), else ""

    @property
    def label(self) -> str:
        gen = "legacy layout, v0.9.8.x" if self.kind == LEGACY else "plugin layout, v0.9.9+/v1.x"
        return gen + (", git " + self.version if self.version else "")

    # Destinations, relative POSIX paths under the Agent Zero root.
    @property
    def plugin_dir(self) -> str:
        return "usr/plugins/" + PLUGIN_NAME

    def hook_dir(self, hook: str) -> str:
        if self.kind == LEGACY:
            return "usr/extensions/" + hook
        return "%s/extensions/python/%s" % (self.plugin_dir, hook)

    @property
    def tools_dir(self) -> str:
        return "usr/tools" if self.kind == LEGACY else self.plugin_dir + "/tools"

    @property
    def prompts_dir(self) -> str:
        return "usr/prompts" if self.kind == LEGACY else self.plugin_dir + "/prompts"

    @property
    def roles_dir(self) -> str:
        return "usr/organizations/roles"

    @property
    def legacy_config(self) -> str:
        return "usr/festinger/config.json"


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _git_version(root: Path) -> str:
    """The tag a clone is on (Docker images keep the clone's .git); "" when unknowable."""
    if not (root / ".git").exists():
        return ""
    try:
        res = subprocess.run(
            ["git", "-C", str(root), "describe", "--tags", "--always"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=10,
            universal_newlines=True,
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return res.stdout.strip() if res.returncode == 0 else ""


def detect(path: "str | os.PathLike[str]") -> Layout:
    """Classify ``path`` or raise Refusal. Reads only."""
    root = Path(path).expanduser()
    if not root.is_dir():
        raise Refusal("%s is not a folder" % root)
    root = root.resolve()
    if not (root / "agent.py").is_file():
        raise Refusal("%s is not an Agent Zero folder (no agent.py)" % root)
    legacy = (root / LEGACY_MARKER).is_file()
    plugin = (root / PLUGIN_MARKER).is_file()
    if legacy and plugin:
        raise Refusal("unknown Agent Zero version at %s: both %s and %s exist"
                      % (root, LEGACY_MARKER, PLUGIN_MARKER))
    if not legacy and not plugin:
        raise Refusal("unknown Agent Zero version at %s: no %s nor %s"
                      % (root, LEGACY_MARKER, PLUGIN_MARKER))
    version = _git_version(root)
    if legacy:
        # v0.9.8 introduced the user extension folder through subagents.get_paths.
        if "get_paths" not in _read(root / LEGACY_MARKER):
            raise Refusal("unsupported Agent Zero version at %s: older than v0.9.8, which has "
                          "no usr/extensions folder; upgrade Agent Zero first" % root)
        return Layout(root, LEGACY, version)
    if not (root / "plugins").is_dir():
        raise Refusal("unknown Agent Zero version at %s: %s but no plugins/ folder"
                      % (root, PLUGIN_MARKER))
    if "extensions/python" not in _read(root / PLUGIN_MARKER):
        raise Refusal("unknown Agent Zero version at %s: its extension loader does not use "
                      "extensions/python folders" % root)
    return Layout(root, PLUGIN, version)
