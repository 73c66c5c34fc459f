"""`tpsbot state …`: info, backup, restore, and migrate (SQLite → PostgreSQL).

The parser is built with every `tpsbot` invocation, so this module imports nothing heavy at the
top; `run()` loads the state modules when a state command actually runs.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser("state", help="the bot's per-server state: info, backup, restore, migrate to PostgreSQL")
    ssub = p.add_subparsers(dest="action", required=True, parser_class=type(p))
    parsers = [
        ssub.add_parser("info", help="which backend holds the state, its schema version and row counts"),
        ssub.add_parser("backup", help="write a consistent copy of the state to a new SQLite file"),
        ssub.add_parser("restore", help="replace the state with a backup's rows (all or nothing)"),
        ssub.add_parser("migrate", help="copy a SQLite state into PostgreSQL (idempotent)"),
    ]
    parsers[1].add_argument("path", type=Path, help="the backup file to write (must not exist)")
    parsers[1].add_argument("--force", action="store_true", help="replace PATH if it exists")
    parsers[2].add_argument("path", type=Path, help="a file written by `tpsbot state backup`")
    parsers[3].add_argument("--to", required=True, metavar="URL", help="postgresql://user:password@host:port/db")
    parsers[3].add_argument("--from", dest="source", type=Path, metavar="PATH",
                            help="the SQLite state (default: TPSBOT_STATE_DB, or state.db beside the catalog)")
    for c in parsers:
        add_state_options(c)


def add_state_options(c: argparse.ArgumentParser) -> None:
    """Where the state is (the settings file, or a path or URL that overrides it) and --json: the options
    every command on the bot's state takes (`tpsbot state …`, `tpsbot admin …`), read by target_of()."""
    c.add_argument("--env-file", type=Path, default=Path(".env"), help="settings file (default .env)")
    c.add_argument("--state-db", type=Path, metavar="PATH", help="SQLite state (overrides TPSBOT_STATE_DB)")
    c.add_argument("--database-url", metavar="URL", help="PostgreSQL state (overrides TPSBOT_DATABASE_URL)")
    c.add_argument("--json", action="store_true", help="machine-readable output (a stable contract)")


def run(args: argparse.Namespace, fail: type[Exception]) -> int:
    """Runs one state command; errors become `fail(message, 1)` (the CLI's one-line policy)."""
    import asyncio  # with the state modules: only when a state command runs

    from bot.state import copy
    from bot.state.errors import StateDatabaseError, StateSettingError

    try:
        data = asyncio.run(_dispatch(args, copy))
    except StateSettingError as exc:  # a setting or an argument that cannot name a state: bad input
        raise fail(str(exc), 2) from exc
    except (copy.CopyError, StateDatabaseError, OSError) as exc:
        raise fail(str(exc), 1) from exc
    except Exception as exc:  # a driver's error mid-copy (the copy rolled back): still one line
        raise fail(f"the state database failed: {type(exc).__name__}: {exc}", 1) from exc
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(_text(args.action, data))
    return 0


async def _dispatch(args: argparse.Namespace, copy: Any) -> dict[str, Any]:
    if args.action == "migrate":
        return await copy.migrate(args.source or _settings(args).state_db_path(), _url(args.to, "--to"))
    target = target_of(args)
    if args.action == "backup":
        return await copy.backup(target, args.path, force=args.force)
    if args.action == "restore":
        return await copy.restore(target, args.path)
    return await copy.info(target)


def _settings(args: argparse.Namespace) -> Any:
    from pydantic import ValidationError  # lazy, as the module docstring says: pydantic is heavy

    from bot.settings import Settings, describe
    from bot.state.errors import StateSettingError

    overrides: dict[str, Any] = {}
    if args.state_db is not None:
        overrides["state_db"] = args.state_db
    try:
        return Settings(_env_file=args.env_file if args.env_file.is_file() else None, **overrides)
    except ValidationError as exc:
        raise StateSettingError(f"invalid settings: {describe(exc)}") from exc


def _url(url: str, option: str) -> str:
    """A URL given on the command line, checked before anything connects (exit 2, the URL masked)."""
    from bot.state.errors import StateSettingError
    from bot.state.urls import SCHEMES, check, mask

    if not url.startswith(SCHEMES):
        return url  # not PostgreSQL: the command says what it expected instead
    try:
        return check(url)
    except ValueError as exc:
        raise StateSettingError(f"{option} {mask(url)}: {exc}") from None


def target_of(args: argparse.Namespace) -> str | Path:
    if args.database_url:
        return _url(args.database_url, "--database-url")
    if args.state_db is not None:
        return args.state_db
    from bot.state.open import configured_target  # lazy: loads the SQLite backend

    return configured_target(_settings(args))


def _counts(c: dict[str, Any]) -> str:
    return f"{c['servers']} server settings, {c['user_languages']} remembered user languages, {c['meta']} meta values"


def _text(action: str, d: dict[str, Any]) -> str:
    if action == "info":
        return f"{d['backend']} state at {d['where']}, schema version {d['schema_version']}: {_counts(d)}"
    if action == "backup":
        return f"Backed up the {d['backend']} state at {d['from']} to {d['to']}: {_counts(d)}"
    if action == "restore":
        return f"Restored {d['to']} ({d['backend']}) from {d['from']}: {_counts(d)}"
    parts = []
    for key, label in (("servers", "server settings"), ("user_languages", "user languages"), ("meta", "meta values")):
        c = d["copied"][key]
        parts.append(f"{c['new'] + c['changed'] + c['unchanged']} {label} ({c['new']} new, {c['changed']} changed, "
                     f"{c['unchanged']} already there)")
    note = "" if any(d["copied"][k]["new"] + d["copied"][k]["changed"] for k in d["copied"]) else \
        " Nothing to change: it was already copied."
    return f"Copied the state from {d['from']} to {d['to']}: {', '.join(parts)}.{note}"
