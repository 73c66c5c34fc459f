"""Practical know-how asked alone or beside a figure gets its sourced line, in the asker's language: vLLM on Radeon
cards, ROCm on Windows and on RDNA4, the Ryzen AI NPU, faster-whisper against whisper.cpp, Llama 4's EU clause,
Ollama over two cards, the Radeon iGPU with Vulkan; and MLX weighed against GGUF at a level said once runs MLX's
own 4-bit file instead of saying "MLX cannot run it"."""

from __future__ import annotations

import json

import pytest

from answers.engine import Engine
from answers.knowledge import knowhow
from answers.reading import knowhow_words
from answers.rendering import render
from tests.answers.knowhow_checks import knowhow_ids, line_source, sourced_line


@pytest.mark.parametrize(("question", "lang", "kid", "words"), [
    ("two rx 7900 xtx under rocm: will vllm split qwen3 32b across them with tensor parallel?", "en",
     "vllm_rocm_radeon", ("gfx1100", "--tensor-parallel-size 2")),
    ("zwei radeon 7900 xtx mit rocm, klappt tensor parallel in vllm überhaupt?", "de", "vllm_rocm_radeon",
     ("gfx1100",)),
    ("ho una rx 6700 xt su windows, rocm non parte: cosa uso per far girare un 8b?", "it", "rocm_windows",
     ("gfx1031", "Vulkan")),
    ("sur windows 11 avec ma radeon, rocm ou pas ? quel modèle 14b", "fr", "rocm_windows", ("Vulkan",)),
    ("mi rx 9070 xt con rocm en ubuntu, qué versión hace falta para comfyui?", "es", "rocm_rdna4", ("6.4.1",)),
    ("a npu do meu notebook ryzen ai 9 365 serve pra rodar llm ou é só marketing?", "pt", "npu_ryzen_ai",
     ("Lemonade", "FastFlowLM")),
    ("pour transcrire 3 h d'audio sur un ryzen 7 7700, faster-whisper ou whisper.cpp ?", "fr", "whisper_engines",
     ("int8", "Metal")),
    ("can a startup based in the EU ship a product on llama 4 maverick? what does the license say", "en",
     "llama_eu_multimodal", ("Acceptable Use Policy",)),
    ("tengo una 4080 y una 3060, ¿ollama usa las dos juntas?", "es", "ollama_multi_gpu", ("CUDA_VISIBLE_DEVICES",)),
    ("minipc con 780m e 32 gb: con vulkan la igpu aiuta per qwen3 8b?", "it", "igpu_vulkan", ("UMA",)),
    ("minha rtx 5070 ti no comfyui dá 'no kernel image is available', o que é isso?", "pt", "blackwell_builds",
     ("sm_120", "cu128")),
    ("stable diffusion xl en una rx 6600 con windows: zluda o directml?", "es", "zluda_directml", ("ZLUDA",)),
])
def test_know_how_is_answered_in_the_askers_language(engine: Engine, question: str, lang: str, kid: str,
                                                     words: tuple[str, ...]) -> None:
    a = sourced_line(engine, question, lang, kid, words)
    entry = next(k for k in a.facts["knowhow"] if k["id"] == kid)
    assert "https://" in entry["source"]  # the JSON carries where the fact comes from


def test_know_how_alone_replaces_did_not_understand(engine: Engine) -> None:
    a = engine.ask("ist rocm unter windows mit meiner radeon brauchbar?")
    assert a.intent == "knowhow" and a.locale == "de"
    assert knowhow_ids(a) == ["rocm_windows"] and "Vulkan" in a.text
    assert "nicht verstanden" not in a.text


def test_know_how_beside_a_figure_keeps_the_figure(engine: Engine) -> None:
    a = engine.ask("qwen3 30b a3b on a ryzen 7 8845hs with 64gb ddr5, how many tok/s? does the 780m help with vulkan?")
    assert "igpu_vulkan" in knowhow_ids(a)
    assert "tokens per second" in a.text and a.text.index("tokens per second") < a.text.index("UMA")


@pytest.mark.parametrize("question", [
    "eu posso rodar llama 4 scout numa 4090?",  # Portuguese "eu" is "I", not the EU
    "antes de eu comprar, o llama 4 scout roda numa 4090?",
    "rocm on linux with a 7900 xtx, which model fits?",  # no Windows, no RDNA4, no vLLM
    "whisper.cpp on a raspberry pi 5",  # one engine named, no choice asked
])
def test_know_how_is_not_said_when_its_clues_are_not_all_there(question: str) -> None:
    got = knowhow_words.read(question)
    assert not {"llama_eu_multimodal", "rocm_windows", "rocm_rdna4", "vllm_rocm_radeon", "whisper_engines"} & set(got)


