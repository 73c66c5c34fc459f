"""A PostgreSQL URL's secrets are masked wherever it is shown, whatever their form (`user:pass@`,
`?password=`, `?sslpassword=`), and a malformed URL given on the command line is one line, exit 2."""

from __future__ import annotations

import io
import logging

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.cli.parser import main as cli_main
from bot.ops.logs import RedactTokenFilter
from bot.state import urls

SECRET = "hunter2-xyzzy"
FORMS = [
    f"postgresql://tpsbot:{SECRET}@db.internal:5432/tpsbot",
    f"postgresql://tpsbot@db.internal/tpsbot?password={SECRET}",
    f"postgresql://tpsbot@db.internal/tpsbot?sslmode=verify-full&sslpassword={SECRET}",
    f"postgres://tpsbot:{SECRET}@h1:5432,h2:5433/tpsbot?PassWord={SECRET}#frag",
    f"postgresql://tpsbot:{SECRET}@[::1/tpsbot",  # unreadable: still masked, never an exception
    f"postgresql://tpsbot:{SECRET}\udcff@db/tpsbot",
]


@pytest.mark.parametrize("url", FORMS)
def test_every_form_of_secret_is_masked(url) -> None:
    shown = urls.mask(url)
    assert SECRET not in shown and "***" in shown
    shown.encode("utf-8")  # printable, whatever bytes it held
    assert any(SECRET in s for s in urls.secrets(url))


@given(st.text(max_size=60))
def test_masking_never_raises(text) -> None:
    urls.mask("postgresql://" + text)
    urls.secrets("postgresql://" + text)


def test_the_log_filter_removes_the_url_secrets() -> None:
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.addFilter(RedactTokenFilter("tok.en.x", urls.secrets(FORMS[2])))
    log = logging.getLogger("test.url-secrets")
    log.addHandler(handler)
    log.propagate = False
    try:
        try:
            raise RuntimeError(f"connect failed for {FORMS[2]}")
        except RuntimeError:
            log.exception("state at %s", FORMS[2])
    finally:
        log.removeHandler(handler)
    assert SECRET not in out.getvalue() and "connect failed" in out.getvalue()


@pytest.mark.parametrize("url", [
    "postgresql://u:pw@127.0.0.1:99999/db", "postgresql://u:pw@127.0.0.1:5432,127.0.0.1:x/db",
    "postgresql://u:pw@[::1/db", "postgresql://u:pw\ufffd@127.0.0.1/db"])
@pytest.mark.parametrize("action", [["info"], ["backup", "out.db"], ["restore", "in.db"]])
def test_a_malformed_url_argument_is_one_line_exit_2(url, action, tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    assert cli_main(["state", *action, "--database-url", url]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tpsbot: error: --database-url ") and err.count("\n") == 1 and "pw" not in err, err


def test_migrate_to_a_malformed_url_is_one_line_exit_2(tmp_path, capsys) -> None:
    assert cli_main(["state", "migrate", "--from", str(tmp_path / "s.db"), "--to", "postgresql://u:pw@h:99999/d"]) == 2
    assert "pw" not in capsys.readouterr().err


def test_an_unreachable_server_is_shown_masked(capsys) -> None:
    url = f"postgresql://tpsbot@127.0.0.1:1/tpsbot?password={SECRET}&sslpassword={SECRET}"
    assert cli_main(["state", "info", "--database-url", url]) == 1
    err = capsys.readouterr().err
    assert SECRET not in err and "password=***" in err and err.count("\n") == 1


async def test_state_info_shows_the_url_masked(pg_url, capsys) -> None:
    import asyncio

    url = f"{pg_url}?password={SECRET}&sslmode=disable"
    assert await asyncio.to_thread(cli_main, ["state", "info", "--database-url", url, "--json"]) == 0
    out = capsys.readouterr().out
    assert SECRET not in out and "password=***" in out
