"""What the question states, normalised (the `--json` contract's `"asked"`), from the one `Asked` record.

Keys are present only when stated. Names are the catalog's (a name that does not resolve stays as typed);
cards come with their counts, in the order they were said. Pure: the caller passes the name lookups.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from answers.lexicon import lexicon
from answers.records.asked import Asked
from catalog.cpu_names import resolve_cpu
from catalog.records import GpuRecord, ModelRecord

ModelName = Callable[[str | ModelRecord], str | None]
CardRecord = Callable[[str | GpuRecord], GpuRecord | None]
_SIZE_SAID = re.compile(r"\d\s*(?:gb|go|gib|g|giga|gigas|tb)\b", re.IGNORECASE)  # a memory size in a typed name
EXACT = 100.0  # a processor's name or model number found as typed, never a typo mended


# The side asks whose answer the account checks for (answers/facts/accounting.py `ASK_FACTS`): one that the
# answer does not carry is said unused, never dropped silently.
TRACKED_ASKS = ("value", "memory_enough")


def _name(value: Any, lookup: Callable[[Any], str | None]) -> str | None:
    if value is None:
        return None
    if isinstance(value, ModelRecord | GpuRecord):
        return value.name
    try:
        return lookup(value) or str(value)
    except Exception:  # noqa: BLE001 — a name that does not resolve is stated as typed
        return str(value)


def _device(asked: Asked) -> str | None:
    """A phone or a board: as typed beside its record ("galaxy s25 (Snapdragon 8 Elite)"), the record alone
    when the phrase is its name."""
    m = asked.media
    if m is None or not m.device:
        oos = asked.out_of_scope  # a phone or board no record describes: as named ("Pixel 8 Pro"), never "my phone"
        return spelled(oos.said) if oos is not None and oos.said and not oos.generic else None
    said = (m.device_said or "").strip()
    if not said or said.casefold() in m.device.casefold():
        return m.device
    return f"{spelled(said)} ({m.device})"


def spelled(said: str) -> str:
    """"galaxy s24 ultra" → "Galaxy S24 Ultra", "iphone 15 pro" → "iPhone 15 Pro": a product name as typed (folded),
    each word capitalised, the lexicon's own spellings kept ("iPhone", "Mac mini")."""
    own = lexicon().product_spellings
    return " ".join(own.get(w, w[:1].upper() + w[1:]) for w in said.split())


def _core(name: str) -> str:
    """A unified-memory record's chip without its maker or memory: "Apple M4 Max 128 GB" → "m4 max"."""
    return re.sub(r"^apple\s+|\s+\d+\s*gb$", "", name.casefold())


def _machine(said: str | None, record: GpuRecord, card_record: CardRecord) -> str:
    """A machine as stated, with the record it is estimated as when the name does not say it: "MacBook Pro M4 Max"
    (its chip is in the name), "DGX Spark (GB10)", "EVO-X2 (Ryzen AI Max+ 395 128 GB)"; the record alone when
    the question named the chip, or when the machine said is another one ("m4 max vs strix halo")."""
    if not said:
        return record.name
    if _core(record.name) in said.casefold():
        return said
    lx = lexicon()
    chips = {lx.machines.get(" ".join(k.casefold().split())) for k, v in lx.machine_names.items() if v == said}
    for chip in chips - {None}:
        found = _record(chip or "", card_record)
        if isinstance(found, GpuRecord) and _core(found.name) == _core(record.name):
            return f"{said} ({record.name})"
    return _known_as(record, card_record)


def _known_as(record: GpuRecord, card_record: CardRecord) -> str:
    """A chip whose record name is a code ("GB10") named as the first machine of the lexicon built on it ("DGX Spark
    (GB10)"), so a second machine weighed is stated by the name people know; any other record by its name."""
    if " " in record.name.strip():
        return record.name
    lx = lexicon()
    for phrase, spelled in lx.machine_names.items():
        chip = lx.machines.get(" ".join(phrase.casefold().split()))
        found = _record(chip, card_record) if chip else None
        if isinstance(found, GpuRecord) and found.name == record.name:
            return f"{spelled} ({record.name})"
    return record.name


