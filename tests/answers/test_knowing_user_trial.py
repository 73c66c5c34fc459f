"""What someone who knows llama.cpp noticed when asking the way people type on Discord, in English,
Italian and French: "5 ppl at once" not read as people served at once, the same shared-memory machine
counted twice when named by product and by chip, "scaricare in RAM" (offload) read as "download",
"fine-tuner" not read as fine-tuning, a model's source note in English inside an Italian or French answer,
"about 3.0 tokens per second (below 3)", and more."""

from __future__ import annotations

import re

import pytest

from answers.api import Answer, AskOptions
from answers.engine import Engine, answer_lines
from answers.rendering import format as fmt


@pytest.fixture(scope="module")
def engine(reference_engine):  # noqa: ANN001, ANN201
    """These answers pin the reference site's figures and rules: asked for the `reference` profile explicitly
    (the default is `measured`)."""
    return reference_engine


def _plain(text: str) -> str:
    """The answer as Discord shows it: no code ticks, no bold marks."""
    return text.replace("`", "").replace("**", "")


def test_ppl_is_people_served_at_once(engine: Engine) -> None:
    answer = engine.ask("can one 3090 serve 5 ppl at once on gemma3:12b")
    assert answer.intent == "users"
    assert "with 5 people at once" in _plain(answer.text)


def test_a_machine_named_by_product_and_chip_is_one_machine(engine: Engine) -> None:
    text = _plain(engine.ask("framework desktop ryzen ai max+ 395 128gb llama 3.3 70b speed?").text)
    assert "Ryzen AI Max+ 395 128 GB runs Llama 3.3 70B" in text
    assert "+ Ryzen AI Max+ 395" not in text
    # One 128 GB machine: its GPU gets a share of 128 GB, never more than the machine has.
    assert "of the 128 GB" in text and "192 GB" not in text


def test_scarico_in_ram_is_offloading_not_downloading(engine: Engine) -> None:
    # "scaricare" is both "download" and "offload"; "… in RAM" says which.
    answer = engine.ask("se scarico mixtral 8x7b in ram quanto va lento con una 3070 e 64gb ddr4")
    text = _plain(answer.text)
    assert answer.locale == "it"
    assert "huggingface.co" not in text
    assert text.startswith("Sì, con offload: GeForce RTX 3070 esegue Mixtral 8x7B")
    assert "64 GB di memoria di sistema DDR4" in text


def test_scarico_from_hugging_face_is_still_a_download(engine: Engine) -> None:
    assert "huggingface.co" in engine.ask("dove scarico mixtral 8x7b").text


def test_fine_tuner_in_french_is_fine_tuning(engine: Engine) -> None:
    text = _plain(engine.ask("fine-tuner qwen2.5 7b sur une 3060 12go c possible?").text)
    # the verdict on the run leads (Unsloth's table: a 7B in QLoRA needs about 5 GB, so 12 GB holds it)
    assert text.startswith("Oui : QLoRA de Qwen2.5 7B tient")
    assert "tokens par seconde" not in text  # no decode speed for a question about training


@pytest.mark.parametrize(("question", "lead"), [
    ("quanti parametri ha kimi k2", "Kimi K2 ha 1.000 miliardi di parametri"),
    ("quand est sorti deepseek v3 et combien de paramètres", "DeepSeek-V3 compte 671 milliards de paramètres"),
    ("wie viele parameter hat kimi k2", "Kimi K2 hat"),
])
def test_the_english_source_note_stays_out_of_other_languages(engine: Engine, question: str, lead: str) -> None:
    text = _plain(engine.ask(question).text)
    assert lead in text
    # The catalog's notes are English ("32B activated", "routed experts"): not quoted in another language.
    assert "activated" not in text and "routed experts" not in text


def test_the_source_note_is_kept_in_english(engine: Engine) -> None:
    assert "Source note: Mixture of experts" in _plain(engine.ask("how many params does kimi k2 have").text)


