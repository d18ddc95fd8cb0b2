"""Values that start with a number: ports, street addresses, phone numbers and an amount said to be wrong
(pure logic)."""

from __future__ import annotations

import re

from festinger.core.contradiction.grammar.objects import parse_quantity
from festinger.core.contradiction.grammar.relations import Ctx, emit
from festinger.core.contradiction.text.subject import Subject, Token
from festinger.core.contradiction.grammar.dialled import PHONE_TEXT_RE
from festinger.core.contradiction.grammar.numeric_dates import numeric_date
from festinger.core.contradiction.grammar.values import Value, date_value, street_value

__all__ = ["DATE_HEADS", "denied_quantity", "parse_date", "parse_phone", "parse_port", "parse_street"]


def parse_port(subject: Subject, neg: bool, body: list[Token], ctx: Ctx, several: bool = False) -> None:
    # body starts with "port"; `several`: the verb holds many ports at once ("exposes port 80")
    if len(body) < 2 or not re.fullmatch(r"\d{1,5}", body[1].low):
        return
    port = int(body[1].low)
    if not 0 < port < 65536:
        return
    rest = body[2:]
    denied: list[Value] = []
    if len(rest) >= 3 and rest[0].low == "," and rest[1].low == "not" and re.fullmatch(r"\d{1,5}", rest[2].low):
        # "is 8081, not 8080": the port it replaces
        denied, rest = [_port_value(int(rest[2].low))], rest[3:]
    if rest and rest[0].low in ("and", "or", "&", ","):
        return  # several ports
    emit(ctx, f"{subject.key} port", "value", [_port_value(port)], subject=subject, rest=rest, neg=neg,
         exclusive=not (neg or several), denied=denied)


def _port_value(port: int) -> Value:
    return Value("quantity", str(port), f"port {port}", number=float(port), unit="port")


def parse_street(subject: Subject, neg: bool, rest: list[Token], ctx: Ctx) -> bool:
    """"The user's address is 9 Elm Road" / "The user lives at 9 Elm Road": one street address."""
    if any(w in subject.key.split() for w in ("email", "ip", "mac", "web", "ipv4", "ipv6", "mail")):
        return False
    words: list[str] = []
    for t in rest[:6]:
        if t.punct or t.quoted:
            break
        words.append(t.text)
    found = street_value(words)
    if found is None:
        return False
    tail = rest[found[1]:]
    if tail and tail[0].low == ",":
        tail = []  # ", Apt 4", ", Springfield": narrows the address down, never a scope
    if not neg:
        emit(ctx, subject.key, "value", [found[0]], subject=subject, rest=tail, exclusive=True)
    return True


def denied_quantity(tail: list[Token]) -> tuple[list[Value], list[Token]]:
    """"is $1,650, not $1,500" / "is 10 instead of 9": the amount said to be wrong, and what is left."""
    k = 1 if tail and tail[0].low == "," else 0
    if len(tail) > k + 1 and tail[k].low == "not":
        k += 1
    elif len(tail) > k + 2 and tail[k].low == "instead" and tail[k + 1].low == "of":
        k += 2
    else:
        return [], tail
    q = parse_quantity(tail, k)
    if q is None or q[1]:
        return [], tail
    return [q[0]], tail[q[2]:]


_PHONE_HEADS = ("phone", "mobile", "cell", "number")


def parse_phone(subject: Subject, neg: bool, rest: list[Token], ctx: Ctx) -> bool:
    """"The user's phone number is +1 212 555 0147": digits are the value, spacing and a country
    code are format ("(415) 555-0123" is "+1 415 555 0123"). "phone number" is "phone"."""
    words = subject.key.split()
    if subject.head not in _PHONE_HEADS or "fax" in words or (subject.head == "number" and len(words) < 2):
        return False
    if subject.head == "number" and words[-2] not in ("phone", "mobile", "cell", "telephone"):
        return False
    parts: list[str] = []
    k = 0
    while k < len(rest) and not rest[k].quoted and (not rest[k].punct or rest[k].low in "()") and len(parts) < 8:
        parts.append(rest[k].text)
        k += 1
    text = " ".join(parts)
    digits = "".join(c for c in text if c.isdigit())
    if not PHONE_TEXT_RE.match(text) or not 7 <= len(digits) <= 15:
        return False
    key = " ".join(words[:-1]) if subject.head == "number" else subject.key
    if not neg:
        # People have several numbers (work, home, a second SIM): only an announced change replaces one.
        emit(ctx, key, "value", [Value("phone", digits, text)], subject=subject, rest=rest[k:])
    return True


# Keys that hold one calendar date ("the user's birthday"); a flight or a meeting may have several.
DATE_HEADS = frozenset("birthday birthdate dob anniversary nameday".split())


def parse_date(subject: Subject, neg: bool, rest: list[Token], ctx: Ctx) -> bool:
    """"The user's birthday is March 5" / "is on 5 March 1990" / "is 1990-03-05": one date a year."""
    if subject.head not in DATE_HEADS and not (subject.head in ("date", "deadline") and len(subject.key.split()) > 1):
        return False
    words: list[str] = []
    for t in rest[:5]:
        if t.punct and t.low != ",":
            break
        words.append(t.text)
    numeric = numeric_date(words[0]) if words else None  # "1990-04-03", "03.04.1990": one date
    found = (numeric, 1) if numeric is not None else date_value([w for w in words if w != ","])
    if found is None or "," in words[:found[1]] and not found[0].unit:
        return False
    used = found[1] + (1 if numeric is None and found[0].unit and "," in words[:found[1] + 1] else 0)
    if not neg:
        emit(ctx, subject.key, "value", [found[0]], subject=subject, rest=rest[used:], exclusive=True)
    return True