def _media_name(typed: str) -> str | None:
    from catalog.media import media_named  # lazy: the media catalog loads only for a question that names media

    record = media_named(typed)
    return record.name if record is not None else None


def _is_speech(name: str) -> bool:
    from catalog.media import media_named  # lazy: the media catalog loads only for a question that names media

    record = media_named(name)
    return record is not None and record.kind == "speech"


def _models(asked: Asked, model_name: ModelName) -> list[str]:
    # "qwen3 8b vs 14b": the family's other size, answered in its own part, is a model named too
    typed = [asked.model, asked.model2, *asked.more_models, *(line for _, _, line in asked.more_sizes if line)]
    media = asked.media.model if asked.media is not None else None
    span = re.sub(r"[^a-z0-9]", "", (asked.model_span or "").casefold())
    if media and span and span in re.sub(r"[^a-z0-9]", "", media.casefold()):
        typed = typed[1:]  # "whisper small": the parser's "whisper" is the same mention as the media model's
    if media:  # "parakeet v2": the parser's name that the media catalog resolves to the same record
        typed = [m for m in typed if not (isinstance(m, str) and _media_name(m) == media)]
    device = " ".join(((asked.media.device_said if asked.media else None) or "").casefold().split())
    named = [_name(m, model_name) for m in typed
             if not (device and isinstance(m, str) and " ".join(m.casefold().split()) == device)]  # "pixel 9 pro"
    if media:
        named.insert(0, media)  # an image, speech or embedding model: its curated record's name
        # a second speech model of its kind ("large-v3-turbo o medium"), answered in its own part, after it
        more = [asked.media.model2, *asked.media.more] if asked.media is not None else []
        named[1:1] = [n for n in more if n and _is_speech(n)]
    if asked.media is not None:  # a voice named ("kokoro", "piper"): its curated record's name, after the rest
        named.extend(asked.media.tts)
    return list(dict.fromkeys(n for n in named if n))


def _record(value: str | GpuRecord, card_record: CardRecord) -> GpuRecord | str:
    """The card a typed name means; a plural the resolver does not know ("three p40s", "zwei 3090ern") as its
    singular, as the setup's estimate reads it; else the name as typed."""
    if isinstance(value, GpuRecord):
        return value
    for text in dict.fromkeys((value, re.sub(r"(?<=\d)(?:s|ern?)$", "", value.strip()))):
        try:
            found = card_record(text)
        except Exception:  # noqa: BLE001, S112 — a card that does not resolve is stated as typed
            continue
        if found is not None:
            return found
    return value


def _named(value: str | GpuRecord, card_record: CardRecord) -> str:
    record = _record(value, card_record)
    return record.name if isinstance(record, GpuRecord) else str(record)


def _hardware(asked: Asked, card_record: CardRecord, out: dict[str, Any]) -> None:
    """Cards with their counts; a unified-memory machine (a Mac, a Ryzen AI Max) is a `device` with its memory."""
    if asked.setup:
        # the machine, then the other side of a comparison ("2x 5060 ti vs a 3090", "evo-x2 or a 5090")
        parts: list[tuple[str | GpuRecord, int]] = [*asked.setup, *(asked.setup2 or ())]
        if not asked.setup2 and asked.card2 is not None and _named(asked.card2, card_record) not in {
                _named(typed, card_record) for typed, _ in parts}:
            parts.append((asked.card2, 1))  # a card set against the machine, not one of its own
    else:
        parts = [(c, 1) for c in (asked.card, asked.card2) if c is not None]
        if parts and asked.gpu_count and len(parts) == 1:
            parts = [(parts[0][0], asked.gpu_count)]
    cards: list[dict[str, Any]] = []
    own = len(asked.setup) if asked.setup else len(parts)  # the machine's own cards, before a compared side
    for k, (typed, count) in enumerate(parts):
        record = _record(typed, card_record)
        if isinstance(record, GpuRecord) and record.unified_memory:
            machine = _machine(asked.device, record, card_record)
            if "device" in out and out["device"] != machine:
                # a second machine weighed against the first ("ryzen ai max+ 395 vs dgx spark"): `device` holds
                # one, so the other is listed with the cards by its record's name, never dropped ("GB10" by the
                # machine people know: "DGX Spark (GB10)")
                cards.append({"name": _known_as(record, card_record), "count": count})
                continue
            out["device"] = machine
            if asked.memory_gb is not None or not isinstance(typed, str) or _SIZE_SAID.search(typed):
                out.setdefault("memory_gb", record.memory_gb)  # "m4 max 64gb"; never a record's default size
            continue
        name = record.name if isinstance(record, GpuRecord) else str(record)
        same = next((c for c in cards[:own] if c["name"] == name), None) if k < own else None
        if same is not None:  # "3090 + 3090", "una 3090 e un'altra 3090": one card, two of them
            same["count"] += count
        else:
            cards.append({"name": name, "count": count})
    if cards:
        out["cards"] = cards


