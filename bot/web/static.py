"""The pages' own stylesheet, script and icon (bot/web/static/), served by tpsbot itself: no CDN, no request
to anyone else. Each is read once; its URL carries a hash of its content (`/static/site.css?v=…`), so
a browser may keep it for a year and still gets the new file after an upgrade; ETag answers a revalidation
with 304."""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from msgspec import Struct

FOLDER = Path(__file__).parent / "static"
TYPES = {".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml"}
FILES = ("site.css", "site.js", "icon.svg")


class Asset(Struct, frozen=True):
    body: bytes
    content_type: str
    etag: str  # quoted, as the header carries it

    @property
    def version(self) -> str:
        return self.etag.strip('"')


@cache
def asset(name: str) -> Asset | None:
    if name not in FILES:
        return None
    body = (FOLDER / name).read_bytes()
    digest = hashlib.blake2b(body, digest_size=8).hexdigest()
    return Asset(body, TYPES[Path(name).suffix], f'"{digest}"')


def url(name: str) -> str:
    found = asset(name)
    assert found is not None, name
    return f"/static/{name}?v={found.version}"
