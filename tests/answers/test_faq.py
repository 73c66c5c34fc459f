"""Every FAQ item of the reference pages (their questions: tests/data/reference/faq_questions.tsv), asked
as the page words it and as a person would type it, in the page's language and in the others, is
understood (intent, model) and answered with the page's facts (issue 11, item 4)."""

from __future__ import annotations

import csv
import re

import pytest

from answers.reading.parse import parse
from tests.catalog.test_resolve import gpu_resolver, model_resolver
from tests.conftest import FIXTURES, read_csv


@pytest.fixture(scope="module")
def engine(reference_engine):  # noqa: ANN001, ANN201
    """These answers pin the reference site's figures and rules: asked for the `reference` profile explicitly
    (the default is `measured`)."""
    return reference_engine


PAGE_MODEL = {"glide.it.txt": "GLIDE", "glm-4.5v.it.txt": "GLM-4.5V", "glm.fr.txt": "gLM"}

# Each FAQ item of the pages, by the words that tell which one it is (page wording, folded loosely).
FAQ_KINDS = [
    ("two_gpus", r"due gpu|deux gpus?"), ("why_quant", r"perch[eé] la quantizzazione|pourquoi la quantification"),
    ("accuracy", r"accurate queste stime|pr[eé]cision de ces estimations"),
    ("what_gpu", r"che gpu ho bisogno|quelle gpu ai-je"), ("offload", r"non si adatta|ne tient pas"),
    ("speed", r"quanto [eè] veloce|[aà] quelle vitesse"), ("vram", r"quanta vram|combien de vram"),
    ("can_run", r"eseguirlo su una gpu|l'ex[eé]cuter sur un gpu"), ("open_source", r"open.source"),
    ("parameters", r"parametri|param[eè]tres"), ("maker", r"creato|cr[eé][eé]"),
    ("release", r"rilasciato|publi[eé]"), ("purpose", r"a cosa serve|[aà] quoi [cç]a sert"),
    ("download", r"scaricarlo|t[eé]l[eé]charger"), ("compute", r"calcolo|calcul"),
]


def page_questions() -> list[tuple[str, str, str, str]]:
    """(page, model, intent, question as the page words it) for every FAQ line of every page."""
    out = []
    with (FIXTURES / "faq_questions.tsv").open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh, delimiter="\t"):
            page, question = row["page"], row["question"]
            kind = next((k for k, rx in FAQ_KINDS if re.search(rx, question, re.IGNORECASE)), None)
            assert kind is not None, f"an FAQ line no kind covers: {question}"
            out.append((page, PAGE_MODEL[page], kind, question))
    return out


PAGE_ROWS = page_questions()

