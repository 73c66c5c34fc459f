"""`tpsbot admin …`: the owner's usage figures and blocklist, read from and written to the state
(SQLite or PostgreSQL) the bot uses. A running bot follows a block within a second or two (PostgreSQL
notifies it; a SQLite file is watched every second).

Like `tpsbot state`, the parser is built with every `tpsbot` invocation: nothing heavy at the top.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from bot.cli.state import add_state_options, target_of

KINDS = ("guild", "user")
MAX_ID = 2**63 - 1  # Discord ids are 64-bit snowflakes; the columns are signed 64-bit


def _discord_id(text: str) -> int:
    if not text.isdigit() or not 0 < int(text) <= MAX_ID:
        raise argparse.ArgumentTypeError(f"{text!r} is not a Discord id (the number Developer Mode copies)")
    return int(text)


def _days(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 3650:
        raise argparse.ArgumentTypeError(f"--days must be a whole number from 1 to 3650, not {text!r}")
    return int(text)


def add_parser(sub: Any) -> None:
    p = sub.add_parser("admin", help="the owner's controls: usage figures, and a blocklist of servers and users")
    asub = p.add_subparsers(dest="action", required=True, parser_class=type(p))
    stats = asub.add_parser("stats", help="requests and errors by server and intent (counted by the running bot)")
    stats.add_argument("--days", type=_days, default=30, help="the last N days, today included (default 30)")
    block = asub.add_parser("block", help="the bot no longer answers this server or user")
    unblock = asub.add_parser("unblock", help="take a server or user off the blocklist")
    for c in (block, unblock):
        c.add_argument("kind", choices=KINDS, help="a server (guild) or a user")
        c.add_argument("id", type=_discord_id, help="its Discord id")
    block.add_argument("--reason", default="", help="a note for yourself, shown by `tpsbot admin blocked`")
    listed = asub.add_parser("blocked", help="the blocklist")
    for c in (stats, block, unblock, listed):
        add_state_options(c)


def run(args: argparse.Namespace, fail: type[Exception]) -> int:
    """Runs one admin command; errors become `fail(message, 1)` (the CLI's one-line policy)."""
    import asyncio  # lazy, with the state modules: only when an admin command runs

    from bot.state.errors import StateDatabaseError, StateWriteError

    try:
        data = asyncio.run(_dispatch(args))
    except (StateDatabaseError, StateWriteError, OSError) as exc:
        raise fail(str(exc), 1) from exc
    print(json.dumps(data, ensure_ascii=False) if args.json else _text(args.action, data))
    return 0


async def _dispatch(args: argparse.Namespace) -> dict[str, Any]:
    from bot.state.open import open_store  # lazy: the state backends, only when an admin command runs

    store = await open_store(target_of(args), listen=False)
    try:
        if args.action == "stats":
            rows = await store.stats(args.days)
            total = {"requests": sum(r["requests"] for r in rows), "errors": sum(r["errors"] for r in rows)}
            return {"where": store.where, "days": args.days, "rows": rows, "total": total}
        if args.action == "block":
            await store.block(args.kind, args.id, args.reason)
            return {"where": store.where, "added": {"kind": args.kind, "id": str(args.id), "reason": args.reason}}
        if args.action == "unblock":
            was = await store.unblock(args.kind, args.id)
            return {"where": store.where, "unblocked": {"kind": args.kind, "id": str(args.id)}, "was_blocked": was}
        return {"where": store.where, "blocked": await store.blocklist()}
    finally:
        await store.close()


def _name(kind: str) -> str:
    return "server" if kind == "guild" else "user"


def _text(action: str, d: dict[str, Any]) -> str:
    if action == "stats":
        if not d["rows"]:
            return f"No requests counted in the last {d['days']} days ({d['where']})."
        lines = [f"Requests in the last {d['days']} days ({d['where']}):", f"{'server':<20} {'intent':<24} "
                 f"{'requests':>9} {'errors':>7}"]
        lines += [f"{r['guild_id'] or 'direct messages':<20} {r['intent']:<24} {r['requests']:>9} {r['errors']:>7}"
                  for r in d["rows"]]
        lines.append(f"{'total':<45} {d['total']['requests']:>9} {d['total']['errors']:>7}")
        return "\n".join(lines)
    if action == "block":
        b = d["added"]
        return f"Blocked {_name(b['kind'])} {b['id']}: the bot no longer answers it."
    if action == "unblock":
        u = d["unblocked"]
        if not d["was_blocked"]:
            return f"{_name(u['kind']).capitalize()} {u['id']} was not blocked; nothing changed."
        return f"Unblocked {_name(u['kind'])} {u['id']}."
    if not d["blocked"]:
        return "The blocklist is empty."
    return "\n".join(f"{_name(b['kind'])} {b['id']}" + (f": {b['reason']}" if b["reason"] else "")
                     for b in d["blocked"])
