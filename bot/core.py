"""The Discord client class: intents, mention safety, the command tree's checks, startup and shutdown.

Its handlers are its own methods. The Discord features (bot/exts/) sit above this class and are
handed to it by bot.client: `setup_hook` runs each extension's `setup(bot)` (slash commands, page
buttons, plain messages), and `on_message` passes a message to the handlers they added. Nothing here
imports an extension, so the features may name this class without a loop."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import aiohttp
import discord
from discord import app_commands

from answers.api import AskOptions
from bot import context, errors
from bot.i18n import Translator
from bot.ops.cooldown import UserCooldowns
from bot.ops.metrics import STARTED, Metrics
from bot.ops.work import ACK_BUDGET, Work
from bot.render import NO_MENTIONS
from bot.settings import Settings
from bot.state.store import StateStore as Store
from bot.state.store import StateWriteError

if TYPE_CHECKING:
    from answers.engine import Engine

log = logging.getLogger("bot.client")  # the name operators filter on, as before this module was split out

# Never ping anyone, whatever the text contains (users can make the bot echo "@everyone").
# Answering commands work wherever a user meets the bot: in servers that added it, and — once the
# operator enables User Install — as the user's own app in other servers, DMs and group DMs.
# /settings narrows this to guild installs in servers (settings_commands.py).
CONTEXTS = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)
INSTALLS = app_commands.AppInstallationType(guild=True, user=True)
RESTARTING = errors.RESTARTING


def intents_for(settings: Settings) -> discord.Intents:
    intents = discord.Intents.none()
    intents.guilds = True
    intents.guild_messages = settings.plain_mode != "off"
    intents.dm_messages = settings.plain_mode != "off"
    # Privileged: only channel mode reads messages that do not mention the bot.
    intents.message_content = settings.plain_mode == "channels"
    return intents


INTENT, OUTCOME = context.INTENT, context.OUTCOME


class Tree(app_commands.CommandTree["TpsBot"]):
    async def _call(self, interaction: discord.Interaction[TpsBot]) -> None:
        # Counted so that shutdown waits for it (see runner.shutdown).
        bot = interaction.client
        command = interaction.type is discord.InteractionType.application_command
        if command:
            bot.metrics.started(interaction.extras)
        with bot.work.track(interaction.response.is_done):
            try:
                await super()._call(interaction)
            except Exception as exc:  # interaction_check refused (cooldown, restarting): on_error answers it
                interaction.extras.setdefault(OUTCOME, errors.kind_of(exc))
                raise
            finally:
                if command:
                    self._count(interaction)

    @staticmethod
    def _count(interaction: discord.Interaction[TpsBot]) -> None:
        bot = interaction.client
        if interaction.response.is_done():
            bot.metrics.acked(interaction.extras)  # a path that did not count its acknowledgement itself
        # Not the name the interaction carries: a forged or stale one must not become a metric label.
        name = interaction.command.qualified_name if interaction.command else "other"
        outcome = interaction.extras.get(OUTCOME) or ("answered" if interaction.response.is_done() else "unanswered")
        bot.metrics.request("command", interaction.extras.get(INTENT) or name, outcome,
                            interaction.extras.get(STARTED), interaction.guild_id)

    async def interaction_check(self, interaction: discord.Interaction[TpsBot]) -> bool:
        bot = interaction.client
        autocomplete = interaction.type is discord.InteractionType.autocomplete
        if bot.store.is_blocked(interaction.user.id, interaction.guild_id):
            if autocomplete:
                return False  # no suggestions, and no request to Discord
            raise errors.UserError(errors.BLOCKED)  # the owner's blocklist: one private line
        if bot.work.draining and not autocomplete:
            raise errors.UserError(RESTARTING)  # shutting down: a polite "try again" instead of silence
        data: Mapping[str, Any] = interaction.data or {}
        command = str(data.get("name"))  # the top-level command: "settings" for /settings language
        if command not in context.NO_LANGUAGE:
            # Committed before the answer is acknowledged (a kill right after it keeps the language), in
            # group commits: a burst of new users is a few commits, not one each; a slow or failing
            # database is logged and does not hold the answer (bot/state/base.py keep_locale).
            await bot.store.keep_locale(interaction.user.id, interaction.locale.value)
        # /settings and /privacy are no questions: outside the question cooldown.
        if interaction.type is discord.InteractionType.application_command and command not in context.NO_COOLDOWN:
            retry = bot.cooldowns.hit(interaction.user.id)
            if retry is not None:
                raise errors.OnCooldown(retry)  # → on_error, through the one policy
        return True

    async def on_error(self, interaction: discord.Interaction[TpsBot], error: app_commands.AppCommandError) -> None:
        # Errors from interaction_check reach here outside _call: counted too, so that shutdown
        # waits for the "restarting" replies.
        with interaction.client.work.track(interaction.response.is_done):
            await self._report(interaction, error)

    async def _report(self, interaction: discord.Interaction[TpsBot], error: app_commands.AppCommandError) -> None:
        kind = await errors.handle(
            error, locale=interaction.client.locale_for(interaction),
            reply=lambda text: errors.reply_ephemeral(interaction, text),
            context=errors.interaction_context(interaction),
        )
        interaction.client.metrics.error(kind)
        interaction.extras[OUTCOME] = kind  # read by _count once the command's handler is done


MessageHandler = Callable[[Any, discord.Message], Awaitable[None]]


class Extension(Protocol):
    """A Discord feature (a module of bot/exts/): `setup(bot)` adds its commands, items or handlers."""

    def setup(self, bot: Any) -> None: ...


class _TpsBotMixin:
    """Shared by the plain and the auto-sharded client."""

    settings: Settings
    engine: Engine
    store: Store
    cooldowns: UserCooldowns
    tree: Tree
    # Seconds an answer may take before the interaction is acknowledged first ("thinking…"). An
    # attribute, not a constant read at call time, so tests decide "reply now or defer" themselves
    # instead of depending on how fast the machine is.
    ack_budget: float = ACK_BUDGET
    metrics: Metrics
    _sessions_down: set[int | None]

    def _setup_state(self, settings: Settings, engine: Engine, store: Store, extensions: Sequence[Extension]) -> None:
        self.extensions_to_load = tuple(extensions)
        self.message_handlers: list[MessageHandler] = []  # filled by the extensions' setup
        self.settings = settings
        self.engine = engine
        self.store = store
        self.cooldowns = UserCooldowns(settings.cooldown_rate, settings.cooldown_seconds)
        self.tree = Tree(self, allowed_contexts=CONTEXTS, allowed_installs=INSTALLS)  # type: ignore[arg-type]
        # Shards whose gateway session is down (None: the one session of an unsharded client). A socket that
        # is open is not enough for /readyz: a new connection whose IDENTIFY is refused opens first.
        self._sessions_down: set[int | None] = set()
        self.work = Work()
        self.metrics = Metrics()
        self.metrics.bind(self)
        self.metrics.catalog(engine)
        store.on_error = self.metrics.state_error  # every failed state write, in /metrics
        self.metrics.on_request = store.count_request  # usage counts for `tpsbot admin stats`
        # Discord's 429s, counted by the HTTP session discord.py opens at login
        self.http.http_trace = self.metrics.http_trace()  # type: ignore[attr-defined]
        self.was_ready = False  # READY=1 for systemd once; later READY events are reconnections

    async def setup_hook(self) -> None:
        await self.tree.set_translator(Translator())
        for extension in self.extensions_to_load:
            extension.setup(self)
        self.metrics.set_intents(c.qualified_name for c in self.tree.walk_commands())
        await self.sync_commands()

    async def sync_commands(self) -> None:
        mode = self.settings.sync_commands
        if mode == "never":
            return
        translator = self.tree.translator
        payload = [await c.get_translated_payload(self.tree, translator) for c in self.tree.get_commands()]  # type: ignore[arg-type]
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        # Per application: the same state file may serve a dev and a prod application in turn.
        key = f"commands_hash:{self.application_id}"  # type: ignore[attr-defined]
        if mode == "auto" and await self.store.get_meta(key) == digest:
            return
        try:
            await self.tree.sync()
        except discord.HTTPException:
            log.exception("Could not sync slash commands; the ones Discord already has stay in place")
            return
        await self.store.set_meta(key, digest)
        log.info("Synced %d slash commands", len(payload))

    # -- per-request context -------------------------------------------------------------------
    def locale_for(self, interaction: discord.Interaction) -> str:
        return context.locale_for(self, interaction)  # type: ignore[arg-type]

    def options_for(self, guild_id: int | None, **overrides: Any) -> AskOptions:
        return context.options_for(self, guild_id, **overrides)  # type: ignore[arg-type]

    async def on_ready(self) -> None:
        if getattr(self, "shards", None) is None:
            self._sessions_down.discard(None)
        user = self.user  # type: ignore[attr-defined]
        log.info("Logged in as %s (%s) in %d servers", user, getattr(user, "id", "?"), len(self.guilds))  # type: ignore[attr-defined]
        if not self.was_ready:
            self.was_ready = True
            log.info("Invite URL: %s", invite_url(self.application_id))  # type: ignore[attr-defined]

    async def on_message(self, message: discord.Message) -> None:
        for handler in self.message_handlers:  # plain questions: mentions, DMs, opted-in channels
            await handler(self, message)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        log.info("Added to server %s (%s members); now in %d servers", guild.id, guild.member_count,
                 len(self.guilds))  # type: ignore[attr-defined]
        await self._guild_back(guild)

    async def on_guild_available(self, guild: discord.Guild) -> None:
        # Every server the bot is in, at each start: one that added the bot back while it was offline
        # shows up here, not in on_guild_join.
        await self._guild_back(guild)

    async def _guild_back(self, guild: discord.Guild) -> None:
        try:
            await self.store.guild_back(guild.id)  # its data is kept: the deletion is cancelled
        except StateWriteError as exc:
            log.warning("Could not cancel the deletion of server %s's data (%s); tried again at its next "
                        "start", guild.id, exc)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        log.info("Removed from server %s; now in %d servers", guild.id, len(self.guilds))  # type: ignore[attr-defined]
        try:
            await self.store.guild_left(guild.id)  # its data is deleted after TPSBOT_GUILD_RETENTION_DAYS
        except StateWriteError as exc:
            log.warning("Could not note that server %s removed the bot (%s): its data is kept", guild.id, exc)

    # A session is up from READY or RESUMED until the connection drops (discord.py's events).
    async def on_disconnect(self) -> None:
        if getattr(self, "shards", None) is None:
            self._sessions_down.add(None)

    async def on_resumed(self) -> None:
        if getattr(self, "shards", None) is None:
            self._sessions_down.discard(None)

    async def on_shard_disconnect(self, shard_id: int) -> None:
        self._sessions_down.add(shard_id)

    async def on_shard_ready(self, shard_id: int) -> None:
        self._sessions_down.discard(shard_id)

    async def on_shard_resumed(self, shard_id: int) -> None:
        self._sessions_down.discard(shard_id)

    def gateway_connected(self) -> bool:
        """Every shard this process runs has a live gateway session (for /readyz): READY or RESUMED
        received and the connection not dropped since."""
        if not self.is_ready() or self.is_closed() or self._sessions_down:  # type: ignore[attr-defined]
            return False
        shards = getattr(self, "shards", None)
        if shards is not None:
            return bool(shards) and not any(s.is_closed() for s in shards.values())
        ws = getattr(self, "ws", None)
        return ws is not None and ws.open


# View Channel, Send Messages, Embed Links, Attach Files, Read Message History, Use Application
# Commands, Send Messages in Threads (README "Invite it to a server"; changed in 0.2.0, see CHANGELOG).
PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, embed_links=True, attach_files=True, read_message_history=True,
    use_application_commands=True, send_messages_in_threads=True,
)


def invite_url(application_id: int | None) -> str:
    url = discord.utils.oauth_url(application_id or 0, permissions=PERMISSIONS, scopes=("bot", "applications.commands"))
    return url + "&integration_type=0"  # a server install (oauth_url has no parameter for it)


class TpsBot(_TpsBotMixin, discord.Client):
    def __init__(self, settings: Settings, engine: Engine, store: Store, extensions: Sequence[Extension] = (),
                 **options: Any) -> None:
        super().__init__(
            intents=intents_for(settings), allowed_mentions=NO_MENTIONS, chunk_guilds_at_startup=False,
            member_cache_flags=discord.MemberCacheFlags.none(), max_messages=None,
            shard_id=settings.shard_ids[0] if settings.shard_ids else None, shard_count=settings.shard_count,
            **options,
        )
        self._setup_state(settings, engine, store, extensions)


class ShardedTpsBot(_TpsBotMixin, discord.AutoShardedClient):
    def __init__(self, settings: Settings, engine: Engine, store: Store, extensions: Sequence[Extension] = (),
                 **options: Any) -> None:
        super().__init__(
            intents=intents_for(settings), allowed_mentions=NO_MENTIONS, chunk_guilds_at_startup=False,
            member_cache_flags=discord.MemberCacheFlags.none(), max_messages=None,
            # None (every shard) is discord.py's own default, though its annotation says list[int]
            shard_ids=settings.shard_ids,  # type: ignore[arg-type]
            shard_count=settings.shard_count, **options,
        )
        self._setup_state(settings, engine, store, extensions)


# Open HTTP connections to Discord at most. discord.py's default has no limit: a burst of 1,000
# interactions opened 1,000 sockets at once for the acknowledgements (tens of MB of buffers, and
# slower than reusing kept-alive connections).
HTTP_CONNECTIONS = 32


def http_connector() -> aiohttp.TCPConnector:
    return aiohttp.TCPConnector(limit=HTTP_CONNECTIONS)
