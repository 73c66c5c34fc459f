"""`tpsbot admin`: usage figures and the blocklist from the command line, on both backends, and the
one line a PostgreSQL URL gets when the optional driver is not installed."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

import pytest

from bot.cli.parser import main
from bot.state.errors import StateDatabaseError
from bot.state.open import MISSING_DRIVER, open_store

GUILD = 1_100_000_000_000_000_777
USER = 1_200_000_000_000_504_002


def where(target: str | Path) -> list[str]:
    return ["--database-url", target] if isinstance(target, str) else ["--state-db", str(target)]


async def admin(capsys: pytest.CaptureFixture[str], target: str | Path, *args: str) -> tuple[int, str, str]:
    """The command as its own process would run it (its own event loop, in a thread here)."""
    code = await asyncio.to_thread(main, ["admin", *args, *where(target), "--env-file", "/nonexistent/.env"])
    out, err = capsys.readouterr()
    return code, out, err


async def test_block_list_and_unblock(state_target: str | Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (await admin(capsys, state_target, "block", "guild", str(GUILD), "--reason", "spam"))[0] == 0
    code, out, _ = await admin(capsys, state_target, "block", "user", str(USER), "--json")
    assert code == 0 and json.loads(out)["added"] == {"kind": "user", "id": str(USER), "reason": ""}
    code, out, _ = await admin(capsys, state_target, "blocked", "--json")
    listed = json.loads(out)["blocked"]
    assert [(b["kind"], b["id"], b["reason"]) for b in listed] == [("guild", str(GUILD), "spam"),
                                                                   ("user", str(USER), "")]
    code, out, _ = await admin(capsys, state_target, "blocked")
    assert out.splitlines() == [f"server {GUILD}: spam", f"user {USER}"]
    code, out, _ = await admin(capsys, state_target, "unblock", "user", str(USER))
    assert code == 0 and out.strip() == f"Unblocked user {USER}."
    code, out, _ = await admin(capsys, state_target, "unblock", "user", str(USER))
    assert out.strip() == f"User {USER} was not blocked; nothing changed."
    store = await open_store(state_target, listen=False)
    try:
        assert store.is_blocked(None, GUILD) and not store.is_blocked(USER, None)
    finally:
        await store.close()


async def test_stats_by_server_and_intent(state_target: str | Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = await open_store(state_target, listen=False)
    try:
        for outcome in ("answered", "answered", "unexpected"):
            store.count_request(GUILD, "speed", outcome)
        store.count_request(None, "can_run", "answered")
    finally:
        await store.close()  # the counts are written at close, as a stopping bot does
    code, out, _ = await admin(capsys, state_target, "stats", "--json")
    data = json.loads(out)
    assert code == 0 and data["days"] == 30 and data["total"] == {"requests": 4, "errors": 1}
    assert data["rows"][0] == {"guild_id": str(GUILD), "intent": "speed", "requests": 3, "errors": 1}
    code, out, _ = await admin(capsys, state_target, "stats", "--days", "7")
    assert "direct messages" in out and f"{GUILD}" in out and out.splitlines()[-1].split()[1:] == ["4", "1"]


@pytest.mark.parametrize("bad", [["block", "guild", "12ab"], ["block", "channel", "5"], ["stats", "--days", "0"]])
async def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                bad: list[str]) -> None:
    code, out, err = await admin(capsys, tmp_path / "state.db", *bad)
    assert code == 2 and not out and err.startswith("tpsbot: error: ") and len(err.strip().splitlines()) == 1


async def test_a_postgresql_url_without_the_driver_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "asyncpg", None)  # as if `pip install tpsbot` without [postgres]
    monkeypatch.delitem(sys.modules, "bot.state.postgres", raising=False)
    with pytest.raises(StateDatabaseError) as info:
        await open_store("postgresql://tpsbot@127.0.0.1:1/none")
    assert str(info.value) == MISSING_DRIVER and "tpsbot[postgres]" in MISSING_DRIVER
