"""festinger backfill reconciles an existing store: the memories are replayed in time order
through the same conflict check new memories get (resumable, idempotent, --dry-run shows the
deprecations), and --memory-dir is found inside Agent Zero."""

from __future__ import annotations

import json
import os

from festinger.cli import main
from festinger.core.metadata import read_classification, read_lineage
from festinger.memory.backfill import backfill_folder
from festinger.memory.folder_store import FolderStore

from .test_backfill_cli import SETTINGS, make_folder

# Listed newest first on purpose: the replay follows the timestamps, not the storage order.
STORE = [
    ("new", "The project uses Python 3.11", {"area": "fragments", "timestamp": "2025-03-01 09:00:00"}),
    ("old", "The project uses Python 3.9", {"area": "fragments", "timestamp": "2024-01-10 09:00:00"}),
    ("api", "The API server listens on port 8080", {"area": "fragments", "timestamp": "2024-02-01 09:00:00"}),
    ("dash", "The dashboard listens on port 5000", {"area": "fragments", "timestamp": "2025-02-01 09:00:00"}),
]


def folder_with(tmp_path, minilm, docs=STORE):
    folder = make_folder(tmp_path / "mem", minilm, docs=[(i, t, {k: v for k, v in m.items() if k != "timestamp"})
                                                         for i, t, m in docs])
    # make_folder stamps one time for all: set each memory's own
    store = FolderStore.open(folder)
    for i, _, m in docs:
        store.docs[i].metadata["timestamp"] = m["timestamp"]
    store.save()
    return folder


def test_dry_run_lists_the_deprecation_and_writes_nothing(tmp_path, minilm, capsys):
    folder = folder_with(tmp_path, minilm)
    before = (folder / "index.pkl").read_bytes()
    assert main(["backfill", "--memory-dir", str(folder), "--dry-run", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "would deprecate 1" in out
    assert "[old] 'The project uses Python 3.9' -> superseded by [new]" in out
    assert (folder / "index.pkl").read_bytes() == before


def test_backfill_deprecates_the_older_belief_and_history_shows_it(tmp_path, minilm, capsys):
    folder = folder_with(tmp_path, minilm)
    assert main(["backfill", "--memory-dir", str(folder), "--json", "--no-progress"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [(d["deprecated"], d["superseded_by"]) for d in report["deprecations"]] == [("old", "new")]
    docs = FolderStore.open(folder).docs
    assert read_classification(docs["old"].metadata).validity.value == "deprecated"
    assert read_lineage(docs["old"].metadata).superseded_by == "new"
    assert read_lineage(docs["new"].metadata).supersedes == "old"
    # different things on different ports: not a contradiction, nothing else deprecated
    assert read_classification(docs["api"].metadata).validity.value != "deprecated"
    assert read_classification(docs["dash"].metadata).validity.value != "deprecated"

    assert main(["history", "python version", "--memory-dir", str(folder), "--no-embed"]) == 0
    text = capsys.readouterr().out
    assert "previously: The project uses Python 3.9" in text and "(current) The project uses Python 3.11" in text

    stamp = (folder / "index.pkl").stat().st_mtime_ns
    assert main(["backfill", "--memory-dir", str(folder), "--json", "--no-progress"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["replayed"] == 0 and again["deprecations"] == [] and again["already_checked"] == 4
    assert (folder / "index.pkl").stat().st_mtime_ns == stamp


def test_replay_is_resumable(tmp_path, minilm):
    folder = folder_with(tmp_path, minilm)

    def stop_after_two(done, total):
        if done == 2:
            raise KeyboardInterrupt

    try:
        backfill_folder(folder, SETTINGS, save_every_seconds=0.0, replay_progress=stop_after_two)
    except KeyboardInterrupt:
        pass
    checked = [i for i, d in FolderStore.open(folder).docs.items()
               if read_lineage(d.metadata).extra.get("conflict_checked")]
    assert len(checked) == 1          # the first replayed one was saved, the second was not yet
    report = backfill_folder(folder, SETTINGS)
    assert report.replayed == 3 and report.already_checked == 1
    docs = FolderStore.open(folder).docs
    assert read_lineage(docs["old"].metadata).superseded_by == "new"


def test_memory_dir_is_found_inside_agent_zero(tmp_path, minilm, capsys, monkeypatch):
    root = tmp_path / "a0"
    (root / "helpers").mkdir(parents=True)
    (root / "agent.py").write_text("")
    (root / "helpers" / "extension.py").write_text("")
    folder = make_folder(root / "usr" / "memory" / "default", minilm)
    monkeypatch.chdir(root)
    assert main(["backfill", "--dry-run", "--json", "--no-progress"]) == 0
    assert json.loads(capsys.readouterr().out)["folder"] == str(folder)
    monkeypatch.chdir(tmp_path)
    assert main(["backfill", "--no-progress"]) == 2
    assert "give --memory-dir" in capsys.readouterr().err


def test_progress_bars_go_to_stderr(tmp_path, minilm, capsys):
    folder = folder_with(tmp_path, minilm)
    assert main(["backfill", "--memory-dir", str(folder)]) == 0
    err = capsys.readouterr().err
    assert "classifying" in err and "checking conflicts" in err and "4/4" in err
