"""festinger proxy: an Ollama- and OpenAI-compatible HTTP proxy in front of an inference server;
every chat request gets the `<recollection>` block and the loop guard (same graph database,
same core as the Agent Zero pack)."""

from __future__ import annotations

import asyncio
import signal
import sys
from pathlib import Path

from . import UserFacingError

CONFIG_NAME = "proxy.yaml"


def add_arguments(p) -> None:
    p.add_argument("--upstream", default=None,
                   help="the inference server: Ollama (http://127.0.0.1:11434) or an "
                        "OpenAI-compatible one (http://127.0.0.1:8000/v1)")
    p.add_argument("--listen", default=None,
                   help="HOST:PORT to listen on (default 127.0.0.1:11435; a non-loopback "
                        "address needs auth_token in the config)")
    p.add_argument("--upstream-kind", choices=("auto", "ollama", "openai"), default=None,
                   help="the upstream's API (default: probed)")
    p.add_argument("--config", default=None,
                   help=f"YAML/JSON settings, re-read when they change (default "
                        f"FESTINGER_HOME/{CONFIG_NAME} if it exists)")
    p.add_argument("--no-graph", action="store_true",
                   help="do not open the concept graph (loop guard only)")


def run(args) -> int:
    from ..core.loops import LoopSettings
    from ..paths import resolve_home
    from ..proxy.app import ProxyState
    from ..proxy.config import ConfigError, ConfigFile

    home = resolve_home()
    path = Path(args.config) if args.config else home / CONFIG_NAME
    if args.config and not path.is_file():
        raise UserFacingError(f"no config file at {path}")
    overrides = {"upstream": args.upstream, "listen": args.listen,
                 "upstream_kind": args.upstream_kind}
    cfg_file = ConfigFile(path, overrides)  # watched even if it does not exist yet
    try:
        cfg = cfg_file.load()
        from ..proxy.server import check_bind
        check_bind(cfg)
    except ConfigError as exc:
        raise UserFacingError(str(exc)) from None
    if not args.upstream and not path.is_file():
        print(f"festinger proxy: no --upstream and no {path}: using {cfg.upstream}",
              file=sys.stderr)
    svc = graph = None
    base = LoopSettings()
    if not args.no_graph:
        from .common import service
        svc = service()
        base = LoopSettings.from_config(svc.config)
        if svc.config.graph_enabled:
            from ..proxy.gcfreeze import freeze_when_loaded

            graph = svc.graph
            graph.start()
            freeze_when_loaded(graph)  # this process is the proxy's own: keep GC off the cache
    state = ProxyState(cfg, graph=graph, base_loops=base)
    if svc is not None:
        from ..loops.events import LoopEventLog
        state.event_log = LoopEventLog(svc.home)
    from ..proxy import eventloop

    try:
        eventloop.run(_serve(state, cfg_file))  # uvloop when installed (proxy/eventloop.py)
    except OSError as exc:
        raise UserFacingError(f"cannot listen on {cfg.listen}: {exc.strerror or exc}") from None
    finally:
        if svc is not None:
            svc.close()
    return 0


async def _serve(state, cfg_file) -> None:
    from ..proxy.server import ProxyServer


    server = ProxyServer(state, cfg_file)
    url = await server.start()
    where = cfg_file.path if cfg_file.path and cfg_file.path.is_file() else "(none)"
    print(f"festinger proxy: listening on {url}, upstream {state.cfg.upstream} "
          f"(config: {where}); point your client's Ollama/OpenAI base URL here", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await server.stop()
        print("festinger proxy: stopped", file=sys.stderr)


