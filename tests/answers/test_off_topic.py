"""Messages the bot is not meant to answer (installing and drivers, faults, which model is smarter, chat frontends,
prompts, rumours): one short localized decline that still says what it can of the card or model named, never "no
model called 'install cuda'", a list of near names or an unrelated card list; beside an ask it answers, the ask is
answered and one line says what was left out. Phrasings of our own, six languages."""

from __future__ import annotations

import pytest
from msgspec.structs import replace

from answers.facts.routing import declined, left_out
from answers.knowledge import i18n
from answers.lexicon.errors import LexiconError
from answers.reading import off_topic_words
from answers.records.asked import Asked
from answers.rendering.scope_text import LEFT_OUT

# The opening sentence of each topic's decline in English (the msgid), to find it translated in any language.
OPENINGS = {
    "install": "Installing CUDA, ROCm, drivers, WSL or Docker is not something I answer",
    "troubleshoot": "Faults such as errors, crashes, fan noise or heat are not something I answer",
    "quality": "Which model is smarter, writes better or handles a language better is not something I answer",
    "frontend": "Which chat interface to use (Open WebUI, SillyTavern, text-generation-webui…) is not something",
    "prompts": "Writing prompts, system prompts or jailbreaks is not something I answer",
    "news": "Rumours, leaks and unreleased products are not something I answer",
    "law": "Laws and regulation of AI (the EU AI Act, national laws) are not something I answer",
    "finance": "Share prices and whether to buy or sell stock are not something I answer",
    "learning": "Which course, degree or bootcamp to follow is not something I answer",
    "coding": "Writing programs (a Discord bot, a scraper, a script) is not something I do",
    "system": "Installing or setting up an operating system (Windows, Linux, accounts, dual boot) is not",
    "entertainment": "Recommending series, films or books is not something I do",
}


