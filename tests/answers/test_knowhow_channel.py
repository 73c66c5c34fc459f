"""What a local-AI help channel asks most, each answered by a sourced know-how line (answers/knowledge/knowhow.json,
clue words in answers/lexicon/knowhow.toml): settings (GPU layers, environment variables, sampling, Modelfiles),
errors (templates and end-of-turn, loops, gibberish, long-context failures, an unknown architecture, Ollama's log),
speed complaints (spill into shared memory, slower after an update, slow loading, a laptop's iGPU, llama.cpp on the
processor), tools (own GGUFs, downloads, model folders, updates, front-ends, coding assistants, phone apps), the
network (Open WebUI to Ollama, LM Studio's and llama-server's servers, access from outside, services), privacy and
API-against-home cost. Each is read in at least three languages; ordinary hardware questions get none of them; a
message that is only the problem gets its line, not an unasked list of models."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.knowledge import knowhow
from answers.reading import knowhow_words
from tests.answers.knowhow_checks import knowhow_ids, line_source, sourced_line

ASKED = {
    "slow_generation": [
        "my 3090 only gets 4 tok/s on qwen 32b with ollama, is this normal?",
        "llama 3.1 8b läuft bei mir total langsam in lm studio, ist das normal?",
        "ollama est très lent avec mistral sur ma 4060, c'est normal ?",
        "el modelo va lentísimo en ollama, solo 3 tok/s",
        "task manager shows shared gpu memory filling up when the model loads",
    ],
    "slow_after_update": [
        "since updating ollama my model is way slower", "seit dem ollama update ist qwen3 viel langsamer",
        "dopo l'aggiornamento di ollama il modello è più lento", "depois que atualizei o lm studio ficou lento",
    ],
    "gpu_layers": [
        "how many gpu layers should i set for a 70b on 24gb?", "wie viele layer soll ich bei -ngl auf die gpu legen?",
        "quanti strati metto sulla gpu con num_gpu?", "cuantas capas en la gpu pongo en lm studio?",
    ],
    "template_eos": [
        "my model never stops generating and writes User: turns itself in llama.cpp",
        "das modell hört nicht auf zu schreiben und gibt <|im_end|> aus",
        "le modèle ne s'arrête jamais et affiche <|eot_id|>", "o modelo nunca para de gerar texto",
    ],
    "repetition_loops": [
        "qwen3 keeps repeating the same sentence over and over", "mein modell wiederholt sich ständig in ollama",
        "il modello si ripete in loop", "el modelo se repite en bucle",
    ],
    "gibberish_output": [
        "ollama outputs gibberish with my new gguf", "das modell gibt nur kauderwelsch aus",
        "le modèle sort du charabia", "o modelo responde sem sentido, só símbolos",
    ],
    "long_context_crash": [
        "llama.cpp crashes when the context goes over 32k", "ollama stürzt ab bei langem kontext",
        "va in crash con un contesto lungo", "se cuelga con un contexto largo",
    ],
    "unknown_architecture": [
        "error loading model: unknown model architecture 'qwen3moe'", "non riesco a caricare il modello in lm studio",
        "no carga el modelo en ollama", "o lm studio não carrega o modelo",
    ],
    "ollama_logs": [
        "Error: llama runner process has terminated: exit status 2", "where are the ollama logs on windows?",
        "wo finde ich die logs von ollama?", "dove trovo i log di ollama?",
    ],
    "quantize_gguf": [
        "how do i convert my fine-tuned model to gguf and quantize it?",
        "wie quantisiere ich ein modell selbst zu gguf?",
        "comment convertir un modèle safetensors en gguf ?", "como quantizar meu próprio modelo para gguf?",
    ],
    "hf_download": [
        "how do i download only the q4_k_m file from a hugging face repo?",
        "wie lade ich von hugging face nur eine gguf datei herunter?",
        "come scaricare da hugging face solo un file gguf?", "download do hugging face travado, como retomar?",
    ],
    "model_storage": [
        "where does ollama store the models? my c drive is full", "wo speichert ollama die modelle?",
        "comment déplacer les modèles ollama sur un autre disque ?", "¿dónde guarda ollama los modelos?",
    ],
    "engine_update": [
        "how do i update ollama on linux?", "wie aktualisiere ich ollama unter ubuntu?",
        "comment mettre à jour open webui dans docker ?", "¿cómo actualizo ollama sin perder los modelos?",
    ],
    "privacy_offline": [
        "does ollama send my data anywhere? is it private?", "est-ce que ollama fonctionne hors ligne sans internet ?",
        "ollama funziona offline senza internet?", "¿lm studio envía mis datos? privacidad",
    ],
    "api_vs_local": [
        "is it cheaper to use the openrouter api or run it at home with my electricity price?",
        "lohnt sich ein eigener rig gegenüber der api bei 0,35 € strom?",
        "conviene l'api o farlo girare in locale con la bolletta della luce?",
        "vale a pena rodar em casa ou usar api, com a conta de luz?",
    ],
    "frontend_choice": [
        "what's the best ui for ollama?", "welches frontend empfehlt ihr für llama.cpp?",
        "quelle interface utiliser avec ollama, open webui ou anythingllm ?",
        "¿qué interfaz recomiendan para ollama?",
    ],
    "coding_assistant": [
        "how do i use continue in vs code with ollama?", "cline mit lokalem modell über lm studio, welches modell?",
        "autocompletamento del codice con ollama in vscode", "usar o continue no vscode com ollama",
    ],
    "phone_apps": [
        "which app to run llms on my android phone?",
        "quelle application pour faire tourner un llm sur mon téléphone ?",
        "che app usare per un llm sul telefono?", "qual app para rodar llm no celular?",
    ],
    "open_webui_ollama": [
        "open webui doesn't show any models from ollama", "open webui kann sich nicht mit ollama verbinden",
        "open webui non vede i modelli di ollama", "open webui no conecta con ollama",
    ],
    "lmstudio_server": [
        "how do i use lm studio's server from another pc on my lan?", "lm studio server im lokalen netzwerk freigeben",
        "usare il server di lm studio da un altro computer della rete",
        "acessar o servidor do lm studio de outro computador na rede",
    ],
    "llama_server_network": [
        "llama-server listen on 0.0.0.0 so my laptop can use it", "llama-server von einem anderen rechner erreichen",
        "llama-server avec --host 0.0.0.0 et une api key", "llama-server escuchar en la red local",
    ],
    "remote_access": [
        "how can i access my ollama from outside my home network?", "ollama von unterwegs über das internet nutzen",
        "usare ollama da fuori casa", "acessar o ollama de fora de casa pela internet",
    ],
    "run_as_service": [
        "how do i run llama-server as a systemd service?", "llama-server als dienst beim systemstart starten",
        "lancer llama-server comme service au démarrage", "rodar o llama-server como serviço no boot",
    ],
    "ollama_modelfile": [
        "how do i import a gguf file into ollama?", "eigene gguf datei in ollama laden",
        "comment importer un fichier .gguf dans ollama ?", "como usar un gguf descargado en ollama",
    ],
    "ollama_env_vars": [
        "where do i set OLLAMA_NUM_PARALLEL on windows?", "OLLAMA_HOST wird ignoriert, wo setze ich das?",
        "où mettre les variables d'environnement d'ollama sous linux ?",
        "onde coloco as variáveis de ambiente do ollama?",
    ],
    "gpu_select": [
        "how do i make ollama use only the second gpu?", "ollama nur auf der zweiten grafikkarte laufen lassen",
        "forcer ollama sur le cpu", "forzar ollama a usar solo la segunda tarjeta",
    ],
    "sampling_settings": [
        "what temperature and top_p for qwen3?", "welche temperatur einstellen für llama 3 beim coden?",
        "che temperatura impostare per gpt-oss?", "¿qué temperatura poner a qwen3 para programar?",
        "what temperature should i set for qwen3 on my 3090?",  # the sampler's, not the card's heat
    ],
    "laptop_dgpu": [
        "my laptop uses the intel integrated gpu instead of the rtx in lm studio",
        "laptop nutzt die integrierte grafik statt der rtx 4060 in ollama",
        "il portatile usa la grafica integrata invece della nvidia in lm studio",
    ],
    "model_load_slow": [
        "loading the model takes forever in ollama", "das laden des modells dauert ewig in lm studio",
        "le chargement du modèle est très lent", "o modelo demora muito para carregar",
    ],
    "llamacpp_no_gpu": [
        "llama.cpp only uses the cpu, not my gpu", "llama.cpp nutzt nur die cpu statt der 3060",
        "llama.cpp tourne sur le processeur et pas sur la carte", "llama.cpp no usa la gpu",
    ],
    "flash_attention": [
        "should i enable flash attention in ollama?", "lohnt sich -fa bei llama.cpp auf einer 3090?",
        "¿para qué sirve flash attention en llama.cpp?", "vale a pena ativar o flash attention no ollama?",
    ],
    "context_setting": [
        "how do i increase the context length in lm studio?", "wie stelle ich in llama.cpp den kontext auf 32k ein?",
        "come aumento il contesto in lm studio?", "onde mudo o tamanho do contexto no lm studio?",
    ],
}
NEW = frozenset(ASKED)

PLAIN = [
    "how fast is llama 3.1 8b on a 4090?", "what can i run on a 3060 12gb?",
    "best model for coding on a 4070 ti super?",
    "welches modell für 16 gb vram?", "quel modèle pour une rx 7900 xtx ?", "quale modello per una 4060 8gb?",
    "¿qué modelo corre en una 3090?", "qual modelo roda numa 4060?", "ollama on my 3090, what runs best?",
    "is a used 3090 better than a 4070 super for llms?", "which gpu should i buy for stable diffusion and llms?",
    "phi-4 or qwen3 14b on my 4070?", "will qwen3 32b be too slow on a 4060 ti?", "is a p40 too slow for 70b?",
    "download size of llama 3.3 70b q4?", "should i update from a 3090 to a 5090?",
    "how much context can i run with qwen3 8b on 8gb?", "what is the temperature limit of a 4090?",
    "a que temperatura llega una 3090 en carga?", "my water loop keeps my 3090 at 50c, can it run 70b?",
    "un portatile con grafica integrata può far girare llama 3b?", "i have a laptop with a 4060 8gb, what can i run?",
    "which gguf quant for qwen3 30b on 24gb?", "open webui with a 3090, which model for rag?",
    "llama.cpp cpu only on epyc, which model?",
    "ryzen ai max+ 395 with 128gb: qwen3-235b-a22b at q3_k_m, any good or too slow?",
    "transformers a pelo en una rtx 4090, qwen2.5 7b sin cuantizar, es muy lento comparado con vllm?",
    "si pongo la kv cache en q8_0 con 64k de contexto, cuanta vram me ahorro frente a lo normal?",
    "wieviel t/s schafft ne 5060 ti 16gb mit qwen3-14b? ziel wären so 40 tok/s",
    "llama.cpp with 32k context on a 3090, how fast?", "how much vram for qwen3 8b at 128k context in lm studio?",
    "no llama.cpp, -fa + kv q8_0 no qwen3 32b numa 3090, quanto de contexto cabe?",  # flags named, not asked about
]


@pytest.mark.parametrize(("kid", "question"), [(k, q) for k, qs in ASKED.items() for q in qs])
def test_each_common_ask_is_read_in_several_languages(kid: str, question: str) -> None:
    assert kid in knowhow_words.read(question)


@pytest.mark.parametrize("question", PLAIN)
def test_ordinary_hardware_questions_get_none_of_these_lines(question: str) -> None:
    assert not NEW & set(knowhow_words.read(question))


def test_every_new_line_is_in_the_table_with_an_https_source() -> None:
    assert NEW <= set(knowhow.ids())
    assert all("https://" in knowhow.entry(k).source for k in NEW)


@pytest.mark.parametrize(("question", "lang", "kid", "words"), [
    ("il portatile usa la grafica integrata invece della rtx 4060 in lm studio", "it", "laptop_dgpu",
     ("Prestazioni elevate",)),
    ("qwen3 14b se repite en bucle en ollama, que hago?", "es", "repetition_loops", ("top_k 20", "num_ctx")),
    ("seit dem ollama update ist qwen3 viel langsamer", "de", "slow_after_update", ("ollama ps",)),
    ("what temperature should i set for qwen3 on my 3090?", "en", "sampling_settings", ("0.6", "top_p 0.95")),
])
def test_a_problem_beside_a_card_or_model_gets_its_line_not_a_model_list(engine: Engine, question: str, lang: str,
                                                                          kid: str, words: tuple[str, ...]) -> None:
    a = sourced_line(engine, question, lang, kid, words)
    assert a.intent == "knowhow", a.text  # the line is the answer
    assert "tok/s" not in a.text and "tokens per second" not in a.text.lower()


@pytest.mark.parametrize(("question", "lang", "kid", "words"), [
    ("Error: llama runner process has terminated: exit status 2", "en", "ollama_logs", ("journalctl -u ollama",)),
    ("OLLAMA_HOST wird ignoriert, wo setze ich das unter windows?", "de", "ollama_env_vars", ("systemctl edit",)),
    ("forzar ollama a usar solo la segunda tarjeta", "es", "gpu_select", ("CUDA_VISIBLE_DEVICES",)),
    ("o modelo demora muito para carregar no ollama", "pt", "model_load_slow", ("NVMe", "OLLAMA_KEEP_ALIVE")),
    ("usare il server di lm studio da un altro computer della rete", "it", "lmstudio_server", ("1234",)),
    ("comment importer un fichier .gguf dans ollama ?", "fr", "ollama_modelfile", ("FROM ./model.gguf",)),
    ("¿dónde guarda ollama los modelos? el disco c está lleno", "es", "model_storage", ("OLLAMA_MODELS",)),
    ("open webui no conecta con ollama, no sale ningún modelo", "es", "open_webui_ollama", ("host.docker.internal",)),
    ("llama-server listen on 0.0.0.0 so my laptop can use it", "en", "llama_server_network", ("--api-key",)),
    ("how do i run llama-server as a systemd service?", "en", "run_as_service", ("Restart=on-failure",)),
])
def test_a_message_that_is_only_the_problem_is_answered_first_in_its_language(engine: Engine, question: str,
                                                                               lang: str, kid: str,
                                                                               words: tuple[str, ...]) -> None:
    a = sourced_line(engine, question, lang, kid, words)
    assert words[0] in a.text.strip().splitlines()[0], a.text  # the line leads
    assert "https://" in line_source(a, kid)


@pytest.mark.parametrize(("question", "lang", "kid"), [
    ("o open webui não mostra os modelos do ollama; aliás, qual modelo roda bem numa 3060 12gb?", "pt",
     "open_webui_ollama"),
    ("what can my 4060 run? also lm studio uses the igpu instead of it on my laptop", "en", "laptop_dgpu"),
])
def test_a_problem_beside_a_list_asked_in_words_keeps_the_list(engine: Engine, question: str, lang: str,
                                                              kid: str) -> None:
    a = sourced_line(engine, question, lang, kid)
    assert a.intent == "card_models", a.text  # "which model runs well": the list stays, after the problem's line
    assert a.facts["knowhow"][0]["id"] == kid and len(a.text.strip().splitlines()) > 3


def test_my_speed_against_the_expected_one_keeps_the_figure_after_the_line(engine: Engine) -> None:
    a = sourced_line(engine, "my 3090 only gets 4 tok/s on qwen 32b with ollama, is this normal?", "en",
                     "slow_generation", ("Sysmem Fallback", "ollama ps"))
    lines = a.text.strip().splitlines()
    assert "ollama ps" in lines[0]  # the cause first
    assert any("tokens per second" in line for line in lines[1:])  # then what that card should reach


@pytest.mark.parametrize(("question", "lang"), [
    ("librechat or anythingllm on top of ollama, what do you recommend?", "en"),
    ("quale interfaccia grafica per llama.cpp?", "it"),
    ("welches frontend für ollama nehmt ihr so?", "de"),
    ("que interfaz grafica uso con ollama?", "es"),
])
def test_which_front_end_is_answered_not_declined(engine: Engine, question: str, lang: str) -> None:
    a = sourced_line(engine, question, lang, "frontend_choice", ("Open WebUI", "SillyTavern"))
    assert a.intent == "knowhow" and a.facts.get("off_topic") == "frontend"  # the `--json` key stays


def test_a_front_end_asked_beside_a_speed_is_answered_not_said_left_out(engine: Engine) -> None:
    a = engine.ask("wie schnell läuft qwen3 32b auf einer 4090, und welches frontend nehmt ihr für ollama?")
    assert a.intent == "speed" and "frontend_choice" in knowhow_ids(a), a.text
    assert "frontend" not in (a.facts.get("not_answered") or [])


def test_power_against_an_api_gets_the_break_even_line(engine: Engine) -> None:
    a = engine.ask("combien consomme un rig de 4x 3090 ? je paie 0,25 € le kwh, ça vaut le coup face à l'api "
                   "openrouter ?")
    assert a.locale == "fr" and "api_vs_local" in knowhow_ids(a), a.text
    assert "300 000" in a.text and "W" in a.text  # the break-even, beside the rig's own draw


@pytest.mark.parametrize(("question", "lang"), [
    ("3090 or 5070 ti for stable diffusion and llms?", "en"),
    ("per llm e stable diffusion meglio una 3090 usata o una 5070 ti?", "it"),
    ("¿para llms y stable diffusion conviene una 3090 usada o una 5070 ti?", "es"),
    ("3090 gebraucht oder 5070 ti für llms und ab und zu stable diffusion?", "de"),
])
def test_stable_diffusion_beside_two_cards_is_no_stable_lm(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert not any("Stable LM" in m for m in a.asked.get("models") or ()), a.asked
    assert "Stable LM" not in a.text and a.intent == "compare", a.text  # the two cards weighed for language models
