"""A model asked about by its size alone ("enough for a 70b?"): a generic dense model of that size.

The estimator needs only a parameter count (`ModelSize(params_b)`, as `tpsbot table --params 70`);
the record made here has no architecture, so the cache is estimated from the size alone, and no
mixture of experts, so every parameter is read per token, unless the typed name writes its active size
("Qwen3.5-35B-A3B": 3 of 35 billion read per token). Its name and the notes that say what was
assumed go through the catalogues. Which sizes get one is the reader's bound (reading/sizes.py).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from answers.knowledge import i18n
from answers.knowledge.i18n import N_
from answers.rendering import format as fmt
from answers.rendering.grammar import agree
from answers.rendering.markdown import escape
from catalog.records import Architecture, ModelRecord

GENERIC_NAME = N_("a %(params)sB model")
# One sentence after the answer: what was assumed.
GENERIC_NOTE = N_("This is for a generic dense model of %(params)s billion parameters; a named model of that size "
                  "can need more or less.")
# The same, when a name was typed with the size and the catalog has no model of that name and size
# ("mythomax 13b"): said first, so nobody reads the figures as that model's own.
# ("llama 3.7 13b", a release that never came out): it may not exist at all, and the figures are an estimate.
TYPED_NOTE = N_("«%(typed)s» is not in my catalog: it may not exist, not be released yet, not be downloadable, or "
                "be a fine-tune I do not list. The figures below are only a generic estimate for a dense model of "
                "%(params)s billion parameters (a fine-tune needs the same memory as the model it was made from).")
# The same two notes for a name that writes its active size too ("Qwen3.5-35B-A3B"): a generic mixture of experts
# that reads only that many parameters per token.
GENERIC_NOTE_MOE = N_("This is for a generic mixture of experts of %(params)s billion parameters, %(active)s billion "
                      "read per token; a named model of that size can need more or less.")
TYPED_NOTE_MOE = N_("«%(typed)s» is not in my catalog: it may not exist, not be released yet, not be downloadable, "
                    "or be a fine-tune I do not list. The figures below are only a generic estimate for a mixture of "
                    "experts of %(params)s billion parameters, %(active)s billion read per token, as its name says.")
# After it, the catalog's nearest names, when some are close ("gemma 3 13b" → Gemma 3 12B, Gemma 3 27B).
GENERIC_NEAR = N_("Closest in the catalog: %(names)s.")
# Levels asked about with no model at all ("q4 or q8?"): the size was not said either.
STAND_IN_NOTE = N_("No model was named, so these are the figures of a generic dense model of %(params)s billion "
                   "parameters; name yours for its own sizes and speeds.")

# After the generic dense figure, the catalog's mixture of experts of about that size on the same hardware
# ("a 30B at decent speed?": Qwen3-30B-A3B is what people run there, several times faster).
MOE_OF_SIZE = N_("At that size a mixture of experts runs much faster: %(model)s (%(params)s billion parameters, "
                 "%(active)s billion read per token) at %(quant)s, about %(tok)s tokens per second.")


def moe_line(moe: dict[str, object], lang: str) -> str:
    """The line naming the mixture of experts of the asked size (answers/facts/size_moe.py) with its speed."""
    return i18n.gettext(lang, MOE_OF_SIZE) % {
        "model": escape(str(moe["model"])), "params": _params(float(moe["params_b"]), lang),  # type: ignore[arg-type]
        "active": _params(float(moe["active_params_b"]), lang),  # type: ignore[arg-type]
        "quant": f"`{moe['quant']}`", "tok": fmt.tok_s(float(moe["tok_s"]), lang)}  # type: ignore[arg-type]


def _params(value: float, lang: str) -> str:
    return fmt.memory(value, lang)  # as typed: 70, 1.5 (Babel digits, no rounding rule)


# How far (share of the asked size) a catalog model's size may be from the asked one to lend its attention layout.
LAYOUT_DONOR_SPAN = 0.1


def attention_donor(params_b: float, models: Iterable[ModelRecord]) -> Architecture | None:
    """The attention layout of today's dense models of about `params_b` billion parameters, for the cache of
    "a 70b": the catalog's plain dense model closest in size (within LAYOUT_DONOR_SPAN, the newest on a tie)
    whose layers all cache every token. Since 2024 they use grouped-query attention (Llama 3 70B: 80 layers x
    8 KV heads x 128 x 2 x 2 bytes = 320 KiB a token, 10 GiB at 32k); the size-only rule, from older
    full-head models, nearly doubles that. Only the attention is lent: the weights stay the size's own."""
    near = [m for m in models
            if m.params_b is not None and m.active_params_b is None and m.native_format is None
            and m.architecture is not None and abs(m.params_b - params_b) <= LAYOUT_DONOR_SPAN * params_b
            and all(g.kind == "full" for g in m.architecture.attention)]
    if not near:
        return None
    best = min(near, key=lambda m: (abs((m.params_b or 0) - params_b),
                                    -(m.publication_date or dt.date.min).toordinal()))
    arch = best.architecture
    assert arch is not None
    return Architecture(layers=arch.layers, hidden_size=arch.hidden_size, attention_heads=arch.attention_heads,
                        kv_heads=arch.kv_heads, head_dim=arch.head_dim, attention=list(arch.attention),
                        source=arch.source)


def generic_record(params_b: float, lang: str, active_b: float | None = None,
                   attention: Architecture | None = None) -> ModelRecord:
    """The stand-in record for a dense model of `params_b` billion parameters, named in `lang`; a mixture of
    experts reading `active_b` of them per token when the typed name says so ("35b-a3b"). A dense one caches
    like `attention` (attention_donor) when given."""
    name = i18n.gettext(lang, GENERIC_NAME) % {"params": _params(params_b, lang)}
    moe = active_b if active_b is not None and 0 < active_b < params_b else None
    return ModelRecord(name=agree(lang, name), params_b=params_b, active_params_b=moe,  # "an 8B model": agrees too
                       architecture=attention if moe is None else None)


def generic_note(params_b: float, lang: str, active_b: float | None = None) -> str:
    if active_b:
        return i18n.gettext(lang, GENERIC_NOTE_MOE) % {"params": _params(params_b, lang),
                                                       "active": _params(active_b, lang)}
    return i18n.gettext(lang, GENERIC_NOTE) % {"params": _params(params_b, lang)}


def stand_in_note(params_b: float, lang: str) -> str:
    return i18n.gettext(lang, STAND_IN_NOTE) % {"params": _params(params_b, lang)}


def typed_note(typed: str, params_b: float, lang: str, active_b: float | None = None) -> str:
    """The line naming what was typed; `typed` is the asker's text, made inert here (no markup, no mention)."""
    if active_b:
        return i18n.gettext(lang, TYPED_NOTE_MOE) % {"typed": escape(typed[:80]), "params": _params(params_b, lang),
                                                     "active": _params(active_b, lang)}
    return i18n.gettext(lang, TYPED_NOTE) % {"typed": escape(typed[:80]), "params": _params(params_b, lang)}


def capitalize_leads(text: str, name: str) -> str:
    """Lines that open with the stand-in's name ("a 30B model on …", "un modello da 30B, a confronto:")
    start with a capital: the name is lower-case because it is mostly said mid-sentence."""
    if not name or not name[0].islower():
        return text
    lead = name[0].upper() + name[1:]
    return "\n".join(lead + line[len(name):] if line.startswith(name) else line for line in text.split("\n"))
