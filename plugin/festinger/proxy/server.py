"""Running the proxy: bind checks, the aiohttp runner and the config watcher.

`ProxyServer(state, config_file)` runs on the caller's event loop: `await start()`,
`await stop()`. The watcher polls the config file once a second (a content hash, cheap for a
file this size, no extra dependency and no inotify limits in containers) and swaps in a new
config between requests; a bad edit is logged once and the last good config stays.
"""

from __future__ import annotations

import asyncio
from typing import Optional

from aiohttp import web

from ..logs import log
from ..web import security
from .app import ProxyState, make_app
from .config import ConfigError, ConfigFile, ProxyConfig

POLL_S = 1.0


def check_bind(cfg: ProxyConfig) -> None:
    """Loopback by default; anything else only with an auth token (the proxy hands out the
    graph's recollections and spends the upstream's compute)."""
    if not security.is_loopback(cfg.listen_host) and not cfg.auth_token.get_secret_value():
        raise ConfigError(f"refusing to listen on {cfg.listen_host} (not loopback) without an "
                          "auth_token in the proxy config")


class ProxyServer:
    def __init__(self, state: ProxyState, config_file: Optional[ConfigFile] = None) -> None:
        check_bind(state.cfg)
        self.state = state
        self.config_file = config_file
        self._runner: Optional[web.AppRunner] = None
        self._watch: Optional[asyncio.Task] = None
        self.reloaded = asyncio.Event()  # set after every reload attempt (tests wait on it)

    @property
    def url(self) -> str:
        host = self.state.cfg.listen_host
        host = f"[{host}]" if ":" in host else host
        return f"http://{host}:{self.state.port}"

    async def start(self) -> str:
        cfg = self.state.cfg
        runner = web.AppRunner(make_app(self.state), access_log=None,
                               handler_cancellation=True, shutdown_timeout=5)
        await runner.setup()
        site = web.TCPSite(runner, cfg.listen_host, cfg.listen_port, reuse_address=True,
                           backlog=1024)
        await site.start()
        self._runner = runner
        self.state.port = runner.addresses[0][1]
        if self.config_file is not None:
            self._watch = asyncio.create_task(self._watch_loop())
        return self.url

    async def stop(self) -> None:
        if self._watch is not None:
            self._watch.cancel()
            try:
                await self._watch
            except asyncio.CancelledError:
                pass
            self._watch = None
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()
        await self.state.upstream.close()
        self.state.graph_pool.shutdown(wait=False, cancel_futures=True)

    def check_config(self) -> bool:
        """Re-read the file if it changed; True when a new config is now in force."""
        if self.config_file is None:
            return False
        try:
            cfg = self.config_file.check()
            if cfg is None:
                return False
            check_bind(cfg)
        except ConfigError as exc:
            self.state.config_error = str(exc)
            log.warning("proxy: config %s not applied, the last good one stays: %s",
                        self.config_file.path, exc)
            self.reloaded.set()
            return False
        if cfg.listen != self.state.cfg.listen:
            log.warning("proxy: listen changed to %s; that takes a restart (still on %s)",
                        cfg.listen, self.state.cfg.listen)
            cfg = cfg.model_copy(update={"listen": self.state.cfg.listen})
        self.state.apply(cfg)
        log.info("proxy: config reloaded from %s", self.config_file.path)
        self.reloaded.set()
        return True

    async def _watch_loop(self) -> None:
        while True:
            await asyncio.sleep(POLL_S)
            try:
                self.check_config()
            except Exception as exc:  # the watcher never dies of one odd file state
                log.warning("proxy: config check failed: %s: %s", type(exc).__name__, exc)
