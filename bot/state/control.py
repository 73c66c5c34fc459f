"""Privacy and the owner's controls, the same for both backends (their SQL is in state/sql.py):

- a server that removes the bot is noted (`guild_left`); `sweep()` deletes its settings and usage
  counts once the retention time has passed; adding the bot back before that cancels it;
- a user's remembered language expires when it was not used for the retention time (`user_seen`
  holds the day it was last used, written at most once a day per user and process);
- a user may erase what is kept about them (`forget_user`);
- requests and errors are counted per day, server and intent (`count_request`, written in batches)
  for `tpsbot admin stats`;
- a blocklist of servers and users, kept in memory (read on every interaction) and followed across
  processes like the settings.

Times come from `self.clock` (wall-clock seconds), which tests replace.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Collection
from typing import Any

from bot.state import sql

log = logging.getLogger(__name__)

DAY = 86_400
BLOCK_KINDS = ("guild", "user")
# Outcomes that are the bot's or Discord's failure (counted as errors in `tpsbot admin stats`); the
# others (answered, private, cooldown, a bad value…) are the request going as designed.
ERROR_OUTCOMES = frozenset({"unexpected", "state_error", "forbidden", "expired"})


class Control:
    """Mixed into StateStore; the backend provides `_tx` and `_read`."""

    clock: Any
    _blocked: set[tuple[str, int]]
    _counts: Counter[tuple[int, int, str, bool]]
    _guilds: dict[int, Any]
    _users: dict[int, str]
    _seen: dict[int, int]
    _left: set[int]
    _pending: dict[int, str]
    _failed: dict[int, str]

    # -- what each backend provides ------------------------------------------------------------------
    async def _tx(self, steps: list[tuple[str, tuple[Any, ...]]],
                  notify: tuple[str, list[int]] | None = None) -> list[list[tuple[Any, ...]]]:
        """Run the statements in one transaction → the rows each returned. `notify`: tell other
        processes what changed (PostgreSQL; a SQLite file is watched instead)."""
        raise NotImplementedError

    async def _read(self, statement: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        raise NotImplementedError

    async def _guarded(self, write: Any) -> Any:
        raise NotImplementedError

    def today(self) -> int:
        return int(self.clock() // DAY)

    # -- the blocklist ----------------------------------------------------------------------------------
    def is_blocked(self, user_id: int | None, guild_id: int | None) -> bool:
        blocked = self._blocked
        return bool(blocked) and (("user", user_id) in blocked or ("guild", guild_id) in blocked)

    async def load_blocklist(self) -> None:
        self._blocked = {(kind, int(i)) for kind, i, *_ in await self._read(sql.BLOCKED)}

    async def block(self, kind: str, target: int, reason: str = "") -> None:
        _check_kind(kind)
        await self._guarded(self._tx([(sql.BLOCK, (kind, target, reason, int(self.clock())))], ("b", [])))
        self._blocked.add((kind, target))

    async def unblock(self, kind: str, target: int) -> bool:
        """→ whether it was blocked."""
        _check_kind(kind)
        was = (kind, target) in {(k, int(i)) for k, i, *_ in await self._read(sql.BLOCKED)}
        await self._guarded(self._tx([(sql.UNBLOCK, (kind, target))], ("b", [])))
        self._blocked.discard((kind, target))
        return was

    async def blocklist(self) -> list[dict[str, Any]]:
        rows = await self._read(sql.BLOCKED)
        return [{"kind": k, "id": str(i), "reason": r, "added_at": int(a)} for k, i, r, a in rows]

    # -- a server leaves, or comes back -------------------------------------------------------------------
    async def load_departures(self) -> None:
        self._left = {int(r[0]) for r in await self._read(sql.DEPARTED, (2**62,))}

    async def guild_left(self, guild_id: int) -> None:
        await self._guarded(self._tx([(sql.GUILD_LEFT, (guild_id, int(self.clock())))]))
        self._left.add(guild_id)

    async def guild_back(self, guild_id: int) -> None:
        """The bot is in this server (again): its data is kept. A write only for a server that had left:
        every server the bot is in announces itself at each start."""
        if guild_id in self._left:
            await self._guarded(self._tx([(sql.GUILD_BACK, (guild_id,))]))
            self._left.discard(guild_id)

    # -- a user erases their data ---------------------------------------------------------------------------
    async def forget_user(self, user_id: int) -> None:
        """Delete the user's remembered language everywhere (other processes are told)."""
        for pending in (self._pending, self._failed):
            pending.pop(user_id, None)  # not written back by the next group commit
        await self._guarded(self._tx([(s, (user_id,)) for s in sql.FORGET_USER], ("u", [user_id])))
        self._users.pop(user_id, None)
        self._seen.pop(user_id, None)

    # -- the retention sweep ----------------------------------------------------------------------------------
    async def sweep(self, guild_days: float, user_days: float, present: Collection[int] = ()) -> dict[str, int]:
        """Delete the data of servers that left more than `guild_days` ago, and the languages of users
        unseen for more than `user_days` → {"servers": n, "user_languages": n}. `present`: servers the
        bot is in now, kept whatever was noted (a return whose note could not be written)."""
        now = self.clock()
        gone = [r[0] for r in await self._read(sql.DEPARTED, (int(now - guild_days * DAY),))]
        for gid in [g for g in gone if g in present]:
            self._left.add(gid)
            await self.guild_back(gid)
        gone = [g for g in gone if g not in present]
        for gid in gone:
            await self._guarded(self._tx([(s, (gid,)) for s in sql.FORGET_GUILD], ("g", [gid])))
            self._guilds.pop(gid, None)
            self._left.discard(gid)
        today = int(now // DAY)
        unseen = [r[0] for r in await self._read(sql.UNSEEN_USERS)]
        if unseen:  # counted from now on: never deleted without a full retention period first
            await self._guarded(self._tx([(sql.SEEN, (uid, today)) for uid in unseen]))
        stale = [r[0] for r in await self._read(sql.UNUSED_USERS, (today - int(user_days),))]
        for start in range(0, len(stale), 500):
            chunk = stale[start:start + 500]
            steps = [(s, (uid,)) for uid in chunk for s in sql.FORGET_USER]
            await self._guarded(self._tx(steps, ("u", chunk)))
            for uid in chunk:
                self._users.pop(uid, None)
                self._seen.pop(uid, None)
        if gone or stale:
            log.info("Privacy sweep: deleted the data of %d servers that removed the bot and %d unused user "
                     "languages", len(gone), len(stale))
        return {"servers": len(gone), "user_languages": len(stale)}

    # -- usage counts ---------------------------------------------------------------------------------------
    def count_request(self, guild_id: int | None, intent: str, outcome: str) -> None:
        """Counted in memory; written by `flush_counts` (periodically and at close)."""
        self._counts[(self.today(), guild_id or 0, intent, outcome in ERROR_OUTCOMES)] += 1

    async def flush_counts(self) -> None:
        if not self._counts:
            return
        counts, self._counts = self._counts, Counter()
        rows: dict[tuple[int, int, str], list[int]] = {}
        for (day, gid, intent, error), n in counts.items():
            row = rows.setdefault((day, gid, intent), [0, 0])
            row[0] += n
            row[1] += n if error else 0
        try:
            await self._guarded(self._tx([(sql.COUNT, (*key, req, err)) for key, (req, err) in rows.items()]))
        except Exception:
            self._counts.update(counts)  # kept for the next flush
            raise

    async def stats(self, days: int) -> list[dict[str, Any]]:
        """Requests and errors of the last `days` days (today included), by server and intent."""
        rows = await self._read(sql.STATS, (self.today() - days + 1,))
        return [{"guild_id": str(g) if g else None, "intent": i, "requests": int(r), "errors": int(e)}
                for g, i, r, e in rows]


def _check_kind(kind: str) -> None:
    if kind not in BLOCK_KINDS:
        raise ValueError(f"a blocklist entry is a guild or a user, not {kind!r}")
