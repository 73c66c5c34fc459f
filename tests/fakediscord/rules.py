"""What Discord rejects with 400 "Invalid Form Body" (code 50035): the command PUT schema and the
message limits. Each check returns a list of problems ("path: reason"); empty means accepted.

Sources: Discord's developer documentation (Application Commands, Message and Embed limits,
Message Components). Only the rules a bot like this one can break are modelled.
"""

from __future__ import annotations

import re
from typing import Any

# Discord's 32 locales; a localization dict with any other key is rejected.
LOCALES = frozenset({
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl", "pt-BR",
    "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
})
# Chat-input names: 1–32 of letters, digits, - and _ (any script), lower case where the script has case.
NAME = re.compile(r"^[-_'\w]{1,32}$")
OPTION_TYPES = range(1, 12)
SUBCOMMAND, GROUP = 1, 2
CONTEXTS = {0, 1, 2}  # guild, bot DM, private channel
INSTALLS = {0, 1}  # guild install, user install


def _name(value: Any, path: str) -> list[str]:
    if not isinstance(value, str) or not NAME.match(value) or value != value.lower():
        return [f"{path}: invalid name {value!r}"]
    return []


def _text(value: Any, path: str, low: int = 1, high: int = 100) -> list[str]:
    if not isinstance(value, str) or not low <= len(value) <= high:
        return [f"{path}: must be {low}–{high} characters, got {len(value) if isinstance(value, str) else value!r}"]
    return []


def _localized(data: dict[str, Any], key: str, path: str, *, name: bool) -> list[str]:
    problems: list[str] = []
    for locale, value in (data.get(key) or {}).items():
        where = f"{path}.{key}.{locale}"
        if locale not in LOCALES:
            problems.append(f"{where}: unknown locale")
        else:
            problems += _name(value, where) if name else _text(value, where)
    return problems


def _choices(option: dict[str, Any], path: str) -> list[str]:
    choices = option.get("choices")
    if choices is None:
        return []
    problems = [f"{path}.choices: at most 25"] if len(choices) > 25 else []
    for i, choice in enumerate(choices):
        where = f"{path}.choices.{i}"
        problems += _text(choice.get("name"), f"{where}.name")
        problems += _localized(choice, "name_localizations", where, name=False)
        if isinstance(choice.get("value"), str):
            problems += _text(choice["value"], f"{where}.value")
    if choices and option.get("autocomplete"):
        problems.append(f"{path}: choices and autocomplete are exclusive")
    return problems


def _options(options: list[dict[str, Any]], path: str, depth: int = 0) -> list[str]:
    problems = [f"{path}: at most 25 options"] if len(options) > 25 else []
    names = [o.get("name") for o in options]
    if len(set(names)) != len(names):
        problems.append(f"{path}: duplicate option names")
    seen_optional = False
    for i, option in enumerate(options):
        where = f"{path}.{i}"
        kind = option.get("type")
        if kind not in OPTION_TYPES:
            problems.append(f"{where}.type: invalid")
        problems += _name(option.get("name"), f"{where}.name")
        problems += _text(option.get("description"), f"{where}.description")
        problems += _localized(option, "name_localizations", where, name=True)
        problems += _localized(option, "description_localizations", where, name=False)
        problems += _choices(option, where)
        if kind in (SUBCOMMAND, GROUP):
            if depth >= (1 if kind == GROUP else 2):
                problems.append(f"{where}: nested too deep")
            problems += _options(option.get("options") or [], f"{where}.options", depth + 1)
            continue
        # Required options come first.
        if option.get("required"):
            if seen_optional:
                problems.append(f"{where}: required options must be placed before non-required options")
        else:
            seen_optional = True
        for low, high in (("min_length", "max_length"),):
            if option.get(low) is not None and not 0 <= option[low] <= 6000:
                problems.append(f"{where}.{low}: 0–6000")
            if option.get(high) is not None and not 1 <= option[high] <= 6000:
                problems.append(f"{where}.{high}: 1–6000")
    kinds = {o.get("type") in (SUBCOMMAND, GROUP) for o in options}
    if len(kinds) > 1:
        problems.append(f"{path}: subcommands cannot be mixed with other options")
    return problems


