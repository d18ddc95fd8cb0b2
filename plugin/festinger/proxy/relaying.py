"""Passing an upstream's answer on to the client: status, headers and body, chunk by chunk."""

from __future__ import annotations

from typing import AsyncIterator, Callable, Optional

import aiohttp
from aiohttp import web

from .upstream import response_headers


class RelayedResponse(web.StreamResponse):
    """A streamed answer whose status line and headers leave with its first chunk (or its end),
    in one write: the answer's first byte is one socket send and one client wake-up sooner
    (each ~0.1-0.3 ms on loopback here). Ollama's own server does the same (Go flushes the
    headers with the first write). `_send_headers_immediately` is aiohttp's switch for this
    (its plain `Response` sets it); where aiohttp lacks it, the headers simply go first."""

    _send_headers_immediately = False


async def stream(resp: web.StreamResponse, chunks: AsyncIterator[bytes],
                 after_first: Optional[Callable[[], None]] = None) -> None:
    """Write `chunks` to a prepared response as they come, then end it; `after_first()` runs
    once, when the first chunk is on its way to the client."""
    async for chunk in chunks:
        await resp.write(chunk)
        if after_first is not None:
            after_first, run = None, after_first
            run()
    await resp.write_eof()


async def relay(request: web.Request, up: aiohttp.ClientResponse,
                after_first: Optional[Callable[[], None]] = None) -> web.StreamResponse:
    """The upstream's answer, status, headers and body, chunk by chunk as it arrives;
    `after_first()` runs once the first chunk is on its way to the client."""
    try:
        resp = RelayedResponse(status=up.status, reason=up.reason,
                               headers=response_headers(up.headers))
        await resp.prepare(request)
        await stream(resp, up.content.iter_any(), after_first)
        up.release()
        return resp
    finally:
        up.close()  # after a cancel (client gone): drop the connection, the upstream stops
