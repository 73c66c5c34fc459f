"""Issue 19, one reading: the same hardware however it is typed (counts without an "x", "gigs", a card's
full name inside a setup, a card number before "tokens", the language of a mostly-English question)."""

from __future__ import annotations

import pytest

from answers.api import AskOptions
from answers.engine import Engine

PROFILES = ("reference", "measured")


def _ask(engine: Engine, q: str, lang: str = "en", profile: str = "reference"):
    return engine.ask(q, lang, AskOptions(profile=profile))


@pytest.mark.parametrize(("q", "lang"), [
    ("llama 3.3 70b on an M3 Max with 64 gigs", "en"),
    ("llama 3.3 70b su un M3 Max con 64 giga", "it"),
    ("llama 3.3 70b sur un M3 Max avec 64 gigas", "fr"),
    ("llama 3.3 70b auf einem M3 Max mit 64 gig", "de"),
])
def test_gigs_is_a_memory_size(engine: Engine, q: str, lang: str) -> None:
    """"64 gigs" is the 64 GB M3 Max, never the 36 GB one the bare chip name stands for."""
    a = _ask(engine, q, lang)
    assert a.entities.get("card") == "Apple M3 Max 64 GB"


@pytest.mark.parametrize(("q", "lang", "count", "card"), [
    ("llama 3.1 405b on 4 a100 80gb", "en", 4, "A100 SXM4 80 GB"),
    ("kimi k2 on 8 h200", "en", 8, "H200 SXM 141 GB"),
    ("deepseek r1 on 8 h100s", "en", 8, "H100 SXM5 80 GB"),
    ("kimi k2 su 8 h100 quanti token al secondo", "it", 8, "H100 SXM5 80 GB"),
    ("deepseek v3 sur 8 h200 vitesse", "fr", 8, "H200 SXM 141 GB"),
    ("deepseek r1 auf 8 h100", "de", 8, "H100 SXM5 80 GB"),
    ("qwen3 235b em 4 a100", "pt", 4, "A100 SXM4 80 GB"),
])
def test_a_count_without_an_x_before_a_data_centre_card(engine: Engine, q: str, lang: str, count: int,
                                                         card: str) -> None:
    """"on 8 h100" is eight H100s, as "on 8x h100" is: the count is never dropped for a lettered name."""
    a = _ask(engine, q, lang)
    assert a.entities.get("gpu_count") == count and a.entities.get("cards") == [card]


def test_a_model_version_before_a_card_is_no_count(engine: Engine) -> None:
    """"llama 3 h100": the 3 belongs to the model (no "on" before it), never three H100s."""
    a = _ask(engine, "llama 3 8b h100 speed")
    assert a.entities.get("gpu_count") is None and a.entities.get("card") == "H100 SXM5 80 GB"


@pytest.mark.parametrize(("q", "card"), [
    ("phi 4 4090 speed", "GeForce RTX 4090"),
    ("microsoft/phi-4 4060 Ti 8GB how fast", "GeForce RTX 4060 Ti 8 GB"),
    ("mistral small 3 3090", "GeForce RTX 3090"),
    ("qwen3-4 3090 tok/s", "GeForce RTX 3090"),
])
def test_a_number_ending_a_model_name_is_no_count(engine: Engine, q: str, card: str) -> None:
    """"phi 4 4090": the 4 is Phi-4's, one RTX 4090 (it was read as four RTX 4090s)."""
    a = _ask(engine, q)
    assert a.entities.get("gpu_count") is None and a.entities.get("card") == card


@pytest.mark.parametrize(("q", "count", "card"), [
    ("deepseek-v3 8 h100", 8, "H100 SXM5 80 GB"),
    ("mistral small 3 2 3090 speed", 2, "GeForce RTX 3090"),
    ("qwen3 235b 4 3090s", 4, "GeForce RTX 3090"),
])
def test_a_bare_count_after_a_number_is_a_count(engine: Engine, q: str, count: int, card: str) -> None:
    """After a size or a version ("235b", "v3", "small 3"), a second bare number starts the hardware: no
    name goes on with another number."""
    a = _ask(engine, q)
    assert a.entities.get("gpu_count") == count and a.entities.get("cards") == [card]


