"""`tpsbot web`: the command's options, and the server it starts answering on its port."""

from __future__ import annotations

import asyncio
import contextlib

import aiohttp
import pytest

from bot.cli.parser import build_parser, main
from bot.web.serve import serve


def test_defaults_are_this_machine_and_8080() -> None:
    args = build_parser().parse_args(["web"])
    assert (args.host, args.port) == ("127.0.0.1", 8080)


@pytest.mark.parametrize("port", ["70000", "-1", "http"])
def test_a_bad_port_is_one_line_and_exit_2(capsys, port) -> None:
    assert main(["web", "--port", port]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tpsbot: error: ") and err.count("\n") == 1


async def test_the_command_serves_the_pages(built_db) -> None:
    bound: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(serve(built_db, "127.0.0.1", 0, bound.set_result))
    try:
        port = await asyncio.wait_for(bound, 60)  # the port the system gave (printed on stderr too)
        async with aiohttp.ClientSession() as http, http.get(f"http://127.0.0.1:{port}/models/glide?lang=pt") as r:
            assert r.status == 200 and r.headers["Content-Language"] == "pt"
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
