"""The proxy with the real `ollama` and `openai` client libraries, against loopback fake
upstreams of both kinds: streaming and not, pass-through routes, translation, upstream errors
and a client going away mid-answer."""

from __future__ import annotations

import json

import httpx
import ollama
import openai
import pytest


def _oa(server) -> openai.OpenAI:
    return openai.OpenAI(base_url=server.url + "/v1", api_key="sk-client-key", max_retries=0,
                         timeout=30)


def _ol(server) -> ollama.Client:
    return ollama.Client(host=server.url, timeout=30)


MSGS = [{"role": "system", "content": "You are terse."},
        {"role": "user", "content": "Say hello."}]


@pytest.mark.parametrize("upstream", ["fake_ollama", "fake_openai"])
def test_ollama_client_chat_streaming_and_not(request, start_proxy, upstream):
    fake = request.getfixturevalue(upstream)
    proxy = start_proxy(fake.url)
    client = _ol(proxy)
    r = client.chat(model="fake", messages=MSGS, options={"temperature": 0.2})
    assert r.message.content == fake.reply and r.done
    parts = [p.message.content for p in client.chat(model="fake", messages=MSGS, stream=True)]
    assert len(parts) > 3 and "".join(parts) == fake.reply  # chunk by chunk, not one blob
    sent = fake.chats()[-1].body
    assert sent["messages"][0] == MSGS[0] and sent["messages"][-1] == MSGS[1]
    # the request reached the upstream in its own API
    assert fake.chats()[-1].path == ("/api/chat" if upstream == "fake_ollama"
                                     else "/v1/chat/completions")
    if upstream == "fake_openai":
        assert fake.chats()[0].body["temperature"] == 0.2
    g = client.generate(model="fake", prompt="Say hello.", stream=False)
    assert g.response == fake.reply


@pytest.mark.parametrize("upstream", ["fake_ollama", "fake_openai"])
def test_openai_client_chat_streaming_and_not(request, start_proxy, upstream):
    fake = request.getfixturevalue(upstream)
    proxy = start_proxy(fake.url)
    client = _oa(proxy)
    r = client.chat.completions.create(model="fake", messages=MSGS)
    assert r.choices[0].message.content == fake.reply
    stream = client.chat.completions.create(model="fake", messages=MSGS, stream=True)
    parts = [c.choices[0].delta.content for c in stream if c.choices and c.choices[0].delta.content]
    assert len(parts) > 3 and "".join(parts) == fake.reply
    assert fake.chats()[-1].path == "/v1/chat/completions"
    # the client's key reaches an OpenAI-compatible upstream (no proxy token configured)
    assert fake.chats()[-1].headers["Authorization"] == "Bearer sk-client-key"


def test_pass_through_routes_in_front_of_ollama(start_proxy, fake_ollama):
    proxy = start_proxy(fake_ollama.url)
    client = _ol(proxy)
    assert [m.model for m in client.list().models] == ["fake:latest"]
    assert client.show("fake").modelfile == "# fake"
    assert client.embed(model="fake", input=["a", "b"]).embeddings == [[0.1, 0.2, 0.3]] * 2
    assert client.embeddings(model="fake", prompt="a").embedding == [0.1, 0.2, 0.3]
    assert client.ps().models == []
    assert httpx.get(proxy.url + "/api/version").json() == {"version": "0.12.0"}
    oa = _oa(proxy)
    assert [m.id for m in oa.models.list()] == ["fake-model"]
    assert oa.embeddings.create(model="fake", input="x").data[0].embedding == [0.1, 0.2, 0.3]