@pytest.mark.parametrize(("q", "lang", "count", "card"), [
    ("llama 3 8b on 2x l40s", "en", 2, "L40S"),
    ("llama 3.1 70b su due l40s", "it", 2, "L40S"),
    ("llama 3 8b sur 2x L40S", "fr", 2, "L40S"),
    ("llama 3 8b on 2x a5000s", "en", 2, "RTX A5000"),  # a plural: no "A5000S" card
    ("llama 3 8b auf 4 mi50s", "de", 4, "Radeon Instinct MI50"),
    ("llama 3 8b en 2 l4s", "es", 2, "L4"),
    ("llama 3 8b on 2x NVIDIA H100 PCIe 80GB", "en", 2, "H100 PCIe 80 GB"),
    ("llama 3 8b su 2x A100 80GB PCIe", "it", 2, "A100 PCIe 80 GB"),
    ("llama 3 8b em 4x Tesla V100-PCIE-32GB", "pt", 4, "Tesla V100 PCIe 32 GB"),
    ("llama 3 8b on 2x RTX 4070 SUPER", "en", 2, "GeForce RTX 4070 SUPER"),
])
def test_a_card_in_a_setup_is_resolved_from_its_whole_name(engine: Engine, q: str, lang: str, count: int,
                                                           card: str) -> None:
    """A setup's card is the card its whole typed name names, as when it is typed alone: "l40s" is the L40S
    (never an L40), "PCIe" is the PCIe board (never the SXM one)."""
    a = _ask(engine, q, lang)
    assert a.entities.get("gpu_count") == count and a.entities.get("cards") == [card]


@pytest.mark.parametrize(("field", "count", "card"), [
    ("2x NVIDIA H100 PCIe 80GB", 2, "H100 PCIe 80 GB"),
    ("2x A100 80GB PCIe", 2, "A100 PCIe 80 GB"),
    ("4x Tesla V100-PCIE-32GB", 4, "Tesla V100 PCIe 32 GB"),
    ("2x l40s", 2, "L40S"),
])
def test_a_setup_typed_in_the_card_field_reads_the_whole_name(engine: Engine, field: str, count: int,
                                                              card: str) -> None:
    a = engine.command("can_run", "en", model="Llama 3 8B", card=field)
    assert a.entities.get("gpu_count") == count and a.entities.get("cards") == [card]


@pytest.mark.parametrize(("q", "lang"), [
    ("llama 3.3 70b on two 5090s tokens per second", "en"),
    ("qwen3 32b su due 5090 token al secondo", "it"),
    ("qwen3 32b sur deux 5090 tokens par seconde", "fr"),
    ("qwen3 32b auf zwei 5090 token pro sekunde", "de"),
])
def test_a_card_number_before_tokens_per_second_is_no_context(engine: Engine, q: str, lang: str) -> None:
    """"5090s tokens per second" asks a speed on two 5090s: the context stays the default, never 5,090."""
    a = _ask(engine, q, lang)
    assert a.entities.get("gpu_count") == 2 and a.entities.get("context") == 4096


@pytest.mark.parametrize(("q", "lang"), [
    ("M3 Ultra 256 GB tokens per second llama 3.3 70b", "en"),
    ("M3 Ultra 256 GB token al secondo quanti per llama 3.3 70b", "it"),
    ("M3 Ultra 256 Go combien de tokens par seconde llama 3.3 70b", "fr"),
])
def test_a_memory_size_before_tokens_per_second_is_no_context(engine: Engine, q: str, lang: str) -> None:
    """"256 GB tokens per second" is the Mac's memory, not a 256-token context nor a pair of cards."""
    a = engine.ask(q, None, AskOptions())
    assert a.entities.get("card") == "Apple M3 Ultra 256 GB" and a.entities.get("context") == 4096
    assert a.intent in ("speed", "can_run") and a.locale == lang  # never "two cards"


