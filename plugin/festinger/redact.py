"""The one place that removes secrets from text before it is printed, logged or stored.

Everything that shows a DSN or an API key goes through here: `festinger config` and `db`,
error messages, log records (a filter on the pack's logger), the journal header, `models
test` output. Redaction keeps what an operator needs to recognise the thing (scheme, user,
host, database, the first characters of nothing secret) and replaces every secret by `***`.

DSN forms handled (libpq's and asyncpg's):

    postgresql://user:pa/ss#w?rd@host:5432/db     unencoded / # ? @ in the password
    postgresql://user:p%40ss@host/db?sslpassword=x&password=y
    host=h user=u password=secret sslpassword='with spaces \\' and quotes'

A URL's password is everything between the user's ``:`` and the ``@`` that starts the host
list; with an unencoded ``@`` in the password that ``@`` is ambiguous, so the LAST ``@``
followed by something shaped like a host is taken: when in doubt more is hidden, never less.
"""

from __future__ import annotations

import logging
import re
from typing import Iterable, Optional

MASK = "***"
# Query/keyword parameters that carry a secret (libpq: password, sslpassword; anything
# ending in "password"; and the key-ish names other tools put in DSNs and settings).
_SECRET_KEY = r"[A-Za-z_]*(?:password|passwd|pwd|secret|api[_-]?key|access[_-]?token|auth[_-]?token)"
_KEYWORD_RE = re.compile(
    rf"(?i)\b({_SECRET_KEY})(\s*[=:]\s*)('(?:[^'\\]|\\.)*'?|\"(?:[^\"\\]|\\.)*\"?|[^\s&,;]+)")
_URL_RE = re.compile(r"(?i)\b([a-z][a-z0-9+.\-]*://)(\S+)")
# What may follow the "@" of a URL's userinfo: a host list (names, IPv4, [IPv6], ports,
# commas for libpq's multi-host form), then the end, a path, a query or a fragment.
_HOST_TAIL_RE = re.compile(r"[A-Za-z0-9._\-\[\]%:,]*(?:[/?#]|$)")
# Credentials that identify themselves (Anthropic, OpenAI and similar "sk-" keys, bearer
# tokens in echoed headers).
_KEY_SHAPES = (
    re.compile(r"\b(?:sk|pk|rk)-[A-Za-z0-9_\-]{6,}"),
    re.compile(r"(?i)\b(bearer\s+)[A-Za-z0-9._~+/\-]{6,}=*"),
)
MIN_ECHO = 6  # an echoed fragment of a known secret this long is hidden too


def _redact_url(scheme: str, rest: str) -> str:
    at = -1
    for i, ch in enumerate(rest):
        if ch == "@" and _HOST_TAIL_RE.match(rest, i + 1):
            at = i
    if at >= 0:
        userinfo, tail = rest[:at], rest[at + 1:]
        user, has_password, _ = userinfo.partition(":")
        # A user name never holds "/", "?" or "#": if it seems to, the split is not ours to
        # trust and the whole userinfo goes.
        if re.search(r"[/?#]", user):
            user, has_password = "", "x"
        rest = (f"{user}:{MASK}@" if has_password else f"{user}@") + tail
    return scheme + _KEYWORD_RE.sub(_mask_keyword, rest)


def _mask_keyword(m: re.Match) -> str:
    return f"{m.group(1)}{m.group(2)}{MASK}"


def redact_dsn(dsn: Optional[str]) -> str:
    """A DSN fit for logs, files and screens: every password removed, the rest kept."""
    if not dsn:
        return dsn or ""
    m = _URL_RE.match(dsn.strip())
    if m is not None and m.start() == 0:
        return _redact_url(m.group(1), dsn.strip()[len(m.group(1)):])
    return _KEYWORD_RE.sub(_mask_keyword, dsn)


def dsn_secrets(dsn: Optional[str]) -> list[str]:
    """The parts of a DSN that may hold a password: a URL's whole user-info (a password with
    an unencoded "#" or "/" breaks URL parsing, and a driver's error then quotes a piece of
    it), and the values of password-like keywords. For `redact_secrets(..., secrets=)`."""
    if not dsn:
        return []
    text = dsn.strip()
    out = []
    m = _URL_RE.match(text)
    if m is not None and m.start() == 0:
        rest = text[len(m.group(1)):]
        at = rest.rfind("@")
        if at > 0:
            out.append(rest[:at])
    out += [v for v in re.findall(r"(?i)\b(?:ssl)?password\s*=\s*'?([^\s&']+)", text) if v]
    return out


def _hide_echoes(text: str, secret: str) -> str:
    """Replace every run of `text` that shares MIN_ECHO or more consecutive characters with
    `secret` (an endpoint echoing the key back, whole or most of it)."""
    if len(secret) < MIN_ECHO or len(text) < MIN_ECHO:
        return text.replace(secret, MASK) if secret else text
    grams = {secret[i:i + MIN_ECHO] for i in range(len(secret) - MIN_ECHO + 1)}
    covered = [False] * len(text)
    for i in range(len(text) - MIN_ECHO + 1):
        if text[i:i + MIN_ECHO] in grams:
            for j in range(i, i + MIN_ECHO):
                covered[j] = True
    if not any(covered):
        return text
    out, i = [], 0
    while i < len(text):
        if covered[i]:
            while i < len(text) and covered[i]:
                i += 1
            out.append(MASK)
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def redact_secrets(text: object, secrets: Iterable[Optional[str]] = ()) -> str:
    """`text` with every DSN password, keyword secret, recognisable API key and every
    (partial) occurrence of the given `secrets` replaced by ***."""
    s = str(text)
    for secret in secrets:
        if secret:
            s = _hide_echoes(s, secret)
    s = _URL_RE.sub(lambda m: _redact_url(m.group(1), m.group(2)), s)
    s = _KEYWORD_RE.sub(_mask_keyword, s)
    for shape in _KEY_SHAPES:
        s = shape.sub(lambda m: (m.group(1) if m.groups() else "") + MASK, s)
    return s


class RedactingFilter(logging.Filter):
    """Redacts every record of the logger it is attached to (the pack's): a DSN or a key in
    an exception message never reaches a log file or another process's console."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:
            return True
        clean = redact_secrets(message)
        if clean != message:
            record.msg, record.args = clean, None
        return True
