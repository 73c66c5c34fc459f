"""Every model fact a message asks is said, one line each, in the asker's language (issue 29, "every part
answered"): the context window (per size on a family), what the licence allows for commercial use with its
conditions, the base model of a fine-tune, dense or a mixture of experts, the publication day; a fact not on
record is said not known; no verdict on cards nobody asked about. Phrasings of our own, six languages.

Golden facts come from the model cards and licence texts, not from the program:
- Kimi K2 Thinking: 1T total / 32B active, 256K context (moonshotai/Kimi-K2-Thinking card); modified MIT:
  products above 100 million monthly active users or 20 million US dollars of monthly revenue display "Kimi K2".
- Gemma 3: 128K context for 4B/12B/27B, 32K for 1B and 270M (Gemma 3 model card, Gemma 3 270M card); the Gemma
  Terms of Use allow commercial use under the Prohibited Use Policy.
- Magistral Small: "building upon Mistral Small 3.1" (mistralai/Magistral-Small-2506 card).
- DeepSeek-R1-Distill-Llama-70B: distilled onto Llama-3.3-70B-Instruct (DeepSeek-R1 card, "Distilled Models").
- Qwen3.5: 0.8B, 2B, 4B, 9B dense (2 March 2026), 27B dense, 35B-A3B / 122B-A10B / 397B-A17B mixtures.
- Llama 3.3 Community License: above 700 million monthly active users, a licence from Meta.
- Qwen2.5 3B: Qwen Research License, non-commercial.
- Devstral 2: modified MIT, no rights above 20 million US dollars of monthly revenue.
- Qwen3 32B: 32,768 tokens natively, 131,072 with YaRN (Qwen/Qwen3-32B card).
"""

from __future__ import annotations

import json

import pytest

from answers.engine import Engine
from answers.knowledge import licence_terms
from answers.reading import also_words


def _plain(text: str) -> str:
    return text.replace("\u202f", " ").replace("\xa0", " ").replace(".", "").replace(",", "").replace(" ", "")


def _has(text: str, number: str) -> bool:
    """A figure in any locale's grouping: 262144 matches "262,144", "262.144" and "262 144"."""
    return number in _plain(text)


def _sheet(a) -> dict:  # noqa: ANN001
    if a.facts.get("sheet"):
        return a.facts["sheet"]
    return next((p["facts"]["sheet"] for p in a.facts.get("parts", ()) if p["facts"].get("sheet")), {})


@pytest.mark.parametrize(("question", "lang", "words"), [
    ("kimi k2 thinking: active parameters, longest context, and may a company ship it commercially?", "en",
     ["Commercial use", "Kimi K2"]),
    ("kimi k2 thinking, combien de paramètres actifs, quelle fenêtre de contexte, et usage commercial permis ?", "fr",
     ["Usage commercial", "« Kimi K2 »"]),
    ("kimi k2 thinking: wie viele aktive parameter, wie groß ist das kontextfenster, darf ich es kommerziell nutzen?",
     "de", ["Kommerzielle Nutzung", "„Kimi K2“"]),
])
def test_kimi_k2_gets_context_active_part_and_the_attribution_clause(engine: Engine, question: str, lang: str,
                                                                    words: list[str]) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert _has(a.text, "262144")  # 256K
    assert _has(a.text, "32")  # active billions
    assert _has(a.text, "100000000") and _has(a.text, "20000000")  # the attribution threshold
    for w in words:
        assert w in a.text
    terms = _sheet(a)["commercial"][0]
    assert terms["commercial"] == "conditional"
    assert {"kind": "attribution_above", "mau": 100_000_000, "monthly_usd": 20_000_000, "shown": "Kimi K2"} \
        in terms["conditions"]


@pytest.mark.parametrize("question", [
    "kimi k2: max ctx and is it a moe?",
    "wie lang ist der kontext von kimi k2?",
])
def test_a_facts_question_adds_no_verdict_on_cards(engine: Engine, question: str) -> None:
    a = engine.ask(question)
    assert _has(a.text, "262144")
    assert "No card" not in a.text and "Keine Karte" not in a.text and "B200" not in a.text


