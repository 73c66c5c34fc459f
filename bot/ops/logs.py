"""Logging setup with one rule: the bot token never reaches a log line, not even in a traceback.

Text (default) or JSON lines (TPSBOT_LOG_FORMAT=json: one object per line with time, level, logger,
message and the record's `extra` fields, for log collectors). DEBUG never shows the raw gateway
payloads discord.py would print for every event, messages the bot ignores included.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

REDACTED = "[redacted token]"


class RedactTokenFilter(logging.Filter):
    """Removes the token, and any other secret given (the state database URL's password), from
    every line: message, arguments, traceback."""

    def __init__(self, secret: str | None, others: Sequence[str] = ()) -> None:
        super().__init__()
        self.secret = secret or None
        # Longest first: a secret that contains another is removed whole.
        self.others = sorted((s for s in others if s and s != secret), key=len, reverse=True)

    def redact(self, text: str) -> str:
        text = text.replace(self.secret, REDACTED) if self.secret else text
        for other in self.others:
            text = text.replace(other, "***")
        return text

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.secret and not self.others:
            return True
        # Render once here so that neither the format string nor its arguments can leak the token.
        record.msg = self.redact(record.getMessage())
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redact(record.stack_info)
        return True


# LogRecord's own attributes; anything else on a record came from `extra=` and goes into JSON output.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime", "taskName"}


# JSON numbers beyond 2**53 lose digits in jq and JavaScript (…504002 reads back as …504000): Discord
# ids (64-bit snowflakes) are written as strings, always, so a field has one type whatever its value.
_SAFE_INTEGER = 2**53 - 1
_ID_FIELDS = frozenset({"user", "guild", "channel", "server"})


def _json_value(key: str, value: Any) -> Any:
    if type(value) is int and (key in _ID_FIELDS or key.endswith("_id") or abs(value) > _SAFE_INTEGER):
        return str(value)
    return value


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        data: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname, "logger": record.name, "message": record.getMessage(),
        }
        data.update({k: _json_value(k, v) for k, v in vars(record).items()
                     if k not in _STANDARD and not k.startswith("_")})
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            data["traceback"] = record.exc_text
        return json.dumps(data, ensure_ascii=False, default=str)


def _no_gateway_payloads(record: logging.LogRecord) -> bool:
    # discord.gateway logs every received event with its whole payload at DEBUG ("WebSocket Event:
    # {...}"), message texts of people the bot ignores included: never pass those on.
    return not str(record.msg).startswith("For Shard ID %s: WebSocket Event")


def setup_logging(level: str, secret: str | None, fmt: str = "text", others: Sequence[str] = ()) -> logging.Handler:
    handler = logging.StreamHandler(sys.stderr)
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s"))
    handler.addFilter(RedactTokenFilter(secret, others))
    logging.getLogger("discord.gateway").addFilter(_no_gateway_payloads)
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(level)
    # This bot has no voice features: discord.py's "voice will NOT be supported" warnings are noise.
    logging.getLogger("discord.client").addFilter(lambda r: "voice will NOT be supported" not in r.getMessage())
    # discord.py's HTTP debug lines are noisy and echo request bodies; keep them at INFO at most.
    logging.getLogger("discord.http").setLevel(max(logging.INFO, root.level))
    return handler
