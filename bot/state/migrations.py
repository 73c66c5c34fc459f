"""The state schema as numbered migrations, the same steps for both backends.

Append a step to MIGRATIONS, never edit a released one: `schema_version` holds how many steps a
database has had, and each step runs with its version bump in one transaction. A step names its
SQL per backend only where the dialects differ (Discord ids need PostgreSQL's BIGINT; SQLite's
INTEGER already holds 64 bits).
"""

from __future__ import annotations

from msgspec import Struct


class Migration(Struct, frozen=True):
    what: str
    sqlite: str
    postgresql: str


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        "per-server settings and the users' last interaction locale",
        """
        CREATE TABLE guild_settings (
            guild_id INTEGER PRIMARY KEY, locale TEXT, context INTEGER, min_quality TEXT,
            profile TEXT NOT NULL DEFAULT 'reference', plain_enabled INTEGER NOT NULL DEFAULT 0,
            plain_channels TEXT NOT NULL DEFAULT '[]'
        );
        CREATE TABLE user_locale (user_id INTEGER PRIMARY KEY, locale TEXT NOT NULL);
        """,
        """
        CREATE TABLE guild_settings (
            guild_id BIGINT PRIMARY KEY, locale TEXT, context INTEGER, min_quality TEXT,
            profile TEXT NOT NULL DEFAULT 'reference', plain_enabled INTEGER NOT NULL DEFAULT 0,
            plain_channels TEXT NOT NULL DEFAULT '[]'
        );
        CREATE TABLE user_locale (user_id BIGINT PRIMARY KEY, locale TEXT NOT NULL);
        """,
    ),
    Migration(
        "a small key/value store (hash of the last synced command set)",
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);",
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);",
    ),
    Migration(
        # Until this step the column's default was 'reference': a server that never chose a profile
        # could not be told apart from one that chose "reference", so every 'reference' becomes "not
        # chosen" (NULL, the host's TPSBOT_DEFAULT_PROFILE then applies); "measured" stays a choice.
        # SQLite cannot drop a NOT NULL: the table is rebuilt under its own name, rows copied.
        "a server's profile may be unset (NULL: the host's default applies)",
        """
        CREATE TABLE guild_settings_new (
            guild_id INTEGER PRIMARY KEY, locale TEXT, context INTEGER, min_quality TEXT,
            profile TEXT, plain_enabled INTEGER NOT NULL DEFAULT 0,
            plain_channels TEXT NOT NULL DEFAULT '[]'
        );
        INSERT INTO guild_settings_new (guild_id, locale, context, min_quality, profile, plain_enabled, plain_channels)
            SELECT guild_id, locale, context, min_quality, NULLIF(profile, 'reference'), plain_enabled, plain_channels
            FROM guild_settings;
        DROP TABLE guild_settings;
        ALTER TABLE guild_settings_new RENAME TO guild_settings;
        """,
        """
        ALTER TABLE guild_settings ALTER COLUMN profile DROP NOT NULL, ALTER COLUMN profile DROP DEFAULT;
        UPDATE guild_settings SET profile = NULL WHERE profile = 'reference';
        """,
    ),
    Migration(
        # Privacy and the owner's controls (bot/state/control.py). user_seen: the day a user's language
        # was last used, so unused ones expire; the languages kept until now count as used today.
        # guild_left: when a server removed the bot, so its data is deleted after the retention time.
        # request_counts: requests and errors per day, server (0: direct messages) and intent, for
        # `tpsbot admin stats`. blocklist: servers and users the owner blocked.
        "user languages expire, servers' data is deleted after they leave, usage counts, a blocklist",
        """
        CREATE TABLE user_seen (user_id INTEGER PRIMARY KEY, day INTEGER NOT NULL);
        INSERT INTO user_seen (user_id, day) SELECT user_id, CAST(strftime('%s', 'now') AS INTEGER) / 86400
            FROM user_locale;
        CREATE TABLE guild_left (guild_id INTEGER PRIMARY KEY, left_at INTEGER NOT NULL);
        CREATE TABLE request_counts (
            day INTEGER NOT NULL, guild_id INTEGER NOT NULL, intent TEXT NOT NULL,
            requests INTEGER NOT NULL DEFAULT 0, errors INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (day, guild_id, intent)
        );
        CREATE TABLE blocklist (
            kind TEXT NOT NULL, id INTEGER NOT NULL, reason TEXT NOT NULL DEFAULT '', added_at INTEGER NOT NULL,
            PRIMARY KEY (kind, id)
        );
        """,
        """
        CREATE TABLE user_seen (user_id BIGINT PRIMARY KEY, day INTEGER NOT NULL);
        INSERT INTO user_seen (user_id, day) SELECT user_id, CAST(EXTRACT(EPOCH FROM now()) AS BIGINT) / 86400
            FROM user_locale;
        CREATE TABLE guild_left (guild_id BIGINT PRIMARY KEY, left_at BIGINT NOT NULL);
        CREATE TABLE request_counts (
            day INTEGER NOT NULL, guild_id BIGINT NOT NULL, intent TEXT NOT NULL,
            requests BIGINT NOT NULL DEFAULT 0, errors BIGINT NOT NULL DEFAULT 0,
            PRIMARY KEY (day, guild_id, intent)
        );
        CREATE TABLE blocklist (
            kind TEXT NOT NULL, id BIGINT NOT NULL, reason TEXT NOT NULL DEFAULT '', added_at BIGINT NOT NULL,
            PRIMARY KEY (kind, id)
        );
        """,
    ),
)
LATEST = len(MIGRATIONS)