# The same items typed as people type them, in every language ({m} is the model).
TYPED = {
    "speed": ["how fast is {m} on a gpu", "{m} quanto va veloce?", "{m} ça va vite sur un gpu ?",
              "wie schnell ist {m} auf einer gpu", "que tan rapido va {m} en una gpu",
              "qual a velocidade do {m} numa gpu"],
    "vram": ["how much vram does {m} need", "quanta vram per {m}", "combien de vram pour {m}",
             "wie viel vram braucht {m}", "cuanta vram necesita {m}", "quanta vram o {m} precisa"],
    "open_source": ["is {m} open source", "{m} è open source?", "{m} c'est open source ?",
                    "ist {m} open source", "{m} es open source?", "o {m} é open source?"],
    "parameters": ["how many params does {m} have", "quanti parametri ha {m}", "{m} a combien de paramètres",
                   "wie viele parameter hat {m}", "cuantos parametros tiene {m}", "quantos parâmetros tem o {m}"],
    "maker": ["who made {m}", "{m} chi l'ha creato?", "{m} qui l'a créé ?", "wer hat {m} gemacht",
              "quien creo {m}", "quem criou o {m}?"],
    "release": ["when did {m} come out", "{m} quando è uscito", "{m} est sorti quand ?", "wann kam {m} raus",
                "cuando salio {m}", "quando saiu o {m}"],
    "purpose": ["what is {m} for", "{m} a cosa serve", "{m} ça sert à quoi", "wofür ist {m}",
                "para que sirve {m}", "pra que serve o {m}"],
    "download": ["where do i download {m}", "{m} dove si scarica?", "où télécharger {m}", "wo kann ich {m} runterladen",
                 "donde descargo {m}", "onde baixo o {m}"],
    "compute": ["how much compute to train {m}", "quanto calcolo per addestrare {m}",
                "combien de calcul pour entraîner {m}", "wie viel rechenleistung für das training von {m}",
                "cuanto computo para entrenar {m}", "quanta computação pra treinar o {m}"],
    "offload": ["{m} doesn't fit my gpu, can i still run it", "{m} non mi sta in vram, come faccio?",
                "{m} rentre pas dans ma vram, je fais comment ?", "{m} passt nicht in meinen vram, was tun?",
                "{m} no cabe en mi gpu, que hago?", "o {m} não cabe na minha gpu, e agora?"],
    "two_gpus": ["would two gpus make {m} faster", "due gpu fanno andare {m} più veloce?",
                 "deux gpu font tourner {m} plus vite ?", "machen zwei gpus {m} schneller?",
                 "dos gpus hacen {m} mas rapido?", "duas gpus deixam o {m} mais rápido?"],
    "what_gpu": ["what gpu do i need for {m}", "che gpu serve per {m}", "quelle carte pour {m}",
                 "welche grafikkarte brauche ich für {m}", "que gpu necesito para {m}", "qual placa preciso pro {m}"],
    "can_run": ["can i run {m} on 12gb", "{m} gira su 12gb?", "{m} tourne sur 12 go ?", "läuft {m} auf 12gb?",
                "{m} corre en 12gb?", "o {m} roda em 12gb?"],
}
LANGS = ("en", "it", "fr", "de", "es", "pt")


@pytest.fixture(scope="module")
def resolvers():
    return model_resolver(), gpu_resolver()


def test_every_faq_item_of_every_page_is_covered():
    assert len(PAGE_ROWS) >= 45
    assert {kind for _p, _m, kind, _q in PAGE_ROWS} >= set(TYPED) - {"can_run"} | {"can_run"}


@pytest.mark.parametrize(("page", "model", "intent", "question"), PAGE_ROWS, ids=lambda v: str(v)[:30])
def test_faq_as_the_page_words_it(resolvers, page, model, intent, question):
    p = parse(question, *resolvers)
    assert (p.intent, p.model, p.language) == (intent, model, page.rsplit(".", 2)[1])


@pytest.mark.parametrize(("intent", "lang", "template"),
                         [(i, LANGS[k], t) for i, rows in TYPED.items() for k, t in enumerate(rows)])
@pytest.mark.parametrize("model", ["GLIDE", "GLM-4.5V"])
def test_faq_as_people_type_it_in_every_language(resolvers, intent, lang, template, model):
    p = parse(template.format(m=model), *resolvers)
    assert (p.intent, p.model, p.language) == (intent, model, lang)


# Facts the pages state, which the answer must carry (independent of the answer's wording).
FACTS = {row["model"]: row for row in read_csv(FIXTURES / "reference_facts.csv")}
MAKERS = {"GLIDE": "OpenAI", "GLM-4.5V": "Zhipu"}


@pytest.mark.parametrize(("page", "model", "intent", "question"), PAGE_ROWS, ids=lambda v: str(v)[:30])
def test_faq_is_answered_with_the_pages_facts(engine, page, model, intent, question):
    a = engine.ask(question)
    assert (a.intent, a.locale, a.entities.get("model")) == (intent, page.rsplit(".", 2)[1], model)
    facts = FACTS[model]
    if intent == "can_run":  # "…on a GPU holding 8 GB?": the page's card for that size
        gb = re.search(r"(\d+) GB", question).group(1)
        assert facts[f"faq{gb}_card"] in a.text
    if intent == "parameters":  # the page's count, in the page's decimal notation
        assert f"{float(facts['params_b']):g}".replace(".", ",") in a.text
    if intent == "maker" and model in MAKERS:
        assert MAKERS[model] in a.text