@pytest.mark.parametrize(("q", "hint", "lang"), [
    ("qwen3:30b-a3b rtx 4060 + 32gb ddr5 tokens per second", None, "en"),
    ("2x3090 llama 3.3 70b tok/s", None, "en"),
    ("M3 Ultra 256 GB tokens per second llama 3.3 70b", None, "en"),
    ("titok-l vram", None, "en"),
    ("2x3090 llama 3.3 70b tok/s", "de", "de"),  # no evidence in the words: the asker's locale decides
    ("titok-l vram", "pt", "pt"),
    ("2x3090 llama 3.3 70b quanti token al secondo", None, "it"),
    ("2x3090 llama 3.3 70b combien de tokens par seconde", None, "fr"),
])
def test_tech_words_never_flip_the_language(engine: Engine, q: str, hint: str | None, lang: str) -> None:
    """Mostly-English tech words ("tokens per second", "2x3090", "titok-l") are no evidence for Italian or
    French; with no evidence the asker's locale (else English) is the language."""
    a = engine.ask(q, None, AskOptions(), hint=hint)
    assert a.locale == lang


@pytest.mark.parametrize(("q", "lang", "ram"), [
    ("8gb vram with 64gb ddr5 qwen3 30b a3b", "en", 64.0),
    ("qwen3 30b a3b con 8gb di vram e 32gb di ram ddr5", "it", 32.0),
    ("qwen3 30b a3b mit 8gb vram und 64gb ddr5", "de", 64.0),
    ("qwen3 30b a3b avec 8 go de vram et 64 go de ddr5", "fr", 64.0),
])
@pytest.mark.parametrize("profile", PROFILES)
def test_card_memory_and_ram_get_the_offload_answer(engine: Engine, q: str, lang: str, ram: float,
                                                    profile: str) -> None:
    """"8gb vram with 64gb ddr5": the card's memory beside the RAM asks whether it runs with the rest in
    RAM (the offload answer, with the DDR5 said), never the table of memory per level."""
    a = _ask(engine, q, lang, profile)
    assert a.intent == "can_run"
    row = a.facts["row"]
    assert row["ram_gb"] == ram and row["ram_type"] == "DDR5" and row["fit"] == "offload"


def test_ddr5_beside_a_memory_size_changes_the_offload_speed(engine: Engine) -> None:
    """DDR5 is faster than the DDR4 assumed when no type is said: the same question with it reads faster."""
    ddr5 = _ask(engine, "qwen3 30b a3b on my 8 GB GPU with 64gb of ddr5").facts["row"]
    ddr4 = _ask(engine, "qwen3 30b a3b on my 8 GB GPU with 64gb of ddr4").facts["row"]
    assert ddr5["ram_type"] == "DDR5" and ddr4["ram_type"] == "DDR4" and ddr5["tok_s"] > ddr4["tok_s"]


def test_gpt_oss_with_24_go_and_128_go_of_ram(engine: Engine) -> None:
    a = _ask(engine, "gpt-oss 120b avec 24 go de vram et 128 go de ram", "fr")
    assert a.intent == "can_run" and a.facts["row"]["ram_gb"] == 128.0 and a.facts["row"]["fit"] == "offload"


@pytest.mark.parametrize(("q", "lang"), [
    ("Ryzen AI Max + 395 128GB llama 3.3 70b tok/s", "en"),
    ("qwen3 235b a22b on a Ryzen AI Max + 395 with 128 GB", "en"),
    ("ryzen ai max 395 128go llama 3.3 70b vitesse", "fr"),
    ("llama 3.3 70b su ryzen ai max + 395 128gb", "it"),
    ("llama 3.3 70b auf einem Ryzen AI Max+ 395 mit 128 GB", "de"),
])
def test_the_strix_halo_however_its_plus_is_typed(engine: Engine, q: str, lang: str) -> None:
    """"Ryzen AI Max + 395" (spaces around the plus) is the Strix Halo machine, never "any 128 GB card"."""
    a = _ask(engine, q, lang)
    assert a.entities.get("card") == "Ryzen AI Max+ 395 128 GB"