@pytest.mark.parametrize(("value", "limit", "locale", "shown"), [
    (2.97, 3, "fr", "2,9"),    # would round to 3,0: the sentence says "below 3"
    (2.94, 3, "fr", "2,9"),    # rounds as any speed
    (9.96, 10, "en", "9.9"),   # "slower than reading speed (about 10)"
    (99.96, 100, "en", "99.9"),  # would round to 100, shown without decimals
    (0.84, 3, "it", "0,8"),
])
def test_a_speed_said_to_be_below_a_limit_never_reads_as_the_limit(value: float, limit: float, locale: str,
                                                                    shown: str) -> None:
    assert fmt.tok_s_below(value, limit, locale) == shown


def test_an_offload_that_crawls_reads_below_three(engine: Engine) -> None:
    # About 13 GB of a 32B at Q4_K_M in dual-channel DDR4 (51.2 GB/s × 0.58 streamed): well under 3 tok/s.
    text = _plain(engine.ask("ma 3070 + 64go de ram ddr4, deepseek-r1:32b en offload ça donne quoi").text)
    m = re.search(r"environ (\d+,\d) tokens par seconde \(moins de 3\)", text)
    assert m is not None
    assert float(m.group(1).replace(",", ".")) < 3


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_several_cards_at_a_level_named_say_that_level_and_that_a_lower_one_fits(engine: Engine,
                                                                                 profile: str) -> None:
    # Llama 3.1 70B: 70.6e9 weights × 8.5 bits / 8 ≈ 75 GB at Q8_0, more than 2 × 24 GB; ≈ 42.8 GB at
    # Q4_K_M (4.85 bits), which two 24 GB cards hold.
    a = engine.ask("dual 4090 enough for llama 3.1 70b q8 or nah", options=AskOptions(profile=profile))
    text = _plain(a.text)
    assert text.startswith("No, 2× GeForce RTX 4090 cannot hold Llama 3.1 70B at Q8_0: it needs about")
    # the answer names the level that fits, with its speed; under the measured profile Q5_K_M (≈ 5.7 bits:
    # ≈ 50 GB) does not fit in 48 GB and Q4_K_M does
    level = a.facts["smaller_level"]["quant"]
    assert f"The largest level that fits is {level}: it needs about" in text and "tokens per second" in text
    assert level == "Q4_K_M" or profile == "reference"


def test_several_cards_at_a_level_named_in_italian(engine: Engine) -> None:
    text = _plain(engine.ask("con 2x3090 ci sta llama 3.3 70b a q8?").text)
    assert text.startswith("No, 2× GeForce RTX 3090 non può contenere Llama 3.3 70B in Q8_0: servono circa")
    assert re.search(r"Il livello più alto che ci sta è \S+: richiede circa [\d,]+ GB e genera circa", text)


def test_several_cards_that_hold_no_level_say_no_level(engine: Engine) -> None:
    # DeepSeek-V3 (671e9 weights) needs ≈ 170 GB even at IQ2_XXS (2.06 bits): four 24 GB cards hold none.
    text = _plain(engine.ask("would 4x 3090 be enough for deepseek v3 at q4_k_m").text)
    assert "cannot hold DeepSeek-V3 at Q4_K_M" in text
    assert "The largest level that fits" not in text


@pytest.mark.parametrize(("question", "line"), [
    ("combien de vram pour gemma 3 27b en 32k de contexte", r"^- Q8_0 : environ \d+,\d Go$"),
    ("meilleure quantification pour gemma 3 27b sur une 3090", r"^- Q8_0 : ne tient pas"),
    ("quanta vram serve per gemma 3 27b con 32k di contesto", r"^- Q8_0: circa \d+,\d GB$"),
])
def test_a_level_list_follows_the_language_s_colon(engine: Engine, question: str, line: str) -> None:
    # French puts a space before a colon ("Q8_0 : environ"), as the rest of a French answer does.
    assert re.search(line, _plain(engine.ask(question).text), re.M)


