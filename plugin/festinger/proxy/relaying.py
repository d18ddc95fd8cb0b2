"""Passing an upstream's answer on to the client: status, headers and body, chunk by chunk."""

from __future__ import annotations

from typing import AsyncIterator, Callable, Optional

import aiohttp
from aiohttp import web

from .upstream import response_headers


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
        resp = web.StreamResponse(status=up.status, reason=up.reason,
                                  headers=response_headers(up.headers))
        await resp.prepare(request)
        await stream(resp, up.content.iter_any(), after_first)
        up.release()
        return resp
    finally:
        up.close()  # after a cancel (client gone): drop the connection, the upstream stops