@pytest.mark.parametrize(("q", "lang", "model"), [
    ("wer hat gpt-oss gemacht und unter welcher lizenz", "de", "gpt-oss"),
    ("wer hat gpt-oss gebaut", "de", "gpt-oss"),
    ("chi ha fatto gpt-oss", "it", "gpt-oss"),
    ("quem fez o gpt-oss", "pt", "gpt-oss"),
    ("qui a créé gpt-oss", "fr", "gpt-oss"),
    ("quién hizo gpt-oss", "es", "gpt-oss"),
    ("who made gpt-oss", "en", "gpt-oss"),
])
def test_a_verb_after_a_name_is_not_part_of_it(engine: Engine, q: str, lang: str, model: str) -> None:
    """"wer hat gpt-oss gemacht": "gemacht" is the verb, never part of the model's name ("not found")."""
    a = _ask(engine, q, lang)
    assert a.intent == "maker" and a.entities.get("model") == model


@pytest.mark.parametrize(("q", "lang"), [
    ("whats the fastest way to run qwen3 coder 30b on a 7900xtx", "en"),
    ("modo più veloce per far girare qwen3 coder 30b su una 7900xtx", "it"),
    ("la façon la plus rapide de faire tourner qwen3 coder 30b sur une 7900xtx", "fr"),
])
def test_fastest_way_on_a_named_card_is_its_speed(engine: Engine, q: str, lang: str) -> None:
    """A named card makes "the fastest way to run X" a speed question on that card, not the fastest-cards list."""
    a = _ask(engine, q, lang)
    assert a.intent in ("speed", "can_run") and a.entities.get("card") == "Radeon RX 7900 XTX"


def test_fastest_card_without_a_card_is_still_the_list(engine: Engine) -> None:
    assert _ask(engine, "fastest card for qwen3 coder 30b").intent == "fastest"


@pytest.mark.parametrize(("q", "lang"), [
    ("is 16gb enough for gemma 3 27b or do i need a 3090", "en"),
    ("basta una scheda da 16gb per gemma 3 27b o serve una 3090", "it"),
    ("reichen 16gb für gemma 3 27b oder brauche ich eine 3090", "de"),
    ("16 go suffisent pour gemma 3 27b ou il faut une 3090", "fr"),
])
def test_a_size_or_a_card_answers_both(engine: Engine, q: str, lang: str) -> None:
    """"is 16gb enough … or do i need a 3090": the 16 GB question is answered, and the 3090 too."""
    a = _ask(engine, q, lang)
    assert a.intent == "can_run" and a.entities["memory_gb"] == 16.0 and a.entities["card"] == "GeForce RTX 3090"
    assert a.facts["memory_gb"] == 16.0 and a.facts["parts"][0]["facts"]["row"]["card"] == "GeForce RTX 3090"
    assert "16 GB" in a.text and "GeForce RTX 3090" in a.text


@pytest.mark.parametrize(("q", "card"), [
    ("can a rtx 3060 12gb run llama 3 8b", "GeForce RTX 3060 12 GB"),
    ("mi50 32gb for qwen3 32b any good?", "Radeon Instinct MI50"),  # a variant the catalog lacks: still the card
])
def test_a_cards_own_size_is_one_question(engine: Engine, q: str, card: str) -> None:
    a = _ask(engine, q)
    assert "parts" not in a.facts and a.entities["card"] == card


