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
_IPV6 = "an IPv6 address goes in [ ], e.g. [::1]:5432"


def _printable(text: str) -> str:
    # A byte that is not UTF-8 reaches Python as a lone surrogate: printing it would raise.
    return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in text)


def _split(url: str) -> tuple[str, str | None, str, str, str]:
    """→ (scheme://, user-info or None, hosts, path, ?query#fragment) by plain string cuts (no parsing
    that can fail). The user-info ends at the last @ before any ? or #, so that a / or an @ left
    unencoded in a password stays in the password."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        return "", None, "", url, ""
    head = rest[:min((i for i in (rest.find(c) for c in "?#") if i >= 0), default=len(rest))]
    userinfo: str | None = None
    if "@" in head:
        at = head.rindex("@")
        userinfo, rest = rest[:at], rest[at + 1:]
    end = min((i for i in (rest.find(c) for c in "/?#") if i >= 0), default=len(rest))
    hosts, tail = rest[:end], rest[end:]
    cut = min((i for i in (tail.find(c) for c in "?#") if i >= 0), default=len(tail))
    return scheme + sep, userinfo, hosts, tail[:cut], tail[cut:]


def _params(rest: str) -> list[str]:
    """The query's parameters and their separators, in order (`a=1`, `&`, `b=2`)."""
    return re.split(r"([&;])", rest.partition("#")[0].removeprefix("?")) if rest.startswith("?") else []


def _secret_param(param: str) -> bool:
    name, eq, _ = param.partition("=")
    return bool(eq) and _SECRET_PARAM.search(urllib.parse.unquote(name)) is not None


def mask(url: str) -> str:
    """The URL with every secret replaced by ***: safe to print or log."""
    scheme, userinfo, hosts, path, rest = _split(url)
    shown = scheme
    if userinfo is not None:
        shown += (f"{userinfo.split(':', 1)[0]}:{MASK}" if ":" in userinfo else userinfo) + "@"
    shown += hosts + path
    if rest.startswith("?"):
        shown += "?" + "".join(f"{p.partition('=')[0]}={MASK}" if _secret_param(p) else p for p in _params(rest))
    if "#" in rest:
        shown += "#" + (MASK if rest.partition("#")[2] else "")
    return _printable(shown)


def secrets(url: str) -> list[str]:
    """Every secret in the URL, as written and decoded: the log filter removes them from any line."""
    _, userinfo, _, _, rest = _split(url)
    found = [userinfo.split(":", 1)[1]] if userinfo is not None and ":" in userinfo else []
    found += [p.partition("=")[2] for p in _params(rest) if _secret_param(p)]
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
    _, userinfo, hosts, _, _ = _split(url)
    if userinfo is not None and ("/" in userinfo or "@" in userinfo):  # asyncpg would cut the URL there
        raise ValueError("a / or @ in the user name or password must be %-encoded (%2F, %40)")
    try:
        urllib.parse.unquote_to_bytes(userinfo or "").decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("the user name or password is not UTF-8 once %-decoded") from None
    for host in hosts.split(","):
        _check_host(host)
    return url


def _check_host(host: str) -> None:
    if host.startswith("["):
        name, bracket, port = host[1:].partition("]")
        if not bracket or not name or (port and not port.startswith(":")):
            raise ValueError(f"the URL cannot be read ({_IPV6})")
        port = port[1:]
    else:
        name, _, port = host.partition(":")
        if "[" in host or "]" in host:
            raise ValueError(f"the URL cannot be read ({_IPV6})")
    if port and not (_PORT.fullmatch(port) and 1 <= int(port) <= 65535):
        # Quoted only when it is digits: text there may be a password with a / left unencoded.
        shown = f"the port {port}" if port.isascii() and port.isdigit() else "a port"
        raise ValueError(f"{shown[:30]} is not a number from 1 to 65535")
