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

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, Info
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest
from prometheus_client.platform_collector import PlatformCollector
from prometheus_client.process_collector import ProcessCollector

from answers.api import INTENTS

from .errors import ERROR_KINDS
from .version import VERSION

log = logging.getLogger("bot.requests")

CONTENT_TYPE = CONTENT_TYPE_LATEST
# Discord wants the acknowledgement within 3 s; answers may follow for 15 minutes.
ACK_BUCKETS = (0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 5.0, 10.0)
ANSWER_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0, 60.0)
# Labels come from closed sets, never from interaction data: anything else is counted as "other"
# (each new label value would be a new time series, for ever).
KINDS = frozenset({"command", "button", "message"})
OUTCOMES = frozenset({"answered", "private", "unanswered", "ignored", "dropped", *ERROR_KINDS})
INTENT_LABELS = frozenset({*INTENTS, "ask"})  # "ask": a plain question that was not answered
OTHER = "other"
STARTED = "tpsbot_started"  # Interaction.extras: when the handler started (monotonic)
ACKED = "tpsbot_acked"  # … and whether the acknowledgement was already counted


class Metrics:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._tree: Any = None
        self._commands: frozenset[str] = frozenset()
        self.registry = r = CollectorRegistry(auto_describe=True)
        ProcessCollector(registry=r)  # process_resident_memory_bytes, CPU seconds, open fds
        PlatformCollector(registry=r)
        Info("tpsbot", "The running release", registry=r).info({"version": VERSION})
        self.requests = Counter("tpsbot_requests", "Requests answered, by kind (command, button, message), "
                                "intent and outcome", ["kind", "intent", "outcome"], registry=r)
        self.ack_seconds = Histogram("tpsbot_ack_seconds", "Interaction received → first response sent "
                                     "(answer or 'thinking…')", buckets=ACK_BUCKETS, registry=r)
        self.answer_seconds = Histogram("tpsbot_answer_seconds", "Request received → answer sent",
                                        ["kind"], buckets=ANSWER_BUCKETS, registry=r)
        self.errors = Counter("tpsbot_errors", "Errors met while answering, by kind", ["kind"], registry=r)
        self.guilds = Gauge("tpsbot_guilds", "Servers the bot is in (this process's shards)", registry=r)
        self.shards = Gauge("tpsbot_shards", "Shards run by this process", registry=r)
        self.gateway_latency = Gauge("tpsbot_gateway_latency_seconds",
                                     "Heartbeat round trip to Discord's gateway (mean over shards)", registry=r)
        self.catalog_models = Gauge("tpsbot_catalog_models", "Models in the loaded catalog", registry=r)
        self.catalog_gpus = Gauge("tpsbot_catalog_gpus", "GPUs in the loaded catalog", registry=r)
        self.catalog_reloads = Counter("tpsbot_catalog_reloads", "Newer catalog files loaded while running",
                                       registry=r)

    def bind(self, bot: Any) -> None:
        """Gauges read from the client at scrape time; the command names it registers, as labels."""
        self._tree = getattr(bot, "tree", None)
        self.guilds.set_function(lambda: len(bot.guilds))
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

    def _intent(self, intent: str) -> str:
        if intent in INTENT_LABELS:
            return intent
        if not self._commands and self._tree is not None:  # registered after the client was built
            self._commands = frozenset(c.qualified_name for c in self._tree.walk_commands())
        return intent if intent in self._commands else OTHER

    def request(self, kind: str, intent: str, outcome: str, started: float | None, guild_id: int | None) -> None:
        kind = kind if kind in KINDS else OTHER
        intent = self._intent(intent)
        outcome = outcome if outcome in OUTCOMES else OTHER
        latency = max(0.0, self.clock() - started) if started is not None else 0.0
        self.requests.labels(kind, intent, outcome).inc()
        self.answer_seconds.labels(kind).observe(latency)
        log.info("%s %s %s in %.0f ms (server %s)", kind, intent, outcome, latency * 1000, guild_id or "DM",
                 extra={"kind": kind, "intent": intent, "outcome": outcome, "latency_ms": round(latency * 1000, 1),
                        "guild_id": guild_id})

    def error(self, kind: str) -> None:
        self.errors.labels(kind if kind in ERROR_KINDS else OTHER).inc()


def _finite(value: float) -> float:
    # discord.py says inf before the first heartbeat; Prometheus takes it, but graphs do not.
    return value if value == value and value != float("inf") else -1.0
