"""The LLMs the write path and the resolution job talk to.

Three providers share one call, ``await provider.complete(system, message, timeout=...)``:

* `AgentUtilityModel` (the default, no key needed): the utility model the user configured in
  Agent Zero, reached through the last agent the pack's hooks saw. The call is run on that
  agent's own event loop: Agent Zero's model clients (litellm) are created per loop, and the
  agent's loop outlives a chat (it is a persistent `EventLoopThread`).
* `AnthropicProvider` (`provider = claude` rows of the `models` table): the anthropic SDK;
  `ANTHROPIC_BASE_URL` or the row's base_url point it elsewhere (tests: a loopback fake).
* `OpenAIProvider` (`provider = openai` rows): the chat completions endpoint over httpx, so
  any OpenAI-compatible server (Ollama, vLLM) works with a base_url.

Errors come out as `ProviderError` with a message that never contains the API key.
"""

from __future__ import annotations

import asyncio
import os
import threading
import weakref
from typing import Any, Optional, Protocol

DEFAULT_TIMEOUT = 60.0
DEFAULT_MAX_TOKENS = 1024
OPENAI_DEFAULT_BASE = "https://api.openai.com/v1"


class ProviderError(RuntimeError):
    """An LLM call that failed; `retryable` says whether trying later may succeed."""

    def __init__(self, message: str, retryable: bool = True) -> None:
        super().__init__(message)
        self.retryable = retryable


class NoProvider(ProviderError):
    """Nothing to call yet: no model configured and no Agent Zero agent seen."""


class LLMProvider(Protocol):
    label: str

    async def complete(self, system: str, message: str, *, timeout: float = DEFAULT_TIMEOUT,
                       max_tokens: int = DEFAULT_MAX_TOKENS) -> str: ...

    async def aclose(self) -> None: ...


# ---------------------------------------------------------------------- Agent Zero
class AgentUtilityModel:
    """Agent Zero's utility model through the most recent agent the hooks saw.

    The write path and the resolution job run in the background, long after the hook that
    queued their work returned, so the hooks call `remember(agent)` on every prompt and this
    object points at the last one (the newest is the one whose settings the user expects).
    The reference is weak: an agent holds its whole chat (context, history, log), and a chat
    the user closed must not stay in memory because the pack saw it last. Once it is gone
    there is no utility model to call until the next prompt (NoProvider).
    """

    label = "agent-zero utility model"

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._agent: Optional[weakref.ref] = None
        self._loop: Optional[asyncio.AbstractEventLoop] = None

    def remember(self, agent: Any) -> None:
        """Called from a hook, in the agent's loop. Cheap; never raises."""
        if agent is None or not hasattr(agent, "call_utility_model"):
            return
        try:
            loop: Optional[asyncio.AbstractEventLoop] = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        try:
            ref = weakref.ref(agent)
        except TypeError:  # an object that cannot be weakly referenced: not an agent we know
            return
        with self._lock:
            self._agent, self._loop = ref, loop

    def forget(self) -> None:
        with self._lock:
            self._agent, self._loop = None, None

    def _current(self) -> tuple[Any, Optional[asyncio.AbstractEventLoop]]:
        with self._lock:
            ref, loop = self._agent, self._loop
        agent = ref() if ref is not None else None
        return agent, (loop if agent is not None else None)

    @property
    def available(self) -> bool:
        return self._current()[0] is not None

    async def complete(self, system: str, message: str, *, timeout: float = DEFAULT_TIMEOUT,
                       max_tokens: int = DEFAULT_MAX_TOKENS) -> str:
        agent, loop = self._current()
        if agent is None:
            raise NoProvider("no model configured and no Agent Zero agent seen yet: the "
                             "utility model is reached through a running agent")

        def call():
            return agent.call_utility_model(system=system, message=message, background=True)

        try:
            here = asyncio.get_running_loop()
            if loop is None or loop is here or loop.is_closed() or not loop.is_running():
                result = await asyncio.wait_for(call(), timeout)
            else:
                fut = asyncio.run_coroutine_threadsafe(call(), loop)
                try:
                    result = await asyncio.wait_for(asyncio.wrap_future(fut), timeout)
                except asyncio.TimeoutError:
                    fut.cancel()
                    raise
        except asyncio.TimeoutError:
            raise ProviderError(f"the utility model did not answer within {timeout:g} s") from None
        except ProviderError:
            raise
        except Exception as exc:
            raise ProviderError(f"the utility model failed: {type(exc).__name__}: "
                                f"{str(exc)[:200]}") from None
        if isinstance(result, tuple):  # some versions return (response, reasoning)
            result = result[0]
        return "" if result is None else str(result)

    async def aclose(self) -> None:
        return None


UTILITY = AgentUtilityModel()


def remember_agent(agent: Any) -> None:
    """For the graph hooks: make `agent`'s utility model the default provider."""
    try:
        UTILITY.remember(agent)
    except Exception:  # a hook must never fail because of this
        pass


# ---------------------------------------------------------------------- Anthropic
def _status_retryable(status: int) -> bool:
    return status in (408, 409, 425, 429) or status >= 500


