"""Graceful degradation (spec criteria 12-14) and an unreachable PostgreSQL, for the health parts."""

import json

from langchain_core.documents import Document

from festinger.health.state_file import STATE_FILE, HealthState, StateFile, StoreHealthState

from . import exocortex_dispatcher


async def turns(w, agent, n):
    for _ in range(n):
        await w.turn(agent)


async def test_criterion_12_without_an_org_the_pack_reports_itself(world):
    w = world(dispatcher=True, salute_interval_turns=1)
    exocortex_dispatcher.write_org(w.org_dir, {"codegen_specialist": ["codegen"]}, salute_interval_turns=1)
    agent = w.agent(bst_domain="codegen")
    await w.add(agent, "a fact")
    await turns(w, agent, 2)
    reports = w.org_dir / "reports"
    assert (reports / "codegen_specialist_latest.json").exists()
    assert not (reports / "festinger_latest.json").exists()

    (w.org_dir / "active.json").unlink()               # the user switches the org kernel off
    await turns(w, agent, 1)
    own = json.loads((reports / "festinger_latest.json").read_text())
    assert own["environment"]["memory_health"]["total_memories"] == 1
    assert own["activity"]["bst_domain"] == "codegen"  # read the way the dispatcher reads it


async def test_criterion_13_corrupt_state_is_rebuilt_from_the_backup_and_faiss(world, make_service, caplog):
    w = world(maintenance_interval_loops=100)
    agent = w.agent()
    await w.add(agent, "a fact", "confirmed", source="user_asserted")
    await turns(w, agent, 4)
    home = w.service.home
    w.service.close()

    (home / STATE_FILE).write_text('{"_schema": "festinger:health_state", "stores": {"default": ')
    svc = make_service(home=home, maintenance_interval_loops=100)
    svc.health.org_dir = w.org_dir
    await turns(w, agent, 1)
    info = (await svc.health.health_for(agent))[0]
    assert info["total_memories"] == 1                           # counts: from FAISS metadata
    assert info["maintenance"]["cycle"] >= 3                      # clock: from the backup
    assert (home / (STATE_FILE + ".corrupt")).exists()
    assert "moved aside" in caplog.text
    svc.close()

    for name in (STATE_FILE, STATE_FILE + ".bak"):               # both gone bad
        (home / name).write_bytes(b"\x00\xff garbage")
    svc = make_service(home=home, maintenance_interval_loops=100)
    svc.health.org_dir = w.org_dir
    await turns(w, agent, 1)
    info = (await svc.health.health_for(agent))[0]
    assert info["total_memories"] == 1 and info["maintenance"]["cycle"] == 1   # started fresh
    assert json.loads((home / STATE_FILE).read_text())["_schema"] == "festinger:health_state"


def test_state_file_is_atomic_and_heals(tmp_path):
    sf = StateFile(tmp_path / STATE_FILE)
    assert sf.load().stores == {} and sf.load().recovered is None     # missing: fresh, silently
    state = HealthState(stores={"default": StoreHealthState.fresh(100.0)})
    state.stores["default"].clock.tick(101.0)
    sf.save(state)
    sf.save(state)
    assert sorted(p.name for p in tmp_path.iterdir()) == [STATE_FILE, STATE_FILE + ".bak"]

    (tmp_path / STATE_FILE).unlink()          # killed between "current -> .bak" and the rename
    loaded = sf.load()
    assert loaded.stores["default"].clock.cycle == 1 and "backup" in loaded.recovered

    data = state.to_dict()
    data["stores"]["broken"] = {"clock": {"cycle": "x"}}
    (tmp_path / STATE_FILE).write_text(json.dumps(data))
    loaded = sf.load()
    assert set(loaded.stores) == {"default"} and "broken" in loaded.recovered

    (tmp_path / STATE_FILE).write_text(json.dumps({"something": "else"}))
    assert sf.load().stores["default"].clock.cycle == 1               # not ours: the backup


async def test_criterion_14_a_broken_memory_store_never_reaches_the_chat(world, monkeypatch):
    w = world(salute_interval_turns=1)
    agent = w.agent()

    async def broken_get(cls, agent):
        raise RuntimeError("index.faiss is truncated")

    monkeypatch.setattr(w.sim.Memory, "get", classmethod(broken_get))
    assert await w.turn(agent, replies=("still answering",)) == "still answering"
    await turns(w, agent, 2)
    warnings = [i for i in agent.context.log.logs if "Festinger" in i.heading]
    assert len(warnings) == 2          # health and maintenance, each shown once, not every turn
    assert all("truncated" in i.content for i in warnings)


