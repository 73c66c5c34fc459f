"""What a new user typed and got wrong (issue 11, fourth round): trailing chatter read as a model name, the
KV cache asked about, a family and a size that fit several generations, and a Mac named by its memory.
Every wording here is ours, not the held-out set's."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.reading.apple_typical import _data as apple_table
from answers.reading.parse import parse
from answers.reading.setup_words import read
from tests.catalog.test_resolve import gpu_resolver, model_resolver


@pytest.fixture(scope="module")
def resolvers():  # noqa: ANN201
    return model_resolver(), gpu_resolver()


# --------------------------------------------------------------------------- chatter is not a model
CHATTER = {
    "what's the largest llm that fits in 16gb without it turning stupid": ("card_models", None),
    "can mistral 7b run on my 3060 lol": ("can_run", "Mistral 7B"),
    "what can my 4070 run, asking for a friend": ("card_models", None),
    "will qwen3 14b fit in 12gb or do i need more": ("can_run", "Qwen3 14B"),
    "phi 4 speed on a 4060? thx in advance": ("speed", "Phi-4"),
    "getting 3 t/s on gemma 3 27b with a 3090, is that normal": ("speed", "Gemma 3 27B"),
    "biggest model for 24gb that isn't braindead": ("card_models", None),
    "what runs on 8gb vram without being painfully slow": ("card_models", None),
}


@pytest.mark.parametrize("question", CHATTER)
def test_trailing_chatter_never_becomes_a_model(resolvers, question):
    intent, model = CHATTER[question]
    p = parse(question, *resolvers)
    assert (p.intent, p.model) == (intent, model)


def test_a_misspelt_name_with_a_family_word_is_still_a_name(resolvers):
    # Several words, no digit, but one of them is a word of model names: answered "not found" with suggestions.
    p = parse("can i run deepsek coder on 24gb", *resolvers)
    assert p.intent == "can_run" and p.model == "deepsek coder"


def test_chatter_gets_an_answer_not_an_unknown_model(engine: Engine):
    answer = engine.ask("what's the biggest model i can cram into 12gb without it being useless", "en")
    assert answer.intent == "card_models"
    assert "do not know a model" not in answer.text


# --------------------------------------------------------------------------- the KV cache is a memory question
KV = {
    "how big is the kv cache for qwen3 8b at 32k": ("Qwen3 8B", 32 * 1024),
    "kv cache size of llama 3.1 8b with 128k ctx": ("Llama 3.1 8B", 128 * 1024),
    "how much does the kv cache eat for gemma 3 12b at 64k?": ("Gemma 3 12B", 64 * 1024),
    "memory for the context on mistral nemo at 128k": ("Mistral Nemo 12B", 128 * 1024),
    "quanto occupa la kv cache di qwen3 14b a 32k": ("Qwen3 14B", 32 * 1024),
    "wie groß ist der kv-cache von llama 3.1 8b bei 64k": ("Llama 3.1 8B", 64 * 1024),
    "tamaño de la cache kv de qwen3 8b con 32k": ("Qwen3 8B", 32 * 1024),
}


@pytest.mark.parametrize("question", KV)
def test_kv_cache_questions_ask_for_memory_at_that_context(resolvers, question):
    model, context = KV[question]
    p = parse(question, *resolvers)
    assert (p.intent, p.model, p.context) == ("vram", model, context)


def test_a_cache_type_in_a_can_i_run_question_keeps_the_question(resolvers):
    p = parse("will llama 3.3 70b run on a 3090 with q4 kv cache", *resolvers)
    assert p.intent == "can_run" and p.cache_type == "q4_0"


def test_the_kv_cache_answer_gives_the_cache_at_that_context(engine: Engine):
    answer = engine.ask("how big is the kv cache for llama 3.1 8b at 128k", "en")
    assert answer.intent == "vram" and answer.entities["context"] == 131072
    # Llama 3.1 8B: 32 layers, 8 KV heads of 128 dimensions; keys and values at 2 bytes, 131,072 tokens.
    expected_gib = 2 * 32 * 8 * 128 * 2 * 131072 / 2**30
    assert answer.facts["cache_gb"] == pytest.approx(expected_gib, rel=0.02)


# --------------------------------------------------------------------------- a family and a size: the newest
@pytest.mark.parametrize("lang", ["en", "it", "fr", "de", "es", "pt"])
def test_family_and_size_default_to_the_newest_general_model(engine: Engine, lang):
    answer = engine.ask("would q3_k_m llama 70b be usable on a 3090", lang)
    assert answer.intent == "can_run"
    assert answer.entities["model"] == "Llama 3.3 70B"
    last = [line for line in answer.text.splitlines() if "Llama 2 70B" in line]
    assert len(last) == 1 and "Code Llama 70B" in last[0] and "Llama 3.1 70B" in last[0]


def test_a_typed_version_is_kept(engine: Engine):
    answer = engine.ask("can llama 3 70b run on 2x 3090", "en")
    assert answer.entities["model"] == "Llama 3 70B"
    assert "Llama 2 70B" not in answer.text


def test_a_family_without_a_size_has_no_default(engine: Engine):
    """No one Llama stands for "llama": with a card named, each near name is rated there (facts/family_fit.py)."""
    answer = engine.ask("can llama run on a 3060", "en")
    assert answer.intent == "family_fit" and answer.entities["model"] == "llama"  # the name as typed, no default
    assert len(answer.facts["members"]) >= 3


def test_the_default_never_picks_a_specialised_model(engine: Engine):
    from answers.resolving.model_default import default_model

    res = engine.knowledge.model_resolver.resolve("llama 34b")  # only Code Llama has that size
    picked = default_model("llama 34b", res.candidates) if res.best is None and res.ambiguous else None
    assert picked is None or "code" not in picked.pick.name.casefold()


# --------------------------------------------------------------------------- a Mac named by its memory
MACS = {
    "can i run qwen3 32b on a mac with 64gb": 64,
    "glm 4.5 air on 64gb unified memory, doable?": 64,
    "macbook pro 48gb, what llm should i run": 48,
    "mac studio 192gb - deepseek v3 possible?": 192,
    "mac mini 16gb, what model for ollama": 16,
    "llama 3.3 70b su un mac da 128gb?": 128,
    "128 go de mémoire unifiée, quel modèle ?": 128,
}


@pytest.mark.parametrize("question", MACS)
def test_a_mac_named_by_its_memory_is_a_unified_machine(question):
    words = read(question)
    assert words.unified and words.cards == [(f"mac {MACS[question]} gb", 1)]


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_a_mac_with_64gb_is_rated_as_a_typical_chip_with_the_unified_rules(engine: Engine, profile):
    from answers.api import AskOptions

    answer = engine.ask("any way to run glm 4.5 air on a 64gb mac", "en", AskOptions(profile=profile))
    assert answer.intent == "can_run"
    assert answer.entities["card"] == "Apple M4 Max 64 GB"
    assert answer.facts["setup"]["unified"] is True
    assert "H100" not in answer.text and "Jetson" not in answer.text
    # The chip is named, and so are the other chips of the same memory, whose speeds differ.
    assert "M4 Max" in answer.text and "M4 Pro" in answer.text and "M1 Max" in answer.text


def test_a_memory_only_one_chip_has_says_so(engine: Engine):
    answer = engine.ask("mac studio with 192gb, can it hold llama 3.1 405b", "en")
    assert answer.entities["card"] == "Apple M2 Ultra 192 GB"
    assert "only chip" in answer.text


def test_a_mac_without_a_size_is_not_guessed():
    assert read("what can i run on my mac").cards == []
    assert read("mac with 40gb").cards == []  # no Mac is sold with 40 GB


def test_every_typical_chip_is_sold_with_its_memory(knowledge):
    typical, _ = apple_table()
    assert {16, 24, 32, 48, 64, 96, 128, 192, 256, 512} <= set(typical)
    for mem, chip in typical.items():
        record = knowledge.added_card(f"Apple {chip} {mem:g} GB")
        assert record is not None and record.memory_gb == mem and record.unified_memory


# --------------------------------------------------------------------------- the fourth corpus's classes, other words
CLASSES = {
    # "doable / possible / feasible" ask whether it runs, even with "vram" in the sentence
    "qwen3 14b at q6 in 12 gigs of vram, feasible?": ("can_run", "Qwen3 14B"),
    "llama 3.1 8b on 6gb vram, possible at all?": ("can_run", "Llama 3.1 8B"),
    # "what can I do with it" and "largest model that fits" ask for the list
    "got a used 3090 yesterday, what could i do with it": ("card_models", None),
    "smartest model that runs on 12gb vram?": ("card_models", None),
    # the weights asked about as open
    "is the weights of gemma 3 27b public": ("open_source", "Gemma 3 27B"),
    # "fast or not", "context max", "who actually made", "what is X for again"
    "mistral nemo on a 6800 xt, fast or not?": ("speed", "Mistral Nemo 12B"),
    "ctx max for gemma 3 12b on a 4070?": ("longest_context", "Gemma 3 12B"),
    "who actually made qwq 32b": ("maker", "QwQ-32B"),
    "what is phi 4 for again": ("purpose", "Phi-4"),
}


@pytest.mark.parametrize("question", CLASSES)
def test_the_fourth_corpus_classes_in_other_words(resolvers, question):
    p = parse(question, *resolvers)
    assert (p.intent, p.model) == CLASSES[question]


@pytest.mark.parametrize("question, asks", [
    ("how big is gemma 3 27b in vram? and how fast on a 4090", ["vram", "speed"]),
    ("is qwen3 8b open weights and where can i get it", ["open_source", "download"]),
])
def test_the_ask_said_first_comes_first(resolvers, question, asks):
    assert list(parse(question, *resolvers).intents) == list(asks)


def test_an_apple_chips_own_size_is_not_a_second_amount(resolvers):
    p = parse("how fast is qwen3 32b on an m3 max 64gb", *resolvers)
    assert p.intent == "speed" and p.memory_gb is None


@pytest.mark.parametrize("question", ["qwen3 32b speed on a p40 split across 2 cards",
                                      "gemma 3 27b t/s with a 3060 over two gpus"])
def test_a_count_of_cards_after_one_named_card_is_its_count(resolvers, question):
    assert parse(question, *resolvers).gpu_count == 2


@pytest.mark.parametrize("question", ["who made mistral small", "mistral small on a 3090 pls",
                                      "vram for mistral small?"])
def test_a_line_of_releases_defaults_to_the_newest(engine: Engine, knowledge, question):
    # Mistral Small 3, 3.1, 3.2 and 4 are releases of one line: the newest is meant, never Mistral 7B
    # (an exact "mistral" inside the words) and never a quiz.
    line = [m for m in knowledge.models if m.name.startswith("Mistral Small ") and m.publication_date]
    newest = max(line, key=lambda m: m.publication_date)
    answer = engine.ask(question, "en")
    assert answer.entities["model"] == newest.name
    assert "Mistral 7B" not in answer.text


def test_a_family_of_sizes_without_a_size_keeps_its_quiz(engine: Engine):
    answer = engine.ask("qwen3 coder on a 3090", "en")  # 30B-A3B or 480B: both rated on the card, never one picked
    assert answer.intent == "family_fit" and len(answer.facts["members"]) >= 2
    assert engine.ask("how fast is qwen3 coder", "en").intent == "ambiguous"  # no hardware: which one?


@pytest.mark.parametrize(("question", "card"), [
    ("roda o qwen3 8b numa rtx 3050 de 6gb?", "GeForce RTX 3050 6 GB"),  # the default 3050 is the 8 GB one
    ("can a 3050 with 6gb run phi 4 mini", "GeForce RTX 3050 6 GB"),
    ("una 3060 da 8gb regge llama 3 8b?", "GeForce RTX 3060 8 GB"),
])
def test_a_size_one_word_after_a_card_names_its_variant(resolvers, question, card):
    p = parse(question, *resolvers)
    assert p.card == card
