"""aiohttp server on 127.0.0.1 (random port) speaking the REST routes and the gateway protocol the
bot uses. Everything the bot sends is recorded in `requests` / `gateway_ops` for assertions."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from . import payloads as P

JSON = "application/json"  # exactly: discord.py leaves "…; charset=utf-8" bodies as strings


@dataclass
class Recorded:
    method: str
    path: str
    json: Any
    files: list[tuple[str, int]] = field(default_factory=list)  # (filename, size)
    response: Any = None


def reply(data: Any, status: int = 200) -> web.Response:
    if data is None:
        return web.Response(status=204)
    # body= with an explicit header: text=/content_type= would append "; charset=utf-8"
    return web.Response(body=json.dumps(data).encode(), status=status, headers={"Content-Type": JSON})


class FakeDiscord:
    def __init__(self) -> None:
        self.bot_user = P.user(P.BOT_ID, "tpsbot", bot=True)
        self.guild = P.guild(self.bot_user)
        self.requests: list[Recorded] = []
        self.gateway_ops: list[dict[str, Any]] = []
        self.messages: dict[str, dict[str, Any]] = {}  # every message the bot created, by id
        self.originals: dict[str, str] = {}  # interaction token → original response message id
        self.commands: list[dict[str, Any]] = []
        self.close_on_identify: int | None = None  # e.g. 4014 to refuse privileged intents
        self.valid_token: str | None = None  # None accepts any token
        self.sockets: list[web.WebSocketResponse] = []
        self._component_message: dict[str, str] = {}  # button interaction id → message id
        self.seq = 0
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- lifecycle -------------------------------------------------------------------------------
    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=32 * 1024 * 1024)
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def stop(self) -> None:
        for ws in list(self.sockets):
            await ws.close()
        if self._runner:
            await self._runner.cleanup()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # -- waiting for the bot -----------------------------------------------------------------------
    async def _record(self, item: Any, into: list[Any]) -> None:
        async with self._changed:
            into.append(item)
            self._changed.notify_all()

    async def wait_for(self, predicate: Callable[[Any], bool], *, gateway: bool = False, timeout: float = 10) -> Any:
        """The first recorded request (or gateway op) matching predicate, waiting if needed."""
        source = self.gateway_ops if gateway else self.requests

        def find() -> Any:
            return next((r for r in source if predicate(r)), None)

        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: find() is not None), timeout)
            return find()

    def callback_for(self, interaction: dict[str, Any]) -> Callable[[Recorded], bool]:
        prefix = f"/interactions/{interaction['id']}/"
        return lambda r: r.path.startswith(prefix)

    # -- gateway ---------------------------------------------------------------------------------
    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": 45_000}})
        async for msg in ws:
            if msg.type is not WSMsgType.TEXT:
                continue
            data = json.loads(msg.data)
            await self._record(data, self.gateway_ops)
            if data["op"] == 1:
                await ws.send_json({"op": 11})
            elif data["op"] == 2:
                if self.close_on_identify:
                    await ws.close(code=self.close_on_identify)
                    break
                self.sockets.append(ws)
                await self._send(ws, "READY", {
                    "v": 10, "user": self.bot_user, "guilds": [{"id": self.guild["id"], "unavailable": True}],
                    "session_id": "fake-session", "resume_gateway_url": self.gateway_url,
                    "shard": data["d"].get("shard", [0, 1]), "application": {"id": str(P.APP_ID), "flags": 0},
                })
                await self._send(ws, "GUILD_CREATE", self.guild)
            elif data["op"] == 6:
                self.sockets.append(ws)
                await self._send(ws, "RESUMED", {})
        if ws in self.sockets:
            self.sockets.remove(ws)
        return ws

    async def _send(self, ws: web.WebSocketResponse, event: str, data: Any) -> None:
        self.seq += 1
        await ws.send_json({"op": 0, "t": event, "s": self.seq, "d": data})

    async def dispatch(self, event: str, data: Any) -> None:
        for ws in list(self.sockets):
            await self._send(ws, event, data)

    async def drop_connections(self, code: int = 4000) -> None:
        """Close every gateway socket the way a Discord outage does; the bot should resume."""
        for ws in list(self.sockets):
            self.sockets.remove(ws)
            await ws.close(code=code)

    async def send_interaction(self, payload: dict[str, Any], timeout: float = 10) -> Recorded:
        """Dispatch INTERACTION_CREATE and wait for the bot's callback."""
        await self.dispatch("INTERACTION_CREATE", payload)
        return await self.wait_for(self.callback_for(payload), timeout=timeout)

    async def send_message(self, content: str, *, author_id: int, mentions: list[dict[str, Any]] | None = None,
                           guild: bool = True, mention_everyone: bool = False) -> dict[str, Any]:
        body = {"content": content, "mentions": mentions or [], "mention_everyone": mention_everyone}
        msg = P.message(P.CHANNEL_ID, P.user(author_id, f"user{author_id % 10000}"), body,
                        guild_id=P.GUILD_ID if guild else None)
        await self.dispatch("MESSAGE_CREATE", msg)
        return msg

    # -- REST ------------------------------------------------------------------------------------
    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        body, files = await self._body(request)
        rec = Recorded(request.method, path, body, files)
        if path == "/users/@me" and self.valid_token and request.headers.get("Authorization") != f"Bot {self.valid_token}":
            rec.response = {"message": "401: Unauthorized", "code": 0}
            await self._record(rec, self.requests)
            return reply(rec.response, 401)
        rec.response = self._answer(request.method, path.split("/")[1:], body, files)
        await self._record(rec, self.requests)
        if rec.response is NotImplemented:
            return reply({"message": "Unknown route", "code": 0}, 404)
        return reply(rec.response)

    async def _body(self, request: web.Request) -> tuple[Any, list[tuple[str, int]]]:
        if request.content_type.startswith("multipart/"):
            body, files = None, []
            reader = await request.multipart()
            async for part in reader:
                data = await part.read()  # type: ignore[union-attr]
                if part.name == "payload_json":  # type: ignore[union-attr]
                    body = json.loads(data)
                else:
                    files.append((part.filename or "", len(data)))  # type: ignore[union-attr]
            return body, files
        text = await request.text()
        return (json.loads(text) if text else None), []

    def _new_message(self, channel_id: Any, body: dict[str, Any] | None, files: list[tuple[str, int]]) -> dict[str, Any]:
        body = dict(body or {})
        body["attachments"] = [{"id": str(P.snowflake()), "filename": name, "size": size, "url": f"http://x/{name}",
                                "proxy_url": f"http://x/{name}"} for name, size in files]
        msg = P.message(int(channel_id), self.bot_user, body)
        self.messages[msg["id"]] = msg
        return msg

    def _edit(self, mid: str, body: dict[str, Any] | None, files: list[tuple[str, int]]) -> dict[str, Any]:
        msg = self.messages[mid]
        for key in ("content", "embeds", "components", "flags"):
            if body and key in body:
                msg[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        if files:
            msg["attachments"] = self._new_message(msg["channel_id"], {}, files)["attachments"]
        return msg

    def _answer(self, method: str, parts: list[str], body: Any, files: list[tuple[str, int]]) -> Any:
        match method, parts:
            case "GET", ["users", "@me"]:
                return self.bot_user
            case "GET", ["oauth2", "applications", "@me"]:
                return {"id": str(P.APP_ID), "name": "tpsbot", "icon": None, "description": "", "bot_public": True,
                        "bot_require_code_grant": False, "verify_key": "0" * 64, "flags": 0, "team": None,
                        "owner": P.user(P.OWNER_ID, "owner")}
            case "GET", ["gateway", "bot"]:
                return {"url": self.gateway_url, "shards": 1, "session_start_limit": {
                    "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}
            case "PUT", ["applications", _, "commands"]:
                self.commands = [dict(c, id=str(P.snowflake()), application_id=str(P.APP_ID), version="1")
                                 for c in body]
                return self.commands
            case "GET", ["applications", _, "commands"]:
                return self.commands
            case "POST", ["interactions", iid, token, "callback"]:
                return self._callback(iid, token, body, files)
            case "POST", ["webhooks", _, token]:
                return self._new_message(P.CHANNEL_ID, body, files)
            case "GET" | "PATCH", ["webhooks", _, token, "messages", mid]:
                mid = self.originals.get(token, "") if mid == "@original" else mid
                return self._edit(mid, body, files) if method == "PATCH" else self.messages[mid]
            case "POST", ["channels", cid, "messages"]:
                return self._new_message(cid, body, files)
            case "PATCH", ["channels", _, "messages", mid]:
                return self._edit(mid, body, files)
            case "POST", ["channels", _, "typing"]:
                return None
        return NotImplemented

    def _callback(self, iid: str, token: str, body: dict[str, Any], files: list[tuple[str, int]]) -> Any:
        kind = body["type"]
        data = body.get("data") or {}
        interaction = {"id": iid, "type": 2, "response_message_loading": kind == 5,
                       "response_message_ephemeral": bool((data.get("flags") or 0) & 64)}
        if kind in (4, 5):
            msg = self._new_message(P.CHANNEL_ID, data, files)
            self.originals[token] = msg["id"]
        elif kind == 7:
            msg = self._edit(self._component_message[iid], data, files)
        else:
            return {"interaction": interaction, "resource": {"type": kind}}
        interaction["response_message_id"] = msg["id"]
        return {"interaction": interaction, "resource": {"type": kind, "message": msg}}

    def press(self, message_id: str, custom_id: str, *, user_id: int, locale: str = "en-US") -> dict[str, Any]:
        """The INTERACTION_CREATE payload of a button press on a message the bot sent."""
        msg = self.messages[message_id]
        payload = P.interaction(3, {"custom_id": custom_id, "component_type": 2}, user_id=user_id, locale=locale,
                                msg=msg)
        self._component_message[payload["id"]] = message_id
        return payload