@pytest.mark.parametrize("profile", ["reference", "measured"])
def test_a_mac_that_holds_only_a_lower_level_once_its_share_is_raised_says_so(engine: Engine,
                                                                              profile: str) -> None:
    # DeepSeek-R1: 671e9 weights × 2.06 bits / 8 ≈ 173 GB at IQ2_XXS: more than the 144 GB macOS gives
    # the GPU of a 192 GB Mac by default, less than the 184 GB it gets with 8 GB left to the system.
    text = _plain(engine.ask("mac studio m2 ultra 192gb can it run deepseek r1 671b?",
                             options=AskOptions(profile=profile)).text)
    assert "sudo sysctl iogpu.wired_limit_mb=188416 lets the GPU use 184 GB" in text
    assert "Then DeepSeek-R1 runs at IQ2_XXS" in text
    assert "IQ2_XXS is a level below the usual minimum quality (IQ4_XS)" in text


def test_a_mac_raised_to_a_lower_level_in_italian(engine: Engine) -> None:
    text = _plain(engine.ask("mac studio m2 ultra 192gb ci gira deepseek r1 671b?").text)
    assert "Allora DeepSeek-R1 gira a IQ2_XXS" in text
    assert "IQ2_XXS è un livello sotto la qualità minima abituale (IQ4_XS)" in text


def test_a_mac_that_holds_a_lower_level_is_told_a_raised_share_holds_a_better_one(engine: Engine) -> None:
    # Kimi K2 (1,000e9 weights) in the default 384 GB share of a 512 GB M3 Ultra, less the 0.2 GB reserve
    # both profiles keep (383.8 GB): IQ3_XXS (1e12 × 3.06 / 8 / 2^30 = 356.2 GB + runtime and cache) fits,
    # Q3_K_M (455.2 GB) does not. Raised to leave the system 8 GB (504 GB for the GPU, 503.8 usable), the
    # usual minimum IQ4_XS (465.7 GB + runtime and cache) fits.
    text = _plain(engine.ask("m3 ultra 512gb kimi k2 tok/s").text)
    assert "It does fit at IQ3_XXS" in text
    assert "lets the GPU use 504 GB" in text
    assert "Then Kimi K2 runs at IQ4_XS" in text


@pytest.mark.parametrize(("question", "said"), [
    ("what can i run on my 3060 + 32gb ddr5", "With the 32 GB of system RAM a larger model can also run partly"),
    ("cosa posso far girare con 2x3090 e 128gb di ram", "Con i 128 GB di RAM di sistema anche un modello più grande"),
])
def test_what_a_card_runs_says_the_list_leaves_the_ram_said_out(engine: Engine, question: str, said: str) -> None:
    # The list rates what the graphics memory holds whole; the RAM the asker named is not silently dropped.
    assert said in _plain(engine.ask(question).text)


def test_what_a_card_runs_without_ram_says_nothing_of_it(engine: Engine) -> None:
    assert "system RAM" not in _plain(engine.ask("what can i run on my 3060").text)


def test_one_machine_against_one_card_is_not_summed_nor_given_a_slowest_part(engine: Engine) -> None:
    text = _plain(engine.ask("mac mini m4 pro 64gb or a 3090 for llms").text)
    assert "- Apple M4 Pro 64 GB: 64 GB, 273 GB/s of memory bandwidth\n" in text
    assert "in all" not in text and "slowest part" not in text


def test_several_cards_against_one_are_summed(engine: Engine) -> None:
    text = _plain(engine.ask("2x 3090 or one rtx pro 6000 for local llms").text)
    assert "- 2× GeForce RTX 3090: 48 GB in all" in text
    assert "- RTX PRO 6000 Blackwell: 96 GB, " in text


def test_a_small_mac_s_gpu_share_is_said_to_one_decimal(engine: Engine) -> None:
    # macOS lets the GPU of a 16 GB Mac use about two thirds of it: 16 × 2 / 3 = 10.67, said "10,7".
    text = _plain(engine.ask("qwen3:30b-a3b su mac mini m4 16gb?").text)
    assert "Apple M4 16 GB (10,7 GB)" in text
    assert "circa 10,7 GB su 16 GB" in text
    assert "10,67" not in text


