"""Per-user cooldown shared by slash commands and plain questions (autocomplete and page buttons
are exempt: they are cheap and typing fires many of them)."""

from __future__ import annotations

import time
from collections.abc import Callable

from discord.app_commands import Cooldown


class UserCooldowns:
    def __init__(self, rate: int, per: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.per = per
        self._clock = clock
        self._buckets: dict[int, Cooldown] = {}
        self._next_prune = 0.0

    def hit(self, user_id: int) -> float | None:
        """Count one use; → seconds to wait if over the limit (the use is then not counted)."""
        now = self._clock()
        self._prune(now)
        bucket = self._buckets.get(user_id)
        if bucket is None:
            bucket = self._buckets[user_id] = Cooldown(self.rate, self.per)
        return bucket.update_rate_limit(now)

    def _prune(self, now: float) -> None:
        # Buckets of users who went quiet are dropped so memory stays bounded on big servers.
        if now < self._next_prune:
            return
        self._next_prune = now + self.per
        stale = [uid for uid, b in self._buckets.items() if now > b._window + self.per]
        for uid in stale:
            del self._buckets[uid]
