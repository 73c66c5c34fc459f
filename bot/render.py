"""Answer → Discord message parts: embed, table pages, footer. Pure functions, easy to test."""

from __future__ import annotations

import math

import discord
from discord.utils import escape_markdown

from answers.api import Answer
from bot.i18n import N_, t
from bot.web import links

# Every message the bot sends pings nobody: user text in answers can hold @everyone or <@id>.
NO_MENTIONS = discord.AllowedMentions.none()

PAGE_SIZE = 10
COLOUR = discord.Colour(0x5865F2)
PAGE_LABEL = N_("Page {page} of {pages}")
TRUNCATED = "…"

# Embed limits (Discord): title 256, description 4,096, footer 2,048, 6,000 in all.
TITLE_MAX, DESCRIPTION_MAX, FOOTER_MAX, TOTAL_MAX = 256, 4096, 2048, 6000


def page_count(answer: Answer) -> int:
    return max(1, math.ceil(len(answer.table or ()) / PAGE_SIZE))


def clamp_page(answer: Answer, page: int) -> int:
    return min(max(page, 0), page_count(answer) - 1)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - len(TRUNCATED)] + TRUNCATED


def table_lines(answer: Answer, page: int) -> list[str]:
    rows = (answer.table or [])[page * PAGE_SIZE : (page + 1) * PAGE_SIZE]
    lines = []
    for number, row in enumerate(rows, start=page * PAGE_SIZE + 1):
        name = escape_markdown(row.get("card") or row.get("model") or "?")
        head = f"{number}. **{name}**"
        if row.get("tok_s"):
            head += f" — {row['tok_s']}" + (f" ({row['range']})" if row.get("range") else "")
        # Quant names contain underscores (Q8_0) that markdown would read as italics: code spans.
        tail = [f"`{row['quant']}`" if row.get("quant") else ""]
        if row.get("need") and row.get("memory"):
            tail.append(f"{row['need']} / {row['memory']}")
        elif row.get("memory"):
            tail.append(row["memory"])
        if row.get("fit"):
            tail.append(row["fit"])
        tail = [p for p in tail if p]
        lines.append(head + (" · " + " · ".join(tail) if tail else ""))
    return lines


def answer_embed(answer: Answer, page: int = 0, *, chart: str | None = None) -> discord.Embed:
    page = clamp_page(answer, page)
    lines = table_lines(answer, page)
    block = "\n".join(lines + ([link] if (link := links.full_page(answer)) else []))
    room = DESCRIPTION_MAX - (len(block) + 2 if block else 0)
    description = _cut(answer.text, max(room, 200))
    if block:
        description = _cut(f"{description}\n\n{block}", DESCRIPTION_MAX)
    embed = discord.Embed(
        title=_cut(answer.title, TITLE_MAX) if answer.title else None, description=description, colour=COLOUR
    )
    footer = list(answer.credits)
    if answer.table and page_count(answer) > 1:
        footer.append(t(answer.locale, PAGE_LABEL, page=page + 1, pages=page_count(answer)))
    if footer:
        room = TOTAL_MAX - len(embed.title or "") - len(embed.description or "")
        embed.set_footer(text=_cut(" · ".join(footer), min(FOOTER_MAX, max(room, 1))))
    if chart:
        embed.set_image(url=f"attachment://{chart}")
    return embed


def plain_text(text: str) -> str:
    """A short localized notice (errors, settings) within the 2,000-character message limit."""
    return _cut(text, 2000)


def answer_text(answer: Answer, page: int = 0) -> str:
    """The embed's content as one plain message (channels without Embed Links), within 2,000 characters."""
    lines = table_lines(answer, clamp_page(answer, page))
    # the link to the full page before the rows: cut to 2,000 characters, the message loses rows, not the link
    parts = [f"**{escape_markdown(answer.title)}**" if answer.title else "", answer.text,
             links.full_page(answer) or "", "\n".join(lines),
             " · ".join(answer.credits)]
    return plain_text("\n\n".join(p for p in parts if p))
