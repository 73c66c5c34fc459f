"""What a question is about (issue 29): a processor beside a card is no card, two machines set side by side are
two options and never one merged setup, a machine named by product and then by its chip is one machine.
Phrasings written for these tests, in several languages."""

from __future__ import annotations

import pytest

from answers.reading.setup_words import read


@pytest.mark.parametrize(("text", "cards"), [
    ("my rig: ryzen 5 7600, 64gb ddr5 and an rx 7900 gre", [("rx 7900 gre", 1)]),
    ("ich habe einen Ryzen 9 7900 und eine RX 7600 XT", [("rx 7600 xt", 1)]),
    ("tengo un ryzen 7 5700 con una 3060", [("3060", 1)]),
    ("il mio pc ha un ryzen7 7700 e una 4070", [("4070", 1)]),
    ("j'ai un i5-12400 et une rx 6700 xt", [("rx 6700 xt", 1)]),
    ("r5 7600 + rx 7600, o que roda?", [("rx 7600", 1)]),
    ("ryzen 5700 and a 3060 12gb", [("3060 12gb", 1)]),
])
def test_a_processor_beside_a_card_is_no_card(text: str, cards: list[tuple[str, int]]) -> None:
    assert read(text).cards == cards


def test_the_processor_is_kept_as_the_cpu(engine) -> None:  # noqa: ANN001
    asked = engine.ask("mi pc: ryzen 5 7600, 32gb ddr5, rx 7600 xt 16gb, ¿qué modelos puedo correr?").asked
    assert asked["cpu"] == "Ryzen 5 7600"
    assert [c["name"] for c in asked["cards"]] == ["Radeon RX 7600 XT"]


@pytest.mark.parametrize("text", [
    "una 4060 ti 16gb va bene e costa poco, o prendo una 3090 usata?",  # an "e" among the words, then "o"
    "deux 4070 super en parallèle, ça vaut une 4090 ?",
    "zwei 4060 ti für 14b modelle, lohnt sich das ggü. einer 3090",
])
def test_two_machines_set_side_by_side_are_two_options(text: str) -> None:
    words = read(text)
    assert words.split == 1
    assert not words.joined


@pytest.mark.parametrize("text", [
    "a framework desktop with strix halo 128gb, what runs on it",
    "einen framework desktop mit strix halo 128gb, was läuft",
    "un framework desktop con strix halo 128gb, cosa gira",
])
def test_a_machine_named_by_product_and_chip_is_one_machine(text: str) -> None:
    words = read(text)
    assert len(words.cards) == 1 and words.cards[0][1] == 1


@pytest.mark.parametrize(("question", "names"), [
    ("deux 4070 super en parallèle, ça vaut une 4090 ? pour du qwen3 14b", ["GeForce RTX 4070 SUPER",
                                                                         "GeForce RTX 4090"]),
    ("vale mais a pena uma 4090 usada ou uma 5080 nova pra rodar qwen3 14b?", ["GeForce RTX 4090",
                                                                             "GeForce RTX 5080"]),
])
def test_a_comparison_of_two_options_answers_each(engine, question: str, names: list[str]) -> None:  # noqa: ANN001
    answer = engine.ask(question)
    assert answer.intent in ("compare", "versus", "setup_versus") or " + " not in answer.text
    for name in names:
        assert name in answer.text
    assert " + " not in answer.text.split("\n")[0]


# ------------------------------------------------------------------ formats, engines and budgets are no model
@pytest.mark.parametrize(("question", "named"), [
    ("ist tensorrt-llm auf einer 4080 den aufwand wert ggü. llama.cpp?", ["tensorrt-llm", "llama.cpp"]),
    ("vale la pena tensorrt-llm en una 4090 frente a llama.cpp, o es mucho lío?", ["tensorrt-llm", "llama.cpp"]),
    ("nvfp4 ou q4_k_m sur une 5070 ti, lequel va plus vite ?", ["NVFP4", "GGUF"]),
    ("on a 5090, is nvfp4 any faster than q4_k_m?", ["NVFP4", "GGUF"]),
    ("sglang ou vllm, qual é melhor?", ["sglang", "vllm"]),
    ("olama oder llama.cpp, was ist schneller?", ["ollama", "llama.cpp"]),  # a slip of the engine's name
    ("nvfp4 o q4km su una 5090?", ["NVFP4", "GGUF"]),  # the level without underscores
    ("exllamav3 o llama.cpp en una 3090?", ["EXL3", "GGUF"]),  # an engine stands for the files it runs
    ("mlx or gguf on my mac mini?", ["MLX", "GGUF"]),
    ("ollama ou vllm pour 20 personnes ?", ["ollama", "vllm"]),  # people served, no model: the two weighed
])
def test_two_formats_or_engines_weighed_get_the_notes(engine, question: str, named: list[str]) -> None:  # noqa: ANN001
    answer = engine.ask(question)
    notes = answer.facts.get("format_notes")
    assert notes is not None, answer.text
    assert notes["named"] == named
    assert notes["verdict"]