async def test_criterion_14_odd_metadata_and_unwritable_reports(world):
    w = world(salute_interval_turns=1, maintenance_interval_loops=1)
    agent = w.agent()
    memory = await w.memory(agent)
    await memory.insert_documents([
        Document(page_content="hand-edited", metadata={"classification": "confirmed", "lineage": [1]}),
        Document(page_content="half classified", metadata={"classification": {"validity": "maybe"}}),
        Document(page_content="bad dates", metadata={
            "classification": {"validity": "inferred", "relevance": "active", "utility": "tactical",
                               "source": "agent_inferred"},
            "lineage": {"created_at": "yesterday", "access_count": "many", "last_accessed": 5}})])
    w.org_dir.mkdir(parents=True)
    (w.org_dir / "reports").write_text("a file where the folder should be")
    assert await w.turn(agent, replies=("fine",)) == "fine"
    await turns(w, agent, 2)
    mh = agent._memory_health
    assert mh["total_memories"] == 1 and mh["unclassified"] == 2


BROKEN_HOOK = """
try:
    from helpers.extension import Extension
except ImportError:
    from python.helpers.extension import Extension


class BrokenPart(Extension):
    async def execute(self, **kwargs):
        try:
            from festinger.a0.guard import guarded
            from festinger.a0.handlers.nothing_here import on_before_main_llm_call
            await guarded("before_main_llm_call", on_before_main_llm_call, self.agent, kwargs)
        except Exception as exc:
            print(f"festinger: before_main_llm_call hook failed: {exc!r}")
"""


async def test_the_full_pack_dispatch_still_publishes_health(world, capsys):
    """With every hook file of the pack installed (some parts may be missing or failing,
    here a hook file whose handler module does not exist, run before health's _11_), health
    is still published: the hook files and their handlers are isolated from each other."""
    w = world(full_pack=True)
    broken = w.sim.root / "usr" / "extensions" / "before_main_llm_call" / "_10_festinger_broken.py"
    broken.parent.mkdir(parents=True, exist_ok=True)
    broken.write_text(BROKEN_HOOK)
    agent = w.agent()
    await w.add(agent, "a fact")
    await w.turn(agent)
    assert "nothing_here" in capsys.readouterr().out  # the broken part ran, and failed
    assert agent._memory_health["total_memories"] == 1


class FakeGraph:
    """Stands in for the concept graph component: only ``stats()`` matters here."""

    def __init__(self, **stats):
        self._stats = {"soas": 120, "urd": 340, "pending_conflicts": 2, "queued": 2,
                       "last_resolution_run": "2026-01-01T02:00:00+00:00", **stats}

    def stats(self):
        return dict(self._stats)


async def test_postgres_unreachable_health_reports_it_and_keeps_working(world):
    w = world(salute_interval_turns=1)
    w.service.start_database()                          # the DSN points at a closed port
    try:
        w.service.io.call(w.service.db(timeout=10))
    except Exception:
        pass
    assert w.service.db_error and not w.service.db_ready
    agent = w.agent()
    await w.add(agent, "a fact")
    await w.turn(agent)
    assert "concept_graph" not in agent._memory_health       # no graph component: omitted

    w.service._graph = FakeGraph()
    await w.turn(agent)
    g = agent._memory_health["concept_graph"]
    assert g == {"concepts": 120, "edges": 340, "pending_conflicts": 2,
                 "last_resolution_run": "2026-01-01T02:00:00+00:00", "db_connected": False}
    report = json.loads((w.org_dir / "reports" / "festinger_latest.json").read_text())
    assert report["status"]["health"] == "degraded"
    assert "database unreachable" in report["status"]["health_reasons"][0]
    assert report["environment"]["memory_health"]["total_memories"] == 1


async def test_graph_stats_async_or_failing(world):
    w = world()
    agent = w.agent()

    class AsyncGraph:
        async def stats(self):
            return {"concepts": 5, "edges": 4, "pending_conflicts": 60, "db_connected": True}

    w.service._graph = AsyncGraph()
    await w.turn(agent)
    assert agent._memory_health["concept_graph"]["concepts"] == 5
    assert agent._memory_health["degradation"]["health"] == "degraded"   # 60 > 50 pending

    class BrokenGraph:
        def stats(self):
            raise RuntimeError("cache not loaded")

    w.service._graph = BrokenGraph()
    await w.turn(agent)
    assert "concept_graph" not in agent._memory_health
