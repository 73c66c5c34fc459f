"""The pages in the bot: its HTTP listener serves them when TPSBOT_WEB=1, and with TPSBOT_PUBLIC_URL its
table and summary answers link to the full page (which opens)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import aiohttp
import pytest
from pydantic import ValidationError

from answers.knowledge.profiles import DEFAULT_PROFILE
from bot import render
from bot.settings import Settings
from bot.web import links
from tests.fakediscord import FakeDiscord

from ..conftest import RunningBot, make_settings

PUBLIC = "https://tps.example.org"


@pytest.fixture
def public_url() -> Any:
    links.public_url = PUBLIC
    yield PUBLIC
    links.public_url = None


def test_settings_are_checked() -> None:
    def settings(**values: Any) -> Settings:
        return Settings(_env_file=None, **values)  # type: ignore[call-arg]

    assert settings().web is False and settings().public_url is None
    assert settings(public_url="https://tps.example.org/").public_url == PUBLIC
    assert settings(public_url="http://10.0.0.5:8080/tps").public_url == "http://10.0.0.5:8080/tps"
    assert settings(public_url="").public_url is None
    for bad in ("tps.example.org", "ftp://x.org", "https://", "https://x.org/?a=1", "https://u:p@x.org",
                "https://x.org/#top", "https://x.org/a b", "javascript:alert(1)", "https://x.org/)[x](y"):
        with pytest.raises(ValidationError):
            settings(public_url=bad)
    with pytest.raises(ValidationError, match="TPSBOT_HTTP_PORT"):
        settings(web=True)
    assert settings(web=True, http_port=8089).web is True


@pytest.mark.parametrize(("intent", "entities", "path"), [
    ("fastest", {"model": "GLM-4.5V"}, "/models/glm-4-5v"), ("smallest", {"model": "GLM-4.5V"}, "/models/glm-4-5v"),
    ("what_gpu", {"model": "GLM-4.5V"}, "/models/glm-4-5v"),
    ("card_models", {"card": "RTX 3060"}, "/cards/geforce-rtx-3060-12-gb")])
async def test_answers_link_to_their_full_page(engine, client, public_url, intent, entities, path):
    answer = engine.command(intent, "it", **entities)
    description = render.answer_embed(answer).description or ""
    link = links.full_page(answer)
    assert link is not None and link in description and link in render.answer_text(answer)
    label, url = link[1:-1].split("](")
    # the page opens with the answer's own profile (the default: measured, which rates the current catalog)
    assert url.startswith(f"{PUBLIC}{path}?lang=it&profile={answer.facts['profile']}")
    assert answer.facts["profile"] == DEFAULT_PROFILE
    assert label == (f"Vedi tutti i {answer.facts['models_total']} modelli" if intent == "card_models"
                     else f"Vedi tutte le {answer.facts['cards_total']:,} schede".replace(",", "."))
    response = await client.get(url.removeprefix(PUBLIC))  # the link opens the page, in the answer's language
    assert response.status == 200 and response.headers["Content-Language"] == "it"


def test_no_link_without_a_public_address(engine) -> None:
    answer = engine.command("fastest", "en", model="GLIDE")
    assert links.full_page(answer) is None
    assert "](" not in (render.answer_embed(answer).description or "")


def test_no_link_for_answers_without_a_page(engine, public_url) -> None:
    assert links.full_page(engine.command("can_run", "en", model="GLIDE", memory_gb=12)) is None


async def test_the_bots_listener_serves_the_pages(fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    settings = make_settings(fake, tmp_path, http_port=0, web=True)
    async with RunningBot(settings, engine) as running, aiohttp.ClientSession() as http:
        base = f"http://127.0.0.1:{running.client.health.port}"  # type: ignore[union-attr]
        async with http.get(base + "/models/glm-4-5v?lang=de") as response:
            assert response.status == 200 and response.headers["Content-Language"] == "de"
            assert 'data-card="B200"' in await response.text()
        async with http.get(base + "/healthz") as response:
            assert response.status == 200
        async with http.get(base + "/models/glm-4-5v", headers={"Accept": "application/json"}) as response:
            assert (await response.json())["model"]["name"] == "GLM-4.5V"


async def test_the_pages_stay_off_without_the_setting(fake: FakeDiscord, engine: Any, tmp_path: Path) -> None:
    async with RunningBot(make_settings(fake, tmp_path, http_port=0), engine) as running, \
            aiohttp.ClientSession() as http:
        base = f"http://127.0.0.1:{running.client.health.port}"  # type: ignore[union-attr]
        async with http.get(base + "/models/glide") as response:
            assert response.status == 404
