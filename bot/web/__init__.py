"""The calculator's pages over HTTP: every model's and every card's page, in every catalogue language.

`tpsbot web` serves them alone; the bot's HTTP listener (bot/ops/health.py) mounts the same routes when
TPSBOT_WEB=1. Figures come from the answers' reports (answers/facts/reports.py), the ones `tpsbot table`,
`summary` and `card` print; words from the gettext catalogues; numbers and dates from Babel. See docs/web.md.
"""
