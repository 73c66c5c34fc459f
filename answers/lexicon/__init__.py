"""The parser's vocabulary, one TOML file per language plus `common.toml`, checked at load.

Adding a language is a data change: a `<code>.toml` file here with every key below (and the answer
catalogue `locales/<code>/LC_MESSAGES/*.po`). A file with an unknown key, a missing key, a weight
that is not a number, an intent the engine does not know, or a pattern that does not compile
fails at load with a message naming the file and the key.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from msgspec import Struct, field

from answers.knowledge import cache as disk_cache
from answers.knowledge import pickled
from answers.lexicon.errors import LexiconError
from answers.lexicon.scan import IntentScan, Pattern, compile_pattern, joined, read_patterns

# the constants stay importable from answers.lexicon, where the readers have always found them
from answers.lexicon.tables import (
    BACKENDS as BACKENDS,
)
from answers.lexicon.tables import (
    BUDGET_CURRENCIES as BUDGET_CURRENCIES,
)
from answers.lexicon.tables import (
    CACHE_TYPES as CACHE_TYPES,
)
from answers.lexicon.tables import (
    MORE_CURRENCIES as MORE_CURRENCIES,
)
from answers.lexicon.tables import (
    OUT_OF_SCOPE_HELPERS as OUT_OF_SCOPE_HELPERS,
)
from answers.lexicon.tables import (
    OUT_OF_SCOPE_KEYS as OUT_OF_SCOPE_KEYS,
)
from answers.lexicon.tables import (
    OUT_OF_SCOPE_KINDS as OUT_OF_SCOPE_KINDS,
)
from answers.lexicon.tables import (
    OUT_OF_SCOPE_TOPICS as OUT_OF_SCOPE_TOPICS,
)
from answers.lexicon.tables import (
    backends,
    cache_types,
    channel_counts,
    check_keys,
    counts_after,
    cpu_names,
    currency_symbols,
    machines,
    out_of_scope,
    phrases,
    platform_shapes,
    read_toml,
    string_table,
    words,
)
from answers.records.limits import ENGINE_INTENTS, PARSER_INTENTS

HERE = Path(__file__).parent

# Every language file has exactly these keys (the `intents` table may leave some intents out).
LANGUAGE_KEYS = {
    "language": "the language code (file name without .toml)",
    "function_words": "words that are never part of a name (whitespace-separated)",
    "language_words": "list of { weight, words }: words that point to this language",
    "accented_words": "words read before accents are folded away ('è' is Italian, 'é' alone Portuguese)",
    "greetings": "greetings and thanks, whole phrases one per line: a message of only these is a hello",
    "courtesy": "thanks and goodbyes, whole phrases one per line: a hello with one of these gets a short reply",
    "at_once_words": "phrases that ask for two models loaded at once ('at the same time', 'insieme'), one per line",
    "card_words": "words that put a card right after them ('on', 'my', 'with')",
    "context_words": "words that say a number is a context length",
    "thousand_words": "words after a number that say thousands, read like 'k' in a context length ('32 mil tokens')",
    "ram_words": "words after a size that make it system RAM ('64 GB RAM')",
    "prompt_words": "words next to a number that make it a prompt length ('a 32k prompt', 'prompt di 8000 token')",
    "users_words": "words after a number that make it a count of people served at once ('4 users', '10 persone')",
    "and_words": "words that join a second ask ('and', 'also'): 'who made X and when'",
    "laptop_words": "words next to a card that make it the laptop part ('4070 laptop', 'portatile')",
    "laptop_links": "phrases between a laptop word and its card ('with a', 'tiene una'), one per line",
    "ram_phrases": "phrases after a size that make it system RAM, one per line ('memoria di sistema')",
    "cpu_only_words": "phrases that leave the graphics card out, one per line ('cpu only', 'senza gpu')",
    "cpu_words": "phrases that put the model on the CPU ('on the cpu'): CPU only unless a partial_words phrase "
                 "is there",
    "partial_words": "phrases that make a CPU mention an offload, one per line ('partly', 'layers', 'vram')",
    "offload_words": "phrases that say the model runs with part of it in system RAM ('in offload', 'experts in "
                     "ram'), one per line: with no hardware named, the usual offload machine stands in",
    "offload_not_words": "words that, just before an offload_words phrase, say it is not wanted ('without', "
                         "'senza'), one per line",
    "image_words": "phrases that ask about image generation, one per line ('image model', 'generare immagini')",
    "quant_questions": "phrases that ask which quantization level, one per line ('which quant')",
    "biggest_words": "phrases that ask for the biggest model, one per line",
    "cheapest_words": "phrases that ask for the cheapest card, one per line",
    "versus_words": "phrases between two models or setups that compare them ('vs', 'or'), one per line",
    "compare_words": "phrases that ask for a comparison anywhere ('which is better', 'compare'), one per line",
    "together_words": "phrases that pool cards joined by 'and' into one machine ('together'), one per line",
    "swap_words": "phrases that ask about replacing one card by another ('swap', 'upgrade'), one per line",
    "swap_links": "phrases between the card owned and its replacement in a swap ('for', 'with'), one per line",
    "who_words": "words for 'who': with a 'when' word the question asks maker and release",
    "when_words": "words for 'when'",
    "count_words": "table one/two/three/four[/five…sixteen] = words for a number of cards ('dual', 'deux')",
    "tasks": "table coding/vision/reasoning/chat = words that ask for models good at a task",
    "more_cards_help": "pattern: asks whether more cards help ('would a second 3090 help / be faster')",
    "intents": "table intent = list of { weight, pattern }",
    "budget": "table default/usd/eur/gbp/brl/nouns/spend/limits: how a budget is said ('400 bucks', 'under 500')",
}
COMMON_KEYS = {
    "function_words": "words every language shares that are never part of a name",
    "ordinary_words": "ordinary words that are also the whole name of some catalog model",
    "name_words": "words patterns use that are also parts of names: never stop words",
    "product_words": "words of product names that never count as evidence of a language ('pro', 'ti')",
    "card_form_words": "form factors typed before the chip ('sxm4 a100'): moved after it",
    "apple_machine_words": "phrases naming an Apple machine around a chip ('mac studio'), one per line",
    "apple_tiers": "Apple chip tiers ('pro max ultra')",
    "card_nouns": "nouns for a graphics card in every language ('cards', 'schede'): '2 cards' after a named card "
                  "is its count",
    "count_nouns": "nouns that count things in every language ('pcs', 'Stück', 'pezzi'): '2 Stück 3090' is two 3090s",
    "unified_memory_phrases": "phrases for a Mac's unified memory in every language ('unified memory'), one per line",
    "intents": "table intent = list of { weight, pattern } read in every language",
    "machines": "table phrase = chip: machines named by product ('dgx spark' = 'GB10')",
    "product_spellings": "table word = spelling: a phone's or board's word as its maker writes it ('iphone')",
    "machine_names": "table phrase = product as its maker spells it, stated as a device ('mbp' = 'MacBook Pro')",
    "cache_types": "table llama.cpp cache type = phrases that name it, one per line ('q8 kv cache')",
    "currency_symbols": "table usd/eur/gbp/brl = signs written next to an amount ('$', '€', 'R$')",
    "image_models": "image- and video-generation models and tools, one per line ('flux', 'sdxl')",
    "speed_units": "units after a number that make it a speed the asker states, one per line ('t/s')",
    "backends": "table CUDA/ROCm/Vulkan/Metal/SYCL = words that name the runtime backend ('hip', 'vulkan')",
    "name_words_before_ceiling": "words of a product's name before a ceiling word ('ryzen ai max 395'): no budget",
    "model_tier_words": "words that tell a model's tier inside its line ('medium', 'large', 'mini'): after a "
                        "family name no catalog name goes on with, they make another model, not the family's default",
    "model_file_words": "parts of a repository id or file name that say how weights are packed ('gguf', 'awq'): "
                        "not the model",
    "ram_channel_words": "nouns for a memory channel in every language ('channels', 'canali', 'Kanäle'): "
                         "'12 channels' is the RAM's",
    "ram_speed_units": "units after a RAM speed ('mt/s', 'mhz'): 'ddr5 6000 mt/s'",
    "channel_counts": "table word = number of memory channels it says ('dual' = 2, 'octa' = 8) in every language",
    "ram_platforms": "table phrase = CPU platform key ('genoa' = 'epyc 9004'): its RAM type, speed and channels",
    "ram_platform_shapes": "table model-number pattern = platform key, first match wins ('epyc\\s*9\\d{2}4[a-z]*' = "
                           "'epyc 9004'; '{0}' takes the pattern's group)",
    "out_of_scope": "table phone/board/speech/embedding/fine_tuning/from_scratch/full_fine_tuning/cloud, "
                    "gaming/mining/api_price (topics), api_words/price_words/ai_words/mining_history (their "
                    "conditions) = phrases in every language, one per line, that put a question outside what "
                    "the estimator rates; generic = those of them that "
                    "name no model or device ('embedding', 'tts')",
    "cpu_names": "patterns, one per line, that name a desktop or laptop processor ('i9 13900k', 'ryzen 9 7950x')",
    "qat_words": "words that name quantization-aware-trained weights ('qat'): Google's QAT files are GGUF Q4_0",
    "dynamic_words": "words, every language, for Unsloth's dynamic GGUF levels ('dynamic 2-bit', 'unsloth dynamic')",
    "ram_amount_links": "short words in every language between a bare amount and its RAM word ('64 de ram', "
                        "'32 of ram'); a conjunction is not one ('2080 and ddr4')",
    "product_number_words": "words a product's number follows ('rtx 2080', 'ryzen 7700'): after them a bare "
                            "number is the product's, never an amount of RAM",
    "memory_in_use_words": "words in every language that say an amount is memory in use, not the card's size "
                           "('nvidia-smi shows 3gb used', '3 GB belegt', '3 go utilises'): such an amount is never "
                           "read as graphics memory",
    "multi_gpu_boards": "table board as typed = the GPUs on it ('arc pro b60 dual' = '2 x arc pro b60'): a board "
                        "that is several GPUs is read as that many cards",
    "count_fillers": "words in every language that may stand between a count and the card it counts ('2x used "
                     "3090', '2 gebrauchte 3090', 'due usate 3090')",
    "count_corrections": "phrases in every language that put an exact count after a vague one ('ein paar 5090er, "
                         "sagen wir vier'), one per line",
    "vague_counts": "words in every language for a vague number of cards ('a few', 'qualche'), one per line",
    "count_after_words": "table word = count: a count said after the card it counts ('a used 3090 pair', "
                         "'ein 3090-Paar'), every language",
    "machine_links": "words in every language between a machine's product name and its chip that keep them one "
                     "machine ('framework desktop with strix halo')",
    "quantity_units": "units a number may carry that no model or card name has ('1000w', '850 watts', '50 tops'): "
                      "the number and its unit are a quantity, never a name",
    "software_names": "operating systems and tools named with a version ('ubuntu 24.04', 'windows 11', 'proxmox "
                      "8'): the word and its version are software, never a model's name",
}
# Files beside the languages: the shared words, and the conditions' words (answers/lexicon/conditions.py).
SHARED_FILES = frozenset({"common.toml", "conditions.toml", "engine_versus.toml", "also.toml", "power.toml",
                          "languages.toml", "off_topic.toml", "knowhow.toml", "work.toml",
                          "hardware_context.toml", "people.toml"})
SHARED_FILES |= {"buying.toml"}  # a buying message's words (answers/reading/pair_words.py)
SHARED_FILES |= {"kv_cache.toml"}  # a question about the KV cache itself (answers/lexicon/kv_cache.py)
SHARED_FILES |= {"training.toml"}  # a fine-tuning run's conditions (answers/reading/train_words.py)
SHARED_FILES |= {"task_axes.toml"}  # the task two models are weighed for (answers/reading/task_axis_words.py)
TASKS = ("coding", "vision", "reasoning", "chat")
COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "ten": 10,
          "twelve": 12, "sixteen": 16}
REQUIRED_COUNTS = ("one", "two", "three", "four")


class LanguageLexicon(Struct):
    """One language's words and patterns (`<code>.toml`), checked."""
    code: str
    function_words: frozenset[str]
    language_words: dict[str, float]
    accented_words: frozenset[str]
    greetings: tuple[str, ...]
    card_words: frozenset[str]
    context_words: frozenset[str]
    thousand_words: frozenset[str]
    ram_words: frozenset[str]
    prompt_words: frozenset[str]
    users_words: frozenset[str]
    and_words: frozenset[str]
    laptop_words: frozenset[str]
    laptop_links: tuple[str, ...]  # "my laptop has a 3050": the words between, answers/reading/setup_words.py
    ram_phrases: tuple[str, ...]
    cpu_only_words: tuple[str, ...]
    cpu_words: tuple[str, ...]
    partial_words: tuple[str, ...]
    offload_words: tuple[str, ...]
    offload_not_words: tuple[str, ...]
    image_words: tuple[str, ...]
    quant_questions: tuple[str, ...]
    biggest_words: tuple[str, ...]
    cheapest_words: tuple[str, ...]
    versus_words: tuple[str, ...]
    compare_words: tuple[str, ...]
    together_words: tuple[str, ...]
    swap_words: tuple[str, ...]
    swap_links: tuple[str, ...]
    who_words: frozenset[str]
    when_words: frozenset[str]
    count_words: dict[str, int]
    tasks: dict[str, frozenset[str]]
    more_cards_help: re.Pattern[str]
    patterns: list[Pattern] = field(default_factory=list)
    budget: BudgetWords | None = None
    courtesy: tuple[str, ...] = ()  # thanks and goodbyes: answered with one line, not the whole help
    at_once_words: tuple[str, ...] = ()  # two models loaded at once ("at the same time"): answers/reading/at_once.py