class AnthropicProvider:
    def __init__(self, model_name: str, api_key: str, base_url: Optional[str] = None) -> None:
        self.model_name = model_name
        self._api_key = api_key
        self.base_url = base_url or None  # None: the SDK reads ANTHROPIC_BASE_URL, then its default
        self.label = f"claude {model_name}"
        self._client: Any = None

    def _get_client(self):
        if self._client is None:
            import anthropic

            # The SDK's own retries are off: the write queue and the resolution job retry with
            # their own backoff and record every attempt.
            self._client = anthropic.AsyncAnthropic(api_key=self._api_key, base_url=self.base_url,
                                                    max_retries=0)
        return self._client

    async def complete(self, system: str, message: str, *, timeout: float = DEFAULT_TIMEOUT,
                       max_tokens: int = DEFAULT_MAX_TOKENS) -> str:
        import anthropic

        client = self._get_client()
        try:
            msg = await asyncio.wait_for(client.messages.create(
                model=self.model_name, max_tokens=max_tokens, system=system,
                messages=[{"role": "user", "content": message}], timeout=timeout), timeout + 5)
        except (anthropic.APITimeoutError, asyncio.TimeoutError):
            raise ProviderError(f"{self.label} did not answer within {timeout:g} s") from None
        except anthropic.APIConnectionError as exc:
            raise ProviderError(f"{self.label} unreachable: {type(exc).__name__}") from None
        except anthropic.APIStatusError as exc:
            raise ProviderError(f"{self.label} answered HTTP {exc.status_code}: "
                                f"{_short(getattr(exc, 'message', ''), secret=self._api_key)}",
                                retryable=_status_retryable(exc.status_code)) from None
        except anthropic.AnthropicError as exc:
            raise ProviderError(f"{self.label} failed: {type(exc).__name__}") from None
        except (ValueError, TypeError, KeyError, AttributeError) as exc:  # an unreadable body
            raise ProviderError(f"{self.label} answered something that is not a message: "
                                f"{type(exc).__name__}") from None
        parts = [getattr(b, "text", "") for b in (msg.content or [])
                 if getattr(b, "type", None) == "text"]
        return "".join(parts)

    async def aclose(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            try:
                await client.close()
            except Exception:
                pass


# ---------------------------------------------------------------------- OpenAI
class OpenAIProvider:
    def __init__(self, model_name: str, api_key: str, base_url: Optional[str] = None) -> None:
        self.model_name = model_name
        self._api_key = api_key
        self.base_url = (base_url or os.environ.get("OPENAI_BASE_URL")
                         or OPENAI_DEFAULT_BASE).rstrip("/")
        self.label = f"openai {model_name}"
        self._client: Any = None

    async def complete(self, system: str, message: str, *, timeout: float = DEFAULT_TIMEOUT,
                       max_tokens: int = DEFAULT_MAX_TOKENS) -> str:
        import httpx

        if self._client is None:
            self._client = httpx.AsyncClient()
        body = {"model": self.model_name, "max_tokens": max_tokens,
                "messages": [{"role": "system", "content": system},
                             {"role": "user", "content": message}]}
        try:
            resp = await self._client.post(f"{self.base_url}/chat/completions", json=body,
                                           headers={"Authorization": f"Bearer {self._api_key}"},
                                           timeout=timeout)
        except httpx.TimeoutException:
            raise ProviderError(f"{self.label} did not answer within {timeout:g} s") from None
        except httpx.HTTPError as exc:
            raise ProviderError(f"{self.label} unreachable: {type(exc).__name__}") from None
        if resp.status_code >= 400:
            raise ProviderError(f"{self.label} answered HTTP {resp.status_code}: "
                                f"{_short(resp.text, secret=self._api_key)}",
                                retryable=_status_retryable(resp.status_code))
        try:
            data = resp.json()
            content = data["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            raise ProviderError(f"{self.label} answered something that is not a chat "
                                "completion") from None
        return content if isinstance(content, str) else ""

    async def aclose(self) -> None:
        client, self._client = self._client, None
        if client is not None:
            await client.aclose()


def _short(text: Any, n: int = 200, secret: Optional[str] = None) -> str:
    """One line of an error body for a message, with the API key cut out should a server
    ever echo it back."""
    from ..redact import redact_secrets

    # Whole, partial (an endpoint echoing most of it) or any other recognisable secret.
    return redact_secrets(" ".join(str(text or "").split()), [secret])[:n]


PROVIDERS = {"claude": AnthropicProvider, "openai": OpenAIProvider}


def build_provider(provider: str, model_name: str, api_key: str,
                   base_url: Optional[str] = None) -> LLMProvider:
    cls = PROVIDERS.get(provider)
    if cls is None:
        raise ProviderError(f"unknown provider {provider!r} (claude or openai)", retryable=False)
    if not api_key:
        raise ProviderError(f"the {provider} model {model_name} has no API key", retryable=False)
    return cls(model_name, api_key, base_url)


__all__ = ["AgentUtilityModel", "AnthropicProvider", "LLMProvider", "NoProvider",
           "OpenAIProvider", "ProviderError", "UTILITY", "build_provider", "remember_agent"]