_SAME_THING = [
    ("can a 3090 run llama 3 70b", "en"),
    ("llama 3 70b speed on a 3090", "en"),
    ("tok/s for llama 3 70b on rtx 3090", "en"),
    ("wie schnell läuft llama 3 70b auf einer 3090", "de"),
    ("quanti token al secondo fa llama 3 70b su una 3090", "it"),
    ("llama 3 70b tourne sur une 3090 ?", "fr"),
]


@pytest.mark.parametrize("profile", PROFILES)
def test_can_it_run_and_how_fast_read_the_same_model_and_hardware(engine: Engine, profile: str) -> None:
    """"can a 3090 run llama 3 70b", "llama 3 70b speed on a 3090", "tok/s for…" in any language: one model,
    one card, one context, one level asked (none) — the reading never differs."""
    read = set()
    for q, lang in _SAME_THING:
        a = _ask(engine, q, lang, profile)
        e = a.entities
        read.add((e.get("model"), e.get("card"), e.get("gpu_count"), e.get("context"), e.get("memory_gb"),
                  e.get("quant")))
        assert a.intent in ("can_run", "speed")
    assert read == {("Llama 3 70B", "GeForce RTX 3090", None, 4096, None, None)}


@pytest.mark.parametrize(("q", "lang"), [
    ("qwen3 30b a3b on my 8 GB GPU with ddr5", "en"),
    ("qwen3 30b a3b sulla mia scheda da 8 GB con ddr5", "it"),
    ("qwen3 30b a3b auf meiner 8 GB Karte mit DDR5", "de"),
])
def test_the_ram_type_said_without_an_amount_is_the_assumed_rams(engine: Engine, q: str, lang: str) -> None:
    """"my 8 GB GPU with ddr5": the offload line assumes the common amount of DDR5, never DDR4."""
    first = _ask(engine, q.replace("ddr5", "ddr4").replace("DDR5", "DDR4"), lang).facts["offload_assumed"]
    guess = _ask(engine, q, lang).facts["offload_assumed"]
    assert guess["ram_type"] == "DDR5" and first["ram_type"] == "DDR4" and guess["tok_s"] > first["tok_s"]


@pytest.mark.parametrize(("q", "count", "card"), [
    ("can 2 l40s run llama 3 8b", 2, "L40S"),
    ("can 8 h200 run deepseek-v3", 8, "H200 SXM 141 GB"),
    ("8 mi300x per llama 3.1 405b?", 8, "Radeon Instinct MI300X"),
    ("sind 2 a100 80gb genug für llama 3.3 70b", 2, "A100 SXM4 80 GB"),
])
def test_a_bare_count_at_the_start_or_after_a_sentence_word(engine: Engine, q: str, count: int, card: str) -> None:
    """"can 8 h200 run…": a count after a word of the sentence (not a name's word) is that many cards."""
    a = engine.ask(q, None, AskOptions())
    assert a.entities.get("gpu_count") == count and a.entities.get("cards") == [card]


@pytest.mark.parametrize(("q", "card", "lang"), [
    ("can an m2 with 16gb run llama 3.1 8b", "Apple M2 16 GB", "en"),
    ("llama 3.1 8b en un m2 de 16gb", "Apple M2 16 GB", "es"),
    ("llama 3.1 8b no m1 8gb", "Apple M1 8 GB", "pt"),
    ("can a 24gb m4 run qwen3 14b", "Apple M4 24 GB", "en"),
    ("qwen3 32b su m4 pro 48gb", "Apple M4 Pro 48 GB", "it"),
    ("qwen3 32b sur m4 pro 48 go", "Apple M4 Pro 48 GB", "fr"),
    ("qwen3 235b no ryzen ai max+ 395", "Ryzen AI Max+ 395 128 GB", "pt"),
    ("qwen3 235b auf ryzen ai max+ 395", "Ryzen AI Max+ 395 128 GB", "de"),
])
def test_an_apple_chip_with_its_size_and_the_language_around_a_machine(engine: Engine, q: str, card: str,
                                                                        lang: str) -> None:
    """A bare chip with a size beside it is the Mac of that size; "pro"/"max" in a machine's name are no
    Portuguese or English, and the word before it ("no", "su", "auf") tells the language."""
    a = engine.ask(q, None, AskOptions())
    assert a.entities.get("card") == card and a.locale == lang


