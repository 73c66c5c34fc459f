"""Practical troubles an expert answers in a line, in six languages: Ollama reached from another machine
(OLLAMA_HOST=0.0.0.0, port 11434 in the firewall: Ollama's FAQ), LM Studio leaving a Radeon unused (its ROCm
runtime covers gfx1030/1100/1101 only, the Vulkan runtime the rest: LM Studio's staff in lmstudio-ai/lms#228),
and "CUDA out of memory" while nvidia-smi shows little in use (context times parallel slots, overhead, other
programs: ollama/ollama#1952, #9562). The line leads the answer; an amount "used" is a reading, never the card's
size; an English error typed in a German or Spanish question does not make the answer English."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.reading import knowhow_words
from answers.reading.intent import detect_language
from answers.reading.numbers import parse_memory
from tests.answers.knowhow_checks import knowhow_ids, sourced_line


@pytest.mark.parametrize(("question", "lang"), [
    ("my ollama box runs windows 11, how do my other computers on the lan talk to it?", "en"),
    ("ollama soll auch von einem anderen Rechner im Heimnetz erreichbar sein, wie stelle ich das ein?", "de"),
    ("je veux interroger ollama depuis un autre ordinateur du réseau local, comment faire ?", "fr"),
    ("vorrei raggiungere ollama da un altro computer della rete locale, cosa devo impostare?", "it"),
    ("quiero conectarme a ollama desde otro ordenador de la red local, ¿qué configuro?", "es"),
    ("quero acessar o ollama de outro computador da rede local, o que preciso mudar?", "pt"),
])
def test_ollama_from_another_machine_gets_the_host_and_the_port_first(engine: Engine, question: str,
                                                                      lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert "ollama_network" in knowhow_ids(a)
    first = a.text.strip().splitlines()[0]
    assert "OLLAMA_HOST=0.0.0.0" in first and "11434" in first, a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("lm studio won't use my radeon rx 6650 xt on windows 10, everything runs on the cpu", "en"),
    ("LM Studio findet meine RX 6700 XT unter Windows nicht, es läuft alles auf der CPU", "de"),
    ("lm studio ne voit pas ma radeon rx 6600 sous windows, tout tourne sur le processeur", "fr"),
    ("lm studio non rileva la mia rx 6750 xt su windows, usa solo la cpu", "it"),
    ("lm studio ignora la mia rx 6600 e va tutto sul processore, windows 11, come faccio?", "it"),
    ("lm studio no detecta mi radeon rx 6700 xt en windows 11, todo va en la cpu", "es"),
    ("o lm studio não reconhece a minha radeon rx 6600, só usa o processador no windows", "pt"),
])
def test_lm_studio_on_a_radeon_gets_the_vulkan_runtime_first(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert "lmstudio_amd" in knowhow_ids(a)
    first = a.text.strip().splitlines()[0]
    assert "Vulkan" in first and "gfx1031" in first, a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("ollama keeps failing with out of memory, yet nvidia-smi says only 4gb used, driver 575", "en"),
    ("ollama bricht mit CUDA error: out of memory ab, obwohl nvidia-smi nur 2 GB belegt anzeigt", "de"),
    ("ollama plante sur out of memory alors que nvidia-smi n'affiche que 3 go utilisés", "fr"),
    ("llama.cpp va in out of memory ma nvidia-smi mostra solo 5gb occupati, perché?", "it"),
    ("ollama tira out of memory y nvidia-smi solo marca 3gb usados, ¿qué pasa?", "es"),
    ("o ollama dá erro out of memory mas o nvidia-smi mostra só 4gb em uso, o que pode ser?", "pt"),
])
def test_out_of_memory_with_little_in_use_names_context_and_slots(engine: Engine, question: str,
                                                                  lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang  # the English error inside the question is not the asker's language
    assert "cuda_oom" in knowhow_ids(a)
    first = a.text.strip().splitlines()[0]
    assert "num_ctx" in first and "OLLAMA_NUM_PARALLEL" in first, a.text
    assert "tok/s" not in a.text  # never a list of models for a card of the amount in use


@pytest.mark.parametrize("text", [
    "nvidia-smi shows 3gb used", "nvidia-smi zeigt 3 GB belegt", "nvidia-smi affiche 3 go utilisés",
    "nvidia-smi dice 3gb occupati", "nvidia-smi marca 3gb usados", "nvidia-smi mostra 3gb em uso",
])
def test_an_amount_in_use_is_never_the_cards_memory(text: str) -> None:
    assert parse_memory(text) is None


@pytest.mark.parametrize("text", ["a 24gb used 3090 or a new 4080?", "qwen 32b on 24gb, used for coding?"])
def test_a_size_before_a_card_or_a_purpose_is_still_the_memory(text: str) -> None:
    assert parse_memory(text) == 24


def test_an_english_error_does_not_make_a_german_question_english() -> None:
    text = "ollama wirft ständig cuda error: out of memory, woran liegt das"
    assert detect_language(text, text) == "de"


@pytest.mark.parametrize("question", [
    "how fast is qwen3 14b in lm studio on a rx 7900 xtx?",  # LM Studio on a Radeon, nothing wrong said
    "ollama on a 3090: how many tok/s for gemma 3 27b?",  # Ollama, no network asked
    "will llama 3.3 70b run out of memory on a 4090?",  # a fit question, no engine or nvidia-smi named
])
def test_plain_questions_get_none_of_these_lines(question: str) -> None:
    assert not {"ollama_network", "lmstudio_amd", "cuda_oom"} & set(knowhow_words.read(question))


@pytest.mark.parametrize(("question", "lang", "language_name"), [
    ("parakeet für portugiesische Podcasts auf einer rtx 4060, geht das?", "de", "Portugiesisch"),
    ("parakeet peut transcrire de l'espagnol sur un ryzen 7 7700 ?", "fr", "espagnol"),
    ("o parakeet serve para transcrever português numa 3060?", "pt", "português"),
])
def test_parakeet_unversioned_is_the_multilingual_v3(engine: Engine, question: str, lang: str,
                                                     language_name: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert a.facts.get("model", {}).get("name") == "Parakeet TDT 0.6B v3", a.text
    assert language_name in a.text, a.text


def test_an_out_of_memory_error_is_not_a_driver_install_question() -> None:
    got = knowhow_words.read("ollama, ubuntu 24.04, treiber 570: dauernd out of memory, nvidia-smi zeigt 2 gb belegt")
    assert "cuda_oom" in got and "nvidia_driver_linux" not in got


@pytest.mark.parametrize(("question", "lang", "kid", "words"), [
    ("kann ollama die unsloth UD-Q3_K_XL datei von qwen3 32b laden?", "de", "ollama_hf_gguf", ("hf.co/",)),
    ("does ollama run bartowski's gguf quants from hugging face?", "en", "ollama_hf_gguf", ("hf.co/",)),
    ("ollama peut lancer les quants dynamiques unsloth UD-Q4_K_XL de mistral small ?", "fr", "ollama_hf_gguf",
     ("hf.co/",)),
    ("per l'italiano conviene whisper turbo o large-v3 su una 3070?", "it", "whisper_turbo", ("32",)),
    ("whisper large-v3-turbo o large-v3 para entrevistas en español?", "es", "whisper_turbo", ("32",)),
    ("mlx-whisper ou whisper.cpp num mac mini m4 para ditar em tempo real?", "pt", "whisper_mac", ("stream",)),
])
def test_engine_and_model_choices_get_their_sourced_line(engine: Engine, question: str, lang: str, kid: str,
                                                          words: tuple[str, ...]) -> None:
    sourced_line(engine, question, lang, kid, words)


@pytest.mark.parametrize(("question", "lang"), [
    ("quelle différence entre awq, gptq et fp8 sous vllm sur une rtx 4090 pour qwen3 32b ?", "fr"),
    ("differenza tra awq e fp8 con vllm su una 4090 per qwen3 32b?", "it"),
    ("unterschied zwischen gptq und fp8 in vllm auf einer 4090, qwen3 32b?", "de"),
    ("diferencia entre awq y fp8 en vllm con una 4090 para qwen3 32b", "es"),
])
def test_formats_listed_after_between_are_each_weighed_on_the_card(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert "FP8" in a.text and "33" in a.text, a.text  # FP8 32B (about 33 GB) is said not to fit 24 GB
    assert a.facts.get("engine_versus"), a.text


def test_and_outside_a_between_list_is_no_comparison() -> None:
    from answers.reading.engine_versus_words import sides
    assert sides("llama.cpp and vllm both run qwen3 32b awq on my 4090?") is None


@pytest.mark.parametrize(("question", "lang"), [
    ("m3 ultra 512gb mit deepseek r1 q4: wie schnell ist das bei längerem kontext?", "de"),
    ("mac studio m3 ultra 512gb com deepseek r1 q4, fica muito lento com contexto grande?", "pt"),
    ("m3 ultra 512 gb e deepseek r1 in q4, quanto rallenta con un contesto lungo?", "it"),
    ("m3 ultra 512 go avec deepseek r1 en q4, à quelle vitesse avec un long contexte ?", "fr"),
    ("m3 ultra 512gb y deepseek r1 q4, qué velocidad con contexto largo?", "es"),
    ("m3 ultra 512gb running deepseek r1 q4, what speed with a large context?", "en"),
])
def test_a_long_context_asked_in_any_words_gets_the_speed_as_it_fills(engine: Engine, question: str,
                                                                      lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    deep = (a.facts.get("also") or {}).get("depth") or {}
    assert [d["context"] for d in deep.get("depths") or ()] == [8192, 32768], a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("qwen3 14b or gemma 3 12b for tool calling with n8n on a 4060 ti 16gb?", "en"),
    ("per agenti con function calling meglio qwen3 32b o mistral small 3.2 su una 3090?", "it"),
    ("welches modell ist besser für agenten, gpt-oss-20b oder qwen3 30b a3b, auf einer 5070 ti?", "de"),
    ("¿cuál es mejor para llamadas a herramientas, qwen3 8b o llama 3.1 8b, en una 3060?", "es"),
])
def test_a_tool_calling_choice_is_not_answered_by_speed_alone(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert "tool_calling" in knowhow_ids(a), a.text
    assert "BFCL" in a.text and "--jinja" in a.text


def test_a_speed_question_gets_no_tool_calling_line() -> None:
    assert "tool_calling" not in knowhow_words.read("how fast is qwen3 8b on a 3060 with ollama?")


@pytest.mark.parametrize(("question", "lang", "kid", "words"), [
    # with a model named the run itself is worked out (tests/answers/test_finetune_verdict.py): the line stands alone
    ("full fine-tune of an 8b model with deepspeed zero3, how does that work?", "en", "deepspeed_zero3",
     ("offload_optimizer", "96 GB")),
    ("fine-tuning completo com deepspeed zero 3 e offload, como funciona?", "pt",
     "deepspeed_zero3", ("offload_optimizer",)),
    ("qlora su mistral 7b con una 4070: meglio unsloth o axolotl?", "it", "unsloth_axolotl", ("YAML",)),
    ("unsloth oder axolotl für lora auf gemma 3 4b mit einer 3060?", "de", "unsloth_axolotl", ("FSDP",)),
])
def test_fine_tuning_tool_choices_get_their_sourced_line(engine: Engine, question: str, lang: str, kid: str,
                                                        words: tuple[str, ...]) -> None:
    sourced_line(engine, question, lang, kid, words)


@pytest.mark.parametrize(("question", "lang"), [
    ("gpt-oss-120b su una 4090 con 64gb di ram: llama.cpp o vllm? conviene un gguf q4 invece dell'mxfp4?", "it"),
    ("gpt-oss 20b mxfp4 or a q4_k_m gguf on a 3060?", "en"),
    ("gpt-oss-120b auf einer 5090 mit 96 GB RAM, mxfp4 behalten oder q4 nehmen?", "de"),
])
def test_gpt_oss_keeps_mxfp4_and_llama_cpp_holds_experts_in_ram(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert "gpt_oss_mxfp4" in knowhow_ids(a), a.text
    assert "--n-cpu-moe" in a.text and "MXFP4" in a.text


def test_two_gguf_levels_between_and_a_later_engine_are_no_engine_comparison() -> None:
    from answers.reading.engine_versus_words import sides
    text = "unterschied zwischen ud-q5_k_xl und q5_k_m bei gemma 3 27b? geht das mit ollama"
    assert sides(text) is None
