import asyncio, os, sys, time, signal
import pytest
from tests.fakediscord import payloads as P
from tests.bot.test_soak import COMMANDS, peak_rss_mb, USER
from tests.bot.conftest import TOKEN

async def test_sqlite(fake, catalog_db, tmp_path):
    await run(fake, catalog_db, tmp_path, None)

async def test_pg(fake, catalog_db, tmp_path, pg_url):
    await run(fake, catalog_db, tmp_path, pg_url)

async def run(fake, catalog_db, tmp_path, pg):
    env = dict(os.environ, TPSBOT_TOKEN=TOKEN, TPSBOT_DB=str(catalog_db), TPSBOT_STATE_DB=str(tmp_path / "s.db"),
               TPSBOT_API_BASE=fake.api_base, TPSBOT_GATEWAY_URL=fake.gateway_url, TPSBOT_LOG_LEVEL="WARNING",
               TPSBOT_COOLDOWN_RATE="1000")
    if pg:
        env["TPSBOT_DATABASE_URL"] = pg
    fake.deadline = 60
    proc = await asyncio.create_subprocess_exec(sys.executable, "-c", "import sys; from bot.cli import main; sys.exit(main(['run', '--env-file', '/nonexistent']))",
        env=env, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    await fake.wait_for(lambda op: op["op"] == 2, gateway=True, timeout=120)
    await fake.wait_for(lambda r: r.method == "PUT", timeout=60)
    await asyncio.sleep(0.5)
    evs = []
    for i in range(1000):
        name, options = COMMANDS[i % len(COMMANDS)]
        evs.append(P.interaction(2, P.command_data(name, options), user_id=USER + i))
    sent = {}
    for e in evs:
        sent[e["id"]] = time.monotonic()
        await fake.dispatch("INTERACTION_CREATE", e)
    acks = []
    for e in evs:
        r = await fake.wait_for(fake.callback_for(e), timeout=120)
        acks.append(r.at - sent[e["id"]])
    acks.sort()
    peak = peak_rss_mb(proc.pid)
    proc.send_signal(signal.SIGTERM)
    _, err = await asyncio.wait_for(proc.communicate(), 60)
    print(f"\nRESULT pg={pg} p50={acks[500]:.3f} p99={acks[990]:.3f} max={acks[-1]:.3f} over3={sum(a > 3 for a in acks)} peak={peak:.0f}MB load={os.getloadavg()[0]:.1f}")