@pytest.mark.parametrize(("question", "lang", "allowed"), [
    ("gemma 3: quanto contesto regge ogni taglia, e posso usarlo per un prodotto commerciale?", "it", "consentito"),
    ("gemma 3 – quel contexte maximum, et l'usage commercial est autorisé ?", "fr", "autorisé"),
    ("¿gemma 3 qué ventana de contexto tiene y se permite uso comercial?", "es", "permitido"),
])
def test_gemma_3_context_per_size_and_commercial_terms(engine: Engine, question: str, lang: str,
                                                       allowed: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    lines = a.text.splitlines()
    for size, tokens in (("1B", "32768"), ("270M", "32768"), ("4B", "131072"), ("12B", "131072"),
                         ("27B", "131072")):
        line = next(x for x in lines if x.startswith(f"- **{size}**"))
        assert _has(line, tokens), line
    assert allowed in a.text and "https://ai.google.dev/gemma/terms" in a.text
    assert _sheet(a)["commercial"][0]["commercial"] == "conditional"


@pytest.mark.parametrize(("question", "lang", "said"), [
    ("magistral small, sur quel modèle est-il basé ?", "fr", "construit sur Mistral Small 3.1"),
    ("magistral small su cosa è basato? quanti parametri ha?", "it", "basato su Mistral Small 3.1"),
    ("what is deepseek r1 distill llama 70b based on, and when did it come out?", "en", "built on Llama 3.3 70B"),
    ("qwen3 coder 30b a3b basiert auf welchem modell?", "de", "basiert auf Qwen3-30B-A3B"),
])
def test_the_base_model_is_said(engine: Engine, question: str, lang: str, said: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    assert said in a.text


def test_a_model_trained_from_scratch_says_no_base_model_on_record(engine: Engine) -> None:
    a = engine.ask("gpt-oss-120b is based on which model?")
    assert _sheet(a).get("not_known") == ["base_model"]
    assert "no record of a base model for gpt-oss-120b" in a.text


@pytest.mark.parametrize(("question", "lang"), [
    ("qwen3.5 welche größen gibt es, und sind die alle moe oder auch dichte?", "de"),
    ("qwen3.5 quais tamanhos existem e quando saiu? todos são moe ou tem densos?", "pt"),
])
def test_qwen3_5_lists_the_small_series_dense_and_the_mixtures(engine: Engine, question: str, lang: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang
    sizes = a.facts["family"]["sizes"]
    for size in ("0.8B", "2B", "4B", "9B", "27B", "35B-A3B", "122B-A10B", "397B-A17B"):
        assert size in sizes
    members = {m["size"]: m for m in a.facts["family"]["members"]}
    assert all(members[s]["active_params_b"] is None for s in ("0.8B", "2B", "4B", "9B", "27B"))
    assert members["35B-A3B"]["active_params_b"] == 3.0 and members["397B-A17B"]["active_params_b"] == 17.0
    assert members["9B"]["publication_date"] == "2026-03-02"
    lines = [x for x in a.text.splitlines() if x.startswith("- **")]
    assert len(lines) == 8  # one line per size, each saying dense or mixture


@pytest.mark.parametrize(("question", "verdict", "kind"), [
    ("llama 3.3 70b, can I use it commercially?", "conditional", "mau_licence"),
    ("qwen2.5 3b uso comercial permitido?", "no", None),
    ("devstral 2: posso usarlo commercialmente in azienda?", "conditional", "revenue_cap_monthly"),
    ("gpt-oss-20b darf man das kommerziell einsetzen?", "yes", "notice"),
])
def test_commercial_use_follows_the_licence_text(engine: Engine, question: str, verdict: str,
                                                 kind: str | None) -> None:
    a = engine.ask(question)
    terms = _sheet(a)["commercial"][0]
    assert terms["commercial"] == verdict
    if kind:
        assert kind in {c["kind"] for c in terms["conditions"]}
    assert terms["url"] in a.text.replace("\\_", "_")


def test_llama_3_3_says_the_700_million_users_threshold(engine: Engine) -> None:
    a = engine.ask("llama 3.3 70b, can my startup use it commercially?")
    assert _has(a.text, "700000000") and "Built with Llama" in a.text


def test_terms_not_summarised_are_said_so() -> None:
    assert licence_terms.terms_facts("MiniMax-M2", "Modified MIT")["commercial"] == "unknown"
    assert licence_terms.terms_facts("Kimi K2", "Modified MIT")["commercial"] == "conditional"
    assert licence_terms.terms_facts("Anything", None)["commercial"] == "unknown"


def test_the_trained_window_is_said_beside_the_stretched_one(engine: Engine) -> None:
    a = engine.ask("what context window does qwen3 32b support?")
    assert _has(a.text, "131072") and _has(a.text, "32768") and "YaRN" in a.text


def test_side_ask_words() -> None:
    assert "base_model" in also_words.read("c'est basé sur quoi ?")
    assert "base_model" in also_words.read("en qué modelo se basa?")
    assert "base_model" not in also_words.read("based on my 3090, what should I run?")
    assert "commercial" in also_words.read("posso usarlo commercialmente?")
    assert "commercial" in also_words.read("kommerziell nutzbar?")
    assert "moe_dense" in also_words.read("sono tutti moe o ci sono densi?")
    assert "release_date" in also_words.read("quand est-il sorti ?")
    assert "context_window" in also_words.read("whats the max ctx?")


def test_every_catalog_licence_has_terms_or_says_it_does_not(engine: Engine) -> None:
    """Each licence a model record names resolves to terms with a source, or to 'unknown' (said so)."""
    for rec in engine.knowledge.models:
        t = licence_terms.terms_facts(rec.name, rec.license)
        assert t["commercial"] in licence_terms.VERDICTS
        if t["commercial"] != "unknown":
            assert t["url"] and t["source"]


@pytest.mark.parametrize("broken", [
    {"terms": []},
    {"terms": [{"licenses": ["X"], "commercial": "maybe", "url": "u", "source": "s"}]},
    {"terms": [{"licenses": ["X"], "commercial": "conditional", "url": "u", "source": "s"}]},
    {"terms": [{"licenses": ["X"], "commercial": "conditional", "url": "u", "source": "s",
                "conditions": [{"kind": "mau_licence"}]}]},
    {"terms": [{"licenses": ["X"], "commercial": "yes", "url": "u"}]},
])
def test_malformed_terms_fail_at_load(broken: dict) -> None:
    with pytest.raises(licence_terms.LicenceTermsDataError):
        licence_terms.parse(json.loads(json.dumps(broken)))


@pytest.mark.parametrize(("question", "mode"), [
    ("does qwen3 8b have a thinking mode?", "hybrid"),  # Qwen3-8B card: /think and /no_think, enable_thinking
    ("kann man bei glm 4.5 air das denken abschalten?", "hybrid"),  # GLM-4.5 card: hybrid reasoning
    ("gpt-oss-20b: reasoning effort einstellbar?", "effort"),  # gpt-oss card: low, medium, high
    ("magistral small es un modelo de razonamiento?", "thinking"),  # Magistral card: a reasoning model
    ("qwen3 coder 30b a3b ha una modalità di ragionamento?", "instruct"),  # card: non-thinking mode only
    ("kimi k2 a un mode de raisonnement ?", "separate"),  # Kimi-K2-Instruct and Kimi-K2-Thinking
])
def test_the_thinking_mode_is_said(engine: Engine, question: str, mode: str) -> None:
    a = engine.ask(question)
    assert _sheet(a)["thinking"]["mode"] == mode
    assert a.text.count("\n") >= 1


def test_a_thinking_line_is_in_the_askers_language(engine: Engine) -> None:
    a = engine.ask("qwen3 8b: kann man den denkmodus ausschalten?")
    assert a.locale == "de" and "Denkmodus" in a.text and "/no_think" in a.text


def test_a_model_named_thinking_is_no_thinking_ask() -> None:
    assert "thinking" not in also_words.read("kimi k2 thinking max ctx?")
    assert "thinking" in also_words.read("can I turn off thinking?")


def test_every_thinking_family_names_a_known_mode() -> None:
    from answers.knowledge import thinking_modes
    for f in thinking_modes.families():
        assert f.mode in thinking_modes.MODES and f.source
        if f.mode in ("hybrid", "effort"):
            assert f.switch
    with pytest.raises(thinking_modes.ThinkingModesDataError):
        thinking_modes.parse({"families": [{"label": "x", "match": "x", "mode": "hybrid", "source": "s"}]})


def test_languages_and_inputs_asked_beside_are_said(engine: Engine) -> None:
    """Mistral Small 3.2 card: text and image input; the languages Mistral lists (model_languages.json)."""
    a = engine.ask("mistral small 3.2: welche sprachen, bilder als eingabe, und kommerziell nutzbar?")
    assert a.locale == "de"
    assert "Bilder" in a.text and "Französisch" in a.text and "Kommerzielle Nutzung" in a.text


def test_a_facts_question_on_one_model_adds_no_card_lines(engine: Engine) -> None:
    a = engine.ask("magistral small: basé sur quoi, et c'est sous apache 2.0 ?")
    assert "Mistral Small 3.1" in a.text and "Apache-2.0" in a.text
    assert "cartes" not in a.text and "RTX" not in a.text
    told = engine.ask("tell me about magistral small")  # "tell me about": the sheet keeps where it runs
    assert "RTX" in told.text or "card" in told.text
