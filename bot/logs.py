"""Logging setup with one rule: the bot token never reaches a log line, not even in a traceback."""

from __future__ import annotations

import logging
import sys

REDACTED = "[redacted token]"


class RedactTokenFilter(logging.Filter):
    def __init__(self, secret: str | None) -> None:
        super().__init__()
        self.secret = secret or None

    def redact(self, text: str) -> str:
        return text.replace(self.secret, REDACTED) if self.secret else text

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.secret:
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


def setup_logging(level: str, secret: str | None) -> logging.Handler:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s"))
    handler.addFilter(RedactTokenFilter(secret))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(level)
    # This bot has no voice features: discord.py's "voice will NOT be supported" warnings are noise.
    logging.getLogger("discord.client").addFilter(lambda r: "voice will NOT be supported" not in r.getMessage())
    # discord.py's HTTP debug lines are noisy and echo request bodies; keep them at INFO at most.
    logging.getLogger("discord.http").setLevel(max(logging.INFO, root.level))
    return handler