class BudgetWords(Struct, frozen=True):
    """How one language says a budget (answers/reading/budget_words.py reads it)."""

    default: str  # currency of a bare amount: "usd" | "eur" | "gbp" | "brl"
    currencies: dict[str, frozenset[str]]  # currency → words said after an amount
    nouns: frozenset[str]  # "budget", "presupuesto": after an amount, it is a budget
    spend: frozenset[str]  # "spend", "gastar": a bare "1.5k" shortly before one is money
    limits: tuple[str, ...]  # phrases right before a bare amount that make it a ceiling
    whole: frozenset[str] = frozenset()  # "total", "build", "PC": the budget is for the whole machine
    used: frozenset[str] = frozenset()  # "used", "usada", "gebraucht": the asker would buy second-hand
    used_not_before: frozenset[str] = frozenset()  # "used for coding", "usado para": the other sense of the word


class Lexicon(Struct):
    """Every language's lexicon and the shared words (common.toml), checked at load."""
    languages: dict[str, LanguageLexicon]
    common_function_words: frozenset[str]
    ordinary_words: frozenset[str]
    name_words: frozenset[str]
    card_form_words: frozenset[str]
    product_words: frozenset[str]
    common_patterns: list[Pattern]
    machines: dict[str, str]
    machine_names: dict[str, str]
    product_spellings: dict[str, str]
    apple_machine_words: tuple[str, ...]
    apple_tiers: tuple[str, ...]
    unified_memory_phrases: tuple[str, ...]
    card_nouns: frozenset[str]
    count_nouns: frozenset[str]
    cache_types: dict[str, tuple[str, ...]]
    currency_symbols: dict[str, frozenset[str]] = field(default_factory=dict)
    image_models: tuple[str, ...] = ()
    speed_units: tuple[str, ...] = ()
    model_file_words: frozenset[str] = frozenset()
    model_tier_words: frozenset[str] = frozenset()
    name_words_before_ceiling: frozenset[str] = frozenset()
    ram_channel_words: frozenset[str] = frozenset()
    ram_speed_units: frozenset[str] = frozenset()
    channel_counts: dict[str, int] = field(default_factory=dict)
    ram_platforms: dict[str, str] = field(default_factory=dict)
    ram_platform_shapes: tuple[tuple[re.Pattern[str], str], ...] = ()
    backends: dict[str, frozenset[str]] = field(default_factory=dict)  # backend → words ("hip" → ROCm)
    out_of_scope: dict[str, tuple[str, ...]] = field(default_factory=dict)
    cpu_names: tuple[re.Pattern[str], ...] = ()
    machine_links: frozenset[str] = frozenset()
    qat_words: frozenset[str] = frozenset()
    dynamic_words: frozenset[str] = frozenset()
    ram_amount_links: frozenset[str] = frozenset()
    product_number_words: frozenset[str] = frozenset()
    memory_in_use_words: frozenset[str] = frozenset()
    count_fillers: frozenset[str] = frozenset()
    count_corrections: tuple[str, ...] = ()
    vague_counts: tuple[str, ...] = ()
    quantity_units: frozenset[str] = frozenset()
    software_names: frozenset[str] = frozenset()
    multi_gpu_boards: dict[str, str] = field(default_factory=dict)
    count_after_words: dict[str, int] = field(default_factory=dict)
    intent_scans: tuple[IntentScan, ...] = ()  # patterns() joined per intent and weight (lexicon/scan.py)

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(self.languages)

    def patterns(self) -> tuple[Pattern, ...]:
        return tuple(self.common_patterns) + tuple(p for lx in self.languages.values() for p in lx.patterns)


