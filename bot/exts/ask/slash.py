"""Slash commands. Each passes what it received to the engine, which re-resolves names (users may
ignore autocomplete) and answers did-you-mean itself; this module only presents the answer."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import discord
import msgspec
from discord import app_commands
from discord.app_commands import Choice, Range

from answers.api import SPECS, Answer, AskOptions, parse_memory_size
from bot import chart, context, errors, render
from bot.errors import EMPTY, TOO_LONG
from bot.exts.pages import views
from bot.exts.privacy.commands import privacy_group
from bot.exts.settings.commands import settings_group
from bot.i18n import L_, N_, t
from bot.ops import work
from bot.render import NO_MENTIONS

if TYPE_CHECKING:
    from bot.core import TpsBot

    Interaction = discord.Interaction[TpsBot]
else:
    Interaction = discord.Interaction

INTENT, OUTCOME = context.INTENT, context.OUTCOME  # Interaction.extras keys read by client.Tree

NAME_MAX = 100
QUANTS = ("Q8_0", "Q6_K", "Q5_K_M", "Q4_K_M", "IQ4_XS")
CACHE_TYPES = ("f16", "q8_0", "q4_0")  # llama.cpp's --cache-type-k/-v names, shown as they are typed there
CACHE_TYPE = L_("Conversation (KV) cache type, as llama.cpp's --cache-type-k/-v (default f16)")
ENGINE = L_("Inference engine the figures assume (default llama.cpp)")
# The engines estimator/engines.py knows (engine_constants.json); the names are products, shown as they are
# written, except llama.cpp's label, which says it is the default.
ENGINE_CHOICES = [Choice(name=L_("llama.cpp (default)"), value="llama.cpp"), Choice(name="Ollama", value="ollama"),
                  Choice(name="LM Studio", value="lm-studio"), Choice(name="vLLM", value="vllm"),
                  Choice(name="SGLang", value="sglang"), Choice(name="MLX", value="mlx"),
                  Choice(name="ExLlamaV2", value="exllamav2"), Choice(name="ExLlamaV3", value="exllamav3"),
                  Choice(name="TensorRT-LLM", value="tensorrt-llm"), Choice(name="Transformers", value="transformers")]
TASK_CHOICES = [Choice(name=L_("coding"), value="coding"), Choice(name=L_("vision"), value="vision"),
                Choice(name=L_("reasoning"), value="reasoning"), Choice(name=L_("chat"), value="chat")]


def check_length(value: str | None, limit: int = NAME_MAX) -> str | None:
    if value is not None and len(value) > limit:
        raise errors.UserError(TOO_LONG, limit=limit)
    return value


def parse_memory(text: str) -> float | None:
    """'12', '12 GB', '12GB', '12 Go' (French), '7,5 Go' → 12.0 / 7.5; anything else → None."""
    return parse_memory_size(text, bare_number=True)


# -- presenting ------------------------------------------------------------------------------
async def defer_public(interaction: Interaction) -> None:
    """A public "thinking…"; errors.reply_ephemeral knows to remove it before answering privately."""
    if interaction.response.is_done():
        return
    await interaction.response.defer(thinking=True)
    context.acked(interaction)
    interaction.extras[errors.PUBLIC_DEFER] = True


async def compute_answer(interaction: Interaction, fn: Any, /, *args: Any, **kwargs: Any) -> Answer:
    """The engine's answer, computed off the event loop; deferred first if it takes a while."""
    return await work.within(interaction.client.ack_budget, fn, *args, on_slow=lambda: defer_public(interaction),
                             **kwargs)


