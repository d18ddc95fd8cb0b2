"""The upstream inference server: one pooled aiohttp client session, kind detection, and
header hygiene for what is forwarded either way."""

from __future__ import annotations

import asyncio
from typing import Mapping, Optional

import aiohttp

from ..logs import log
from .config import ProxyConfig

# never forwarded in either direction: hop-by-hop, framing (aiohttp re-frames), our own
_HOP = frozenset({"connection", "keep-alive", "proxy-authenticate", "proxy-authorization",
                  "te", "trailer", "trailers", "transfer-encoding", "upgrade", "host",
                  "content-length", "content-encoding", "accept-encoding"})


class UpstreamError(Exception):
    """The upstream could not be reached or did not answer in time (502/504)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


def request_headers(incoming: Mapping[str, str], cfg: ProxyConfig, session_header: str
                    ) -> dict[str, str]:
    out = {k: v for k, v in incoming.items()
           if k.lower() not in _HOP and k.lower() != session_header.lower()
           and not k.lower().startswith("x-festinger-")}
    key = cfg.upstream_api_key.get_secret_value()
    if key:
        out = {k: v for k, v in out.items() if k.lower() != "authorization"}
        out["Authorization"] = f"Bearer {key}"
    elif cfg.auth_token.get_secret_value():
        # the client's Authorization carried our token: it is not the upstream's key
        out = {k: v for k, v in out.items() if k.lower() != "authorization"}
    out["Accept-Encoding"] = "identity"  # bytes pass through as they are, chunk by chunk
    return out


def response_headers(upstream: Mapping[str, str]) -> dict[str, str]:
    return {k: v for k, v in upstream.items() if k.lower() not in _HOP
            and k.lower() not in ("date", "server")}


class Upstream:
    def __init__(self, cfg: ProxyConfig) -> None:
        self.cfg = cfg
        self._session: Optional[aiohttp.ClientSession] = None
        self._kind: Optional[str] = None
        self._kind_lock: Optional[asyncio.Lock] = None

    def reconfigure(self, cfg: ProxyConfig) -> None:
        changed = (cfg.upstream, cfg.upstream_kind) != (self.cfg.upstream,
                                                        self.cfg.upstream_kind)
        self.cfg = cfg
        if changed:
            self._kind = None

    @property
    def session(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            self._session = aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(limit=0, ttl_dns_cache=300),
                auto_decompress=False, timeout=aiohttp.ClientTimeout(total=None),
                skip_auto_headers=("User-Agent",))
        return self._session

    async def close(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None

    def timeout(self) -> aiohttp.ClientTimeout:
        return aiohttp.ClientTimeout(total=None, sock_connect=self.cfg.connect_timeout_s,
                                     sock_read=self.cfg.read_timeout_s)

    async def kind(self) -> str:
        """`ollama` or `openai`: configured, else probed once (GET /api/version answers on
        Ollama only), else guessed from the URL (…/v1 is OpenAI's layout)."""
        if self.cfg.upstream_kind != "auto":
            return self.cfg.upstream_kind
        if self._kind is not None:
            return self._kind
        if self._kind_lock is None:
            self._kind_lock = asyncio.Lock()
        async with self._kind_lock:
            if self._kind is None:
                kind, sure = await self._probe()
                if not sure:
                    return kind  # not cached: probed again on the next request
                self._kind = kind
        return self._kind

    async def _probe(self) -> tuple[str, bool]:
        guess = "openai" if self.cfg.upstream.endswith("/v1") else "ollama"
        try:
            async with self.session.get(self.cfg.upstream_root + "/api/version",
                                        timeout=aiohttp.ClientTimeout(total=5)) as r:
                if r.status == 200 and "version" in (await r.json(content_type=None) or {}):
                    return "ollama", True
                return "openai", True
        except (aiohttp.ClientError, asyncio.TimeoutError, ValueError) as exc:
            log.warning("proxy: cannot probe the upstream's kind (%s); assuming %s until "
                        "it answers", type(exc).__name__, guess)
            return guess, False

    def url(self, path: str, query: str = "") -> str:
        return self.cfg.upstream_root + path + (("?" + query) if query else "")

    async def open(self, method: str, path: str, headers: dict[str, str], body: bytes,
                   query: str = "") -> aiohttp.ClientResponse:
        """Start the upstream request; the caller reads and releases the response."""
        try:
            return await self.session.request(method, self.url(path, query), headers=headers,
                                              data=body or None, timeout=self.timeout(),
                                              allow_redirects=False)
        except asyncio.TimeoutError:
            raise UpstreamError(504, "the upstream did not answer in time") from None
        except aiohttp.ClientError as exc:
            raise UpstreamError(502, f"the upstream is unreachable: {type(exc).__name__}: "
                                     f"{' '.join(str(exc).split())[:200]}") from None
