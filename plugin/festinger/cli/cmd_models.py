"""festinger models: the LLMs of the write path and the resolution job.

    festinger models list
    festinger models add --provider claude --model claude-sonnet-4-5 --key-env ANTHROPIC_API_KEY
    festinger models add --provider openai --model llama3 --base-url http://127.0.0.1:11434/v1 --key-stdin
    festinger models use --write 2          (--resolve, --both; `utility` = Agent Zero's)
    festinger models key 2 --key-stdin      replace a stored key
    festinger models test 2                 one tiny request, prints the answer's length and latency
    festinger models remove 2

Keys are read from an environment variable or standard input, never from the command line
(where `ps` and the shell history would keep them), stored Fernet-encrypted, and shown masked.
"""

from __future__ import annotations

import os
import sys
import time

from . import UserFacingError
from .common import positive_int, database, print_json, service


def add_arguments(p) -> None:
    sub = p.add_subparsers(dest="action", metavar="ACTION")
    ls = sub.add_parser("list", help="configured models and which purpose uses which")
    ls.add_argument("--json", action="store_true")
    add = sub.add_parser("add", help="add a claude or openai model")
    add.add_argument("--provider", required=True, choices=("claude", "openai"))
    add.add_argument("--model", required=True, help="model name, e.g. claude-sonnet-4-5")
    add.add_argument("--base-url", default=None,
                     help="another endpoint (an OpenAI-compatible server, a proxy)")
    _key_args(add)
    add.add_argument("--use", choices=("write", "resolve", "both"), default=None,
                     help="also select it for this purpose")
    key = sub.add_parser("key", help="replace the API key of a model")
    key.add_argument("id", type=positive_int)
    _key_args(key)
    use = sub.add_parser("use", help="select the model of a purpose")
    grp = use.add_mutually_exclusive_group(required=True)
    grp.add_argument("--write", metavar="ID", help="model id, or 'utility'")
    grp.add_argument("--resolve", metavar="ID", help="model id, or 'utility'")
    grp.add_argument("--both", metavar="ID", help="model id, or 'utility'")
    rm = sub.add_parser("remove", help="delete a model (its purposes fall back to 'utility')")
    rm.add_argument("id", type=positive_int)
    test = sub.add_parser("test", help="send one tiny request to a model")
    test.add_argument("id", help="model id, or 'write' / 'resolve' for the selected one")
    test.add_argument("--timeout", type=float, default=30.0)


def _key_args(p) -> None:
    g = p.add_mutually_exclusive_group(required=True)
    g.add_argument("--key-env", metavar="VAR", help="read the API key from this variable")
    g.add_argument("--key-stdin", action="store_true", help="read the API key from stdin")


def _read_key(args) -> str:
    if args.key_env:
        value = os.environ.get(args.key_env, "").strip()
        if not value:
            raise UserFacingError(f"the environment variable {args.key_env} is empty or unset")
        return value
    value = sys.stdin.readline().strip()
    if not value:
        raise UserFacingError("no API key on standard input")
    return value


def _model_id(text: str):
    if text.strip().lower() in ("utility", "none", "default", ""):
        return None
    try:
        return int(text)
    except ValueError:
        raise UserFacingError(f"expected a model id or 'utility', not {text!r}") from None