def command_problems(commands: Any) -> list[str]:
    if not isinstance(commands, list):
        return ["body: must be a list of commands"]
    problems = [f"body: at most 100 chat-input commands, got {len(commands)}"] if len(commands) > 100 else []
    names = [c.get("name") for c in commands if c.get("type", 1) == 1]
    if len(set(names)) != len(names):
        problems.append("body: duplicate command names")
    for i, command in enumerate(commands):
        where = str(i)
        problems += _name(command.get("name"), f"{where}.name")
        problems += _text(command.get("description"), f"{where}.description")
        problems += _localized(command, "name_localizations", where, name=True)
        problems += _localized(command, "description_localizations", where, name=False)
        problems += _options(command.get("options") or [], f"{where}.options")
        if command.get("contexts") is not None and not set(command["contexts"]) <= CONTEXTS:
            problems.append(f"{where}.contexts: invalid")
        if command.get("integration_types") is not None and not set(command["integration_types"]) <= INSTALLS:
            problems.append(f"{where}.integration_types: invalid")
        perms = command.get("default_member_permissions")
        if perms is not None and not str(perms).isdigit():
            problems.append(f"{where}.default_member_permissions: must be a string of digits")
    return problems


# -- messages ----------------------------------------------------------------------------------
EMBED_LIMITS = {"title": 256, "description": 4096}
CUSTOM_ID_MAX = 100


def _embed(embed: dict[str, Any], path: str) -> tuple[list[str], int]:
    problems: list[str] = []
    total = 0
    for key, limit in EMBED_LIMITS.items():
        value = embed.get(key) or ""
        total += len(value)
        if len(value) > limit:
            problems.append(f"{path}.{key}: at most {limit} characters")
    fields = embed.get("fields") or []
    if len(fields) > 25:
        problems.append(f"{path}.fields: at most 25")
    for i, field in enumerate(fields):
        name, value = field.get("name") or "", field.get("value") or ""
        total += len(name) + len(value)
        if not 1 <= len(name) <= 256 or not 1 <= len(value) <= 1024:
            problems.append(f"{path}.fields.{i}: name 1–256, value 1–1024 characters")
    footer = (embed.get("footer") or {}).get("text") or ""
    author = (embed.get("author") or {}).get("name") or ""
    total += len(footer) + len(author)
    if len(footer) > 2048:
        problems.append(f"{path}.footer.text: at most 2048 characters")
    if len(author) > 256:
        problems.append(f"{path}.author.name: at most 256 characters")
    return problems, total


def _components(rows: list[dict[str, Any]]) -> list[str]:
    problems = ["components: at most 5 action rows"] if len(rows) > 5 else []
    ids: list[str] = []
    for r, row in enumerate(rows):
        children = row.get("components") or []
        if row.get("type") != 1 or not 1 <= len(children) <= 5:
            problems.append(f"components.{r}: an action row holds 1–5 components")
        for c, comp in enumerate(children):
            where = f"components.{r}.components.{c}"
            if comp.get("style") == 5:  # link buttons carry a url, no custom_id
                continue
            custom_id = comp.get("custom_id")
            if not isinstance(custom_id, str) or not 1 <= len(custom_id) <= CUSTOM_ID_MAX:
                problems.append(f"{where}.custom_id: 1–{CUSTOM_ID_MAX} characters")
            else:
                ids.append(custom_id)
            if len(comp.get("label") or "") > 80:
                problems.append(f"{where}.label: at most 80 characters")
    if len(set(ids)) != len(ids):
        problems.append("components: custom_id must be unique")
    return problems


def message_problems(body: dict[str, Any] | None, *, files: int = 0, creating: bool = True) -> list[str]:
    body = body or {}
    problems: list[str] = []
    content = body.get("content") or ""
    if len(content) > 2000:
        problems.append("content: at most 2000 characters")
    embeds = body.get("embeds") or []
    if len(embeds) > 10:
        problems.append("embeds: at most 10")
    total = 0
    for i, embed in enumerate(embeds):
        found, size = _embed(embed, f"embeds.{i}")
        problems += found
        total += size
    if total > 6000:
        problems.append("embeds: at most 6000 characters in all")
    problems += _components(body.get("components") or [])
    if creating and not (content or embeds or files or body.get("components") or body.get("sticker_ids")):
        problems.append("Cannot send an empty message")
    return problems
