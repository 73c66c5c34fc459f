"""Unit tests: settings, locale chain, cooldowns, mention safety, token redaction, parsing,
custom_id state, rendering limits, chart, error precedence, translator."""

from __future__ import annotations

import inspect
import io
import logging
from pathlib import Path
from types import SimpleNamespace
from unittest import mock

import discord
import msgspec
import pytest
from discord import app_commands
from hypothesis import given
from hypothesis import strategies as st

from answers.api import Answer
from bot import chart, errors, i18n, render
from bot.client import NO_MENTIONS, intents_for
from bot.exts.ask import plain
from bot.exts.ask.slash import parse_memory
from bot.exts.pages.views import TEMPLATE, PageState, page_view
from bot.locales import interaction_locale, message_locale
from bot.ops.cooldown import UserCooldowns
from bot.ops.logs import REDACTED, RedactTokenFilter
from bot.settings import Settings

# -- settings ----------------------------------------------------------------------------------


def test_settings_from_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TPSBOT_TOKEN", "secret-value")
    monkeypatch.setenv("TPSBOT_SHARD_IDS", "0,2")
    monkeypatch.setenv("TPSBOT_SHARD_COUNT", "4")
    monkeypatch.setenv("TPSBOT_DB", str(tmp_path / "catalog.db"))
    monkeypatch.setenv("TPSBOT_PLAIN_MODE", "channels")
    s = Settings(_env_file=None)  # type: ignore[call-arg]
    assert s.shard_ids == [0, 2] and s.shard_count == 4
    assert "secret-value" not in repr(s) and s.token is not None
    assert s.state_db_path() == tmp_path / "state.db"  # beside the catalog, a separate file
    assert intents_for(s).message_content


def test_settings_reject_shard_ids_without_count() -> None:
    with pytest.raises(ValueError):
        Settings(_env_file=None, shard_ids="1")  # type: ignore[call-arg]


def test_message_content_intent_only_in_channel_mode() -> None:
    assert not intents_for(Settings(_env_file=None)).message_content  # type: ignore[call-arg]


# -- locale chain ------------------------------------------------------------------------------


def test_interaction_locale_chain() -> None:
    assert interaction_locale("it", "fr", "de", "en") == "fr"  # a server's /settings language forces it
    assert interaction_locale("it", None, "de", "en") == "it"
    assert interaction_locale("pt-BR", None, "de", "en") == "pt"  # Discord's Brazilian Portuguese
    assert interaction_locale("ja", "fr", "de", "en") == "fr"  # no Japanese catalogue
    assert interaction_locale("ja", None, "es-ES", "en") == "es"
    assert interaction_locale("ja", None, None, "de") == "de"


def test_message_locale_chain() -> None:
    assert message_locale("en-GB", "it", "fr") == "it"  # the server's setting forces it
    assert message_locale("en-GB", None, "fr") == "en"
    assert message_locale(None, "it", "fr") == "it"
    assert message_locale(None, None, "es-419") == "es"
    assert message_locale(None, None, None) is None  # → the engine uses the question's language


# -- cooldowns ---------------------------------------------------------------------------------


def test_cooldown_per_user_and_recovery() -> None:
    now = [1000.0]
    cd = UserCooldowns(2, 10.0, clock=lambda: now[0])
    assert cd.hit(1) is None and cd.hit(1) is None
    retry = cd.hit(1)
    assert retry is not None and 0 < retry <= 10
    assert cd.hit(2) is None  # another user is not affected
    now[0] += 10.5
    assert cd.hit(1) is None


def test_cooldown_forgets_quiet_users() -> None:
    now = [1000.0]
    cd = UserCooldowns(1, 5.0, clock=lambda: now[0])
    for uid in range(100):
        cd.hit(uid)
    now[0] += 60
    cd.hit(999)
    assert len(cd._buckets) == 1


# -- mention safety ----------------------------------------------------------------------------


def _bot(mode: str = "mentions", plain_channels: frozenset[int] = frozenset()) -> SimpleNamespace:
    g = SimpleNamespace(plain_enabled=True, plain_channels=plain_channels)
    return SimpleNamespace(settings=SimpleNamespace(plain_mode=mode), user=SimpleNamespace(id=1),
                           store=SimpleNamespace(guild=lambda gid: g))


