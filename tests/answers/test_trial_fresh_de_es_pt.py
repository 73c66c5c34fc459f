"""What a knowledgeable new user asking in German, Spanish and Portuguese noticed: a European Portuguese
question answered in English or Spanish, "serve 10 users" read as one user, a laptop card read as the
desktop card of the same number, and a budget list ranking a smaller card first only because it runs a
more compressed file."""

from __future__ import annotations

import pytest

from answers.api import AskOptions
from answers.engine import Engine

PROFILES = ["reference", "measured"]


def _plain(text: str) -> str:
    """The answer as Discord shows it: no code ticks, no bold marks."""
    return text.replace("`", "").replace("**", "")


@pytest.mark.parametrize(("question", "says"), [
    # European Portuguese "correr" (to run a program) is also Spanish: beside "com" it is Portuguese.
    ("ryzen ai max+ 395 com 64gb corre o gpt-oss 120b?", "gpt-oss-120b"),
    # "memória" with its accent is Portuguese only (Spanish and Italian write "memoria").
    ("quanta memória ocupa o contexto de 128k no llama 3.1 8b", "cache da conversa"),
])
def test_a_european_portuguese_question_is_answered_in_portuguese(engine: Engine, question: str,
                                                                   says: str) -> None:
    answer = engine.ask(question)
    assert answer.locale == "pt"
    text = _plain(answer.text)
    assert says in text
    for foreign in ("cannot hold", "about", "Memoria que necesita", "unos "):
        assert foreign not in text


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(("question", "users", "says"), [
    ("quiero servir a 10 usuarios a la vez con mistral 7b en una a100, que velocidad tendra cada uno",
     10, "para 10 personas a la vez"),
    ("quero atender a 10 usuários ao mesmo tempo com o mistral 7b numa a100", 10, "com 10 pessoas ao mesmo tempo"),
])
def test_serving_a_number_of_users_after_to_reads_the_number(engine: Engine, profile: str, question: str,
                                                              users: int, says: str) -> None:
    # "a" is also a count word ("a user"); before a number it is the preposition ("servir a 10 usuarios").
    answer = engine.ask(question, options=AskOptions(profile=profile))
    assert answer.intent == "users"
    assert answer.facts["row"]["users"] == users
    assert says in _plain(answer.text)


@pytest.mark.parametrize(("question", "card"), [
    ("mi laptop tiene una rtx 3050 de 4gb, que puedo correr", "GeForce RTX 3050 Mobile"),
    ("o meu portátil tem uma rtx 4070 de 8gb, consigo correr o mistral nemo 12b?", "GeForce RTX 4070 Mobile"),
    ("my laptop has a 4070, can it run qwen3 14b", "GeForce RTX 4070 Mobile"),
    ("mein laptop hat eine 4060, läuft gemma 3 12b", "GeForce RTX 4060 Mobile"),
])
def test_a_laptop_that_has_a_card_is_the_laptop_part(engine: Engine, question: str, card: str) -> None:
    # "My laptop has a 4070": the laptop RTX 4070 has 8 GB and about half the desktop card's bandwidth, so
    # the answer is about that part, not the 12 GB desktop card of the same number.
    answer = engine.ask(question)
    assert answer.entities["card"] == card
    text = _plain(answer.text)
    assert card in text
    assert "12 GB" not in text  # the desktop 4070's memory


def test_the_german_used_card_example_reads_as_german(engine: Engine) -> None:
    # "eine gebrauchte RTX 3090 etwa kostet" put "etwa" (for example) where no German sentence puts it.
    text = _plain(engine.ask("welche karte mit 24 gigs vram unter 1000 euro?").text)
    assert "so kostet eine gebrauchte RTX 3090 meist deutlich weniger als ihr Startpreis" in text
    assert "3090 etwa kostet" not in text