async def present(
    interaction: Interaction, answer: Answer, options: AskOptions, *, subject: str | None = None,
    with_chart: bool = False,
) -> None:
    deferred = interaction.response.is_done()
    interaction.extras[INTENT] = answer.intent
    interaction.extras[OUTCOME] = "private" if SPECS[answer.intent].private else "answered"
    if SPECS[answer.intent].private:  # the user's input was the problem
        if deferred:  # "thinking…" is public: replace it by a private answer
            interaction.extras.pop(errors.PUBLIC_DEFER, None)
            await interaction.delete_original_response()
            await interaction.followup.send(embed=render.answer_embed(answer), ephemeral=True,
                                            allowed_mentions=NO_MENTIONS)
            return
        await interaction.response.send_message(
            embed=render.answer_embed(answer), ephemeral=True, allowed_mentions=NO_MENTIONS
        )
        context.acked(interaction)
        return
    view = views.page_view(views.state_for(answer, options, subject), answer)
    extra: dict[str, Any] = {"view": view} if view else {}
    if with_chart and answer.table:
        # Drawing takes a while on a busy host: acknowledge within Discord's 3 s first.
        if not deferred:
            await defer_public(interaction)
        png = await work.compute(chart.render, answer)
        files = [discord.File(io.BytesIO(png), chart.FILENAME)] if png else []
        embed = render.answer_embed(answer, chart=chart.FILENAME if png else None)
        await interaction.edit_original_response(embed=embed, attachments=files, allowed_mentions=NO_MENTIONS, **extra)
        interaction.extras.pop(errors.PUBLIC_DEFER, None)
        return
    if deferred:
        await interaction.edit_original_response(embed=render.answer_embed(answer), allowed_mentions=NO_MENTIONS,
                                                 **extra)
        interaction.extras.pop(errors.PUBLIC_DEFER, None)
        return
    await interaction.response.send_message(embed=render.answer_embed(answer), allowed_mentions=NO_MENTIONS, **extra)
    context.acked(interaction)


async def run(interaction: Interaction, intent: str, *, cache_type: str | None = None, engine: str | None = None,
              **entities: Any) -> None:
    bot = interaction.client
    for value in entities.values():
        if isinstance(value, str):
            check_length(value)
    if entities.get("task", "") is None:
        del entities["task"]  # not chosen: the engine's default (no filter)
    locale = context.locale_for(bot, interaction)
    options = context.options_for(bot, interaction.guild_id)
    if cache_type:
        options = msgspec.structs.replace(options, cache_type=cache_type)
    if engine:
        options = msgspec.structs.replace(options, engine=engine)
    if SPECS[intent].chart:
        await defer_public(interaction)  # a chart follows: acknowledge now
    answer = await compute_answer(interaction, bot.engine.command, intent, locale, options=options, **entities)
    subject = entities.get("card") if intent == "card_models" else entities.get("model")
    await present(interaction, answer, options, subject=subject, with_chart=SPECS[answer.intent].chart)


# -- autocomplete ----------------------------------------------------------------------------
async def complete_model(interaction: Interaction, current: str) -> list[Choice[str]]:
    names = interaction.client.engine.complete_model(current[:NAME_MAX], limit=25)
    return [Choice(name=n[:100], value=n[:100]) for n in names[:25]]


async def complete_card(interaction: Interaction, current: str) -> list[Choice[str]]:
    # The server's profile decides the card list (the measured one has Macs, Strix Halo, H20…).
    profile = context.options_for(interaction.client, interaction.guild_id).profile
    names = interaction.client.engine.complete_card(current[:NAME_MAX], limit=25, profile=profile)
    return [Choice(name=n[:100], value=n[:100]) for n in names[:25]]


async def complete_memory_or_card(interaction: Interaction, current: str) -> list[Choice[str]]:
    memory = parse_memory(current)
    if memory is not None:
        label = f"{memory:g} GB"
        return [Choice(name=label, value=label)]
    return await complete_card(interaction, current)


# -- the commands ----------------------------------------------------------------------------
MODEL = L_("Model name, e.g. Llama 3.1 8B")
CARD = L_("Graphics card, e.g. RTX 4090")
GPUS = L_("How many of this card you have (default 1)")  # setups: "2x RTX 3090" also works in the card field


@app_commands.command(name="fit", description=L_("Can this model run on a card or in this much memory?"))
@app_commands.rename(memory_or_card="memory-or-card")
@app_commands.rename(cache_type="cache-type")
@app_commands.describe(model=MODEL, memory_or_card=L_("A card name or an amount of memory such as 12 GB"),
                       cache_type=CACHE_TYPE, gpus=GPUS, engine=ENGINE)