def test_every_entry_has_clues_a_source_and_a_line_in_every_language() -> None:
    for e in knowhow.entries():
        assert "https://" in e.source and e.checked
        for lang in ("en", "de", "fr", "it", "es", "pt"):
            line = render.render(lang, "_knowhow", {"knowhow": [{"id": e.id, "source": e.source}]}).strip()
            assert line, (e.id, lang)
            if lang != "en":  # translated, not the English msgid
                assert line != render.render("en", "_knowhow", {"knowhow": [{"id": e.id}]}).strip(), (e.id, lang)


def test_a_malformed_table_fails_at_load() -> None:
    good = json.loads((knowhow.resources.files("answers.knowledge") / "knowhow.json").read_text("utf-8"))
    no_url = json.loads(json.dumps(good))
    no_url["entries"][0]["source"] = "the vLLM docs"
    with pytest.raises(knowhow.KnowhowDataError, match="https"):
        knowhow.parse(no_url)
    with pytest.raises(Exception, match="no clues"):
        knowhow_words.parse({"clues": {}, "entries": {}}, knowhow.ids())
    with pytest.raises(Exception, match="unknown clue"):
        knowhow_words.parse({"clues": {}, "entries": {"whisper_engines": [["nope"]]}}, ("whisper_engines",))


@pytest.mark.parametrize(("question", "lang"), [
    ("m3 max 64gb: qwen2.5 32b q4, mlx vs gguf, which is faster?", "en"),
    ("mac studio m2 max 96gb, llama 3.3 70b in q4: mlx oder gguf?", "de"),  # the level said apart from the sides
])
def test_mlx_against_gguf_at_a_level_said_once_runs_mlx_4bit(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    sides = a.facts["engine_versus"]["sides"]
    mlx = next(s for s in sides if s["engine"] == "mlx")
    assert mlx["runs"] and mlx["quant"] == "MLX-4bit", sides
    gguf = next(s for s in sides if s["engine"] != "mlx")
    assert gguf["quant"] == "Q4_K_M"


def test_know_how_leads_an_engines_general_note(engine: Engine) -> None:
    # "lm studio doesn't use the npu, does it?": the NPU's line answers it, the engine's general note follows
    a = engine.ask("nutzt lm studio eigentlich die npu von meinem ryzen ai 9 365, oder nur die igpu?")
    assert a.locale == "de" and "npu_ryzen_ai" in knowhow_ids(a)
    assert a.text.startswith("Die Ryzen-AI-NPU"), a.text


# knowhow5: the practical questions of these servers, each in its own wording (none from a trial), in six languages
@pytest.mark.parametrize(("question", "lang", "kid", "words"), [
    ("ollama läuft bei mir nur auf der cpu obwohl ich eine 3060 habe, warum?", "de", "ollama_cpu_fallback",
     ("ollama ps", "journalctl -u ollama")),
    ("rx 6700 xt su linux con ollama: devo usare HSA_OVERRIDE_GFX_VERSION?", "it", "rocm_linux_setup", ("10.3.0",)),
    ("comment faire voir ma rtx 4070 dans wsl2 pour llama.cpp ?", "fr", "wsl_gpu", ("/mnt/c",)),
    ("how do i pass my 3090 into a docker container for vllm?", "en", "docker_gpu", ("--gpus all", "nvidia-ctk")),
    ("la mia 4090 arriva a 85 gradi con hotspot a 102 durante la generazione, è normale?", "it", "gpu_temperatures",
     ("90 °C",)),
    ("vale a pena dar undervolt na 3090 pra rodar llm?", "pt", "power_limit", ("nvidia-smi -pl 280",)),
    ("o conector 12vhpwr da minha 4090 pode derreter rodando ia a noite toda?", "pt", "connector_12vhpwr",
     ("12V-2x6",)),
    ("mi 4070 tiene coil whine cuando genera texto, es grave?", "es", "coil_whine", ("nvidia-smi -pl",)),
    ("welches netzteil brauche ich für zwei 3090?", "de", "psu_sizing", ("1.000–1.200 W",)),
    ("dual epyc 9654 avec 24 canaux, llama.cpp gère bien le numa ?", "fr", "numa_dual_socket",
     ("--numa distribute", "numactl")),
    ("mac studio 64gb: how do i give the gpu more than 48gb with sysctl?", "en", "mac_gpu_memory",
     ("iogpu.wired_limit_mb",)),
    ("come faccio ad avere sempre un json valido dal modello con ollama?", "it", "json_output",
     ("--json-schema", "format")),
    ("écris-moi un system prompt pour que mistral arrête de commencer par « Bien sûr »", "fr", "system_prompt",
     ("logit_bias",)),
    ("q4_0 kv cache: how much quality do i lose vs q8_0?", "en", "kv_cache_quality",
     ("6.2346", "OLLAMA_KV_CACHE_TYPE")),
    ("lohnt sich exl3 gegenüber exl2 noch auf einer 3090?", "de", "exl2_exl3", ("TabbyAPI",)),
    ("una rx 7900 xtx y una rtx 4080 en el mismo llama.cpp, se puede?", "es", "mix_vendors", ("Vulkan", "rpc-server")),
    ("wan 2.1 14b na minha 4060 ti 16gb com block swap, quanto tempo?", "pt", "wan_block_swap", ("blocks_to_swap",)),
    ("quel reranker multilingue pour un rag en français ?", "fr", "reranker", ("bge-reranker-v2-m3",)),
    ("ollama keep_alive: come tengo il modello sempre caricato?", "it", "ollama_keep_alive",
     ("OLLAMA_KEEP_ALIVE=-1",)),
    ("ollama corta meus prompts longos, como aumento o num_ctx?", "pt", "ollama_context",
     ("OLLAMA_CONTEXT_LENGTH",)),
    ("claude or gemini for coding in 2026?", "en", "closed_models_coding", ("SWE-bench Verified", "Qwen3-Coder")),
    ("quanto costa noleggiare una h100 su runpod all'ora?", "it", "cloud_gpu_rent", ("1,99–2,79",)),
    ("speculative decoding mit einem draft model in llama.cpp, bringt das was?", "de", "speculative_decoding",
     ("-md",)),
    ("como desactivo el thinking de qwen3 en ollama?", "es", "thinking_toggle", ("/no_think",)),
    ("how do i load a gguf split in 3 parts with llama.cpp?", "en", "gguf_split", ("llama-gguf-split --merge",)),
    ("come misuro i token al secondo che fa il mio pc con ollama?", "it", "measure_speed", ("--verbose",)),
    ("llama.cpp con qwen2.5-vl in gguf: dove trovo il mmproj?", "it", "vision_mmproj", ("--mmproj",)),
    ("how do I point the openai python client at my local ollama (base_url)?", "en", "openai_api_local",
     ("11434/v1",)),
])
def test_practical_questions_get_their_sourced_line(engine: Engine, question: str, lang: str, kid: str,
                                                     words: tuple[str, ...]) -> None:
    a = sourced_line(engine, question, lang, kid, words)
    assert "https://" in line_source(a, kid)


@pytest.mark.parametrize(("question", "lang", "topic", "kid", "words"), [
    ("come installo i driver nvidia sulla mia 3060 con ubuntu?", "it", "install", "nvidia_driver_linux",
     ("ubuntu-drivers install", "nvidia-smi")),
    ("como instalar os drivers da nvidia no ubuntu pra minha 4060?", "pt", "install", "nvidia_driver_linux",
     ("ubuntu-drivers install",)),
    ("meine 4080 hat spulenfiepen beim generieren", "de", "troubleshoot", "coil_whine", ("Spulen",)),
    ("mi 3090 se calienta mucho y el ventilador hace ruido", "es", "troubleshoot", "gpu_temperatures", ("hotspot",)),
    ("ma 3090 surchauffe et le ventilateur est bruyant", "fr", "troubleshoot", "gpu_temperatures", ("pads",)),
    ("minha 4070 ti faz barulho e superaquece", "pt", "troubleshoot", "gpu_temperatures", ("undervolt",)),
    ("my 4090 sits at 84c with a 105c hotspot when generating, should i repaste it?", "en", "troubleshoot",
     "gpu_temperatures", ("undervolt",)),
    ("what system prompt stops llama from saying 'as an AI' all the time?", "en", "prompts", "system_prompt",
     ("logit bias",)),
])
def test_a_decline_the_table_answers_is_replaced_by_its_line(engine: Engine, question: str, lang: str, topic: str,
                                                             kid: str, words: tuple[str, ...]) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "knowhow", a.text
    assert kid in knowhow_ids(a)
    assert a.facts["off_topic"] == topic and a.asked["off_topic"] == topic  # the `--json` keys stay
    for w in words:
        assert w in a.text, a.text
    decline = engine.ask("how do i dual boot linux next to windows on my new pc?")  # a decline with no line
    assert decline.intent == "off_topic" and not knowhow_ids(decline)


@pytest.mark.parametrize(("question", "kid"), [
    ("how fast is qwen3 8b on a 3090 in ollama with OLLAMA_NUM_PARALLEL=4?", "ollama_parallel"),
    ("exl2 or exl3 for llama 3.3 70b on an rtx a6000?", "exl2_exl3"),
    ("qwen3 32b auf einer 4090, und ollama keep_alive auf 24h?", "ollama_keep_alive"),
])
def test_a_practical_line_goes_beside_the_figures_never_instead(engine: Engine, question: str, kid: str) -> None:
    a = engine.ask(question)
    assert kid in knowhow_ids(a), a.text
    assert a.intent != "knowhow"
    assert "tok" in a.text.lower()  # the speed asked is still there


@pytest.mark.parametrize("question", [
    "what can i run on an intel i9 and an rtx 4090 together?",  # a processor is no second card maker
    "how fast is llama 3.1 8b on a 4090?",
    "ollama on my 3090, what runs best?",
    "my 3090 and 3060 together in llama.cpp?",  # one maker: the several-card answer, not the mixing line
    "qwen3 14b q4_k_m or q8_0 on a 4070?",  # weight levels, not the KV cache's quality
    "quanto roda o qwen3 14b numa 4070 com ollama?",  # Portuguese "numa" is "in a", not NUMA
    "est-ce que gemma 3 27b rentre sur une 4090 en q4 ?",  # French "rentre" (fits), no rental
    "wan 2.1 1.3b gira su una 3060 12gb? quanto ci mette",  # the small Wan needs no block swap
    "ça prend combien de temps sur ma 4090 pour un clip de 5 s ?",  # French "temps" is time
    "a 32c epyc with a 4090, what runs?",  # 32 cores, not 32 °C
])
def test_plain_questions_get_no_practical_line(question: str) -> None:
    assert not [k for k in knowhow_words.read(question) if k in knowhow.ids()[11:]]


def test_a_line_already_said_another_way_is_not_repeated(engine: Engine) -> None:
    a = engine.ask("macbook air m3 16gb: what can i run for coding without it throttling, since it has no fan?")
    assert a.facts.get("fanless") and "fanless_throttle" not in knowhow_ids(a)  # the fanless line says it
    assert knowhow.entry("fanless_throttle").covered_by == "fanless"


@pytest.mark.parametrize(("question", "lang"), [
    ("tengo una rtx 3060 y una arc a770, puedo juntarlas en llama.cpp para un 32b?", "es"),
    ("ho una 4070 e una rx 6800: posso usarle insieme in llama.cpp?", "it"),
])
def test_cards_of_two_makers_get_vulkan_not_one_cuda_build(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and "mix_vendors" in knowhow_ids(a), a.text
    assert "Vulkan" in a.text
    kinds = [n.get("kind") for n in (a.facts.get("also") or {}).get("notes") or ()]
    assert "mix_cards" not in kinds  # "one CUDA build for both generations" cannot drive an Arc or a Radeon
    same = engine.ask("can I mix a 3090 and a 3060 in llama.cpp?")  # one maker: the mixing note stays
    assert "mix_vendors" not in knowhow_ids(same) and "--tensor-split" in same.text


def test_a_scope_answer_with_content_keeps_it_and_the_line_follows(engine: Engine) -> None:
    # fine-tuning's memory rule is written as a fallback with `out_of_scope`: the price line goes after it, never
    # instead of it
    a = engine.ask("quanto mi costa noleggiare una a100 su runpod per un finetune qlora di un 8b?")
    assert a.locale == "it" and "cloud_gpu_rent" in knowhow_ids(a)
    assert "QLoRA" in a.text and "1,19–2,10" in a.text
    assert a.text.index("QLoRA") < a.text.index("1,19–2,10")


@pytest.mark.parametrize("question", [
    "o kimi k2 tem versão thinking? e quantos parâmetros no total?",
    "qwen3 32b thinking, quanto contesto regge? no, intendo in totale",
])
def test_a_bare_no_beside_thinking_asks_no_toggle(engine: Engine, question: str) -> None:
    # "no total" is Portuguese "in the total", "no," an answer word: neither asks to turn thinking off
    assert "thinking_toggle" not in knowhow_ids(engine.ask(question))


def test_no_thinking_still_asks_the_toggle(engine: Engine) -> None:
    assert "thinking_toggle" in knowhow_ids(engine.ask("qwen3 8b no thinking mode in ollama, how?"))