DECLINED = [
    # (question, language, topic, what the answer still says: a card's name or a model's)
    ("how would i set up cuda? need to install cuda toolkit on my 4070 super first", "en", "install", "4070"),
    ("comment installer rocm sur ma rx 7900 xtx sous linux ?", "fr", "install", "7900"),
    ("wie installiere ich die cuda treiber für meine 3080?", "de", "install", "3080"),
    ("como instalo cuda en windows para mi 3060 ti", "es", "install", "3060"),
    ("my 3080 keeps crashing with a black screen when generating", "en", "troubleshoot", "3080"),
    ("la ventola della mia 4070 fa un rumore strano, che faccio?", "it", "troubleshoot", "4070"),
    ("is mistral nemo smarter than gemma 2 9b?", "en", "quality", "Mistral Nemo"),
    ("gemma 3 12b è più intelligente di llama 3.1 8b?", "it", "quality", "Gemma 3 12B"),
    ("est-ce que phi-4 est plus intelligent que qwen2.5 14b ?", "fr", "quality", "Qwen2.5 14B"),
    ("ist mistral small 3.1 schlauer als gemma 3 27b?", "de", "quality", "Mistral Small 3.1"),
    ("¿qwen2.5 14b alucina menos que gemma 2 9b?", "es", "quality", "Gemma 2 9B"),
    ("o gemma 3 27b é mais inteligente que o mistral small 3.1?", "pt", "quality", "Gemma 3 27B"),
    ("any jailbreak that works on gemma 3 27b?", "en", "prompts", "Gemma 3 27B"),
    ("qual è il miglior prompt per mistral small 3.1?", "it", "prompts", "Mistral Small 3.1"),
    ("vous avez un bon prompt pour phi-4 ?", "fr", "prompts", "Phi-4"),
    ("kennt jemand einen guten prompt für gemma 3 12b?", "de", "prompts", "Gemma 3 12B"),
    ("alguien tiene un buen prompt para qwen2.5 14b?", "es", "prompts", "Qwen2.5 14B"),
    ("alguém tem um bom prompt pro phi-4?", "pt", "prompts", "Phi-4"),
    ("any leaks on the next radeon after the 9070 xt?", "en", "news", "9070"),
    ("indiscrezioni sulla prossima titan?", "it", "news", None),
    ("des rumeurs sur la prochaine carte d'nvidia ?", "fr", "news", None),
    ("gibt es schon gerüchte zur nächsten generation nach der 5090?", "de", "news", "5090"),
    ("¿hay rumores de la próxima generación de amd? ¿cuándo sale?", "es", "news", None),
    ("vocês viram os rumores sobre a próxima geração da nvidia? será que vale esperar?", "pt", "news", None),
    # topics outside AI hardware altogether: never "I did not understand"
    ("does the eu ai act mean i can't run open models at my company anymore?", "en", "law", None),
    ("la nuova legge sull'ia vieta i modelli locali in azienda?", "it", "law", None),
    ("qu'est-ce que l'ai act change pour quelqu'un qui fait tourner des modèles chez lui ?", "fr", "law", None),
    ("was bedeutet die ki verordnung für hobbyisten mit eigenem server?", "de", "law", None),
    ("con la nueva ley de ia puedo seguir usando modelos abiertos?", "es", "law", None),
    ("a lei de ia do brasil proíbe rodar modelo em casa?", "pt", "law", None),
    ("should i buy amd stock before their next launch?", "en", "finance", None),
    ("conviene comprare azioni nvidia adesso o aspettare?", "it", "finance", None),
    ("vous pensez que les actions nvidia vont encore monter ?", "fr", "finance", None),
    ("lohnt es sich noch, nvidia aktien zu kaufen?", "de", "finance", None),
    ("vale la pena comprar acciones de nvidia este año?", "es", "finance", None),
    ("vocês acham que as ações da nvidia ainda sobem na bolsa?", "pt", "finance", None),
    ("is a bootcamp worth it to get into machine learning jobs?", "en", "learning", None),
    ("mi consigliate un corso online di intelligenza artificiale?", "it", "learning", None),
    ("quelle formation en ia vous conseillez pour débuter ?", "fr", "learning", None),
    ("welcher ki kurs lohnt sich für anfänger?", "de", "learning", None),
    ("que curso de ia me recomiendan para empezar?", "es", "learning", None),
    ("faculdade ou curso online, o que vale mais pra trabalhar com ia?", "pt", "learning", None),
    ("write me a python script that renames all my photos by date", "en", "coding", None),
    ("mi scrivi uno script python che scarica i video da youtube?", "it", "coding", None),
    ("tu peux m'écrire un script python pour trier mes mails ?", "fr", "coding", None),
    ("kannst du mir ein python skript für telegram schreiben?", "de", "coding", None),
    ("como programo un bot de discord que hable con la gente?", "es", "coding", None),
    ("me ajuda a fazer um bot do discord que toca música?", "pt", "coding", None),
    ("how do i dual boot linux next to windows on my new pc?", "en", "system", None),
    ("come si fa a installare windows senza account microsoft?", "it", "system", None),
    ("comment installer windows 11 sans compte microsoft ?", "fr", "system", None),
    ("welche distro nehmt ihr für einen ki rechner?", "de", "system", None),
    ("como instalar windows sin cuenta de microsoft?", "es", "system", None),
    ("qual distro vocês usam pra ia em casa?", "pt", "system", None),
    ("any good movies about ai that aren't terminator?", "en", "entertainment", None),
    ("mi consigliate una serie tv sull'intelligenza artificiale?", "it", "entertainment", None),
    ("un bon documentaire sur l'ia à me conseiller ?", "fr", "entertainment", None),
    ("kennt ihr gute filme über ki?", "de", "entertainment", None),
    ("alguna película sobre ia que valga la pena?", "es", "entertainment", None),
    ("algum filme sobre ia pra ver no fim de semana?", "pt", "entertainment", None),
]


# Declines the know-how table answers (the NVIDIA driver on Ubuntu, coil whine, a hot card) get its sourced line
# instead: tests/answers/test_knowhow.py::test_a_decline_the_table_answers_is_replaced_by_its_line.


@pytest.mark.parametrize(("question", "lang", "topic", "named"), DECLINED)
def test_an_off_topic_message_is_declined_in_its_language(engine, question: str, lang: str, topic: str,
                                                         named: str | None) -> None:
    answer = engine.ask(question)
    assert answer.intent == "off_topic", answer.text
    assert answer.locale == lang
    assert answer.facts["off_topic"] == topic
    assert answer.asked["off_topic"] == topic  # the `--json` contract's new key
    opening = i18n.gettext(lang, next(m for m in _msgids() if m.startswith(OPENINGS[topic])))
    assert answer.text.startswith(opening.split(":")[0])
    if named is not None:  # what it can say of what was named: the card's memory, the model's size
        assert named.lower() in answer.text.lower()
        assert "GB" in answer.text or "Go" in answer.text
    assert len(answer.text.splitlines()) <= 6  # short: the decline, one line on what was named, the credits


def _msgids() -> list[str]:
    from pathlib import Path

    from babel.messages.pofile import read_po

    with (Path(__file__).resolve().parents[2] / "locales" / "tpsbot.pot").open("rb") as fh:
        return [m.id for m in read_po(fh) if isinstance(m.id, str) and m.id]