_CPU_WORDS = {"amd": "AMD", "intel": "Intel", "ryzen": "Ryzen", "core": "Core", "ultra": "Ultra", "epyc": "EPYC",
              "xeon": "Xeon", "threadripper": "Threadripper", "pro": "PRO"}


def cpu_name(typed: str | None) -> str | None:
    """"7950x" → "Ryzen 9 7950X", "i9 13900k" → "Core i9-13900K": the catalog's name when the typed name pins one
    processor down (catalog/cpu_names.py); else as its maker writes it ("Xeon W9-9999X")."""
    if not typed:
        return None
    found = resolve_cpu(typed)
    if found is not None and found.score >= EXACT:
        return found.cpu.name
    return " ".join(_CPU_WORDS.get(w.casefold(), w[:1] + w[1:].upper() if w[:1].isalpha() else w.upper())
                    for w in typed.split())


_CARD_SIZE = re.compile(r"(?<![\w.])(\d{1,3}(?:\.\d)?)\s*(?:gb|go|gib|g|giga|gigas)\b", re.IGNORECASE)


def _card_memory(asked: Asked, out: dict[str, Any]) -> None:
    """A card named with its memory ("7900 xtx 24gb", "2x a100 80go", "rtx 4060 8gb + 64gb de ram"): that memory
    is stated too, as `memory_gb` (each card's), beside the card's variant in `cards`."""
    if "memory_gb" in out or "cards" not in out:
        return
    typed = [name for name, _ in asked.setup] if asked.setup else [asked.card_typed]
    for name in typed:
        hit = _CARD_SIZE.search(name) if isinstance(name, str) else None
        if hit is not None:
            out["memory_gb"] = float(hit.group(1))
            return


def _board_memory(asked: Asked, out: dict[str, Any]) -> None:
    """A board's or a phone's one memory ("pi 5 8gb", "galaxy s24 ultra con 12gb di ram") is its RAM and the
    memory the model has: said under both keys, whichever word the asker used."""
    if asked.media is None or not asked.media.device or "cards" in out:
        return
    size = out.get("memory_gb", out.get("ram_gb"))
    if size is not None:
        out.setdefault("memory_gb", size)
        out.setdefault("ram_gb", size)


