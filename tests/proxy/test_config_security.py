"""The proxy's config file reloads without a restart (a bad edit keeps the last good one),
its bind and access rules, and that prompts and keys never reach the log at INFO."""

from __future__ import annotations

import logging

import httpx
import ollama
import openai
import pytest

from festinger.proxy.config import ConfigError, ConfigFile, ProxyConfig, parse_config
from festinger.proxy.server import check_bind

MSGS = [{"role": "user", "content": "hello"}]


def test_an_edit_to_the_config_file_applies_without_restart(tmp_path, start_proxy, lt,
                                                             fake_ollama, fake_openai):
    path = tmp_path / "proxy.yaml"
    path.write_text(f"upstream: {fake_ollama.url}\nlisten: 127.0.0.1:0\n")
    proxy = start_proxy("", config_file=ConfigFile(path))
    cl = ollama.Client(host=proxy.url, timeout=30)
    cl.chat(model="fake", messages=MSGS, stream=False)
    assert len(fake_ollama.chats()) == 1
    # the watcher (polling on the proxy's loop) picks the edit up: wait for it, no sleep
    proxy.reloaded.clear()
    path.write_text(f"upstream: {fake_openai.url}\nlisten: 127.0.0.1:0\n"
                    "loops: {repeat_count: 4}\n")
    assert lt.call(_wait(proxy.reloaded), 30)
    assert proxy.state.config_error is None and proxy.state.reloads == 1
    cl.chat(model="fake", messages=MSGS, stream=False)
    assert len(fake_openai.chats()) == 1 and len(fake_ollama.chats()) == 1
    assert proxy.state.sessions.settings.repeat_count == 4
    # a broken edit: reported, the last good config stays in force
    for bad in ("upstream: [unclosed\n", "upstream: ftp://nowhere\n",
                "loops: {repeat_cuont: 2}\n", "- a list\n", "surprise_key: 1\n",
                f"upstream: {fake_ollama.url}\nlisten: 0.0.0.0:11435\n"):
        path.write_text(bad)
        assert proxy.check_config() is False
        assert proxy.state.config_error, bad
        cl.chat(model="fake", messages=MSGS, stream=False)
        assert len(fake_ollama.chats()) == 1  # still the OpenAI upstream
    status = httpx.get(proxy.url + "/festinger/status").json()
    assert status["config_error"] and status["upstream"] == fake_openai.url
    # fixed again
    path.write_text(f"upstream: {fake_ollama.url}\nlisten: 127.0.0.1:0\n")
    assert proxy.check_config() is True and proxy.state.config_error is None
    cl.chat(model="fake", messages=MSGS, stream=False)
    assert len(fake_ollama.chats()) == 2


async def _wait(event) -> bool:
    import asyncio

    await asyncio.wait_for(event.wait(), 25)
    return True


def test_bind_rules():
    check_bind(ProxyConfig(listen="127.0.0.1:11435"))
    check_bind(ProxyConfig(listen="[::1]:11435"))
    with pytest.raises(ConfigError, match="auth_token"):
        check_bind(ProxyConfig(listen="0.0.0.0:11435"))
    check_bind(ProxyConfig(listen="0.0.0.0:11435", auth_token="a-long-secret-token"))
    with pytest.raises(ConfigError, match="HOST:PORT"):
        parse_config("listen: nowhere\n")


def test_a_token_protects_the_proxy_and_is_not_forwarded(start_proxy, fake_openai):
    proxy = start_proxy(fake_openai.url, auth_token="proxy-token-123456",
                        upstream_api_key="sk-upstream-secret")
    with pytest.raises(openai.AuthenticationError):
        openai.OpenAI(base_url=proxy.url + "/v1", api_key="wrong", max_retries=0
                      ).chat.completions.create(model="fake", messages=MSGS)
    with pytest.raises(ollama.ResponseError) as err:
        ollama.Client(host=proxy.url).chat(model="fake", messages=MSGS, stream=False)
    assert err.value.status_code == 401
    assert fake_openai.chats() == []
    oa = openai.OpenAI(base_url=proxy.url + "/v1", api_key="proxy-token-123456", max_retries=0)
    assert oa.chat.completions.create(model="fake", messages=MSGS).choices[0].message.content
    cl = ollama.Client(host=proxy.url, headers={"Authorization": "Bearer proxy-token-123456"})
    assert cl.chat(model="fake", messages=MSGS, stream=False).message.content
    # the upstream gets its own key, never the proxy's token
    assert {c.headers["Authorization"] for c in fake_openai.chats()} == {
        "Bearer sk-upstream-secret"}


def test_browser_pages_and_rebound_names_are_refused(start_proxy, fake_ollama):
    proxy = start_proxy(fake_ollama.url)
    url = proxy.url + "/api/chat"
    body = {"model": "fake", "messages": MSGS, "stream": False}
    assert httpx.post(url, json=body).status_code == 200
    assert httpx.post(url, json=body, headers={"Host": f"evil.example:{proxy.state.port}"}
                      ).status_code == 421
    assert httpx.post(url, json=body, headers={"Origin": "https://evil.example"}
                      ).status_code == 403
    assert httpx.post(url, json=body, headers={"Origin": "http://localhost:3000"}
                      ).status_code == 200
    assert len(fake_ollama.chats()) == 2


def test_prompts_and_keys_never_reach_the_log_at_info(start_proxy, fake_openai, caplog):
    fake_openai.reply = '{"tool_name": "x", "tool_args": {}}'
    proxy = start_proxy(fake_openai.url, upstream_api_key="sk-upstream-secret-42")
    secret = "my bank PIN is 4711 and the vault code is swordfish"
    oa = openai.OpenAI(base_url=proxy.url + "/v1", api_key="sk-client-secret-99",
                       max_retries=0)
    msgs = [{"role": "user", "content": secret}]
    with caplog.at_level(logging.INFO, logger="festinger"):
        for _ in range(6):  # a loop too, so loop events are logged
            text = oa.chat.completions.create(model="fake", messages=msgs).choices[0] \
                .message.content
            msgs = msgs + [{"role": "assistant", "content": text},
                           {"role": "tool", "content": "same " + secret}]
        fake_openai.fail = (500, {"error": {"message": "failed on: " + secret}})
        with pytest.raises(openai.InternalServerError):
            oa.chat.completions.create(model="fake", messages=[{"role": "user",
                                                                 "content": secret}])
    logged = "\n".join(r.getMessage() for r in caplog.records if r.levelno >= logging.INFO)
    assert "loop" in logged  # something was logged at all
    for word in ("swordfish", "4711", "sk-upstream-secret-42", "sk-client-secret-99"):
        assert word not in logged