def test_ollama_api_translated_to_an_openai_upstream(start_proxy, fake_openai):
    proxy = start_proxy(fake_openai.url)
    client = _ol(proxy)
    assert [m.model for m in client.list().models] == ["fake-model"]
    e = client.embed(model="fake", input=["a", "b"]).embeddings
    assert e == [[0.1, 0.2, 0.3], [0.2, 0.2, 0.3]]
    assert client.embeddings(model="fake", prompt="a").embedding == [0.1, 0.2, 0.3]
    assert client.ps().models == [] and client.show("fake") is not None
    assert httpx.get(proxy.url + "/api/version").json()["version"]
    parts = list(client.generate(model="fake", prompt="hi", system="be nice", stream=True))
    assert "".join(p.response for p in parts) == fake_openai.reply and parts[-1].done
    sent = fake_openai.chats()[-1].body
    assert sent["messages"] == [{"role": "system", "content": "be nice"},
                                {"role": "user", "content": "hi"}]
    oa = _oa(proxy)
    assert oa.embeddings.create(model="fake", input="x").data[0].embedding == [0.1, 0.2, 0.3]


@pytest.mark.parametrize("upstream", ["fake_ollama", "fake_openai"])
def test_upstream_errors_pass_through_with_their_status(request, start_proxy, upstream):
    fake = request.getfixturevalue(upstream)
    proxy = start_proxy(fake.url)
    with pytest.raises(ollama.ResponseError) as err:
        _ol(proxy).chat(model="missing", messages=MSGS, stream=False)
    assert err.value.status_code == 404 and "missing" in err.value.error
    with pytest.raises(openai.NotFoundError) as nf:
        _oa(proxy).chat.completions.create(model="missing", messages=MSGS)
    assert "missing" in str(nf.value)
    fake.fail = (503, {"error": {"message": "overloaded, try later"}} if upstream ==
                 "fake_openai" else {"error": "overloaded, try later"})
    with pytest.raises(openai.InternalServerError) as down:
        _oa(proxy).chat.completions.create(model="fake", messages=MSGS)
    assert down.value.status_code == 503 and "overloaded" in down.value.response.text
    fake.fail = (500, {"error": "boom"})
    with pytest.raises(ollama.ResponseError) as boom:
        _ol(proxy).chat(model="fake", messages=MSGS, stream=False)
    assert boom.value.status_code == 500


def test_an_unreachable_upstream_is_a_502(start_proxy):
    import socket

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proxy = start_proxy(f"http://127.0.0.1:{port}", upstream_kind="ollama")
    with pytest.raises(ollama.ResponseError) as err:
        _ol(proxy).chat(model="fake", messages=MSGS, stream=False)
    assert err.value.status_code == 502 and "unreachable" in err.value.error


@pytest.mark.parametrize("upstream,path,stream", [
    ("fake_ollama", "/api/chat", True), ("fake_ollama", "/api/chat", False),
    ("fake_openai", "/v1/chat/completions", True), ("fake_openai", "/api/chat", True)])
def test_a_client_going_away_cancels_the_upstream_call(request, start_proxy, upstream, path,
                                                       stream):
    fake = request.getfixturevalue(upstream)
    fake.hang = True
    proxy = start_proxy(fake.url)
    body = {"model": "fake", "messages": MSGS, "stream": stream}
    with httpx.Client(timeout=30) as c:
        if stream:
            with c.stream("POST", proxy.url + path, json=body) as r:
                assert r.status_code == 200
                first = next(r.iter_bytes())
                assert b"thinking" in first
                # leaving the block closes the connection mid-answer
        else:
            # a waiting non-streamed call: the socket closes once the upstream has it
            import socket

            payload = json.dumps(body).encode()
            with socket.create_connection(("127.0.0.1", proxy.state.port), timeout=30) as s:
                s.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{proxy.state.port}\r\n"
                          f"Content-Type: application/json\r\nContent-Length: {len(payload)}"
                          "\r\n\r\n".encode() + payload)
                assert fake.hanging.wait(20)
    assert fake.disconnected.wait(20), "the upstream call was not cancelled"


def test_a_body_that_is_not_json_is_a_400_in_the_clients_format(start_proxy, fake_openai):
    proxy = start_proxy(fake_openai.url)
    r = httpx.post(proxy.url + "/v1/chat/completions", content=b"{nope",
                   headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "message" in r.json()["error"]
    deep = b"[" * 100_000 + b"]" * 100_000
    r = httpx.post(proxy.url + "/api/chat", content=deep)
    assert r.status_code == 400 and "nested" in r.json()["error"]
    assert fake_openai.chats() == []
