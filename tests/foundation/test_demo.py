"""`festinger demo`: a newcomer sees classification, a correction that deprecates, a memory
about someone else that does NOT, history, health counts and a recollection, with no Agent Zero."""

from __future__ import annotations

import httpx
import pytest

from festinger.cli import main
from festinger.demo import run_demo

pytestmark = [pytest.mark.model, pytest.mark.postgres]


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    root = tmp_path_factory.mktemp("demo")
    lines: list[str] = []
    result = run_demo(root, lines.append, graph=True)
    return root, result, "\n".join(lines)


def test_the_correction_supersedes_the_old_fact_and_nothing_else(demo):
    _, result, text = demo
    deprecated = [d["deprecated_text"] for d in result["backfill"]["deprecations"]]
    assert len(deprecated) == 1 and "Python 3.9" in deprecated[0], deprecated
    assert "Alice" not in " ".join(deprecated)  # the son's name is not the user's name
    chain = result["previous_beliefs"]
    assert chain and "Python 3.9" in chain[0]["previous"]["text"]
    assert "previously: The user's project uses Python 3.9." in text
    assert "(current) The user's project uses Python 3.11." in text


def test_health_counts_and_a_recollection_are_shown(demo):
    _, result, text = demo
    assert "validity:" in text and "deprecated 1" in text
    assert result["recollection"] and "gnommoweb: [glitch_university] repo" in result["recollection"]


def test_history_of_the_demo_store_over_http(demo, tmp_path):
    from festinger.config import load_config
    from festinger.service import FestingerService
    from festinger.web.server import HttpServer

    root, _, _ = demo
    svc = FestingerService(load_config(file_layer={"graph_enabled": False}, environ={}),
                           home=tmp_path / "home", dsn=None)
    server = HttpServer(svc, "127.0.0.1", 0, token="demo-token-0123456789")
    svc.io.call(server.start(), 30)
    try:
        r = httpx.get(f"{server.url}/history", params={
            "q": "python version", "memory_dir": str(root / "memory" / "default"), "embed": "0"},
            headers={"Authorization": "Bearer demo-token-0123456789"}, timeout=60)
        assert r.status_code == 200, r.text
        assert "Python 3.9" in r.text and "Python 3.11" in r.text
        r = httpx.get(f"{server.url}/history", params={"q": "python"}, timeout=30)
        assert r.status_code == 401
    finally:
        svc.io.call(server.stop(), 30)
        svc.close()


def test_demo_refuses_a_folder_that_is_not_empty(tmp_path, capsys):
    (tmp_path / "keep.txt").write_text("mine")
    assert main(["demo", "--dir", str(tmp_path)]) == 2
    assert "not an empty folder" in capsys.readouterr().err
    assert [p.name for p in tmp_path.iterdir()] == ["keep.txt"]