@app_commands.choices(cache_type=[Choice(name=c, value=c) for c in CACHE_TYPES], engine=ENGINE_CHOICES)
@app_commands.autocomplete(model=complete_model, memory_or_card=complete_memory_or_card)
async def fit(interaction: Interaction, model: Range[str, 1, NAME_MAX], memory_or_card: Range[str, 1, NAME_MAX],
              cache_type: str | None = None, gpus: Range[int, 1, 64] | None = None,
              engine: str | None = None) -> None:
    memory = parse_memory(memory_or_card)
    if memory is not None:
        await run(interaction, "can_run", model=model, memory_gb=memory, cache_type=cache_type, engine=engine)
    else:
        await run(interaction, "can_run", model=model, card=memory_or_card, cache_type=cache_type, engine=engine,
                  **({"gpu_count": gpus} if gpus else {}))


BUDGET_MAX = 40  # "1 500 €", "R$ 2.000": an amount, never a sentence


@app_commands.command(name="fastest", description=L_("The fastest cards for a model"))
@app_commands.describe(model=MODEL, budget=L_("Only cards within this launch price, such as 400, $400 or 500 €"),
                       engine=ENGINE)
@app_commands.choices(engine=ENGINE_CHOICES)
@app_commands.autocomplete(model=complete_model)
async def fastest(interaction: Interaction, model: Range[str, 1, NAME_MAX],
                  budget: Range[str, 1, BUDGET_MAX] | None = None, engine: str | None = None) -> None:
    if budget:  # "which card for X within my budget": the budget answer (answers/budget.py)
        await run(interaction, "what_gpu", model=model, budget=budget, engine=engine)
        return
    await run(interaction, "fastest", model=model, engine=engine)


@app_commands.command(name="smallest", description=L_("The smallest cards that can run a model"))
@app_commands.describe(model=MODEL, engine=ENGINE)
@app_commands.choices(engine=ENGINE_CHOICES)
@app_commands.autocomplete(model=complete_model)
async def smallest(interaction: Interaction, model: Range[str, 1, NAME_MAX], engine: str | None = None) -> None:
    await run(interaction, "smallest", model=model, engine=engine)


@app_commands.command(name="vram", description=L_("How much memory a model needs"))
@app_commands.rename(cache_type="cache-type")
@app_commands.describe(
    model=MODEL, context=L_("Context length in tokens (default 4,096)"), quant=L_("Quantization level"),
    cache_type=CACHE_TYPE, engine=ENGINE,
)
@app_commands.choices(quant=[Choice(name=q, value=q) for q in QUANTS],
                      cache_type=[Choice(name=c, value=c) for c in CACHE_TYPES], engine=ENGINE_CHOICES)
@app_commands.autocomplete(model=complete_model)
async def vram(
    interaction: Interaction, model: Range[str, 1, NAME_MAX], context: Range[int, 256, 10_000_000] | None = None,
    quant: str | None = None, cache_type: str | None = None, engine: str | None = None,
) -> None:
    await run(interaction, "vram", model=model, context=context, quant=quant, cache_type=cache_type, engine=engine)


@app_commands.command(name="speed", description=L_("How fast a model runs on a card"))
@app_commands.describe(model=MODEL, card=CARD, gpus=GPUS,
                       prompt=L_("A prompt's length in tokens: how long the card takes to read it"),
                       users=L_("People served at once: the speed each gets"), engine=ENGINE)
@app_commands.choices(engine=ENGINE_CHOICES)
@app_commands.autocomplete(model=complete_model, card=complete_card)
async def speed(interaction: Interaction, model: Range[str, 1, NAME_MAX], card: Range[str, 1, NAME_MAX],
                gpus: Range[int, 1, 64] | None = None, prompt: Range[int, 1, 10_000_000] | None = None,
                users: Range[int, 1, 4096] | None = None, engine: str | None = None) -> None:
    # A prompt length asks for prefill and time to first token; a number of people, the several-users answer.
    intent = "prefill" if prompt else "users" if users else "speed"
    extra: dict[str, Any] = {k: v for k, v in (("gpu_count", gpus), ("prompt_tokens", prompt), ("users", users)) if v}
    await run(interaction, intent, model=model, card=card, engine=engine, **extra)