@pytest.mark.parametrize("profile", PROFILES)
def test_a_budget_list_ranks_cards_on_the_same_file(engine: Engine, profile: str) -> None:
    # Under 400 € the 6 GB RTX 2060 holds an 8B model only at Q4_K_M and the 8 GB cards at Q6_K: its own
    # figure looked fastest (fewer bytes per token) and it was the pick, although on the same file the
    # RTX 5060 (448 GB/s, TechPowerUp) is faster than the RTX 2060 (336 GB/s).
    answer = engine.ask("beste gpu unter 400€ für 8b modelle", options=AskOptions(profile=profile))
    f = answer.facts
    assert f["budget_pick"]["card"] != "GeForce RTX 2060"
    assert f["budget_pick"]["memory_gb"] >= 8
    levels = {r["quant"] for r in f["in_budget"]}
    if f["budget_rank_quant"] is not None:
        assert "Gereiht nach ihrer Geschwindigkeit mit derselben Datei" in _plain(answer.text)
        # The cards shown at the ranking level itself are ranked by their own figures.
        same = [r["tok_s"] for r in f["in_budget"] if r["quant"] == f["budget_rank_quant"]]
        assert same == sorted(same, reverse=True)
    else:
        assert len(levels) == 1


@pytest.mark.parametrize(("question", "heading"), [
    ("qual a placa gráfica mais barata para correr o qwen3 32b?",
     "Todas as placas que o rodam, primeiro as com menos memória:"),
    ("what's the cheapest graphics card to run qwen3 32b?", "Every card that runs it, least memory first:"),
])
def test_the_cheapest_card_answer_heads_its_list_by_memory(engine: Engine, question: str, heading: str) -> None:
    # The lines above the list rank by launch price; the list is every card that runs it, by memory (data-centre
    # cards with no price among them): without its own heading it read as ranked by price. The list is shown
    # inline, as the command line shows it.
    lines = _plain(engine._ask(question, None, None, inline=True).text).splitlines()
    first_row = next(k for k, ln in enumerate(lines) if ln.startswith("1. "))
    assert lines[first_row - 1] == heading


def test_the_smallest_card_answer_needs_no_list_heading(engine: Engine) -> None:
    text = _plain(engine._ask("what's the smallest gpu to run qwen3 32b?", None, None, inline=True).text)
    assert "\n1. " in text and "least memory first" not in text


def test_a_named_laptop_card_is_not_called_a_typical_card_of_its_size(engine: Engine) -> None:
    # The 8 GB was said apart from the card ("tem uma rtx 4070 de 8gb"): the card is named, so the answer is
    # about it, not "the speed of a typical 8 GB card, the GeForce RTX 4070 Mobile".
    text = _plain(engine.ask("o meu portátil tem uma rtx 4070 de 8gb, consigo correr o mistral nemo 12b?").text)
    assert "GeForce RTX 4070 Mobile" in text
    assert "placa típica" not in text


def test_a_size_said_without_a_card_still_says_the_typical_card(engine: Engine) -> None:
    text = _plain(engine.ask("my 8 gb card and 32 gb of ram, can i run qwen3 30b a3b").text)
    assert "The speed is that of a typical 8 GB card" in text


@pytest.mark.parametrize(("question", "says"), [
    ("quem fez o gemma 3 e quando saiu?",
     "Publicados primeiro, em 12 de março de 2025: Gemma 3 1B, Gemma 3 4B, Gemma 3 12B, Gemma 3 27B; "
     "por último, em 14 de agosto de 2025: Gemma 3 270M."),
    ("wann kam gemma 3 raus?",
     "Zuerst veröffentlicht, am 12. März 2025: Gemma 3 1B, Gemma 3 4B, Gemma 3 12B, Gemma 3 27B; "
     "zuletzt, am 14. August 2025: Gemma 3 270M."),
])
def test_a_family_released_several_sizes_on_its_first_day_names_them_all(engine: Engine, question: str,
                                                                         says: str) -> None:
    # Gemma 3 1B, 4B, 12B and 27B came out on 12 March 2025 and 270M on 14 August 2025 (Google's model
    # cards): "the first, Gemma 3 1B" picked one of four at random.
    text = _plain(engine.ask(question).text)
    assert says in text
    assert "O primeiro, Gemma 3 1B" not in text and "Das erste, Gemma 3 1B" not in text


def test_a_family_with_one_first_and_one_last_keeps_the_first_and_the_last(engine: Engine) -> None:
    # Qwen3-VL 235B-A22B came first (23 September 2025), Qwen3-VL 32B last (21 October 2025).
    text = _plain(engine.ask("when was qwen3-vl released").text)
    assert "The first, Qwen3-VL-235B-A22B, was published on September 23, 2025" in text
    assert "Published first" not in text


