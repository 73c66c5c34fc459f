"""A model offered only as an online service ("Mistral Medium 3", "GPT-4o", "Claude", "Gemini") is said to be
closed, with its maker's page (answers/knowledge/closed_models.json), never answered as an open model nor as a
near spelling; open lines with similar names stay open. Questions written for these tests."""

from __future__ import annotations

import pytest

from answers.engine import Engine
from answers.knowledge import closed_models
from answers.knowledge.closed_models import ClosedModelsError, closed_line


@pytest.mark.parametrize(("question", "lang", "maker", "page"), [
    ("les poids de mistral medium 3 sont-ils publics ? je veux le faire tourner sur deux 3090", "fr",
     "Mistral AI", "https://mistral.ai/news/mistral-medium-3"),
    ("wie schnell läuft gpt-4o auf meiner rtx 4090?", "de", "OpenAI", "https://openai.com/"),
    ("posso rodar o claude 3.5 sonnet localmente numa 3090?", "pt", "Anthropic", "https://www.anthropic.com/"),
    ("¿gemini 2.5 pro cabe en una rtx 5090?", "es", "Google", "https://blog.google/"),
])
def test_a_closed_model_is_said_to_be_closed_with_its_source(engine: Engine, question: str, lang: str,
                                                              maker: str, page: str) -> None:
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "not_found", a.text
    assert a.facts["closed"]["maker"] == maker
    assert maker in a.text and page in a.text
    assert "tokens" not in a.text and "Mistral 7B" not in a.text


@pytest.mark.parametrize("name", ["Mistral Small 3", "Magistral Small", "gemma 3 27b", "gpt-oss-120b",
                                  "GPT-2 Medium", "GPT-J-6B", "mistral large 2", "mistral medium 3.5",
                                  "Mistral-Medium-3.5-128B"])
def test_open_lines_with_similar_names_are_not_closed(name: str) -> None:
    assert closed_line(name) is None


@pytest.mark.parametrize("name", ["mistral-medium-2508", "Magistral Medium 1.2", "ChatGPT 5", "gpt4o mini",
                                  "claude opus 4", "Gemini 3 Flash"])
def test_the_closed_lines_cover_their_usual_spellings(name: str) -> None:
    assert closed_line(name) is not None


@pytest.mark.parametrize("data", [
    {"entries": [{"line": "X", "maker": "Y", "names": "^x", "source": "http://insecure"}]},
    {"entries": [{"line": "X", "maker": "Y", "names": "(", "source": "https://x"}]},
    {"entries": [{"line": "X", "maker": "Y", "names": "^x"}]},
    {"rows": []},
])
def test_a_malformed_closed_models_file_is_refused_at_load(data: object) -> None:
    with pytest.raises(ClosedModelsError):
        closed_models.parse(data)


@pytest.mark.parametrize(("question", "lang", "maker"), [
    ("serve una 5090 per far girare qwen max in locale?", "it", "Alibaba Cloud"),
    ("combien de vram pour qwen2.5-max en q4 ?", "fr", "Alibaba Cloud"),
    ("can claude run on my two 4090s?", "en", "Anthropic"),
    ("läuft claude opus auf einer rtx 5090?", "de", "Anthropic"),
    ("¿cuánta memoria necesita claude para correr en casa?", "es", "Anthropic"),
])
def test_a_closed_model_the_catalog_has_no_near_name_for_is_said_closed(engine: Engine, question: str, lang: str,
                                                                        maker: str) -> None:
    # no "did you mean Qwen3-Next" list, no card's model list: the line is closed, with its maker
    a = engine.ask(question)
    assert a.locale == lang and a.intent == "not_found", a.text
    assert a.facts["closed"]["maker"] == maker
    assert "tok/s" not in a.text


@pytest.mark.parametrize("name", ["qwen3 32b", "qwen3-next-80b", "qwen2.5 72b", "qwen3-coder-30b-a3b"])
def test_open_qwen_models_are_not_qwen_max(name: str) -> None:
    assert closed_line(name) is None


@pytest.mark.parametrize(("question", "named"), [
    ("can I run mistral medium 3 on two 3090s?", "mistral medium 3"),
    ("magistral medium auf einer 4090?", "magistral medium"),
    ("mistral medium 3.1 su una 5090?", "mistral medium 3.1"),
])
def test_an_api_only_release_is_not_its_lines_open_namesake(engine: Engine, question: str, named: str) -> None:
    # Mistral Medium 3.5 (April 2026) is open; 3 and 3.1, and Magistral Medium, are API only
    a = engine.ask(question)
    assert a.intent == "not_found" and a.facts["query"] == named, a.text
    assert a.facts["closed"]["maker"] == "Mistral AI"
    assert "Mistral Medium 3.5" in a.facts["candidates"] or "Magistral Small" in a.facts["candidates"]


def test_the_open_release_of_that_line_is_answered(engine: Engine) -> None:
    a = engine.ask("mistral medium 3.5 on 4x 3090?")
    assert a.intent == "can_run" and a.facts["model"]["name"] == "Mistral Medium 3.5", a.text