@app_commands.command(name="card", description=L_("Which models a card can run, and how fast"))
@app_commands.describe(card=CARD, task=L_("Only models good at this task"), engine=ENGINE)
@app_commands.choices(task=TASK_CHOICES, engine=ENGINE_CHOICES)
@app_commands.autocomplete(card=complete_card)
async def card(interaction: Interaction, card: Range[str, 1, NAME_MAX], task: str | None = None,
               engine: str | None = None) -> None:
    await run(interaction, "card_models", card=card, task=task, engine=engine)


@app_commands.command(name="model", description=L_("Facts about a model"))
@app_commands.describe(model=MODEL)
@app_commands.autocomplete(model=complete_model)
async def model(interaction: Interaction, model: Range[str, 1, NAME_MAX]) -> None:
    await run(interaction, "model_info", model=model)


@app_commands.command(name="compare", description=L_("Compare two cards for a model, or two models on a card"))
@app_commands.describe(model=MODEL, card=CARD, card2=L_("The second graphics card"),
                       model2=L_("A second model, compared on the same card"), engine=ENGINE)
@app_commands.choices(engine=ENGINE_CHOICES)
@app_commands.autocomplete(model=complete_model, card=complete_card, card2=complete_card, model2=complete_model)
async def compare(
    interaction: Interaction, model: Range[str, 1, NAME_MAX], card: Range[str, 1, NAME_MAX],
    card2: Range[str, 1, NAME_MAX] | None = None, model2: Range[str, 1, NAME_MAX] | None = None,
    engine: str | None = None,
) -> None:
    # Neither second name: the one model on the one card (the engine answers it as a speed question).
    extra = {k: v for k, v in (("card2", card2), ("model2", model2)) if v is not None}
    await run(interaction, "compare", model=model, card=card, engine=engine, **extra)


@app_commands.command(name="ask", description=L_("Ask a question in your own words"))
@app_commands.describe(question=L_("For example: can Llama 3.1 8B run on 12 GB?"))
async def ask(interaction: Interaction, question: str) -> None:
    bot = interaction.client
    question = question.strip()
    if not question:
        raise errors.UserError(EMPTY)
    check_length(question, bot.settings.max_question_length)
    options = context.options_for(bot, interaction.guild_id)
    # The Discord client language is evidence; a /settings language (or the host's default) forces it.
    forced = context.forced_locale(bot, interaction.guild_id)
    answer = await compute_answer(interaction, bot.engine.ask, question, forced, options,
                                  hint=context.locale_for(bot, interaction))
    await present(interaction, answer, options, with_chart=SPECS[answer.intent].chart)


HELP_COMMANDS = N_("Slash commands")


@app_commands.command(name="help", description=L_("What this bot can answer"))
async def help_(interaction: Interaction) -> None:
    bot = interaction.client
    locale = context.locale_for(bot, interaction)
    answer = bot.engine.command("help", locale)
    embed = render.answer_embed(answer)
    lines = [f"`/{c.name}` — {t(locale, c.description)}" for c in bot.tree.get_commands()
             if not isinstance(c, app_commands.ContextMenu)]  # none registered; they have no description
    embed.add_field(name=t(locale, HELP_COMMANDS), value="\n".join(lines)[:1024], inline=False)
    await interaction.response.send_message(embed=embed, ephemeral=True, allowed_mentions=NO_MENTIONS)
    context.acked(interaction)


COMMANDS: list[app_commands.Command[Any, ..., Any]] = [fit, fastest, smallest, vram, speed, card, model, compare, ask,
                                                       help_]


def register(tree: app_commands.CommandTree) -> None:
    for command in COMMANDS:
        tree.add_command(command)
    tree.add_command(settings_group)
    tree.add_command(privacy_group)


def setup(bot: TpsBot) -> None:
    """Extension entry: the slash commands, /settings and /privacy among them."""
    register(bot.tree)