def test_the_german_speech_model_answer_does_not_contradict_itself(engine: Engine) -> None:
    # "Sprachmodell" is German for "language model": Whisper must never be called one. Since issue 32 the
    # answer rates it (faster-whisper on the card, a real-time factor) instead of declining.
    text = _plain(engine.ask("whisper large v3 auf ner gtx 1070 laufen lassen, geht das?").text)
    assert text.startswith("Ja: Whisper large-v3 läuft auf GeForce GTX 1070 mit faster-whisper")
    assert "Echtzeit" in text and "ist ein Sprachmodell" not in text


@pytest.mark.parametrize("question", [
    "qual é mais rápida pra llm, 5070 ti ou 4080 super?",
    "welche ist schneller, 5070 ti oder 4080 super?",
    "cual es mas rapida, 5070 ti o 4080 super?",
    "which is faster for llm, 5070 ti or 4080 super?",
])
def test_which_of_two_cards_is_faster_compares_them(engine: Engine, question: str) -> None:
    # It was read as "what can a 5070 Ti run" and listed models for one card: the 4080 Super was dropped.
    answer = engine.ask(question)
    assert answer.intent == "compare"
    text = _plain(answer.text)
    # Both cards with their bandwidths (TechPowerUp: 896 GB/s and 736 GB/s).
    assert "GeForce RTX 5070 Ti: 16 GB, 896 GB/s" in text and "GeForce RTX 4080 SUPER: 16 GB, 736 GB/s" in text


def test_two_cards_joined_without_a_model_still_list_what_they_run(engine: Engine) -> None:
    assert engine.ask("how fast is a 3090 and a 4090 together for llms").intent == "card_models"


@pytest.mark.parametrize(("question", "lead"), [
    ("cuanto ocupa deepseek-r1:14b en q8 con 32k de contexto",
     "Memoria que necesita DeepSeek-R1-Distill-Qwen-14B con 32.768 tokens de contexto"),
    ("quanto ocupa o qwen3 14b em q4?", "Memória que Qwen3 14B precisa"),
])
def test_how_much_a_model_takes_up_is_its_memory_need(engine: Engine, question: str, lead: str) -> None:
    # "¿Cuánto ocupa?" (how much room does it take) was answered with the model's description card.
    answer = engine.ask(question)
    assert answer.intent == "vram"
    assert _plain(answer.text).startswith(lead)


@pytest.mark.parametrize(("question", "prompt", "says"), [
    ("qual o tempo até o primeiro token com 8k de prompt no llama 3.1 8b numa 4060?", 8192,
     "lê um prompt de 8.192 tokens"),
    ("how long to first token with 8k of prompt on llama 3.1 8b on a 4060", 8192, "reads a prompt of 8,192 tokens"),
])
def test_a_prompt_length_said_with_of_is_read_and_a_model_version_is_not(engine: Engine, question: str,
                                                                         prompt: int, says: str) -> None:
    # "8k de prompt no llama 3.1" was read as a prompt of 31 tokens (the "3.1" after "prompt"), "0,0 s".
    answer = engine.ask(question)
    assert answer.intent == "prefill"
    assert answer.facts["prompt_tokens"] == prompt
    text = _plain(answer.text)
    assert says in text
    assert "0,0 s" not in text and "0.0 s" not in text


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize(("question", "lead"), [
    ("lohnt sich ne zweite 3060 für mistral small 24b?", "Ja, 2× GeForce RTX 3060 12 GB führt Mistral Small 3"),
    ("is a second 3060 worth it for mistral small 24b?", "Yes, 2× GeForce RTX 3060 12 GB runs Mistral Small 3"),
])
def test_a_second_card_of_the_one_named_is_rated_as_the_pair(engine: Engine, profile: str, question: str,
                                                             lead: str) -> None:
    # One 12 GB 3060 cannot hold a 24B model at Q4_K_M (24e9 × 4.85 / 8 ≈ 14.5 GB); two pool 24 GB and do.
    # The answer said "241 cards already run it on their own, so a second one is rarely the answer".
    answer = engine.ask(question, options=AskOptions(profile=profile))
    assert answer.intent == "two_gpus"
    text = _plain(answer.text)
    assert text.startswith(lead)
    assert "rarely" not in text and "selten" not in text


def test_a_second_card_that_adds_nothing_says_one_alone_holds_it(engine: Engine) -> None:
    text = _plain(engine.ask("would a second 4090 help with llama 3.1 8b?").text)
    assert "One of the cards alone would hold it too" in text