def _language(path: Path, intents: frozenset[str]) -> LanguageLexicon:
    where = path.name
    data = read_toml(path)
    check_keys(data, LANGUAGE_KEYS, where)
    code = data["language"]
    if code != path.stem:
        raise LexiconError(f"{where}: language = {code!r} but the file is named {path.stem!r}")
    weights = _language_weights(data["language_words"], where)
    for key, keys in (("count_words", COUNTS), ("tasks", dict.fromkeys(TASKS))):
        if not isinstance(data[key], dict):
            raise LexiconError(f"{where}: {key} must be a table")
        table = data[key]
        if key == "count_words":  # the larger counts are optional: not every language says "twelve"
            table = {k: "" for k in COUNTS if k not in REQUIRED_COUNTS} | table
        check_keys(table, {k: "" for k in keys}, f"{where}: {key}")
    greetings = data["greetings"]
    if not isinstance(greetings, str):
        raise LexiconError(f"{where}: greetings must be a string, one phrase per line")
    return LanguageLexicon(
        code=code,
        function_words=words(data["function_words"], f"{where}: function_words"),
        language_words=weights,
        accented_words=words(data["accented_words"], f"{where}: accented_words"),
        greetings=tuple(p.strip() for p in greetings.splitlines() if p.strip()),
        courtesy=phrases(data["courtesy"], f"{where}: courtesy"),
        at_once_words=phrases(data["at_once_words"], f"{where}: at_once_words"),
        card_words=words(data["card_words"], f"{where}: card_words"),
        context_words=words(data["context_words"], f"{where}: context_words"),
        thousand_words=words(data["thousand_words"], f"{where}: thousand_words"),
        ram_words=words(data["ram_words"], f"{where}: ram_words"),
        prompt_words=words(data["prompt_words"], f"{where}: prompt_words"),
        users_words=words(data["users_words"], f"{where}: users_words"),
        and_words=words(data["and_words"], f"{where}: and_words"),
        laptop_words=words(data["laptop_words"], f"{where}: laptop_words"),
        laptop_links=phrases(data["laptop_links"], f"{where}: laptop_links"),
        ram_phrases=phrases(data["ram_phrases"], f"{where}: ram_phrases"),
        cpu_only_words=phrases(data["cpu_only_words"], f"{where}: cpu_only_words"),
        cpu_words=phrases(data["cpu_words"], f"{where}: cpu_words"),
        partial_words=phrases(data["partial_words"], f"{where}: partial_words"),
        offload_words=phrases(data["offload_words"], f"{where}: offload_words"),
        offload_not_words=phrases(data["offload_not_words"], f"{where}: offload_not_words"),
        image_words=phrases(data["image_words"], f"{where}: image_words"),
        quant_questions=phrases(data["quant_questions"], f"{where}: quant_questions"),
        biggest_words=phrases(data["biggest_words"], f"{where}: biggest_words"),
        cheapest_words=phrases(data["cheapest_words"], f"{where}: cheapest_words"),
        versus_words=phrases(data["versus_words"], f"{where}: versus_words"),
        compare_words=phrases(data["compare_words"], f"{where}: compare_words"),
        together_words=phrases(data["together_words"], f"{where}: together_words"),
        swap_words=phrases(data["swap_words"], f"{where}: swap_words"),
        swap_links=phrases(data["swap_links"], f"{where}: swap_links"),
        who_words=words(data["who_words"], f"{where}: who_words"),
        when_words=words(data["when_words"], f"{where}: when_words"),
        count_words={w: COUNTS[k] for k, v in data["count_words"].items()
                     for w in words(v, f"{where}: count_words.{k}")},
        tasks={k: words(v, f"{where}: tasks.{k}") for k, v in data["tasks"].items()},
        more_cards_help=compile_pattern(data["more_cards_help"], f"{where}: more_cards_help"),
        patterns=read_patterns(data["intents"], code, where, intents),
        budget=_budget(data["budget"], where),
    )


