"""Just enough of an Agent Zero v1.x web host to run the plugin's admin page and API handlers.

- `helpers.api` stub (ApiHandler, Request, Response) so plugin/agent-zero/api/*.py load as
  Agent Zero loads them (by file path, one ApiHandler subclass per file);
- `A0Host`: routes on a festinger HttpServer that serve the plugin's webui files under
  /plugins/festinger/webui/, dispatch /api/plugins/festinger/<handler> to the handler
  classes (rejecting requests without the X-CSRF-Token header, as Agent Zero does), a
  minimal /js/api.js (callJsonApi: POST JSON with the CSRF header, throws the response text
  on an error status, like Agent Zero's), and Agent Zero's REAL component loader
  (webui/js/components.js of v1.7, read from A0_ROOT or the read-only mirror at test time).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import types
from pathlib import Path
from typing import Any, Optional

REPO = Path(__file__).resolve().parents[2]
PLUGIN_DIR = REPO / "plugin" / "agent-zero"
MIRROR = Path("/work/.mirror/agent0ai+agent-zero/repo")
CSRF = "csrf-test-token"


def stub_helpers_api() -> dict[str, types.ModuleType]:
    """Modules to put into sys.modules (use monkeypatch.setitem)."""
    helpers = types.ModuleType("helpers")
    helpers.__path__ = []  # a package
    api = types.ModuleType("helpers.api")

    class ApiHandler:
        def __init__(self, app: Any = None, thread_lock: Any = None) -> None:
            self.app, self.thread_lock = app, thread_lock

        @classmethod
        def requires_auth(cls) -> bool:
            return True

        @classmethod
        def requires_csrf(cls) -> bool:
            return cls.requires_auth()

        @classmethod
        def requires_api_key(cls) -> bool:
            return False

        @classmethod
        def get_methods(cls) -> list[str]:
            return ["POST"]

    class Response:
        def __init__(self, response: Any = None, status: int = 200,
                     mimetype: str = "application/json") -> None:
            self.response, self.status, self.mimetype = response, status, mimetype

    api.ApiHandler = ApiHandler
    api.Request = object
    api.Response = Response
    helpers.api = api
    return {"helpers": helpers, "helpers.api": api}


def load_handler(name: str):
    """The ApiHandler subclass of plugin/agent-zero/api/<name>.py (stub must be installed)."""
    path = PLUGIN_DIR / "api" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"a0_api_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    base = sys.modules["helpers.api"].ApiHandler
    classes = [v for v in vars(module).values()
               if isinstance(v, type) and issubclass(v, base) and v is not base]
    assert len(classes) == 1, classes
    return classes[0]


def components_js() -> Optional[str]:
    """Agent Zero v1.7's component loader, or None when no copy is on this machine."""
    root = os.environ.get("A0_ROOT") or (
        str(Path(os.environ["A0_TREES"]) / "v1.7") if os.environ.get("A0_TREES") else None)
    if root and (Path(root) / "webui" / "js" / "components.js").is_file():
        return (Path(root) / "webui" / "js" / "components.js").read_text(encoding="utf-8")
    if MIRROR.is_dir():
        try:
            return subprocess.run(["git", "-C", str(MIRROR), "show", "v1.7:webui/js/components.js"],
                                  capture_output=True, text=True, check=True, timeout=30).stdout
        except (OSError, subprocess.SubprocessError):
            return None
    return None


API_JS = """
export async function callJsonApi(endpoint, data) {
  const response = await fetch(endpoint, {method: "POST", credentials: "same-origin",
    headers: {"Content-Type": "application/json", "X-CSRF-Token": "%s"},
    body: JSON.stringify(data)});
  if (!response.ok) throw new Error(await response.text());
  return await response.json();
}
""" % CSRF

INDEX = """<!doctype html><html><head><meta charset="utf-8"><title>Agent Zero</title>
<script type="module" src="/js/components.js"></script></head>
<body><div class="modal"><x-component path="/plugins/festinger/webui/main.html"></x-component>
</div></body></html>"""


def register_host(router, loader_js: str) -> list[dict]:
    """Add the fake host's routes; returns the list that records every API call."""
    from festinger.web.server import HttpError, Response

    calls: list[dict] = []

    async def index(service, request):
        return Response.html(INDEX)

    async def js(service, request):
        name = request.params["name"]
        body = {"components.js": loader_js, "api.js": API_JS}.get(name)
        if body is None:
            raise HttpError(404, name)
        return Response(200, body.encode(), "text/javascript; charset=utf-8")

    async def webui(service, request):
        # as installed: the plugin's own webui files, then the admin page's shared static files
        path = PLUGIN_DIR / "webui" / request.params["name"]
        if not path.is_file():
            path = REPO / "plugin" / "festinger" / "web" / "static" / request.params["name"]
        if not path.is_file():
            raise HttpError(404, "not found")
        ctype = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}[path.suffix]
        return Response(200, path.read_bytes(), ctype + "; charset=utf-8")

    async def api(service, request):
        calls.append({"handler": request.params["name"],
                      "csrf": request.headers.get("x-csrf-token"), "body": request.json()})
        if request.headers.get("x-csrf-token") != CSRF:
            return Response.text("CSRF token missing or invalid", 403)
        cls = load_handler(request.params["name"])
        out = await cls().process(request.json(), request)
        if isinstance(out, dict):
            return Response.json(out)
        return Response(out.status, json.dumps(out.response).encode()
                        if not isinstance(out.response, (str, bytes)) else
                        (out.response.encode() if isinstance(out.response, str) else out.response))

    router.add("GET", "/", index, auth=False)
    router.add("GET", "/js/{name}", js, auth=False)
    router.add("GET", "/plugins/festinger/webui/{name}", webui, auth=False)
    router.add("POST", "/api/plugins/festinger/{name}", api, auth=False)
    return calls
