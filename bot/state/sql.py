"""SQL both backends run as it is: SQLite ≥ 3.24 and PostgreSQL share `INSERT … ON CONFLICT … DO
UPDATE`. Written with `?` placeholders; `numbered()` turns them into PostgreSQL's `$1, $2…`."""

from __future__ import annotations

import re

from bot.state.values import GUILD_COLUMNS

_MARK = re.compile(r"\?")


def numbered(sql: str) -> str:
    """`?` placeholders → `$1, $2…` (asyncpg). The statements here hold no `?` inside a literal."""
    count = iter(range(1, 10_000))
    return _MARK.sub(lambda _m: f"${next(count)}", sql)


def upsert_sql(names: list[str], mark: str = "?") -> str:
    """The one upsert of a server's settings (`names` come from values.GUILD_COLUMNS, never from input)."""
    cols = ["guild_id", *names]
    marks = ", ".join(mark if mark == "?" else f"${i}" for i in range(1, len(cols) + 1))
    update = ", ".join(f"{n} = excluded.{n}" for n in names) or "guild_id = excluded.guild_id"
    return (f"INSERT INTO guild_settings ({', '.join(cols)}) VALUES ({marks}) "
            f"ON CONFLICT (guild_id) DO UPDATE SET {update} RETURNING {', '.join(GUILD_COLUMNS)}")


# -- privacy and the owner's controls (bot/state/control.py) -------------------------------------------
SEEN = ("INSERT INTO user_seen (user_id, day) VALUES (?, ?) "
        "ON CONFLICT (user_id) DO UPDATE SET day = excluded.day")
FORGET_USER = ("DELETE FROM user_locale WHERE user_id = ?", "DELETE FROM user_seen WHERE user_id = ?")
GUILD_LEFT = ("INSERT INTO guild_left (guild_id, left_at) VALUES (?, ?) "
              "ON CONFLICT (guild_id) DO UPDATE SET left_at = excluded.left_at")
GUILD_BACK = "DELETE FROM guild_left WHERE guild_id = ?"
DEPARTED = "SELECT guild_id FROM guild_left WHERE left_at <= ?"
FORGET_GUILD = ("DELETE FROM guild_settings WHERE guild_id = ?", "DELETE FROM request_counts WHERE guild_id = ?",
                "DELETE FROM guild_left WHERE guild_id = ?")
UNUSED_USERS = "SELECT user_id FROM user_seen WHERE day < ?"
# Languages kept before user_seen existed, or by a process that crashed between the two writes.
UNSEEN_USERS = "SELECT user_id FROM user_locale WHERE user_id NOT IN (SELECT user_id FROM user_seen)"
COUNT = ("INSERT INTO request_counts (day, guild_id, intent, requests, errors) VALUES (?, ?, ?, ?, ?) "
         "ON CONFLICT (day, guild_id, intent) DO UPDATE SET requests = request_counts.requests + excluded.requests, "
         "errors = request_counts.errors + excluded.errors")
STATS = ("SELECT guild_id, intent, SUM(requests), SUM(errors) FROM request_counts WHERE day >= ? "
         "GROUP BY guild_id, intent ORDER BY SUM(requests) DESC, guild_id, intent")
BLOCK = ("INSERT INTO blocklist (kind, id, reason, added_at) VALUES (?, ?, ?, ?) "
         "ON CONFLICT (kind, id) DO UPDATE SET reason = excluded.reason, added_at = excluded.added_at")
UNBLOCK = "DELETE FROM blocklist WHERE kind = ? AND id = ?"
BLOCKED = "SELECT kind, id, reason, added_at FROM blocklist ORDER BY kind, id"

# -- whole-state copies (backups, restores, migrations between backends) --------------------------------
# The tables of migration 4, with their primary keys: copied whole beside guild_settings, user_locale
# and meta, so a restore brings back the blocklist and pending deletions, and keeps the ages of languages.
COPIED: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "user_seen": (("user_id", "day"), ("user_id",)),
    "guild_left": (("guild_id", "left_at"), ("guild_id",)),
    "blocklist": (("kind", "id", "reason", "added_at"), ("kind", "id")),
    "request_counts": (("day", "guild_id", "intent", "requests", "errors"), ("day", "guild_id", "intent")),
}


def select_all(table: str) -> str:
    columns, key = COPIED[table]
    return f"SELECT {', '.join(columns)} FROM {table} ORDER BY {', '.join(key)}"


def upsert_row(table: str) -> str:
    """One row of `table`, replacing the row of the same key (`?` marks)."""
    columns, key = COPIED[table]
    update = ", ".join(f"{c} = excluded.{c}" for c in columns if c not in key)
    return (f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))}) "
            f"ON CONFLICT ({', '.join(key)}) DO UPDATE SET {update}")
