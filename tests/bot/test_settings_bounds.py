"""Every setting is bounded: non-finite, negative, absurd and duplicate values are refused at start
in one line (exit 2), and a blank line means the default, never something wider."""

from __future__ import annotations

import pytest

from bot.cli import run as runner
from bot.settings import Settings

TOKEN = "MTIz.abc.token"

REFUSED = [
    ("TPSBOT_CATALOG_CHECK_SECONDS", "1e-300"),  # an idle bot would burn a core
    ("TPSBOT_CATALOG_CHECK_SECONDS", "nan"),
    ("TPSBOT_CATALOG_CHECK_SECONDS", "-5"),
    ("TPSBOT_COOLDOWN_SECONDS", "inf"),  # an OverflowError in a task nobody awaits: unanswered users
    ("TPSBOT_COOLDOWN_SECONDS", "nan"),
    ("TPSBOT_COOLDOWN_SECONDS", "0"),
    ("TPSBOT_COOLDOWN_SECONDS", "1e12"),
    ("TPSBOT_COOLDOWN_RATE", "1000000000"),
    ("TPSBOT_SHARD_IDS", "0,0,0"),  # three gateway connections for one shard
    ("TPSBOT_SHARD_IDS", "-1"),
    ("TPSBOT_SHARD_IDS", "0,x"),
    ("TPSBOT_SHARD_COUNT", "1000000000"),
    ("TPSBOT_HTTP_HOST", "0.0.0.0 ; rm"),
    ("TPSBOT_API_BASE", "ftp://discord.com/api"),
    ("TPSBOT_API_BASE", "https://[::1/api"),
    ("TPSBOT_GATEWAY_URL", "https://gateway.discord.gg"),
    ("TPSBOT_DATABASE_URL", "postgresql://u:secret@db:99999/x"),  # a port out of range
    ("TPSBOT_DATABASE_URL", "postgresql://u:secret@[::1/x"),  # an IPv6 bracket never closed
    ("TPSBOT_DATABASE_URL", "postgresql://u:secret@db:5432,db:x/x"),  # a bad port among several hosts
    ("TPSBOT_DATABASE_URL", "postgresql://u:secret\udcff@db/x"),  # a byte that is not UTF-8
    ("TPSBOT_DATABASE_URL", "postgresql://u:secret%ff@db/x"),  # … %-encoded
    ("TPSBOT_DATABASE_URL", "postgresql://u:sec/ret@db:5432/x"),  # a / left unencoded: never quoted back
]


@pytest.mark.parametrize(("name", "value"), REFUSED)
def test_a_value_out_of_bounds_is_one_line_and_exit_2(name, value, monkeypatch, capsys) -> None:
    monkeypatch.setenv("TPSBOT_TOKEN", TOKEN)
    monkeypatch.setenv("TPSBOT_SHARD_COUNT", "4")
    monkeypatch.setenv(name, value)
    assert runner.main(env_file=None) == runner.EXIT_CONFIG
    err = capsys.readouterr().err
    assert err.startswith("tpsbot: invalid settings: ") and err.count("\n") == 1, err
    assert name in err and "Traceback" not in err
    assert "secret" not in err and "ret@" not in err  # a URL's password is never quoted back


@pytest.mark.parametrize("blank", ["", "  "])
def test_a_blank_http_host_is_the_loopback_not_every_interface(blank, monkeypatch) -> None:
    monkeypatch.setenv("TPSBOT_HTTP_HOST", blank)
    assert Settings(_env_file=None).http_host == "127.0.0.1"  # type: ignore[call-arg]


def test_blank_paths_and_url_are_unset(monkeypatch) -> None:
    for name in ("TPSBOT_DB", "TPSBOT_STATE_DB", "TPSBOT_DATABASE_URL"):
        monkeypatch.setenv(name, "")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.db is None and settings.state_db is None and settings.database_url is None


def test_sensible_values_still_pass(monkeypatch) -> None:
    monkeypatch.setenv("TPSBOT_SHARD_COUNT", "4")
    monkeypatch.setenv("TPSBOT_SHARD_IDS", "0,3")
    monkeypatch.setenv("TPSBOT_COOLDOWN_SECONDS", "1.5")
    monkeypatch.setenv("TPSBOT_HTTP_HOST", "::1")
    monkeypatch.setenv("TPSBOT_DATABASE_URL", "postgresql://u:p%C3%A9@h1:5432,[::1]:5433/db?sslmode=require")
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.shard_ids == [0, 3] and settings.cooldown_seconds == 1.5 and settings.http_host == "::1"
