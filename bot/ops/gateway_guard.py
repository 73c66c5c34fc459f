"""Malformed gateway frames are logged and dropped instead of ending the process.

discord.py parses every frame inside `DiscordWebSocket.received_message`; a frame that is not JSON,
not an object, a corrupt zlib chunk, or an event missing fields its parser expects (a message
without `author`, an interaction without `token`, a guild with a non-numeric id) raises out of the
gateway loop and closes the client. The library offers no hook there, so its method is wrapped
once per process, keeping the control-flow exceptions it uses to reconnect.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from discord.errors import ConnectionClosed
from discord.gateway import DiscordWebSocket, ReconnectWebSocket

log = logging.getLogger(__name__)
_PASS_THROUGH = (ReconnectWebSocket, ConnectionClosed)


def install() -> None:
    original = DiscordWebSocket.received_message
    if getattr(original, "__tpsbot_guarded__", False):
        return

    async def received_message(self: DiscordWebSocket, msg: Any, /) -> None:
        try:
            await original(self, msg)
        except _PASS_THROUGH:
            raise
        except Exception as exc:  # noqa: BLE001 - one bad frame must not end the bot
            preview = msg[:200] if isinstance(msg, (str, bytes)) else type(msg).__name__
            log.warning("Dropped a malformed gateway frame on shard %s (%s: %s): %r",
                        self.shard_id, type(exc).__name__, exc, preview)
        # The gateway loop reads buffered frames without ever suspending: in a burst it would parse
        # all 1,000 events before the first handler could acknowledge one. Let handlers run
        # between frames.
        await asyncio.sleep(0)

    received_message.__tpsbot_guarded__ = True  # type: ignore[attr-defined]
    DiscordWebSocket.received_message = received_message  # type: ignore[method-assign]
