"""Paged card tables with buttons that survive restarts.

The buttons are `DynamicItem`s: everything needed to redraw a page lives in the custom_id
(≤ 100 chars), and the page is recomputed from the engine on each press, so no view state is kept
in memory and a restarted bot answers presses on messages sent by the previous process.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord
from msgspec import Struct
from msgspec.structs import replace

from answers.api import Answer, AskOptions, Profile
from answers.intents_table import PAGE_CODES
from bot import chart, context, errors, render
from bot.i18n import N_, t
from bot.ops import work
from bot.ops.metrics import STARTED
from bot.render import NO_MENTIONS

if TYPE_CHECKING:
    from bot.core import TpsBot

PREVIOUS = N_("Previous")
NEXT = N_("Next")

PAGED = PAGE_CODES  # intent → its code in button ids, e.g. {"fastest": "f"} (answers.intents_table)
_INTENTS = {code: intent for intent, code in PAGED.items()}
_PROFILES = {"reference": "r", "measured": "m"}
_PROFILE_NAMES = {code: name for name, code in _PROFILES.items()}
CUSTOM_ID_MAX = 100

TEMPLATE = (
    r"tps:(?P<dir>[pn]):(?P<page>\d{1,4}):(?P<intent>[fsc]):(?P<locale>[a-z]{2}):(?P<profile>[rm]):"
    r"(?P<context>\d{0,8}):(?P<quality>[A-Za-z0-9_]{0,12}):(?P<subject>.{1,60})"
)


class PageState(Struct, frozen=True):
    intent: str  # one of PAGED
    subject: str  # model name (fastest/smallest) or card name (card_models)
    locale: str
    page: int = 0
    profile: str = "measured"  # answers.knowledge.profiles.DEFAULT_PROFILE
    context: int | None = None
    min_quality: str | None = None

    def custom_id(self, direction: str, page: int) -> str:
        return (
            f"tps:{direction}:{page}:{PAGED[self.intent]}:{self.locale}:{_PROFILES[self.profile]}:"
            f"{self.context or ''}:{self.min_quality or ''}:{self.subject}"
        )

    @classmethod
    def from_match(cls, match: re.Match[str]) -> PageState:
        return cls(
            intent=_INTENTS[match["intent"]],
            subject=match["subject"],
            locale=match["locale"],
            page=int(match["page"]),
            profile=_PROFILE_NAMES[match["profile"]],
            context=int(match["context"]) if match["context"] else None,
            min_quality=match["quality"] or None,
        )

    def options(self) -> AskOptions:
        return AskOptions(profile=cast("Profile", self.profile), context=self.context, min_quality=self.min_quality)

    def ask(self, engine: Any) -> Answer:
        key = "card" if self.intent == "card_models" else "model"
        return engine.command(self.intent, self.locale, options=self.options(), **{key: self.subject})


def subject_of(answer: Answer, fallback: str | None = None) -> str | None:
    """The canonical model/card name the engine resolved, which is shorter and stable."""
    key = "card" if answer.intent == "card_models" else "model"
    value = answer.entities.get(key)
    if key == "card" and answer.entities.get("setup"):
        value = answer.entities["setup"]  # "2× GeForce RTX 3090": the next page rates the whole setup again
    if isinstance(value, dict):
        value = value.get("name") or value.get("display")
    return value if isinstance(value, str) and value else fallback


def state_for(answer: Answer, options: AskOptions, fallback_subject: str | None = None) -> PageState | None:
    if answer.intent not in PAGED or not answer.table:
        return None
    subject = subject_of(answer, fallback_subject)
    if not subject or len(subject) > 60 or "\n" in subject:
        return None  # cannot be carried in a custom_id; the first page is still shown
    return PageState(
        intent=answer.intent, subject=subject, locale=answer.locale, profile=options.profile,
        context=options.context, min_quality=options.min_quality,
    )


class PageButton(discord.ui.DynamicItem[discord.ui.Button], template=TEMPLATE):
    def __init__(self, state: PageState, direction: str, target: int, *, disabled: bool = False) -> None:
        label = t(state.locale, PREVIOUS if direction == "p" else NEXT)
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, disabled=disabled,
                custom_id=state.custom_id(direction, target),
                emoji="◀️" if direction == "p" else "▶️",
            )
        )
        self.state = replace(state, page=target)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PageButton:
        return cls(PageState.from_match(match), match["dir"], int(match["page"]))

    async def interaction_check(self, interaction: discord.Interaction[TpsBot]) -> bool:  # type: ignore[override]
        if not interaction.client.store.is_blocked(interaction.user.id, interaction.guild_id):
            return True
        await errors.reply_ephemeral(interaction, t(self.state.locale, errors.BLOCKED))  # the blocklist's one line
        return False

    async def callback(self, interaction: discord.Interaction[TpsBot]) -> None:  # type: ignore[override]
        metrics = interaction.client.metrics
        metrics.started(interaction.extras)
        outcome = "answered"
        try:
            # Off the event loop; a busy bot acknowledges the press first (deferred update).
            answer = await work.within(interaction.client.ack_budget, self.state.ask, interaction.client.engine,
                                       on_slow=lambda: _defer(interaction))
            edit = interaction.edit_original_response if interaction.response.is_done() else \
                interaction.response.edit_message
            if answer.intent not in PAGED:
                # The catalogue changed since the message was sent: show what the engine says now.
                await edit(embed=render.answer_embed(answer), view=None, allowed_mentions=NO_MENTIONS)
                return
            page = render.clamp_page(answer, self.state.page)
            has_chart = bool(interaction.message and interaction.message.attachments)
            embed = render.answer_embed(answer, page, chart=chart.FILENAME if has_chart else None)
            await edit(embed=embed, view=page_view(replace(self.state, page=page), answer),
                       allowed_mentions=NO_MENTIONS)
        except Exception as exc:
            outcome = await errors.handle(
                exc, locale=self.state.locale, reply=lambda text: errors.reply_ephemeral(interaction, text),
                context=errors.interaction_context(interaction),
            )
            metrics.error(outcome)
        finally:
            context.acked(interaction)
            metrics.request("button", self.state.intent, outcome, interaction.extras.get(STARTED),
                            interaction.guild_id)


async def _defer(interaction: discord.Interaction[TpsBot]) -> None:
    await interaction.response.defer()
    context.acked(interaction)


def page_view(state: PageState | None, answer: Answer) -> discord.ui.View | None:
    if state is None or render.page_count(answer) <= 1:
        return None
    last = render.page_count(answer) - 1
    page = render.clamp_page(answer, state.page)
    if len(state.custom_id("p", last)) > CUSTOM_ID_MAX:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(PageButton(state, "p", max(page - 1, 0), disabled=page == 0))
    view.add_item(PageButton(state, "n", min(page + 1, last), disabled=page == last))
    return view


def setup(bot: TpsBot) -> None:
    """Extension entry: the page buttons, found again by their custom id after a restart."""
    bot.add_dynamic_items(PageButton)
