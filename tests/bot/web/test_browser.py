"""The pages in a real browser (headless Chromium, Debian's `chromium` package; CI installs it): every
language and both profiles open, the script runs without a console message (a CSP refusal or a script
error would print one), a screenshot is taken (into the test's tmp folder), and the figures the browser
shows are the fixtures'. Skipped, with the reason, where Chromium is not installed."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio
from aiohttp.test_utils import TestServer

from answers.knowledge.catalog_view import Knowledge
from answers.knowledge.i18n import SUPPORTED
from bot.web.app import make_app
from bot.web.site import Site

from . import devtools
from .html_reader import Page, read_page
from .test_reference_pages import FACTS, SLUGS, check_facts, check_rows

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="headless Chromium is not installed "
                                "(apt-get install chromium; .ci/run installs it)")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run", "--mute-audio",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-extensions",
         "--enable-logging=stderr", "--v=0"]
BROWSER_SECONDS = 90  # a generous bound on two busy cores: a hung browser fails the test, never hangs it


@pytest_asyncio.fixture
async def server(web_knowledge: Knowledge) -> AsyncIterator[str]:
    async with TestServer(make_app(Site(lambda: web_knowledge)), host="127.0.0.1") as s:
        yield f"http://127.0.0.1:{s.port}"


async def browse(url: str, folder: Path, name: str, size: str = "1280,1600") -> tuple[Page, str]:
    """Open `url`, wait for it to load and its script to run; → the DOM as the browser holds it, and the
    browser's log. The screenshot is `folder/name.png`."""
    assert CHROMIUM is not None
    shot = folder / f"{name}.png"
    proc = await asyncio.create_subprocess_exec(
        CHROMIUM, *FLAGS, f"--user-data-dir={folder / 'profile'}", f"--window-size={size}",
        f"--screenshot={shot}", "--dump-dom", url,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    try:
        out, err = await asyncio.wait_for(proc.communicate(), BROWSER_SECONDS)
    except TimeoutError:
        proc.kill()
        await proc.wait()
        raise
    log = err.decode(errors="replace")
    assert proc.returncode == 0, log[-2000:]
    assert shot.is_file() and shot.stat().st_size > 1000, log[-2000:]
    return read_page(out.decode()), log


def console_messages(log: str) -> list[str]:
    return [line for line in log.splitlines() if ":CONSOLE" in line or "Refused to" in line]


@pytest.mark.parametrize("profile", ["reference", "measured"])
@pytest.mark.parametrize("locale", SUPPORTED)
async def test_every_language_and_profile_opens_clean(server, tmp_path, locale, profile):
    page, log = await browse(f"{server}/models/glm-4-5v?lang={locale}&profile={profile}", tmp_path,
                             f"glm-4-5v-{locale}-{profile}")
    assert not console_messages(log)
    assert page.lang == locale
    assert len(page.row_order) > 10
    if profile == "reference":
        fact = next(f for f in FACTS if f["model"] == "GLM-4.5V")
        check_rows(page, fact, locale)
        check_facts(page, fact, locale)


@pytest.mark.parametrize("fact", FACTS, ids=lambda f: f["model"])
async def test_the_reference_pages_in_their_language(server, tmp_path, fact):
    locale = fact["lang"]
    page, log = await browse(f"{server}/models/{SLUGS[fact['model']]}?lang={locale}&profile=reference", tmp_path,
                             f"{SLUGS[fact['model']]}-{locale}")
    assert not console_messages(log)
    check_rows(page, fact, locale)
    check_facts(page, fact, locale)


@pytest.mark.parametrize(("path", "name"), [("/?q=rtx+3090&lang=fr", "search"), ("/cards/b200?lang=de", "card"),
                                            ("/models/no-such-model?lang=es", "not-found")])
async def test_other_pages_open_clean(server, tmp_path, path, name):
    page, log = await browse(server + path, tmp_path, name)
    assert not console_messages(log)
    assert [level for level, _ in page.headings][:1] == [1]


async def test_readable_on_a_phone(server, tmp_path):
    page, log = await browse(f"{server}/models/glide?lang=it", tmp_path, "glide-phone", size="390,1600")
    assert not console_messages(log)
    assert page.row_order


async def test_the_script_runs_under_the_pages_policy(server, tmp_path):
    """The enhancing script is allowed by the CSP and runs: it marks the table it took over."""
    assert CHROMIUM is not None
    proc = await asyncio.create_subprocess_exec(
        CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", f"{server}/models/glide",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(proc.communicate(), BROWSER_SECONDS)
    assert 'data-enhanced="' in out.decode(), err.decode()[-2000:]


async def test_the_script_sorts_and_narrows_the_table_in_place(server, tmp_path):
    """A click on a heading orders the rows without a reload; typing a card name narrows them; the count
    follows in the page's language; no console message, no CSP refusal."""
    assert CHROMIUM is not None
    async with devtools.tab(CHROMIUM, tmp_path / "profile") as tab:
        await tab.open(f"{server}/models/glm-4-5v?lang=de&fit=all&profile=reference")  # the site's 818 cards
        before = await tab.run("location.href")
        await tab.run('document.querySelector(\'thead th[data-col="memory_gb"] a\').click()')
        memories = await tab.run('Array.from(document.querySelectorAll(\'tbody td[data-col="memory_gb"]\'))'
                                 '.map(td => parseFloat(td.dataset.v))')
        assert memories == sorted(memories, reverse=True) and len(memories) == 818
        assert await tab.run("location.href") == before  # in place: no navigation
        assert await tab.run('document.querySelector(\'thead th[data-col="memory_gb"]\')'
                             '.getAttribute("aria-sort")') == "descending"
        await tab.run('(() => { const f = document.getElementById("filter-q"); f.value = "rtx 4090";'
                      ' f.dispatchEvent(new Event("input")); })()')
        shown = await tab.run('Array.from(document.querySelectorAll("tbody tr"))'
                              '.filter(tr => tr.offsetParent !== null).map(tr => tr.dataset.card)')
        assert shown and all("rtx 4090" in name.lower() for name in shown)
        count = await tab.run('document.getElementById("count").textContent')
        assert count.startswith(f"{len(shown)} von 818")
        assert not tab.console, tab.console