def _language_weights(rows: object, where: str) -> dict[str, float]:
    """`language_words`: each word's strongest weight as evidence for the file's language."""
    if not isinstance(rows, list):
        raise LexiconError(f"{where}: language_words must be a list of {{ weight, words }}")
    weights: dict[str, float] = {}
    for i, row in enumerate(rows):
        if not isinstance(row, dict) or set(row) != {"weight", "words"} or not isinstance(row["weight"], (int, float)):
            raise LexiconError(f"{where}: language_words[{i}] must be {{ weight = <number>, words = <string> }}")
        for w in words(row["words"], f"{where}: language_words[{i}]"):
            weights[w] = max(weights.get(w, 0.0), float(row["weight"]))
    return weights


def _budget(table: object, where: str) -> BudgetWords:
    if not isinstance(table, dict):
        raise LexiconError(f"{where}: [budget] must be a table")
    more = [c for c in MORE_CURRENCIES if c in table]
    optional = [*more, *(k for k in ("whole", "used", "used_not_before") if k in table)]
    check_keys(table, dict.fromkeys((*BUDGET_CURRENCIES, *optional, "default", "nouns", "spend", "limits"), ""),
                f"{where}: budget")
    default = table["default"]
    if default not in (*BUDGET_CURRENCIES, *more):
        raise LexiconError(f"{where}: budget.default must be one of {', '.join(BUDGET_CURRENCIES)}, not {default!r}")
    return BudgetWords(
        default=default,
        currencies={c: words(table[c], f"{where}: budget.{c}") for c in (*BUDGET_CURRENCIES, *more)},
        nouns=words(table["nouns"], f"{where}: budget.nouns"),
        spend=words(table["spend"], f"{where}: budget.spend"),
        limits=phrases(table["limits"], f"{where}: budget.limits"),
        whole=words(table.get("whole", ""), f"{where}: budget.whole"),
        used=words(table.get("used", ""), f"{where}: budget.used"),
        used_not_before=words(table.get("used_not_before", ""), f"{where}: budget.used_not_before"),
    )


