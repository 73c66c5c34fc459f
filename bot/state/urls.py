"""PostgreSQL URLs as the operator gives them (TPSBOT_DATABASE_URL, --database-url, --to): checked
before any connection, and shown only masked.

A URL may carry secrets in several places: `user:password@`, and query parameters such as
`?password=` or `?sslpassword=` (libpq's and asyncpg's names). `mask()` hides every one of them and
never raises, whatever the URL's shape (several hosts, a broken IPv6 bracket, bytes that are not
UTF-8); `check()` refuses, in one sentence that does not quote the URL, what asyncpg would fail on
with a traceback. Import-light: the settings use both without loading asyncpg.
"""

from __future__ import annotations

import re
import urllib.parse

SCHEMES = ("postgresql://", "postgres://")
MASK = "***"
# Query parameters whose value is a secret (password, sslpassword…) or may be one (a token).
_SECRET_PARAM = re.compile(r"pass|secret|token", re.IGNORECASE)
_PORT = re.compile(r"[0-9]{1,5}")


def _printable(text: str) -> str:
    # A byte that is not UTF-8 reaches Python as a lone surrogate: printing it would raise.
    return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in text)


def _split(url: str) -> tuple[str, str, str, str]:
    """→ (scheme://, netloc, path, query#fragment) by plain string cuts (no parsing that can fail)."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        return "", "", url, ""
    end = min((i for i in (rest.find(c) for c in "/?#") if i >= 0), default=len(rest))
    netloc, tail = rest[:end], rest[end:]
    cut = min((i for i in (tail.find(c) for c in "?#") if i >= 0), default=len(tail))
    return scheme + sep, netloc, tail[:cut], tail[cut:]


def mask(url: str) -> str:
    """The URL with every secret replaced by ***: safe to print or log."""
    scheme, netloc, path, rest = _split(url)
    userinfo, at, hosts = netloc.rpartition("@")
    if at and ":" in userinfo:
        netloc = f"{userinfo.split(':', 1)[0]}:{MASK}@{hosts}"
    query, hash_, fragment = rest.partition("#")
    if query.startswith("?"):
        params = []
        for param in re.split(r"([&;])", query[1:]):
            name, eq, _value = param.partition("=")
            params.append(f"{name}={MASK}" if eq and _SECRET_PARAM.search(urllib.parse.unquote(name)) else param)
        query = "?" + "".join(params)
    return _printable(scheme + netloc + path + query + (hash_ + MASK if hash_ and fragment else hash_))


def secrets(url: str) -> list[str]:
    """Every secret in the URL, as written and decoded: the log filter removes them from any line."""
    _, netloc, _, rest = _split(url)
    found = []
    userinfo, at, _ = netloc.rpartition("@")
    if at and ":" in userinfo:
        found.append(userinfo.split(":", 1)[1])
    for param in re.split(r"[&;]", rest.partition("#")[0].removeprefix("?")):
        name, eq, value = param.partition("=")
        if eq and _SECRET_PARAM.search(urllib.parse.unquote(name)):
            found.append(value)
    out = set()
    for value in found:
        if value:
            out |= {value, urllib.parse.unquote(value)}
    return sorted(v for v in out if len(v) >= 3)  # masking "a" everywhere would garble every line


def check(url: str) -> str:
    """The URL if asyncpg can use it; else ValueError with one sentence (the URL not quoted: it may
    hold a password)."""
    if not url.startswith(SCHEMES):
        raise ValueError("must be a postgresql://user:password@host:port/database URL")
    # A lone surrogate is a byte Python could not decode; U+FFFD is one the command line replaced.
    if any("\ud800" <= ch <= "\udfff" or ch == "\ufffd" for ch in url):
        raise ValueError("the URL contains a byte that is not UTF-8 (write such characters %-encoded, e.g. %C3%A9)")
    try:
        parts = urllib.parse.urlsplit(url)
    except ValueError as exc:  # "Invalid IPv6 URL": a [ without its ]
        raise ValueError(f"the URL cannot be read ({exc}: an IPv6 address goes in [ ])") from None
    userinfo, _, hosts = parts.netloc.rpartition("@")
    try:
        urllib.parse.unquote_to_bytes(userinfo).decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("the user name or password is not UTF-8 once %-decoded") from None
    for host in hosts.split(","):
        _check_host(host)
    return url


def _check_host(host: str) -> None:
    if host.startswith("["):
        name, bracket, port = host[1:].partition("]")
        if not bracket or not name or (port and not port.startswith(":")):
            raise ValueError("the URL cannot be read (an IPv6 address goes in [ ], e.g. [::1]:5432)")
        port = port[1:]
    else:
        name, _, port = host.partition(":")
        if "[" in host or "]" in host:
            raise ValueError("the URL cannot be read (an IPv6 address goes in [ ], e.g. [::1]:5432)")
    if port and not (_PORT.fullmatch(port) and 1 <= int(port) <= 65535):
        raise ValueError(f"the port {_printable(port)[:20]!r} is not a number from 1 to 65535")