@pytest.mark.parametrize(("value", "shown"), [(10.6667, "10.7"), (96.0, "96"), (21.333, "21.3"), (23.96, "24")])
def test_a_share_has_at_most_one_decimal(value: float, shown: str) -> None:
    assert fmt.share(value, "en") == shown


@pytest.mark.parametrize(("question", "said"), [
    ("llama 3.1 70b partly on cpu and partly on a 3090 how fast",
     "on GeForce RTX 3090 with 32 GB of DDR4 (a common amount; say how much you have for a closer figure)"),
    ("llama 3.1 70b in parte su cpu e in parte su una 3090 quanto va",
     "su GeForce RTX 3090 con 32 GB di DDR4 (una quantità comune; dimmi quanta ne hai per una stima più precisa)"),
])
def test_offloading_onto_a_card_named_rates_that_card(engine: Engine, question: str, said: str) -> None:
    # Llama 3.1 70B at Q4_K_M (≈ 42.5 GB) on a 24 GB card: about 20 GB left in RAM, read every token.
    answer = engine.ask(question)
    text = _plain(answer.text)
    assert answer.intent == "offload"
    assert said in text
    assert "Every figure here assumes the whole model sits in the card's memory" not in text
    assert "the card that comes closest" not in text


def test_su_cpu_is_the_processor_alone(engine: Engine) -> None:
    text = _plain(engine.ask("quanto va veloce llama 3.1 70b su cpu con 128gb ddr5").text)
    assert text.startswith("Solo molto lentamente: con 128 GB di RAM Llama 3.1 70B entra")
    assert "Dividerlo tra la scheda e la memoria di sistema" not in text


@pytest.mark.parametrize(("question", "line"), [
    ("c'est quoi le meilleur modèle pour coder sur une 4070 ti super", r"^1\. .* · \d+,\d Go · "),
    ("quelles sont les cartes les plus rapides pour qwen3 32b", r"^1\. .* · \d+,\d / \d+ Go · "),
    ("qual è il miglior modello per programmare su una 4070 ti super", r"^1\. .* · \d+,\d GB · "),
])
def test_list_lines_say_the_unit_in_the_answer_s_language(engine: Engine, question: str, line: str) -> None:
    # French writes gigabytes "Go", as every other French sentence of the bot does; the lists are written
    # into the text of a plain answer (the command line's, a plain channel's).
    (answer,) = answer_lines(engine, [question])
    assert isinstance(answer, Answer)
    assert re.search(line, _plain(answer.text), re.M), answer.text


@pytest.mark.parametrize(("question", "lead"), [
    ("quelles cartes font tourner qwen3 32b le plus vite", "La carte la plus rapide pour Qwen3 32B est"),
    ("quali schede fanno girare qwen3 32b più velocemente", "La scheda più veloce per Qwen3 32B è"),
])
def test_the_fastest_said_as_an_adverb_is_the_fastest_cards(engine: Engine, question: str, lead: str) -> None:
    answer = engine.ask(question)
    assert answer.intent == "fastest"
    assert _plain(answer.text).startswith(lead)


def test_a_card_s_number_after_the_word_prompt_is_no_prompt_length(engine: Engine) -> None:
    # "prompt sur une 7900 xtx": 7900 is the card's; the answer uses the usual prompt and asks for the length.
    text = _plain(engine.ask("vitesse de traitement du prompt sur une 7900 xtx avec qwen2.5 14b").text)
    assert "Radeon RX 7900 XTX" in text
    assert "7\u202f900 tokens" not in text
    assert "lit un prompt de 4\u202f096 tokens" in text  # French groups thousands with a narrow space


def test_a_prompt_length_with_k_is_read_even_when_a_name_has_that_number(engine: Engine) -> None:
    text = _plain(engine.ask("prompt of 14k tokens with qwen2.5 14b on a 3090, ttft?").text)
    assert "reads a prompt of 14,336 tokens" in text  # 14 × 1,024