def load(directory: Path = HERE) -> Lexicon:
    """Every `<code>.toml` in `directory` plus its `common.toml`; raises LexiconError on a bad file."""
    intents = frozenset(PARSER_INTENTS)  # the intents a question may be read as
    common_path = directory / "common.toml"
    if not common_path.exists():
        raise LexiconError(f"{directory.name}: common.toml is missing")
    common = read_toml(common_path)
    check_keys(common, COMMON_KEYS, "common.toml")
    languages = {}
    for path in sorted(directory.glob("*.toml")):
        if path.name not in SHARED_FILES:
            lx = _language(path, intents)
            languages[lx.code] = lx
    if not languages:
        raise LexiconError(f"{directory.name}: no language file")
    # English first: it is the tie-breaker of last resort and the answer language by default.
    order = sorted(languages, key=lambda c: (c != "en", c))
    loaded = Lexicon(
        languages={c: languages[c] for c in order},
        common_function_words=words(common["function_words"], "common.toml: function_words"),
        ordinary_words=words(common["ordinary_words"], "common.toml: ordinary_words"),
        name_words=words(common["name_words"], "common.toml: name_words"),
        card_form_words=words(common["card_form_words"], "common.toml: card_form_words"),
        product_words=words(common["product_words"], "common.toml: product_words"),
        common_patterns=read_patterns(common["intents"], "all", "common.toml", intents),
        machines=machines(common["machines"]),
        machine_names=string_table(common["machine_names"], "common.toml: machine_names"),
        product_spellings=string_table(common["product_spellings"], "common.toml: product_spellings"),
        apple_machine_words=phrases(common["apple_machine_words"], "common.toml: apple_machine_words"),
        apple_tiers=tuple(sorted(words(common["apple_tiers"], "common.toml: apple_tiers"))),
        card_nouns=words(common["card_nouns"], "common.toml: card_nouns"),
        count_nouns=words(common["count_nouns"], "common.toml: count_nouns"),
        unified_memory_phrases=phrases(common["unified_memory_phrases"], "common.toml: unified_memory_phrases"),
        cache_types=cache_types(common["cache_types"]),
        currency_symbols=currency_symbols(common["currency_symbols"]),
        image_models=phrases(common["image_models"], "common.toml: image_models"),
        speed_units=phrases(common["speed_units"], "common.toml: speed_units"),
        model_file_words=words(common["model_file_words"], "common.toml: model_file_words"),
        model_tier_words=words(common["model_tier_words"], "common.toml: model_tier_words"),
        name_words_before_ceiling=words(common["name_words_before_ceiling"], "common.toml: name_words_before_ceiling"),
        ram_channel_words=words(common["ram_channel_words"], "common.toml: ram_channel_words"),
        ram_speed_units=words(common["ram_speed_units"], "common.toml: ram_speed_units"),
        channel_counts=channel_counts(common["channel_counts"]),
        ram_platforms=string_table(common["ram_platforms"], "common.toml: ram_platforms"),
        ram_platform_shapes=platform_shapes(common["ram_platform_shapes"]),
        backends=backends(common["backends"]),
        out_of_scope=out_of_scope(common["out_of_scope"]),
        cpu_names=cpu_names(common["cpu_names"]),
        machine_links=words(common["machine_links"], "common.toml: machine_links"),
        qat_words=words(common["qat_words"], "common.toml: qat_words"),
        dynamic_words=words(common["dynamic_words"], "common.toml: dynamic_words"),
        ram_amount_links=words(common["ram_amount_links"], "common.toml: ram_amount_links"),
        product_number_words=words(common["product_number_words"], "common.toml: product_number_words"),
        memory_in_use_words=words(common["memory_in_use_words"], "common.toml: memory_in_use_words"),
        count_fillers=words(common["count_fillers"], "common.toml: count_fillers"),
        count_corrections=phrases(common["count_corrections"], "common.toml: count_corrections"),
        vague_counts=phrases(common["vague_counts"], "common.toml: vague_counts"),
        quantity_units=words(common["quantity_units"], "common.toml: quantity_units"),
        software_names=words(common["software_names"], "common.toml: software_names"),
        multi_gpu_boards=string_table(common["multi_gpu_boards"], "common.toml: multi_gpu_boards"),
        count_after_words=counts_after(common["count_after_words"]),
    )
    loaded.intent_scans = joined(loaded.patterns())
    return loaded


