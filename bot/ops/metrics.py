"""What the bot counts, for /metrics (Prometheus text format, prometheus_client) and the log.

Every answered request — slash command, page button, plain question — passes through
`Metrics.request()`: one counter by kind, intent and outcome, the acknowledgement and answer
latency histograms, and one INFO line (kind, intent, outcome, latency, server id; never the text).
Each bot has its own registry, so tests may run several bots in one process.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import aiohttp
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, Info
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest
from prometheus_client.platform_collector import PlatformCollector
from prometheus_client.process_collector import ProcessCollector

from answers.api import SPECS
from bot.ops.version import VERSION

log = logging.getLogger("bot.requests")

CONTENT_TYPE = CONTENT_TYPE_LATEST
# Discord wants the acknowledgement within 3 s; answers may follow for 15 minutes.
ACK_BUCKETS = (0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0)
ANSWER_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0, 60.0)
STARTED = "tpsbot_started"  # Interaction.extras: when the handler started (monotonic)
ACKED = "tpsbot_acked"  # … and whether the acknowledgement was already counted
OTHER = "other"  # a label outside the known names (a label never comes from user input)
# Labels come from closed sets, never from interaction data: anything else is counted as "other"
# (each new label value would be a new time series, for ever).
KINDS = frozenset({"command", "button", "message"})
# Every kind bot.errors.kind_of() may return, and state_error (a /settings or /privacy write that
# failed): the closed set of tpsbot_errors_total's label and of the request outcomes that are errors.
# Defined here, with the other label sets, so that the error policy reads it downward.
ERROR_KINDS = ("cooldown", "user_input", "restarting", "blocked", "not_allowed", "bad_value", "unknown_command",
               "expired", "forbidden", "unexpected", "state_error")
OUTCOMES = frozenset({"answered", "private", "unanswered", "ignored", "dropped", *ERROR_KINDS})
RATE_LIMIT_SCOPES = ("user", "global", "shared")  # Discord's X-RateLimit-Scope values


class Metrics:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.registry = r = CollectorRegistry(auto_describe=True)
        ProcessCollector(registry=r)  # process_resident_memory_bytes, CPU seconds, open fds
        PlatformCollector(registry=r)
        Info("tpsbot", "The running release", registry=r).info({"version": VERSION})
        self.requests = Counter("tpsbot_requests", "Requests answered, by kind (command, button, message), "
                                "intent and outcome", ["kind", "intent", "outcome"], registry=r)
        self.ack_seconds = Histogram("tpsbot_ack_seconds", "Interaction received → first response sent "
                                     "(answer or 'thinking…')", buckets=ACK_BUCKETS, registry=r)
        self.answer_seconds = Histogram("tpsbot_answer_seconds", "Request received → answer sent, by kind and intent",
                                        ["kind", "intent"], buckets=ANSWER_BUCKETS, registry=r)
        self.state_errors = Counter("tpsbot_state_errors", "State database writes that failed, by reason "
                                    "(read_only, full, busy, unreachable, failed)", ["reason"], registry=r)
        self.rate_limits = Counter("tpsbot_discord_rate_limits", "Discord answered 429 (rate limited), by scope "
                                   "(user, global, shared)", ["scope"], registry=r)
        self.state_down = Gauge("tpsbot_state_unreachable", "1 while the state database cannot be reached", registry=r)
        # The intent labels allowed: the answers' intents, then the bot's command names (set_intents).
        self.intents: frozenset[str] = frozenset({*SPECS, "ask"})  # "ask": a plain question not answered
        # Each request is also counted per server and intent in the state (bot/state/control.py).
        self.on_request: Callable[[int | None, str, str], None] | None = None
        self.errors = Counter("tpsbot_errors", "Errors met while answering, by kind", ["kind"], registry=r)
        self.guilds = Gauge("tpsbot_guilds", "Servers the bot is in (this process's shards)", registry=r)
        self.shards = Gauge("tpsbot_shards", "Shards run by this process", registry=r)
        self.gateway_latency = Gauge("tpsbot_gateway_latency_seconds",
                                     "Heartbeat round trip to Discord's gateway (mean over shards)", registry=r)
        self.catalog_models = Gauge("tpsbot_catalog_models", "Models in the loaded catalog", registry=r)
        self.catalog_gpus = Gauge("tpsbot_catalog_gpus", "GPUs in the loaded catalog", registry=r)
        self.catalog_reloads = Counter("tpsbot_catalog_reloads", "Newer catalog files loaded while running",
                                       registry=r)

    def set_intents(self, names: Any) -> None:
        """Every name a request may be labelled with (the answers' intents and the command names)."""
        self.intents = self.intents | frozenset(names)

    def label(self, intent: str) -> str:
        return intent if intent in self.intents else OTHER

    def bind(self, bot: Any) -> None:
        """Gauges read from the client at scrape time."""
        self.guilds.set_function(lambda: len(bot.guilds))
        self.state_down.set_function(lambda: 1 if bot.store.problem() else 0)
        self.shards.set_function(lambda: len(getattr(bot, "shards", None) or {}) or 1)
        self.gateway_latency.set_function(lambda: _finite(bot.latency))

    def catalog(self, engine: Any) -> tuple[int, int]:
        """Record the loaded catalog's size; → (gpus, models)."""
        knowledge = getattr(engine, "knowledge", None)
        if knowledge is None:  # a test's stand-in engine
            return 0, 0
        gpus, models = len(knowledge.gpus), knowledge.model_count()
        self.catalog_gpus.set(gpus)
        self.catalog_models.set(models)
        return gpus, models

    def expose(self) -> bytes:
        return generate_latest(self.registry)

    # -- requests ------------------------------------------------------------------------------
    def started(self, extras: dict[str, Any]) -> None:
        extras[STARTED] = self.clock()

    def acked(self, extras: dict[str, Any]) -> None:
        """The interaction got its first response (answer, 'thinking…' or an error): count it once."""
        started = extras.get(STARTED)
        if started is None or extras.get(ACKED):
            return
        extras[ACKED] = True
        self.ack_seconds.observe(max(0.0, self.clock() - started))

    def request(self, kind: str, intent: str, outcome: str, started: float | None, guild_id: int | None) -> None:
        latency = max(0.0, self.clock() - started) if started is not None else 0.0
        kind = kind if kind in KINDS else OTHER
        intent = self.label(intent)
        outcome = outcome if outcome in OUTCOMES else OTHER
        self.requests.labels(kind, intent, outcome).inc()
        self.answer_seconds.labels(kind, intent).observe(latency)
        if self.on_request is not None:
            self.on_request(guild_id, intent, outcome)
        log.info("%s %s %s in %.0f ms (server %s)", kind, intent, outcome, latency * 1000, guild_id or "DM",
                 extra={"kind": kind, "intent": intent, "outcome": outcome, "latency_ms": round(latency * 1000, 1),
                        "guild_id": guild_id})

    def error(self, kind: str) -> None:
        self.errors.labels(kind if kind in ERROR_KINDS else OTHER).inc()

    def state_error(self, reason: str) -> None:
        """A state write that failed (told by the store): counted, and an error of kind state_error."""
        self.state_errors.labels(reason).inc()

    def http_trace(self) -> aiohttp.TraceConfig:
        """Given to discord.py's HTTP session: counts Discord's 429 answers (discord.py waits and retries
        them itself; a rising count means the bot sends more than Discord lets it)."""
        trace = aiohttp.TraceConfig()

        async def on_end(_session: Any, _context: Any, params: aiohttp.TraceRequestEndParams) -> None:
            if params.response.status == 429:
                scope = params.response.headers.get("X-RateLimit-Scope", "user").lower()
                self.rate_limits.labels(scope if scope in RATE_LIMIT_SCOPES else "user").inc()

        trace.on_request_end.append(on_end)
        return trace


def _finite(value: float) -> float:
    # discord.py says inf before the first heartbeat; Prometheus takes it, but graphs do not.
    return value if value == value and value != float("inf") else -1.0
