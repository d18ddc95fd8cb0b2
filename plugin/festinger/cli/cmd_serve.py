"""festinger serve: the HTTP API and the admin page (/admin) on loopback, token-protected;
in a graph-enabled pack it also runs the write path and the scheduled resolution job."""

from __future__ import annotations

import signal
import sys
import threading

from . import UserFacingError
from .common import port_number, service


def add_arguments(p) -> None:
    p.add_argument("--host", default=None,
                   help="loopback address to bind (127.0.0.1, ::1 or localhost; default from "
                        "the serve_host setting)")
    p.add_argument("--port", type=port_number, default=None,
                   help="port (default from the serve_port setting, 8765; 0 = any free port)")


def run(args) -> int:
    from ..web.server import TOKEN_ENV, TOKEN_FILE, HttpServer

    svc = service()
    host = args.host or svc.config.serve_host
    port = svc.config.serve_port if args.port is None else args.port
    try:
        server = HttpServer(svc, host, port)
    except ValueError as exc:
        svc.close()
        raise UserFacingError(str(exc)) from None
    try:  # the port first: a busy port must end the command before anything else starts
        svc.io.call(server.start(), 30)
    except OSError as exc:
        svc.close()
        raise UserFacingError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    if svc.config.graph_enabled:
        svc.graph.start()
        svc.resolution.start()  # the write path and the scheduled job
    where = TOKEN_ENV if TOKEN_ENV in __import__("os").environ else svc.home / TOKEN_FILE
    print(f"festinger serve: listening on {server.url} (token: {where})", flush=True)
    print(f"festinger serve: admin page {server.url}/admin", flush=True)
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    try:
        while not stop.wait(1.0):
            pass
    finally:
        try:
            svc.io.call(server.stop(), 10)
        finally:
            svc.close()
        print("festinger serve: stopped", file=sys.stderr)
    return 0