def stated(asked: Asked, model_name: ModelName, card_record: CardRecord) -> dict[str, Any]:
    """The conditions `asked` states, under the contract's keys (see docs/command-line.md)."""
    out: dict[str, Any] = {}
    models = _models(asked, model_name)
    if models:
        out["models"] = models
    _hardware(asked, card_record, out)
    cpu = asked.cpu
    plain: dict[str, Any] = {
        "memory_gb": asked.memory_gb if asked.memory_gb is not None else None,
        "ram_gb": asked.ram_gb if asked.ram_gb is not None else (cpu.ram_gb if cpu is not None else None),
        "ram_type": asked.ram_type, "ram_mt_s": asked.ram_mts, "ram_channels": asked.ram_channels,
        "cpu": cpu_name(asked.cpu_named or asked.chip_named), "cpu_cores": asked.cpu_cores,
        "context": asked.context_said,
        "prompt_tokens": asked.prompt_tokens, "output_tokens": asked.output_tokens, "users": asked.users,
        "users_per_day" if not asked.per_day_requests else "requests_per_day": asked.per_day,
        "quant": asked.quant_format or asked.quant, "kv_cache": asked.cache_type, "engine": asked.engine,
        "target_tok_s": asked.target_tok_s, "link": asked.link,
        "speculative": asked.speculative or None,
        "device": asked.device or _device(asked),
        "off_topic": asked.off_topic,  # a topic the bot does not answer (answers/lexicon/off_topic.toml)
    }
    out.update({k: v for k, v in plain.items() if v is not None and k not in asked.ram_from_platform and k not in out})
    _board_memory(asked, out)
    _card_memory(asked, out)
    if asked.budget is not None:
        out["budget"] = {"amount": asked.budget.amount, "currency": asked.budget.currency}
    if asked.local_prices:  # "5090 tá uns 18k aqui, 3090 usada uns 4500": each card's price as stated
        out["prices"] = [{"card": typed, "amount": p.amount, "currency": p.currency} for typed, p in asked.local_prices]
    if asked.power is not None and asked.power.price_kwh is not None:  # "strom kostet 0,35 €/kWh"
        out["power_price"] = {"amount": asked.power.price_kwh, "currency": asked.power.currency}
    asks = [k for k in asked.also if k in TRACKED_ASKS]
    if asks:  # "best value?", "is 16 GB enough?": asks the account checks the answer carries
        out["asks"] = asks
    train = asked.train
    if train is not None:  # a fine-tuning run's conditions (answers/reading/train_words.py)
        said = {"train_examples": train.examples, "train_tokens": train.tokens, "example_tokens": train.example_tokens,
                "epochs": train.epochs, "train_method": train.method, "rental": train.provider,
                "dataset_mb": train.dataset_mb, "train_sequence": train.sequence, "train_steps": train.steps,
                "trainers": list(train.trainers) or None}
        out.update({k: v for k, v in said.items() if v is not None})
    return out


def with_repos(said: dict[str, Any], repo_of: Callable[[str], str | None]) -> dict[str, Any]:
    """`said` with `model_repos` beside `models`: each model's official spelling, its maker's repository
    ("Qwen/Qwen3-32B" for the catalog's "Qwen3 32B"), None where the catalog has none. Added after the
    accounting: a spelling is no condition of its own. `models` keeps the catalog's names (the contract)."""
    models = said.get("models")
    if not models:
        return said
    out: dict[str, Any] = {}
    for key, value in said.items():
        out[key] = value
        if key == "models":
            out["model_repos"] = [repo_of(name) for name in models]
    return out


def checkpoint_repo(repo: str | None, aliases: list[str], typed: str | None) -> str | None:
    """The maker's repository of the checkpoint the asker named, when the catalog keeps it under its base record
    ("Qwen3-30B-A3B-Instruct-2507" typed, or "qwen3 30b a3b instruct 2507": "Qwen/Qwen3-30B-A3B-Instruct-2507",
    not the base "Qwen/Qwen3-30B-A3B"): an alias in the maker's spelling (hyphens, no spaces, no ollama tag) of the
    same line as the base repository ("Qwen3-…"), equal to what was typed but for case and punctuation, and saying
    more than the base's name (a bare "Llama-3.1-8B" keeps "meta-llama/Llama-3.1-8B-Instruct"). The base
    repository otherwise."""
    if repo is None or not typed:
        return repo
    org, _, base = repo.partition("/")
    key = re.sub(r"[^a-z0-9]", "", typed.rsplit("/", 1)[-1].casefold())
    folded = re.sub(r"[^a-z0-9]", "", base.casefold())
    for alias in aliases:
        if (" " in alias or ":" in alias or "/" in alias or "-" not in alias or alias == base
                or alias.split("-")[0] != base.split("-")[0]):
            continue
        said = re.sub(r"[^a-z0-9]", "", alias.casefold())
        if said == key and not folded.startswith(said):  # "Kimi-K2" says less than "Kimi-K2-Instruct": the base's
            return f"{org}/{alias}"
    return repo