# The columns each table has at LATEST, checked at every start: a table of the same name but
# another shape (another program's, or damage) stops the bot instead of being written into.
SHAPE: dict[str, tuple[str, ...]] = {
    "schema_version": ("version",),
    "guild_settings": ("guild_id", "locale", "context", "min_quality", "profile", "plain_enabled", "plain_channels"),
    "user_locale": ("user_id", "locale"),
    "meta": ("key", "value"),
    "user_seen": ("user_id", "day"),
    "guild_left": ("guild_id", "left_at"),
    "request_counts": ("day", "guild_id", "intent", "requests", "errors"),
    "blocklist": ("kind", "id", "reason", "added_at"),
}


def check_version(raw: list[object], where: str) -> int:
    """The rows of schema_version → the version; anything else → a one-line reason (ValueError)."""
    if not raw:
        return 0
    if len(raw) > 1:
        raise ValueError(f"{where}: schema_version has {len(raw)} rows instead of one (damaged)")
    value = raw[0]
    if type(value) is not int or value < 0:
        raise ValueError(f"{where}: schema_version holds {value!r}, not a version number (damaged)")
    if value > LATEST:
        raise ValueError(f"{where}: schema version {value} was written by a newer tpsbot (this one knows "
                         f"{LATEST}); upgrade tpsbot or restore a backup")
    return value


def check_unversioned(existing: list[str], where: str, *, any_table: bool) -> None:
    """Before the first migration: tables already there are another program's. `any_table`: a SQLite
    file is ours alone, so any table refuses it; a PostgreSQL database may be shared with other
    programs, so only tables of our names do."""
    found = set(existing) - {"schema_version"}
    clash = sorted(found if any_table else found & set(SHAPE))
    if clash:
        raise ValueError(f"{where}: holds table(s) {', '.join(clash[:5])} but no schema version: another "
                         "program's database, or damaged")


def check_shape(columns: dict[str, list[str]], where: str) -> None:
    """`columns`: table → its column names, as the database reports them."""
    for table, expected in SHAPE.items():
        found = columns.get(table)
        if found is None:
            raise ValueError(f"{where}: table {table} is missing (damaged, or not a tpsbot state database)")
        if sorted(found) != sorted(expected):
            raise ValueError(f"{where}: table {table} has columns ({', '.join(found)}), expected "
                             f"({', '.join(expected)}): not a tpsbot state database, or damaged")