@cache
def lexicon() -> Lexicon:
    """The shipped lexicon, loaded once on first use (never at import).

    Checking the files and compiling their ~460 patterns costs ~60 ms a start, so the checked result
    is kept in the start-up cache (answers.cache) with its patterns compiled, keyed by the files, this
    package's modules, the engine's intents and the interpreter build: any change is a new entry, checked again."""
    # lazy: `tpsbot ask` marks OpenSSL's _hashlib absent before hashlib is first imported (bot.cli)
    import hashlib

    digest = hashlib.blake2b(pickled.RUNTIME.encode(), digest_size=12)  # BLAKE2b: 3x SHA-256 without OpenSSL
    digest.update(repr(sorted(PARSER_INTENTS + ENGINE_INTENTS)).encode())
    for module in sorted(HERE.glob("*.py")):  # the records pickled live in this package's modules
        digest.update(module.read_bytes())
    for path in sorted(HERE.glob("*.toml")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    key = f"lexicon-{digest.hexdigest()}.pickle"
    data = disk_cache.read(key)
    if data is not None:
        try:
            cached = pickled.loads(data)
        except Exception:  # noqa: BLE001 — a damaged entry is rebuilt, never an error
            cached = None
        if isinstance(cached, Lexicon):
            return cached
    fresh = load()
    disk_cache.write(key, pickled.dumps(fresh))
    return fresh