def run(args) -> int:
    from ..llm import model_table as mt
    from ..llm.keys import KeyRing

    action = args.action or "list"
    svc = service()
    try:
        db = database(svc)
        ring = KeyRing(svc.home)

        async def go():
            async with db.pool.acquire() as conn:
                if action == "list":
                    rows = [m.public(ring) for m in await mt.list_models(conn)]
                    chosen = {}
                    for purpose in (mt.WRITE, mt.RESOLVE):
                        pack = getattr(svc.config, mt.PURPOSE_KEYS[purpose])
                        chosen[purpose] = await mt.selected_model_id(conn, purpose, pack)
                    return {"models": rows, "selected": {p: {"id": i, "source": s}
                                                         for p, (i, s) in chosen.items()}}
                if action == "add":
                    mid = await mt.add_model(conn, ring, args.provider, args.model,
                                             _read_key(args), args.base_url)
                    for purpose in _purposes(args.use):
                        await mt.select_model(conn, purpose, mid)
                    return {"id": mid}
                if action == "key":
                    if not await mt.set_key(conn, ring, args.id, _read_key(args)):
                        raise UserFacingError(f"no model with id {args.id}")
                    return {"id": args.id}
                if action == "use":
                    which = "write" if args.write else "resolve" if args.resolve else "both"
                    mid = _model_id(args.write or args.resolve or args.both)
                    for purpose in _purposes(which):
                        await mt.select_model(conn, purpose, mid)
                    return {"purposes": _purposes(which), "id": mid}
                if action == "remove":
                    if not await mt.remove_model(conn, args.id):
                        raise UserFacingError(f"no model with id {args.id}")
                    return {"removed": args.id}
                if action == "test":
                    return await _test(conn, ring, svc, args)
            raise UserFacingError(f"unknown action {action!r}")

        try:
            data = svc.io.call(go(), 120)
        except ValueError as exc:
            raise UserFacingError(str(exc)) from None
    finally:
        svc.close()
    _print(action, data, getattr(args, "json", False))
    return 0 if data.get("ok", True) else 1


def _purposes(which):
    if which is None:
        return []
    return ["write", "resolve"] if which == "both" else [which]


async def _test(conn, ring, svc, args) -> dict:
    from ..llm import model_table as mt
    from ..llm.providers import ProviderError, build_provider

    if args.id in (mt.WRITE, mt.RESOLVE):
        pack = getattr(svc.config, mt.PURPOSE_KEYS[args.id])
        try:
            provider = await mt.provider_for(conn, ring, args.id, pack)
        except ProviderError as exc:
            return {"ok": False, "error": str(exc)}
    else:
        row = await mt.get_model(conn, _model_id(args.id) or -1)
        if row is None:
            raise UserFacingError(f"no model with id {args.id}")
        try:
            provider = build_provider(row.provider, row.model_name, ring.decrypt(row.api_key or ""),
                                      row.base_url)
        except Exception as exc:
            return {"ok": False, "error": str(exc)}
    t0 = time.monotonic()
    try:
        text = await provider.complete("Answer with the single word: ok", "Say ok.",
                                       timeout=args.timeout, max_tokens=16)
    except ProviderError as exc:
        return {"ok": False, "model": provider.label, "error": str(exc)}
    finally:
        await provider.aclose()
    return {"ok": True, "model": provider.label, "answer_chars": len(text),
            "seconds": round(time.monotonic() - t0, 3)}


def _print(action: str, data: dict, as_json: bool) -> None:
    from ..redact import redact_secrets

    if action == "test":  # an endpoint's answer or error may echo the key back
        data = {k: redact_secrets(v) if isinstance(v, str) else v for k, v in data.items()}
    if as_json or action == "test" and not data.get("ok", True):
        print_json(data)
        return
    if action == "list":
        if not data["models"]:
            print("no models: the write path and the resolution job use Agent Zero's utility "
                  "model")
        for m in data["models"]:
            url = f" at {m['base_url']}" if m["base_url"] else ""
            print(f"#{m['id']:<3} {m['provider']:<7} {m['model_name']}{url}  key {m['api_key']}")
        for purpose, sel in data["selected"].items():
            who = f"model #{sel['id']}" if sel["id"] is not None else "Agent Zero's utility model"
            print(f"{purpose:<8} -> {who} ({sel['source']})")
    elif action == "add":
        print(f"added model #{data['id']}")
    elif action == "key":
        print(f"key of model #{data['id']} replaced")
    elif action == "use":
        who = f"model #{data['id']}" if data["id"] is not None else "Agent Zero's utility model"
        print(f"{' and '.join(data['purposes'])} -> {who}")
    elif action == "remove":
        print(f"removed model #{data['removed']}")
    elif action == "test":
        print(f"{data['model']}: answered in {data['seconds']} s")
