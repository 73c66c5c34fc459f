"""Practical questions the bot used to decline or misread (edges6, issue 29): each gets its sourced line in the
asker's language, beside the figures it also asked for and never instead of them; each phrasing is our own."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.reading import knowhow_words
from tests.answers.knowhow_checks import knowhow_ids, line_source, sourced_line


@pytest.mark.parametrize(("question", "lang", "kid", "words"), [
    ("after updating the nvidia driver ollama doesn't use my gpu anymore, everything on cpu", "en",
     "gpu_lost_after_update", ("nvidia-smi", "systemctl restart ollama", "journalctl -u ollama")),
    ("dopo l'aggiornamento dei driver nvidia ollama non vede più la scheda", "it", "gpu_lost_after_update",
     ("nvidia-smi", "journalctl -u ollama")),
    ("depuis la mise à jour du pilote nvidia, llama.cpp tourne sur le processeur", "fr", "gpu_lost_after_update",
     ("nvidia-smi",)),
    ("desde que actualicé el controlador de nvidia ollama ya no detecta mi gpu", "es", "gpu_lost_after_update",
     ("nvidia-smi",)),
    ("depois de atualizar o driver da nvidia o ollama não reconhece mais a placa", "pt", "gpu_lost_after_update",
     ("nvidia-smi",)),
    ("vram temp on my 3090 sits at 106c while llama.cpp runs for hours, pads?", "en", "memory_junction",
     ("110 °C", "backplate")),
    ("la temperatura della vram della mia 3090 arriva a 100 gradi, devo cambiare i pad termici?", "it",
     "memory_junction", ("110 °C",)),
    ("wie starte ich ollama automatisch beim hochfahren unter windows?", "de", "comfyui_autostart",
     ("shell:startup",)),
    ("comment lancer comfyui automatiquement au démarrage de windows ?", "fr", "comfyui_autostart",
     ("taskschd.msc",)),
    ("mi pc se apaga solo cuando la 3090 empieza a generar imágenes, ¿es la fuente?", "es", "pc_shutdown_load",
     ("ATX 3", "nvidia-smi -pl")),
    ("my pc just turns off when the 4090 starts a long llama.cpp run", "en", "pc_shutdown_load", ("ATX 3",)),
    ("die lüfter meiner 4080 sind beim generieren echt laut, was tun?", "de", "fan_noise", ("CoolerControl",)),
    ("o barulho das ventoinhas da minha 3090 incomoda, tem jeito?", "pt", "fan_noise", ("FanControl",)),
    ("which driver do i need for an intel arc b580 with ollama on linux?", "en", "intel_arc_driver",
     ("xe", "6.12", "Vulkan")),
    ("la arc a770 funciona con llama.cpp? sycl o vulkan?", "es", "intel_arc_driver", ("SYCL",)),
    ("combien de batterie ça mange de faire tourner un llm sur mon téléphone ?", "fr", "phone_battery",
     ("19 Wh", "0,7 J")),
    ("quanta batteria consuma un modello locale sul telefono con pocketpal?", "it", "phone_battery", ("0,7 J",)),
    ("mi celular se calienta mucho con qwen3 4b en pocketpal, ¿se vuelve más lento?", "es", "phone_battery",
     ("22,6",)),
])
def test_edge_practical_questions_get_their_sourced_line(engine: Engine, question: str, lang: str, kid: str,
                                                         words: tuple[str, ...]) -> None:
    a = sourced_line(engine, question, lang, kid, words)
    assert "https://" in line_source(a, kid)


@pytest.mark.parametrize("question", [
    "how do i turn off thinking in qwen3 on my 4090?",  # "turn off" is no PC switching off
    "la ventola della mia 4070 fa un rumore strano, che faccio?",  # a rattle is a worn bearing, not loudness
    "how fast is qwen3 8b on an intel arc b580?",  # a speed, no driver asked
    "ollama läuft bei mir nur auf der cpu obwohl ich eine 3060 habe, warum?",  # no update: the plain CPU line
    "qwen3 14b on a 4070 at 32k context, how fast?",
])
def test_edge_lines_stay_out_of_plain_questions(question: str) -> None:
    new = {"gpu_lost_after_update", "pc_shutdown_load", "fan_noise", "intel_arc_driver", "phone_battery",
           "memory_junction", "comfyui_autostart"}
    assert not new & set(knowhow_words.read(question)), knowhow_words.read(question)


def test_qwen3_thinking_stopped_in_french_and_italian(engine: Engine) -> None:
    for q in ("qwen3 réfléchit pendant des pages, comment l'arrêter dans ollama ?",
              "come faccio a far smettere di ragionare qwen3 in ollama?"):
        a = engine.ask(q)
        assert "thinking_toggle" in knowhow_ids(a), a.text
        assert "/set nothink" in a.text and "2507" in a.text


def test_a_memory_temperature_is_no_model_and_the_general_line_steps_aside(engine: Engine) -> None:
    a = engine.ask("my 3090's memory junction reaches 108c in long runs, should i undervolt?")
    assert a.intent == "knowhow" and "memory_junction" in knowhow_ids(a) and "power_limit" in knowhow_ids(a)
    assert "gpu_temperatures" not in knowhow_ids(a)  # the junction line says the memory's figures instead
    assert not a.asked.get("models"), a.asked  # "108c" is a temperature, never an unknown model
    assert not a.unused


def test_an_image_app_with_a_practical_question_gets_the_lines_not_an_image_decline(engine: Engine) -> None:
    a = engine.ask("comfyui: come lo faccio partire da solo con windows? e a volte il pc si spegne mentre genera")
    assert a.locale == "it" and a.intent == "knowhow", a.text
    assert {"comfyui_autostart", "pc_shutdown_load"} <= set(knowhow_ids(a))
    assert "Flux" not in a.text  # no "name one of the catalog's image models"
    model = engine.ask("sdxl on a 3060 12gb through comfyui, how long per image?")  # a model named: its figure
    assert "s" in model.text and model.intent != "knowhow"


def test_a_phone_speed_and_its_battery_both_answered(engine: Engine) -> None:
    a = engine.ask("galaxy s24 ultra, llama 3.2 3b q4: tok/s and how much battery per hour?")
    assert "phone_battery" in knowhow_ids(a)
    assert "tokens per second" in a.text.split("Battery and heat")[0]  # the figure first, the line after it
    assert "30 percent an hour" in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("jetson agx orin 64gb: llama 3.1 8b f16 tok/s, with whisper large-v3 running beside it?", "en"),
    ("jetson agx orin 64gb para un robot: llama 3.1 8b en fp16 cuántos tok/s, y whisper a la vez?", "es"),
])
def test_a_language_model_beside_whisper_is_answered_with_both(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert "Llama 3.1 8B" in a.text and "Whisper large-v3" in a.text
    assert "F16" in a.text  # the language model's own figure at the level asked
    assert "not cover" not in a.text and "no cubre" not in a.text
    assert a.text.count("20,1 GB") + a.text.count("20.1 GB") == 1  # both together: 15.7 + 4.4 GB


def test_a_raspberry_pi_reads_prompts_at_llama_cpps_measured_rate(engine: Engine) -> None:
    # the board's record: TinyLlama 1.1B Q8_0 read at 35 tok/s on a Pi 5 (77 GFLOPS); independent arithmetic
    a = engine.ask("raspberry pi 5 8gb, llama 3.2 1b q4_k_m: how fast does it read a long prompt?")
    assert a.facts["row"]["prefill_tok_s"] == pytest.approx(77 / (2 * 1.236), rel=0.03)
    assert "Reading the prompt" in a.text
    voice = engine.ask("raspberry pi 5 8gb voice assistant with whisper + llama 3.2 1b + piper, how long until it "
                       "answers?")
    assert "1.29 s to read the prompt" in voice.text  # 40 prompt tokens at about 31 tok/s (was 3.80 s)
    phone = engine.ask("pixel 9 pro gemma 3 4b q4 tok/s?")  # no measured rate on record: no prompt figure guessed
    assert "prefill_tok_s" not in (phone.facts.get("row") or {})


@pytest.mark.parametrize("question", [
    "when the context grows it goes down to 10 tok/s on my 3090",  # a speed going down, no PC switching off
    "quanto si spende di corrente con una 3090 accesa tutto il giorno?",  # "si spende" (one spends), not "si spegne"
])
def test_a_pc_switching_off_is_not_read_into_other_words(question: str) -> None:
    assert "pc_shutdown_load" not in knowhow_words.read(question)


@pytest.mark.parametrize(("question", "lang"), [
    ("is it cheaper to pay openrouter for deepseek v3 or run it at home with electricity at 0.40?", "en"),
    ("qwen3 235b via api oder lieber zu hause laufen lassen, was kostet weniger bei den strompreisen?", "de"),
])
def test_api_or_home_is_answered_once_with_the_kept_prices(engine: Engine, question: str, lang: str) -> None:
    # One home for API prices (answers/knowledge/api_prices.json): no know-how line repeats them, and the
    # model named is the one priced, never DeepSeek's figures beside a Qwen question
    a = engine.ask(question)
    assert a.locale == lang and a.facts.get("api_home"), a.text
    assert "OpenRouter" in a.text, a.text
    assert all("api" not in k["id"] for k in a.facts.get("knowhow", [])), a.facts.get("knowhow")
    if "qwen3" in question:
        assert "DeepSeek" not in a.text, a.text
