"""aiohttp server on 127.0.0.1 (random port) speaking the REST routes and the gateway protocol the
bot uses, and refusing what Discord refuses. Everything the bot sends is recorded in `requests` /
`gateway_ops` for assertions.

Strict on purpose (each rule is one a real deployment trips over):
- interactions: the initial response within `deadline` s (else 404 / 10062), once (400 / 40060); the
  token lives `token_lifetime` s; after a deferred message response the first follow-up *edits* the
  "thinking…" message and keeps its visibility, whatever flags it carries;
- command PUT and message bodies are validated (rules.py) → 400 / 50035;
- per-channel permissions of the bot (overwrites sent to the bot in GUILD_CREATE, so
  `permissions_for(me)` sees them too) → 403 / 50013 (50001 without View Channel); replies to
  system messages are refused;
- the Message Content intent: content is empty unless granted, mentioned, in a DM or the bot's own;
  guild messages need GUILD_MESSAGES, DMs DIRECT_MESSAGES;
- 429 with `retry_after` and X-RateLimit-* headers on routes chosen by the test (`limit_route`);
- gateway: heartbeats (ACKed unless `ack_heartbeats` is False), op 7 reconnect, op 9 invalid session,
  resume with replay of missed events, several shards (a guild's events go to shard
  (guild_id >> 22) % shards; DMs to shard 0), 4011 when sharding is required but IDENTIFY has none;
- two applications (token → application id, bot user, command set);
- user installs: a command reaches the bot only from an install type and context it declared.

Every 401/403/429 (except shared-scope 429s) is counted in `invalid_requests`: Discord bans a bot
temporarily after 10,000 of them in 10 minutes.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from . import payloads as P
from .rules import command_problems, message_problems

JSON = "application/json"  # exactly: discord.py leaves "…; charset=utf-8" bodies as strings
GUILD_MESSAGES, DIRECT_MESSAGES, MESSAGE_CONTENT = 1 << 9, 1 << 12, 1 << 15
SYSTEM_TYPES = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 21, 22, 24}


@dataclass
class Recorded:
    method: str
    path: str
    json: Any
    files: list[tuple[str, int]] = field(default_factory=list)  # (filename, size)
    response: Any = None
    status: int = 200
    at: float = 0.0  # monotonic time the fake answered


class Refused(Exception):
    def __init__(self, status: int, code: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status, self.code, self.extra = status, code, extra

    def body(self) -> dict[str, Any]:
        return {"message": str(self), "code": self.code, **self.extra}


def invalid_form(problems: list[str]) -> Refused:
    return Refused(400, 50035, "Invalid Form Body", errors=problems)


@dataclass
class App:
    app_id: int
    bot_user: dict[str, Any]
    commands: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Pending:
    """An interaction Discord sent, as Discord tracks it."""

    payload: dict[str, Any]
    created: float
    acked: int | None = None  # response type
    ephemeral: bool = False
    original: str | None = None  # message id
    loading: bool = False  # deferred message response not yet edited

    @property
    def app_id(self) -> str:
        return str(self.payload["application_id"])


@dataclass
class Session:
    session_id: str
    shard: tuple[int, int]
    intents: int
    app: App
    ws: web.WebSocketResponse | None = None
    seq: int = 0
    sent: list[tuple[int, dict[str, Any]]] = field(default_factory=list)  # replayed on resume


def reply(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    if data is None:
        return web.Response(status=204, headers=headers)
    # body= with an explicit header: text=/content_type= would append "; charset=utf-8"
    return web.Response(body=json.dumps(data).encode(), status=status,
                        headers={"Content-Type": JSON, **(headers or {})})


def route_key(method: str, path: str) -> str:
    """'POST /channels/{}/messages': ids and tokens replaced, as Discord groups routes."""
    return f"{method} " + re.sub(r"/(\d+|tok\d+|@original)(?=/|$)", "/{}", path)


class FakeDiscord:
    def __init__(self) -> None:
        self.bot_user = P.user(P.BOT_ID, "tpsbot", bot=True)
        self.primary = App(P.APP_ID, self.bot_user)
        self.apps: dict[str, App] = {}  # token → application; others get `primary` (unless valid_token)
        self.guild = P.guild(self.bot_user)
        self.guilds = [self.guild]
        self.requests: list[Recorded] = []
        self.gateway_ops: list[dict[str, Any]] = []
        self.messages: dict[str, dict[str, Any]] = {}  # every message, the bot's and the users', by id
        self.originals: dict[str, str] = {}  # interaction token → original response message id
        self.interactions: dict[str, Pending] = {}  # by interaction id
        self._by_token: dict[str, Pending] = {}
        self.close_on_identify: int | None = None  # e.g. 4014 to refuse privileged intents
        self.valid_token: str | None = None  # None accepts any token
        self.message_content_enabled = True  # the portal's Message Content toggle
        self.shards = 1  # what GET /gateway/bot recommends; more than 1 → IDENTIFY must carry `shard`
        self.heartbeat_interval_ms = 45_000
        self.ack_heartbeats = True
        self.deadline = 3.0  # seconds to the initial interaction response
        self.token_lifetime = 15 * 60.0
        self.clock: Callable[[], float] = time.monotonic
        self.invalid_requests = 0
        self.limits: dict[str, tuple[int, float]] = {}  # route key → (every n-th request, retry_after)
        self._route_hits: dict[str, int] = {}
        self.broken: dict[str, tuple[int, int]] = {}  # route key → (requests left, status) answered with HTML
        self.sessions: list[Session] = []
        self._component_message: dict[str, str] = {}  # button interaction id → message id
        self._changed = asyncio.Condition()
        self._runner: web.AppRunner | None = None
        self.port = 0

    @property
    def commands(self) -> list[dict[str, Any]]:
        return self.primary.commands

    @property
    def sockets(self) -> list[web.WebSocketResponse]:
        return [s.ws for s in self.sessions if s.ws is not None]

    def add_application(self, token: str, app_id: int, bot_id: int, name: str = "tpsbot-dev") -> App:
        app = App(app_id, P.user(bot_id, name, bot=True))
        self.apps[token] = app
        return app

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
    def _shard_of(self, guild_id: int | None, count: int) -> int:
        return (guild_id >> 22) % count if guild_id else 0

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        await ws.send_json({"op": 10, "d": {"heartbeat_interval": self.heartbeat_interval_ms}})
        session: Session | None = None
        async for msg in ws:
            if msg.type is not WSMsgType.TEXT:
                continue
            data = json.loads(msg.data)
            await self._record(data, self.gateway_ops)
            if data["op"] == 1:
                if self.ack_heartbeats:
                    await ws.send_json({"op": 11})
            elif data["op"] == 2:
                session = await self._identify(ws, data["d"])
                if session is None:
                    break
            elif data["op"] == 6:
                session = await self._resume(ws, data["d"])
                if session is None:
                    break
        if session is not None and session.ws is ws:
            session.ws = None
        return ws

    async def _identify(self, ws: web.WebSocketResponse, d: dict[str, Any]) -> Session | None:
        token = d.get("token", "")
        app = self.apps.get(token, self.primary)
        intents = int(d.get("intents", 0))
        close = self.close_on_identify
        if self.valid_token and token != self.valid_token and token not in self.apps:
            close = close or 4004
        if intents & MESSAGE_CONTENT and not self.message_content_enabled:
            close = close or 4014
        shard = d.get("shard")
        if shard is None and self.shards > 1:
            close = close or 4011  # sharding required
        if close:
            await ws.close(code=close)
            return None
        shard_id, count = shard if shard else (0, 1)
        session = Session(f"session-{len(self.sessions) + 1}", (shard_id, count), intents, app, ws)
        self.sessions.append(session)
        mine = [g for g in self.guilds if self._shard_of(int(g["id"]), count) == shard_id]
        await self._send(session, "READY", {
            "v": 10, "user": app.bot_user, "guilds": [{"id": g["id"], "unavailable": True} for g in mine],
            "session_id": session.session_id, "resume_gateway_url": self.gateway_url,
            "shard": [shard_id, count], "application": {"id": str(app.app_id), "flags": 0},
        })
        for g in mine:
            await self._send(session, "GUILD_CREATE", g)
        return session

    async def _resume(self, ws: web.WebSocketResponse, d: dict[str, Any]) -> Session | None:
        session = next((s for s in self.sessions if s.session_id == d.get("session_id")), None)
        if session is None:
            await ws.send_json({"op": 9, "d": False})
            return None
        session.ws = ws
        for seq, frame in session.sent:
            if seq > int(d.get("seq") or 0):
                await ws.send_json(frame)
        session.seq += 1
        await ws.send_json({"op": 0, "t": "RESUMED", "s": session.seq, "d": {}})
        return session

    async def _send(self, session: Session, event: str, data: Any) -> None:
        session.seq += 1
        frame = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.sent.append((session.seq, frame))
        del session.sent[:-5000]
        if session.ws is not None and not session.ws.closed:
            try:
                await session.ws.send_json(frame)
            except ConnectionError:  # closed under us: the frame is replayed on resume
                pass

    def _delivers(self, session: Session, event: str, data: Any) -> bool:
        if not isinstance(data, dict):
            return True
        gid = data.get("guild_id") or (data.get("id") if event.startswith("GUILD_") else None)
        try:
            gid = int(gid) if gid else None
        except (TypeError, ValueError):
            gid = None
        if self._shard_of(gid, session.shard[1]) != session.shard[0]:
            return False
        if event == "MESSAGE_CREATE":
            return bool(session.intents & (GUILD_MESSAGES if gid else DIRECT_MESSAGES))
        if event == "INTERACTION_CREATE":
            return str(data.get("application_id")) == str(session.app.app_id)
        return True

    def _without_content(self, session: Session, data: dict[str, Any]) -> dict[str, Any]:
        """Discord blanks message content for bots without the Message Content intent, except in
        DMs, messages that mention the bot and the bot's own messages."""
        bot_id = str(session.app.bot_user["id"])
        granted = session.intents & MESSAGE_CONTENT and self.message_content_enabled
        mentioned = any(str(u.get("id")) == bot_id for u in data.get("mentions") or [] if isinstance(u, dict))
        own = str((data.get("author") or {}).get("id")) == bot_id if isinstance(data.get("author"), dict) else False
        if granted or mentioned or own or not data.get("guild_id"):
            return data
        return dict(data, content="", embeds=[], attachments=[], components=[])

    async def dispatch(self, event: str, data: Any, *, shard: int | None = None) -> None:
        if event == "INTERACTION_CREATE" and isinstance(data, dict) and "id" in data and "token" in data:
            self.register_interaction(data)
        if event == "MESSAGE_CREATE" and isinstance(data, dict) and "id" in data:
            self.messages[str(data["id"])] = data
        for session in list(self.sessions):
            if session.ws is None and not session.sent:
                continue
            if shard is not None and session.shard[0] != shard:
                continue
            if shard is None and not self._delivers(session, event, data):
                continue
            out = self._without_content(session, data) if event == "MESSAGE_CREATE" and isinstance(data, dict) else data
            await self._send(session, event, out)

    async def send_raw(self, frame: str | bytes) -> None:
        """A frame as is (malformed on purpose) to every connected shard."""
        for ws in list(self.sockets):
            if isinstance(frame, bytes):
                await ws.send_bytes(frame)
            else:
                await ws.send_str(frame)

    async def drop_connections(self, code: int = 4000) -> None:
        """Close every gateway socket the way a Discord outage does; the bot should resume."""
        for session in self.sessions:
            if session.ws is not None:
                ws, session.ws = session.ws, None
                await ws.close(code=code)

    async def request_reconnect(self) -> None:
        """Op 7: Discord asks the client to reconnect and resume."""
        for ws in list(self.sockets):
            await ws.send_json({"op": 7, "d": None})

    async def invalidate_sessions(self, resumable: bool = False) -> None:
        """Op 9: the session is gone; a non-resumable one needs a new IDENTIFY."""
        for session in list(self.sessions):
            if session.ws is not None:
                await session.ws.send_json({"op": 9, "d": resumable})
                if not resumable:
                    session.session_id = f"invalidated-{session.session_id}"

    def register_interaction(self, payload: dict[str, Any], *, offered: bool = True) -> Pending:
        """Discord only creates interactions for commands the app declared for this install type and
        context; raises AssertionError when the bot registered none that fits (offered=False skips
        that, for tests of the bot's own second line of defence)."""
        if offered:
            self._check_offered(payload)
        pending = Pending(payload, self.clock())
        self.interactions[str(payload["id"])] = pending
        self._by_token[payload["token"]] = pending
        return pending

    def _check_offered(self, payload: dict[str, Any]) -> None:
        if payload.get("type") not in (2, 4):
            return
        app = next((a for a in [self.primary, *self.apps.values()]
                    if str(a.app_id) == str(payload["application_id"])), None)
        if app is None or not app.commands:
            return  # nothing synced yet (commands registered by an earlier process)
        name = (payload.get("data") or {}).get("name")
        command = next((c for c in app.commands if c["name"] == name), None)
        assert command is not None, f"Discord would not send /{name}: the application has no such command"
        owners = set(payload.get("authorizing_integration_owners") or {})
        installs = {str(i) for i in (command.get("integration_types") or [0])}
        assert owners & installs, f"/{name} is not available to a {sorted(owners)} install ({sorted(installs)})"
        contexts = command.get("contexts")
        if contexts is not None:
            assert payload.get("context") in contexts, f"/{name} is not available in context {payload.get('context')}"
        elif command.get("dm_permission") is False:
            assert payload.get("context") == 0, f"/{name} is server-only"

    async def send_interaction(self, payload: dict[str, Any], timeout: float = 10) -> Recorded:
        """Dispatch INTERACTION_CREATE and wait for the bot's callback."""
        await self.dispatch("INTERACTION_CREATE", payload)
        return await self.wait_for(self.callback_for(payload), timeout=timeout)

    async def send_message(self, content: str, *, author_id: int, mentions: list[dict[str, Any]] | None = None,
                           guild: bool = True, mention_everyone: bool = False, channel_id: int | None = None,
                           mtype: int = 0, referenced: dict[str, Any] | None = None,
                           guild_id: int = P.GUILD_ID) -> dict[str, Any]:
        body = {"content": content, "mentions": mentions or [], "mention_everyone": mention_everyone}
        default_channel = (P.CHANNEL_ID if guild_id == P.GUILD_ID else P.CHANNEL2_ID) if guild else P.DM_CHANNEL_ID
        msg = P.message(channel_id or default_channel, P.user(author_id, f"user{author_id % 10000}"), body,
                        guild_id=guild_id if guild else None, mtype=mtype)
        if referenced is not None:
            msg["type"] = 19
            msg["message_reference"] = {"message_id": referenced["id"], "channel_id": referenced["channel_id"]}
            msg["referenced_message"] = referenced
        await self.dispatch("MESSAGE_CREATE", msg)
        return msg

    # -- permissions ------------------------------------------------------------------------------
    def _channel(self, cid: int) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """(guild, channel or thread) for a guild channel id, None for a DM channel."""
        for g in self.guilds:
            for ch in [*g["channels"], *g.get("threads", [])]:
                if int(ch["id"]) == cid:
                    return g, ch
        return None

    def bot_permissions(self, cid: int, app: App | None = None) -> int:
        """Discord's computation: @everyone's role, then the channel's (or the parent's) overwrites."""
        found = self._channel(cid)
        if found is None:
            return -1  # a DM: everything
        g, ch = found
        if ch.get("type") in (10, 11, 12):
            found = self._channel(int(ch["parent_id"]))
            assert found is not None
            ch = found[1]
        perms = next(int(r["permissions"]) for r in g["roles"] if r["id"] == g["id"])
        bot_id = str((app or self.primary).bot_user["id"])
        for ow in ch.get("permission_overwrites") or []:
            if ow["id"] in (g["id"], bot_id):
                perms = (perms & ~int(ow["deny"])) | int(ow["allow"])
        return perms

    async def deny(self, cid: int, bits: int) -> None:
        """Deny the bot (via @everyone) some permissions in a channel, and tell a connected bot."""
        found = self._channel(cid)
        assert found is not None
        g, ch = found
        ch["permission_overwrites"] = [{"id": g["id"], "type": 0, "allow": "0", "deny": str(bits)}]
        await self.dispatch("CHANNEL_UPDATE", dict(ch, guild_id=g["id"]))

    def _check_channel_send(self, cid: int, body: dict[str, Any], files: int, app: App) -> None:
        found = self._channel(cid)
        if found is None:
            return
        perms = self.bot_permissions(cid, app)
        thread = found[1].get("type") in (10, 11, 12)
        if not perms & P.VIEW_CHANNEL:
            raise Refused(403, 50001, "Missing Access")
        needed = P.SEND_MESSAGES_IN_THREADS if thread else P.SEND_MESSAGES
        if body.get("embeds"):
            needed |= P.EMBED_LINKS
        if files:
            needed |= P.ATTACH_FILES
        if body.get("message_reference"):
            needed |= P.READ_MESSAGE_HISTORY
        if perms & needed != needed:
            raise Refused(403, 50013, "Missing Permissions")
        ref = body.get("message_reference") or {}
        target = self.messages.get(str(ref.get("message_id")))
        if target is not None and target.get("type") in SYSTEM_TYPES:
            raise invalid_form(["message_reference: Cannot reply to a system message"])

    # -- REST ------------------------------------------------------------------------------------
    def _app_for(self, request: web.Request) -> App | None:
        auth = request.headers.get("Authorization", "")
        token = auth.removeprefix("Bot ")
        if token in self.apps:
            return self.apps[token]
        if self.valid_token and token != self.valid_token:
            return None
        return self.primary

    def break_route(self, key: str, *, times: int, status: int = 200) -> None:
        """The next `times` requests on a route (see route_key) get an HTML page with `status`, as a
        proxy, a captive portal or Discord's edge in an outage answer."""
        self.broken[key] = (times, status)

    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        body, files = await self._body(request)
        rec = Recorded(request.method, path, body, files)
        headers: dict[str, str] = {}
        times, status = self.broken.get(route_key(request.method, path), (0, 200))
        if times > 0:
            self.broken[route_key(request.method, path)] = (times - 1, status)
            rec.status, rec.response = status, "<html>"
            await self._record(rec, self.requests)
            return web.Response(text="<html><body>Service unavailable</body></html>", status=status,
                                content_type="text/html")
        try:
            app = self._app_for(request)
            if path == "/users/@me" and app is None:
                raise Refused(401, 0, "401: Unauthorized")
            headers = self._rate_limit(request.method, path)
            rec.response = self._answer(request.method, path.split("/")[1:], body, files, app or self.primary)
            if rec.response is NotImplemented:
                raise Refused(404, 0, "Unknown route")
        except Refused as exc:
            rec.response, rec.status = exc.body(), exc.status
            if isinstance(exc, _RateLimited):
                headers = exc.headers
            shared_bucket = headers.get("X-RateLimit-Scope") == "shared"  # Discord does not count these
            if exc.status in (401, 403) or (exc.status == 429 and not shared_bucket):
                self.invalid_requests += 1
        rec.at = time.monotonic()
        await self._record(rec, self.requests)
        return reply(rec.response, rec.status, headers)

    def limit_route(self, key: str, *, every: int, retry_after: float = 0.2) -> None:
        """Answer every n-th request on a route (see route_key) with a 429, as Discord's shared
        per-resource limits do however careful the client is."""
        self.limits[key] = (every, retry_after)

    def _rate_limit(self, method: str, path: str) -> dict[str, str]:
        key = route_key(method, path)
        if key not in self.limits:
            return {}
        every, retry_after = self.limits[key]
        hits = self._route_hits[key] = self._route_hits.get(key, 0) + 1
        limit = str(max(every, 5))
        headers = {"X-RateLimit-Limit": limit, "X-RateLimit-Remaining": str(every - hits % every),
                   "X-RateLimit-Reset": f"{time.time() + 1:.3f}", "X-RateLimit-Reset-After": "1.000",
                   "X-RateLimit-Bucket": f"fake-{abs(hash(key)) % 10**8}"}
        if hits % every == 0:
            headers.update({"X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": f"{retry_after:.3f}",
                            "X-RateLimit-Scope": "shared", "Retry-After": str(max(1, round(retry_after))),
                            # Discord's 429s come through its proxy; without Via, discord.py takes a
                            # 429 for a Cloudflare ban and gives up.
                            "Via": "1.1 google"})
            raise _RateLimited(retry_after, headers)
        return headers

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

    def _new_message(self, channel_id: Any, body: dict[str, Any] | None, files: list[tuple[str, int]],
                     author: dict[str, Any] | None = None) -> dict[str, Any]:
        problems = message_problems(body, files=len(files))
        if problems:
            raise invalid_form(problems)
        body = dict(body or {})
        body["attachments"] = [{"id": str(P.snowflake()), "filename": name, "size": size, "url": f"http://x/{name}",
                                "proxy_url": f"http://x/{name}"} for name, size in files]
        msg = P.message(int(channel_id), author or self.bot_user, body)
        self.messages[msg["id"]] = msg
        return msg

    def _edit(self, mid: str, body: dict[str, Any] | None, files: list[tuple[str, int]]) -> dict[str, Any]:
        if mid not in self.messages:
            raise Refused(404, 10008, "Unknown Message")
        problems = message_problems(body, creating=False)
        if problems:
            raise invalid_form(problems)
        msg = self.messages[mid]
        for key in ("content", "embeds", "components"):
            if body and key in body:
                msg[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        if files:
            msg["attachments"] = [{"id": str(P.snowflake()), "filename": name, "size": size, "url": f"http://x/{name}",
                                   "proxy_url": f"http://x/{name}"} for name, size in files]
        return msg

    def _pending(self, token: str, app_id: str) -> Pending:
        pending = self._by_token.get(token)
        if pending is None or pending.app_id != app_id or pending.acked is None:
            raise Refused(404, 10015, "Unknown Webhook")
        if self.clock() - pending.created > self.token_lifetime:
            raise Refused(401, 50027, "Invalid Webhook Token")
        return pending

    def _answer(self, method: str, parts: list[str], body: Any, files: list[tuple[str, int]], app: App) -> Any:
        match method, parts:
            case "GET", ["users", "@me"]:
                return app.bot_user
            case "GET", ["oauth2", "applications", "@me"]:
                return {"id": str(app.app_id), "name": app.bot_user["username"], "icon": None, "description": "",
                        "bot_public": True, "bot_require_code_grant": False, "verify_key": "0" * 64, "flags": 0,
                        "team": None, "owner": P.user(P.OWNER_ID, "owner")}
            case "GET", ["gateway", "bot"]:
                return {"url": self.gateway_url, "shards": self.shards, "session_start_limit": {
                    "total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}
            case "PUT", ["applications", app_id, "commands"]:
                if app_id != str(app.app_id):
                    raise Refused(403, 50001, "Missing Access")
                problems = command_problems(body)
                if problems:
                    raise invalid_form(problems)
                app.commands = [dict(c, id=str(P.snowflake()), application_id=app_id, version="1") for c in body]
                return app.commands
            case "GET", ["applications", app_id, "commands"]:
                if app_id != str(app.app_id):
                    raise Refused(403, 50001, "Missing Access")
                return app.commands
            case "POST", ["interactions", iid, token, "callback"]:
                return self._callback(iid, token, body, files)
            case "POST", ["webhooks", app_id, token]:
                return self._followup(self._pending(token, app_id), body, files)
            case "GET" | "PATCH" | "DELETE", ["webhooks", app_id, token, "messages", mid]:
                pending = self._pending(token, app_id)
                if mid == "@original":
                    if pending.original is None:
                        raise Refused(404, 10008, "Unknown Message")
                    mid = pending.original
                if method == "DELETE":
                    self.messages.pop(mid, None)
                    if mid == pending.original:
                        pending.original, pending.loading = None, False
                    return None
                if method == "PATCH":
                    if mid == pending.original:
                        pending.loading = False
                    return self._edit(mid, body, files)
                return self.messages[mid]
            case "POST", ["channels", cid, "messages"]:
                self._check_channel_send(int(cid), body or {}, len(files), app)
                return self._new_message(cid, body, files, app.bot_user)
            case "PATCH", ["channels", _, "messages", mid]:
                return self._edit(mid, body, files)
            case "POST", ["channels", cid, "typing"]:
                if self._channel(int(cid)) and not self.bot_permissions(int(cid), app) & P.SEND_MESSAGES:
                    raise Refused(403, 50013, "Missing Permissions")
                return None
        return NotImplemented

    def _callback(self, iid: str, token: str, body: dict[str, Any], files: list[tuple[str, int]]) -> Any:
        pending = self.interactions.get(iid)
        if pending is None or pending.payload["token"] != token:
            raise Refused(404, 10062, "Unknown interaction")
        if pending.acked is not None:
            raise Refused(400, 40060, "Interaction has already been acknowledged.")
        if self.clock() - pending.created > self.deadline:
            raise Refused(404, 10062, "Unknown interaction")
        kind = body["type"]
        data = body.get("data") or {}
        channel_id = pending.payload.get("channel_id") or P.CHANNEL_ID
        if kind in (4, 5):
            if kind == 4:
                msg = self._new_message(channel_id, data, files)
            else:  # "thinking…": an empty message flagged loading (128) until edited
                msg = P.message(int(channel_id), self.bot_user, {"flags": 128})
                self.messages[msg["id"]] = msg
            pending.original, pending.loading = msg["id"], kind == 5
            pending.ephemeral = bool((data.get("flags") or 0) & 64)
            msg["flags"] = (msg.get("flags") or 0) | (64 if pending.ephemeral else 0)
            self.originals[token] = msg["id"]
        elif kind == 7:
            msg = self._edit(self._component_message[iid], data, files)
        elif kind == 6:  # deferred update: @original is the message the pressed component is on
            msg = None
            pending.original = str((pending.payload.get("message") or {}).get("id") or "") or None
        elif kind in (8, 9):
            msg = None
        else:
            raise invalid_form([f"type: unknown response type {kind}"])
        pending.acked = kind
        interaction = {"id": iid, "type": pending.payload["type"], "response_message_loading": kind == 5,
                       "response_message_ephemeral": pending.ephemeral}
        if msg is None:
            return {"interaction": interaction, "resource": {"type": kind}}
        interaction["response_message_id"] = msg["id"]
        return {"interaction": interaction, "resource": {"type": kind, "message": msg}}

    def _followup(self, pending: Pending, body: dict[str, Any] | None, files: list[tuple[str, int]]) -> Any:
        body = dict(body or {})
        if pending.loading and pending.original is not None:
            # The first follow-up after a deferred message response replaces the "thinking…" message:
            # same message, same visibility; the follow-up's own ephemeral flag is ignored.
            pending.loading = False
            msg = self._edit(pending.original, body, files)
            msg["flags"] = 64 if pending.ephemeral else 0
            return msg
        msg = self._new_message(pending.payload.get("channel_id") or P.CHANNEL_ID, body, files)
        msg["flags"] = (body.get("flags") or 0) & 64
        return msg

    # -- what users see ----------------------------------------------------------------------------
    def visible_to_everyone(self, token: str) -> list[dict[str, Any]]:
        """The bot's messages for an interaction that every member of the channel sees."""
        pending = self._by_token[token]
        ids = {pending.original} if pending.original else set()
        ids |= {r.response["id"] for r in self.requests if r.path.startswith("/webhooks/") and token in r.path
                and r.method == "POST" and isinstance(r.response, dict) and "id" in r.response}
        return [self.messages[i] for i in ids if i in self.messages and not (self.messages[i].get("flags") or 0) & 64]

    def press(self, message_id: str, custom_id: str, *, user_id: int, locale: str = "en-US") -> dict[str, Any]:
        """The INTERACTION_CREATE payload of a button press on a message the bot sent."""
        msg = self.messages[message_id]
        payload = P.interaction(3, {"custom_id": custom_id, "component_type": 2}, user_id=user_id, locale=locale,
                                msg=msg)
        self._component_message[payload["id"]] = message_id
        return payload


class _RateLimited(Refused):
    def __init__(self, retry_after: float, headers: dict[str, str]) -> None:
        super().__init__(429, 0, "You are being rate limited.", retry_after=retry_after, **{"global": False})
        self.headers = headers