@pytest.mark.parametrize(("question", "amount", "currency"), [
    ("welche karte für ~600€ gebraucht?", 600.0, "EUR"),
    ("best gpu for ~$900 for local llms", 900.0, "USD"),
    ("quale gpu con ≈ 700 € per llm in locale?", 700.0, "EUR"),
])
def test_an_about_sign_before_an_amount_is_a_budget(engine, question: str, amount: float,  # noqa: ANN001
                                                    currency: str) -> None:
    answer = engine.ask(question)
    assert answer.intent == "what_gpu"
    assert answer.asked["budget"] == {"amount": amount, "currency": currency}
    assert "models" not in answer.asked


# ------------------------------------------------------------------ the model asked about, named as asked
@pytest.mark.parametrize(("question", "typed"), [
    ("llama 9 ultra auf 2x 3090? angeblich ein 70b dense, stimmt das", "llama 9 ultra"),
    ("qwen 7 max su 4x 4090? dicono sia 400b moe, vero?", "qwen 7 max"),
    ("mistral colossal 5 on a 5090? someone said it's 32b, true?", "mistral colossal 5"),
    ("phi 9 mega sur une 5090 ? on dit que c'est un 32b", "phi 9 mega"),
])
def test_a_model_we_lack_is_named_as_typed_when_its_size_is_said_apart(engine, question: str,  # noqa: ANN001
                                                                       typed: str) -> None:
    answer = engine.ask(question)
    assert f"{typed}" in answer.text.casefold().split("\n")[0]


@pytest.mark.parametrize("question", [
    "affittare una a100 per far girare un 34b h24, quanto mi costa?",
    "renting an a100 to run a 34b 24/7, how much is that a month?",
])
def test_round_the_clock_is_no_model_name(engine, question: str) -> None:  # noqa: ANN001
    answer = engine.ask(question)
    assert "h24" not in answer.text and "24/7" not in answer.text
    assert "models" not in answer.asked


def test_german_slang_is_no_model(engine) -> None:  # noqa: ANN001
    answer = engine.ask("zwei arc b580 für 32b modelle, oder ist der treiber noch mist?")
    assert "Mistral" not in answer.text


# ------------------------------------------------------------------ stated conditions kept
@pytest.mark.parametrize("question", [
    "gemma 3 12b qat su una 3060 12gb?",
    "gemma 3 12b in qat q4 auf einer 3060 12gb?",
    "¿gemma 3 12b qat 4-bit en una 3060 de 12gb?",
])
def test_qat_reads_as_q4_0(engine, question: str) -> None:  # noqa: ANN001
    assert engine.ask(question).asked["quant"] == "Q4_0"


def test_levels_asked_show_the_level_between_them_that_fits(engine) -> None:  # noqa: ANN001
    # 16 GB: Gemma 3 27B at Q4_K_M (about 16.5 GB of weights) does not fit, IQ4_XS (about 14.8) does.
    answer = engine.ask("gemma 3 27b en una 4070 ti super: ¿q4 o q3?")
    assert answer.facts["advice"]["recommended_quant"] == "IQ4_XS"


@pytest.mark.parametrize("question", [
    "o gemma 3 4b roda num galaxy a55?",
    "does qwen3 4b run on my samsung galaxy a55",
])
def test_a_phone_named_is_rated_on_its_own_chip(engine, question: str) -> None:  # noqa: ANN001
    answer = engine.ask(question)
    assert "Exynos 1480" in answer.text
    assert "Snapdragon" not in answer.text


# ------------------------------------------------------------------ serving and buying questions keep their kind
@pytest.mark.parametrize("question", [
    "servidor para 40 usuarios a la vez con qwen3 14b, ¿qué hardware y vllm o sglang?",
    "30 Nutzer gleichzeitig mit Qwen3 14B: welche Hardware, und vLLM oder SGLang?",
])
def test_many_users_with_two_engines_and_no_card_get_the_box_and_the_pick(engine, question: str) -> None:  # noqa: ANN001
    answer = engine.ask(question)
    assert answer.intent == "users"
    assert answer.facts["format_notes"]["named"] == ["vllm", "sglang"]
    assert "SGLang" in answer.text.split("\n")[-3] or "SGLang" in answer.text


@pytest.mark.parametrize("question", [
    "meglio una 4090 usata o una 5080 nuova? per llm e generare immagini",
    "4090 gebraucht oder 5080 neu, für llms und bilder generieren?",
])
def test_two_cards_weighed_for_llms_and_images_are_both_answered(engine, question: str) -> None:  # noqa: ANN001
    answer = engine.ask(question)
    assert answer.intent == "compare"
    assert "GeForce RTX 4090" in answer.text and "GeForce RTX 5080" in answer.text


@pytest.mark.parametrize(("question", "instead"), [
    ("¿cuánto cuesta gpt-5 por api comparado con correrlo en local?", "gpt-oss-120b"),
    ("gemini 2.5 pro in locale su una 4090?", "Gemma 3 27B"),
])
def test_a_closed_model_offers_its_makers_open_models(engine, question: str, instead: str) -> None:  # noqa: ANN001
    answer = engine.ask(question)
    assert instead in answer.text
    assert "GPT-2" not in answer.text