@pytest.mark.parametrize("question", [
    "how do i install cuda 12.4 for my 3060?", "installare cuda 12.6 sulla 4070 come si fa",
])
def test_the_topic_is_never_taken_for_a_model(engine, question: str) -> None:
    answer = engine.ask(question)
    assert answer.intent == "off_topic"
    assert "models" not in answer.asked  # "install cuda 12.4" is no model: no "not found", no near names
    assert "cuda 12" not in answer.text.lower()


def test_a_family_named_in_passing_gets_its_sizes_in_one_line_not_a_list_to_choose(engine) -> None:
    answer = engine.ask("is gemma 3 smarter than chatgpt for coding questions?")
    assert answer.intent == "off_topic"
    family = answer.facts["family"]
    assert len(family) >= 2 and all(m["name"].startswith("Gemma 3") for m in family)
    sizes = [m["need_gb"] for m in family]
    assert sizes == sorted(sizes)  # smallest first
    assert "Did you mean" not in answer.text


def test_a_model_bigger_than_any_common_card_names_the_smallest_card_that_holds_it(engine) -> None:
    answer = engine.ask("best jailbreak for llama 3.1 405b?")
    model = answer.facts["model"]
    assert model["name"] == "Llama 3.1 405B" and model["need_gb"] > 200  # ~405e9 × 4.8 bits / 8 ≈ 243 GB
    assert "memory_class_gb" not in model and model["smallest_card"]["memory_gb"] >= model["need_gb"]


IN_SCOPE_BESIDE = [
    # an ask the bot answers, and a topic it does not in the same message
    ("which driver version do i need for llama.cpp on a 5080, and how fast is qwen3 14b there?", "en", "speed",
     "install"),
    ("quanto va veloce gemma 3 27b su una 4090? e poi come installo i driver nvidia", "it", "speed", "install"),
    ("cuantos tokens por segundo da llama 3.1 8b en una 3060? y es mas inteligente que gemma 2 9b?", "es", "speed",
     "quality"),
    ("quantos tokens por segundo o qwen3 8b faz numa 3060? tem algum jailbreak bom?", "pt", "speed", "prompts"),
]


@pytest.mark.parametrize(("question", "lang", "intent", "topic"), IN_SCOPE_BESIDE)
def test_an_ask_beside_the_topic_is_answered_and_the_topic_said_left_out(engine, question: str, lang: str,
                                                                        intent: str, topic: str) -> None:
    answer = engine.ask(question)
    assert answer.intent == intent, answer.text
    assert answer.facts["not_answered"][-1] == topic
    assert i18n.gettext(lang, LEFT_OUT[topic]) in answer.text


IN_SCOPE = [
    "how fast is qwen3 32b on a 4090", "can i run llama 3.1 70b on two 3090s", "what can an rtx 3060 run?",
    "a 3090 or a 4080, which is better for qwen3 32b?", "is the 5090 better than the 4090 for llms?",
    "q4 or q8, which is better for qwen3 14b on 16gb?", "best coding model for 12gb vram",
    "i get 20 tok/s with qwen3 32b on my 3090, is that normal?",
    "quanto va veloce gemma 3 27b su una 4090?", "quale scheda per llama 70b, 3090 o 4090?",
    "la 4090 è migliore della 3090 per qwen3 32b?", "q4 o q8 è migliore per qwen3 14b?",
    "est-ce que mistral small 3.2 tourne sur une 4070 ?", "quelle carte pour faire tourner llama 3 70b ?",
    "la 4090 est-elle meilleure que la 3090 pour les llm ?",
    "wie schnell läuft qwen3 32b auf einer 5090?", "passt gemma 3 27b in 24gb vram?",
    "welche karte ist besser für llama 70b, 3090 oder 4090?",
    "cuantos tokens por segundo da llama 3.1 8b en una 3060?", "que puede ejecutar una rx 6800?",
    "es mejor la 3090 que la 4080 para llama 70b?",
    "roda o gpt-oss 20b numa 4060 ti de 16gb?", "qual placa é melhor pra llama 70b, 3090 ou 4090?",
    "a 3090 é melhor que a 4070 ti super pra qwen3 32b?",
    # words of the new topics that are ordinary hardware talk when said this way
    "is it worth investing in a used 3090 for llama 70b?", "does the stock cooler of a 4090 matter for llms?",
    "vale la pena invertir en una 3090 para qwen3 32b?", "un server per uno studio legale con llama 3.1 70b, che gpu?",
    "how fast is qwen2.5 coder 32b on a 3090 for writing python?",
]


@pytest.mark.parametrize("question", IN_SCOPE)
def test_in_scope_questions_are_never_declined(engine, question: str) -> None:
    answer = engine.ask(question)
    assert answer.intent != "off_topic", answer.text
    assert "off_topic" not in answer.facts