def test_tesla_m4_stays_the_tesla_card(engine: Engine) -> None:
    assert _ask(engine, "qwen3 14b on tesla m4 with 4gb").entities.get("card") == "Tesla M4"


@pytest.mark.parametrize(("q", "lang"), [
    ("llama 3.1 8b on a100 80gb pcie", "en"),
    ("A100 80GB PCIe llama 3.1 8b tok/s", "en"),
    ("llama 3.1 8b su a100 80gb pcie quanti token al secondo", "it"),
])
def test_a_form_word_after_the_size_names_the_board(engine: Engine, q: str, lang: str) -> None:
    assert _ask(engine, q, lang).entities.get("card") == "A100 PCIe 80 GB"


@pytest.mark.parametrize(("q", "lang", "intent"), [
    ("gemma 3 27b on 16gb vram", "en", "can_run"),
    ("qwen3 14b con 12gb di vram", "it", "can_run"),
    ("llama 3.1 8b avec 6 go de vram", "fr", "can_run"),
    ("qwen2.5 32b auf 24gb vram", "de", "can_run"),
    ("how much vram does llama 3 70b need", "en", "vram"),  # the memory asked in words: the table per level
    ("quanta vram serve per llama 3 70b con 24gb", "it", "vram"),
])
def test_a_size_with_the_word_vram_is_a_can_run_question(engine: Engine, q: str, lang: str, intent: str) -> None:
    """"gemma 3 27b on 16gb vram": "vram" names the size said; the answer is whether it runs there, as
    "gemma 3 27b on a 16gb card" is. Asking how much memory it needs keeps the memory table."""
    assert _ask(engine, q, lang).intent == intent


def test_a_bare_size_beside_a_counted_card_is_no_unknown_name(engine: Engine) -> None:
    """"for 70b, 2x3090 or a single a6000": a 70B model on two setups; "70b 2x3090" is no model name to
    say the catalog lacks."""
    a = _ask(engine, "whats better for 70b, 2x3090 or a single a6000", profile="measured")
    assert a.facts.get("generic_model_b") == 70 and "generic_for" not in a.facts
    assert "2x3090" not in a.text and a.entities.get("setups") == ["2× GeForce RTX 3090", "RTX A6000"]


@pytest.mark.parametrize(("q", "lang"), [
    ("phi 4 mini su macbook air m2 8 giga", "it"),
    ("phi 4 mini on a macbook air m2 8 gigs", "en"),
    ("phi 4 mini sur un macbook air m2 8 go", "fr"),
])
def test_a_macs_memory_in_any_unit_names_that_mac(engine: Engine, q: str, lang: str) -> None:
    """"m2 8 giga" is the 8 GB M2 (it was "not found: m2 8 giga")."""
    a = _ask(engine, q, lang)
    assert a.intent == "can_run" and a.entities.get("card") == "Apple M2 8 GB" and a.locale == lang


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(("q", "card"), [
    ("can my 780m igpu run llama 3.2 3b", "Radeon 780M 32 GB"),
    ("radeon 780m llama 3.2 3b", "Radeon 780M 32 GB"),
    ("llama 3.2 3b on a gtx 780m", "GeForce GTX 780M"),
])
def test_the_780m_is_the_one_the_words_name_under_both_profiles(engine: Engine, q: str, card: str,
                                                                profile: str) -> None:
    """"radeon 780m" is AMD's iGPU even under `reference` (whose pages list only NVIDIA's 2013 GTX 780M), and
    "gtx 780m" is NVIDIA's even under `measured` (the bare "780m" names the iGPU)."""
    a = _ask(engine, q, profile=profile)
    assert a.entities.get("card") == card