def _double(cls: type, **attrs: object) -> mock.NonCallableMagicMock:
    """A spec_set double of a real discord.py class: reading or setting anything the class does
    not have fails, and isinstance() sees the class (as python-discord/bot's test helpers do)."""
    # discord.py keeps instance data in __slots__, which a class spec does not list: add them.
    names = set(dir(cls)) | {n for klass in cls.__mro__ for n in getattr(klass, "__slots__", ())}
    # … and classes without slots set theirs in __init__: accept those the source assigns.
    source = "".join(inspect.getsource(k) for k in cls.__mro__ if k.__module__.startswith("discord"))
    names |= {n for n in attrs if f"self.{n} " in source or f"self.{n}:" in source}
    double = mock.NonCallableMagicMock(spec_set=sorted(names))
    double.__class__ = cls  # isinstance() sees the real class
    for name, value in attrs.items():
        setattr(double, name, value)
    return double


def _message(content: str, raw_mentions: list[int], *, guild: bool = True, bot: bool = False,
             system: bool = False, mentions: list[int] = (), channel: object = None) -> mock.NonCallableMagicMock:  # type: ignore[assignment]
    if channel is None:
        channel = _double(discord.TextChannel, id=3) if guild else _double(discord.DMChannel, id=4)
    message = _double(
        discord.Message, content=content, raw_mentions=raw_mentions, webhook_id=None, channel=channel,
        author=_double(discord.Member, bot=bot, id=5), guild=_double(discord.Guild, id=9) if guild else None,
        mentions=[_double(discord.User, id=uid) for uid in mentions],
    )
    message.is_system.return_value = system
    return message


def test_everyone_alone_does_not_trigger_the_bot() -> None:
    assert plain.trigger(_bot(), _message("@everyone can GLIDE run on 12 GB?", [])) is None  # type: ignore[arg-type]
    assert plain.trigger(_bot(), _message("<@1> hi", [1])) == "mention"  # type: ignore[arg-type]
    assert plain.trigger(_bot(), _message("<@1> hi", [1], bot=True)) is None  # type: ignore[arg-type]
    assert plain.trigger(_bot(), _message("hi", [], guild=False)) == "dm"  # type: ignore[arg-type]
    assert plain.trigger(_bot("off"), _message("hi", [], guild=False)) is None  # type: ignore[arg-type]
    assert plain.trigger(_bot("channels", frozenset({3})), _message("hi", [])) == "channel"  # type: ignore[arg-type]
    assert plain.trigger(_bot("mentions", frozenset({3})), _message("hi", [])) is None  # type: ignore[arg-type]


def test_trigger_threads_system_messages_reply_pings_and_uncached_servers() -> None:
    thread = _double(discord.Thread, id=30, parent_id=3)
    assert plain.trigger(_bot("channels", frozenset({3})), _message("hi", [], channel=thread)) == "channel"  # type: ignore[arg-type]
    assert plain.trigger(_bot("channels", frozenset({3})), _message("hi", [], system=True)) is None  # type: ignore[arg-type]
    assert plain.trigger(_bot(), _message("hi", [], mentions=[1])) == "mention"  # type: ignore[arg-type]
    uncached = _double(discord.PartialMessageable, id=3, guild_id=9)
    assert plain.trigger(_bot("channels"), _message("hi", [], guild=False, channel=uncached)) is None  # type: ignore[arg-type]


def test_allowed_mentions_ping_nobody() -> None:
    assert NO_MENTIONS.to_dict() == {"parse": []}
    assert NO_MENTIONS.everyone is False and NO_MENTIONS.users is False and NO_MENTIONS.roles is False
    assert NO_MENTIONS.replied_user is False


# -- token redaction ---------------------------------------------------------------------------


def test_token_is_redacted_from_messages_arguments_and_tracebacks() -> None:
    token = "MTIz.abc.very-secret-token"
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.addFilter(RedactTokenFilter(token))
    log = logging.getLogger("test.redaction")
    log.addHandler(handler)
    log.propagate = False
    try:
        log.warning("token is %s", token)
        log.warning(f"inline {token}")
        try:
            raise RuntimeError(f"Authorization: Bot {token}")
        except RuntimeError:
            log.exception("failed")
    finally:
        log.removeHandler(handler)
    text = out.getvalue()
    assert token not in text
    assert text.count(REDACTED) == 3


# -- parsing and state -------------------------------------------------------------------------


@pytest.mark.parametrize(("text", "gb"), [("12", 12.0), ("12 GB", 12.0), ("12gb", 12.0), ("7,5 Go", 7.5),
                                          ("24 GiB", 24.0), ("RTX 4090", None), ("12 GB RAM", 12.0),
                                          ("12 GB card", None), ("0", None)])
def test_parse_memory(text: str, gb: float | None) -> None:
    assert parse_memory(text) == gb


