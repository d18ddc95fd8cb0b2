"""Builders of scripted agent actions (a shell command, a tool call, a final answer) and of the
shapes normal work takes (reading files, edit-and-test cycles, polling with backoff, paging),
for ``normal_tasks.py``."""

from __future__ import annotations

from festinger.core.loops import Action


def sh(code: str, out: str) -> Action:
    return Action(response="", tool="code_execution_tool",
                  args={"runtime": "terminal", "session": 0, "code": code}, result=out)


def py(code: str, out: str) -> Action:
    return Action(tool="code_execution_tool", args={"runtime": "python", "code": code}, result=out)


def tool(tool_name: str, out: str, **args) -> Action:
    return Action(tool=tool_name, args=args, result=out)


def done(text: str) -> Action:
    return Action(tool="response", args={"text": text}, result=text)


def read_files(project: str, files: dict[str, str]) -> list[Action]:
    steps = [sh(f"ls {project}", "  ".join(files))]
    steps += [sh(f"cat {project}/{name}", body) for name, body in files.items()]
    steps.append(done(f"{project} has {len(files)} files; summary above."))
    return steps


def edit_and_test(project: str, edits: list[tuple[str, str, str]]) -> list[Action]:
    """(file, patch, test output after it) — the tests run after every edit."""
    steps = [sh(f"cd {project} && pytest -q",
                "FAILED tests/test_api.py::test_login - AssertionError: 401 != 200\n1 failed, 41 passed")]
    for path, patch, after in edits:
        steps.append(tool("text_editor", f"Edited {path}: 1 hunk applied", op="patch", path=path, patch=patch))
        steps.append(sh(f"cd {project} && pytest -q", after))
    steps.append(done("All tests pass."))
    return steps


def poll_with_backoff(start: str, check: str, job: str, states: list[str]) -> list[Action]:
    steps = [sh(start, f"submitted {job}")]
    wait = 2
    for state in states:
        steps.append(sh(f"sleep {wait} && {check}", state))
        wait *= 2
    steps.append(done(f"{job} finished: {states[-1]}"))
    return steps


def paging(make_call, pages: list[str]) -> list[Action]:
    steps = [make_call(i + 1, body) for i, body in enumerate(pages)]
    steps.append(done(f"Collected {len(pages)} pages."))
    return steps


def api_page(n: int, body: str) -> Action:
    return sh(f"curl -s 'https://api.example.com/v1/issues?state=open&page={n}&per_page=50' | jq '.[].title'", body)


def sql_page(n: int, body: str) -> Action:
    return py(f"rows = db.execute('SELECT id, email FROM users ORDER BY id LIMIT 100 OFFSET {(n - 1) * 100}')\nprint(rows)", body)


def git_page(n: int, body: str) -> Action:
    return sh(f"git log --oneline --skip={(n - 1) * 20} -n 20", body)


def search_page(n: int, body: str) -> Action:
    return tool("search_engine", body, query=f"postgres logical replication slot lag page {n}")