def test_the_decision_is_the_record_s() -> None:
    """One place decides, from the typed record: a topic with no ask read is declined; an asking phrase, a task
    or hardware weighed against other hardware keeps the answer."""
    bare = Asked(off_topic="install", intent="card_models", card="3090")
    assert declined(bare)
    assert not declined(replace(bare, asked_plainly=True)) and left_out(replace(bare, asked_plainly=True),
                                                                       "speed") == "install"
    assert declined(replace(bare, asked_plainly=True, intent="what_gpu"))  # "which do you recommend": no model
    assert declined(replace(bare, task="vision"))  # a task word alone ("no kernel image" pasted) keeps no answer
    assert declined(replace(bare, task="coding", card=None))  # "is X smarter for coding": no list to give
    quality = Asked(off_topic="quality", intent="compare", card="3090", card2="4080")
    assert not declined(quality) and left_out(quality, "compare") is None
    assert not declined(replace(quality, card2=None))  # "better … on my 3090": about that card
    assert declined(replace(quality, card=None, card2=None))
    assert left_out(replace(quality, card2=None, asked_plainly=True), "speed") == "quality"
    assert not declined(Asked(intent="card_models", card="3090"))


def test_every_topic_has_its_note_and_six_languages(tmp_path, monkeypatch) -> None:
    assert set(off_topic_words.phrases()) == set(off_topic_words.TOPICS)
    bad = tmp_path / "off_topic.toml"
    text = off_topic_words.PATH.read_text("utf-8")
    bad.write_text(text.replace('\nnote = "Rumours', '\nold = "Rumours'), "utf-8")
    monkeypatch.setattr(off_topic_words, "PATH", bad)
    off_topic_words.phrases.cache_clear()
    try:
        with pytest.raises(LexiconError, match="news has no note"):
            off_topic_words.phrases()
        bad.write_text(text.replace('pt = ["rumor", "rumores"', 'pt = ["fan", "rumores"'), "utf-8")
        off_topic_words.phrases.cache_clear()
        with pytest.raises(LexiconError, match="both"):
            off_topic_words.phrases()
    finally:
        monkeypatch.undo()
        off_topic_words.phrases.cache_clear()


@pytest.mark.parametrize(("question", "lang"), [
    ("best model for roleplay, any ideas?", "en"), ("quale interfaccia web mi consigliate?", "it"),
    ("des rumeurs sur la prochaine génération ?", "fr"), ("welches frontend nehmt ihr so?", "de"),
    ("¿qué modelo es mejor para escribir cuentos?", "es"), ("vocês têm um bom prompt de sistema?", "pt"),
])
def test_a_decline_naming_nothing_says_what_the_bot_can_do(engine, question: str, lang: str) -> None:
    answer = engine.ask(question)
    assert answer.intent == "off_topic" and answer.locale == lang, answer.text
    can = next(m for m in _msgids() if m.startswith("What I can do: say which models a card runs"))
    assert i18n.gettext(lang, can) in answer.text


@pytest.mark.parametrize("question", [
    "how do i install mistral nemo on my 3060?", "come installo gemma 3 12b sulla mia 4070?",
])
def test_installing_a_model_is_not_installing_drivers(engine, question: str) -> None:
    """Getting a model onto a card is what the bot answers (does it fit, how fast), never the drivers' decline."""
    answer = engine.ask(question)
    assert answer.intent != "off_topic", answer.text


@pytest.mark.parametrize(("question", "lang", "card"), [
    ("is mining bitcoin on my 4090 still profitable when i'm not using it for ai?", "en", "4090"),
    ("conviene minare crypto con la 3080 quando non la uso per l'ia?", "it", "3080"),
    ("lohnt sich mining mit meiner 3090, wenn ich sie nicht für ki nutze?", "de", "3090"),
])
def test_mining_on_a_card_is_declined_naming_the_card_never_a_model_list(engine, question: str, lang: str,
                                                                         card: str) -> None:
    """Mining is asked even when AI is said in passing ("when I'm not using it for AI"): declined, the card named,
    never the card's list of models."""
    answer = engine.ask(question)
    assert answer.intent == "fallback" and answer.facts["out_of_scope"] == "mining", answer.text
    assert answer.locale == lang
    assert card in answer.facts["card"] and card in answer.text
    assert "tok/s" not in answer.text


def test_mining_beside_a_model_keeps_the_model_s_answer(engine) -> None:
    answer = engine.ask("my old mining 3090, how fast is qwen3 32b on it?")
    assert answer.facts.get("out_of_scope") is None and answer.intent != "off_topic", answer.text