@given(
    subject=st.text(st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=60),
    page=st.integers(0, 999), context=st.one_of(st.none(), st.integers(1, 10_000_000)),
    intent=st.sampled_from(["fastest", "smallest", "card_models"]), locale=st.sampled_from(["en", "it", "fr"]),
)
def test_page_state_round_trips_through_custom_id(subject: str, page: int, context: int | None, intent: str,
                                                 locale: str) -> None:
    import re

    state = PageState(intent=intent, subject=subject, locale=locale, page=page, context=context,
                      min_quality="Q4_K_M", profile="measured")
    custom_id = state.custom_id("n", page)
    assert len(custom_id) <= 100
    match = re.fullmatch(TEMPLATE, custom_id)
    assert match is not None and PageState.from_match(match) == state


def _answer(rows: int = 25, text: str = "x", locale: str = "en") -> Answer:
    table = [{"card": f"Card {i}", "tok_s": f"{1000 - i:,} tok/s", "quant": "Q8_0", "fit": "ok",
              "need": "4.4 GB", "memory": "12 GB"} for i in range(rows)]
    return Answer(intent="fastest", locale=locale, entities={"model": "GLIDE"}, facts={}, text=text,
                  title="GLIDE", table=table, credits=["Source A", "Source B"])


def test_embed_respects_discord_limits() -> None:
    answer = _answer(text="long " * 2000)
    embed = render.answer_embed(answer, page=2)
    assert len(embed.description or "") <= 4096 and len(embed) <= 6000
    assert "21. **Card 20**" in (embed.description or "")
    assert embed.footer.text == "Source A · Source B · Page 3 of 3"


def test_quant_names_are_code_spans() -> None:
    line = render.table_lines(_answer(), 0)[0]
    assert "`Q8_0`" in line  # Q8_0 Q6_K unformatted would turn into italics


def test_page_view_buttons_disabled_at_the_ends() -> None:
    answer = _answer()
    state = PageState(intent="fastest", subject="GLIDE", locale="en")
    view = page_view(state, answer)
    assert view is not None
    prev, nxt = view.children
    assert prev.item.disabled and not nxt.item.disabled  # type: ignore[attr-defined]
    assert page_view(state, _answer(rows=5)) is None  # one page: no buttons


def test_chart_is_a_png_drawn_from_the_facts_not_the_text() -> None:
    rows = [{"card": "Card A", "tok_s": 3388.0}, {"card": "Card B", "tok_s": 97.6}, {"card": "Card C", "tok_s": None}]
    answer = msgspec.structs.replace(_answer(), facts={"rows": rows}, locale="it")
    # The table's localized strings say something else on purpose: the numbers come from the facts.
    assert chart.bars(answer) == [("Card A", 3388.0), ("Card B", 97.6)]
    png = chart.render(answer)
    assert png is not None and png.startswith(b"\x89PNG")
    assert chart.render(_answer()) is None  # no facts rows: no chart, whatever the text says


# -- error precedence --------------------------------------------------------------------------


def test_error_precedence() -> None:
    user_error = errors.UserError(errors.BAD_INPUT)
    assert errors.classify(app_commands.CommandInvokeError(SimpleNamespace(name="fit"), user_error))[1] is user_error  # type: ignore[arg-type]
    level, err = errors.classify(app_commands.MissingPermissions(["manage_guild"]))
    assert level == "debug" and err is not None and err.msgid == errors.NO_PERMISSION
    gone = discord.NotFound(SimpleNamespace(status=404, reason="x"), {"code": 10062, "message": "Unknown interaction"})  # type: ignore[arg-type]
    assert errors.classify(gone) == ("warning", None)
    level, err = errors.classify(KeyError("boom"))
    assert level == "error" and err is not None and err.msgid == errors.GENERIC


# -- translator --------------------------------------------------------------------------------


async def test_translator_localizes_descriptions_not_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "gettext", lambda locale, msgid: f"[{locale}] {msgid}")
    translator = i18n.Translator()
    desc = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_description, None)
    name = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_name, None)
    text = app_commands.locale_str("The fastest cards")
    assert await translator.translate(text, discord.Locale.italian, desc) == "[it] The fastest cards"
    assert await translator.translate(text, discord.Locale.latin_american_spanish, desc) == "[es] The fastest cards"
    assert await translator.translate(text, discord.Locale.american_english, desc) is None
    assert await translator.translate(text, discord.Locale.japanese, desc) is None
    assert await translator.translate(app_commands.locale_str("fastest"), discord.Locale.italian, name) is None


async def test_brazilian_portuguese_slash_commands_come_from_its_catalogue() -> None:
    """pt-BR (Discord's locale) reads locales/pt: real translations, within Discord's 100 characters."""
    translator = i18n.Translator()
    desc = app_commands.TranslationContext(app_commands.TranslationContextLocation.command_description, None)
    got = await translator.translate(app_commands.locale_str("Ask a question in your own words"),
                                     discord.Locale.brazil_portuguese, desc)
    assert got == "Faça uma pergunta com suas próprias palavras"
