"""Why the catalog database cannot be used, as typed errors whose message is one plain sentence.

The command line prints the message on one line (exit 1); the bot logs it. Every failure of the
database file itself is one of these, never a bare sqlite3/OSError traceback.
"""

from __future__ import annotations


class CatalogError(Exception):
    """Base of every catalog database problem."""


class StoreError(CatalogError):
    """The database cannot be created, read or written (the message is one plain sentence)."""


class ForeignDatabaseError(StoreError):
    """The file is not a tpsbot catalog (another program's SQLite file, or not SQLite at all):
    it is never modified or replaced."""


class CorruptDatabaseError(StoreError):
    """Our own database is damaged; `tpsbot catalog build` replaces it."""


class DatabasePathError(StoreError):
    """The path cannot hold the database: a directory, an unreadable file, a read-only folder."""
