"""A page's query string → one checked record. Every value is bounded (length, set of choices, range)
before anything is looked up; a bad one becomes a `BadParam` that the page answers with one line in the
page's language (HTTP 400). Unknown parameters are ignored (links carry tracking tags)."""

from __future__ import annotations

import math
from collections.abc import Mapping

from msgspec import Struct

from answers.knowledge.i18n import DEFAULT, N_, SUPPORTED, catalogue_locale, gettext
from answers.knowledge.profiles import DEFAULT_PROFILE, load_engine_constants
from answers.rendering import format as fmt
from estimator.model import MAX_CONTEXT
from estimator.quants import UnknownQuant, quant

# The inference engines the estimator rates (estimator/data/engine_constants.json), its default first.
_ENGINE_DATA = load_engine_constants()
ENGINES: tuple[str, ...] = (_ENGINE_DATA.default_engine,
                            *(name for name in _ENGINE_DATA.engines if name != _ENGINE_DATA.default_engine))
# The default profile is the answers' own (DEFAULT_PROFILE: what a Discord answer uses when nobody chose),
# so a page opened from an answer's link, or by hand, shows the same figures.
PROFILES = ("reference", "measured")
FITS = ("yes", "no", "all")  # the cards that run the model (the default), those that do not, both
SORTS = ("tok_s", "memory_gb", "need_gb", "bandwidth_gbps", "release", "card")
ORDERS = ("desc", "asc")
MAX_QUERY_CHARS = 1024  # a whole query string; far above any link the pages write
MAX_VALUE_CHARS = 100  # one value (a search, a vendor)
MAX_MEMORY_GB = 4096
MAX_ACCEPT_LANGUAGE = 512  # characters of the header read (browsers send a few dozen)

BAD_VALUE = N_("The value of “%(name)s” cannot be used: %(reason)s")
TOO_LONG = N_("too long")
NOT_A_CHOICE = N_("use one of %(choices)s")
NOT_A_CONTEXT = N_("give a number of tokens such as 4096 or 32k, from 1 to %(max)s")
NOT_A_QUANT = N_("unknown quantization level")
NOT_A_SIZE = N_("give a memory size in GB, for example 24")
QUERY_TOO_LONG = N_("The address is too long.")


class BadParam(Exception):
    """A query value the page cannot use: which one and why (a msgid and its values), worded in the page's
    language by `words`; `name` None: the whole query."""

    def __init__(self, name: str | None, reason: str, **values: str | int) -> None:
        super().__init__(reason)
        self.name, self.reason, self.values = name, reason, values

    def words(self, locale: str) -> str:
        values = {k: fmt.integer(v, locale) if isinstance(v, int) else v for k, v in self.values.items()}
        reason = gettext(locale, self.reason)
        reason = reason % values if values else reason
        if self.name is None:
            return reason
        return gettext(locale, BAD_VALUE) % {"name": self.name, "reason": reason}


class PageQuery(Struct, frozen=True):
    profile: str = DEFAULT_PROFILE
    context: int | None = None
    quant: str | None = None
    engine: str = ENGINES[0]
    fit: str = "yes"
    sort: str = "tok_s"
    order: str = "desc"
    vendor: str | None = None
    memory: float | None = None
    q: str = ""

    def estimate_args(self) -> dict[str, object]:
        """What changes the figures (and the chart): the rest only filters and orders the rows."""
        return {"profile": self.profile, "context": self.context, "quant": self.quant}


def language(query: Mapping[str, str], accept_language: str | None) -> str:
    """`?lang=` when it names a catalogue, else the browser's Accept-Language (Babel's negotiation over the
    catalogues), else English."""
    asked = catalogue_locale(query.get("lang", "")[:16].strip())
    if asked:
        return asked
    return negotiate(accept_language) or DEFAULT


def negotiate(header: str | None) -> str | None:
    if not header:
        return None
    # lazy: Babel's negotiation, only for a request without ?lang=
    from babel import negotiate_locale

    weighted: list[tuple[float, int, str]] = []
    for i, part in enumerate(header[:MAX_ACCEPT_LANGUAGE].split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        if tag and tag != "*" and 0 < q <= 1:
            weighted.append((-q, i, tag.strip()))
    preferred = [tag for _, _, tag in sorted(weighted)]
    found = negotiate_locale(preferred, list(SUPPORTED), sep="-") or negotiate_locale(
        [t.split("-")[0] for t in preferred], list(SUPPORTED), sep="-")
    return catalogue_locale(found) if found else None


def _choice(query: Mapping[str, str], name: str, choices: tuple[str, ...], default: str) -> str:
    value = query.get(name)
    if value is None or value == "":
        return default
    if value not in choices:
        raise BadParam(name, NOT_A_CHOICE, choices=", ".join(choices))
    return value


def _text(query: Mapping[str, str], name: str) -> str:
    value = query.get(name, "").strip()
    if len(value) > MAX_VALUE_CHARS:
        raise BadParam(name, TOO_LONG)
    return value


def context_tokens(text: str) -> int:
    """4096, 32k, 1m (k = 1,024 as llama.cpp counts contexts), 1 to MAX_CONTEXT."""
    t = text.strip().lower().replace("_", "").replace(",", "")
    mult = 1024 if t.endswith("k") else 1024 * 1024 if t.endswith("m") else 1
    try:
        number = float(t.rstrip("km")) * mult if len(t) <= 20 else math.nan
    except ValueError:
        number = math.nan
    if not (math.isfinite(number) and 1 <= number <= MAX_CONTEXT):
        raise BadParam("context", NOT_A_CONTEXT, max=MAX_CONTEXT)
    return int(number)


def _quant(text: str) -> str | None:
    if not text:
        return None
    try:
        return quant(text[:20]).name
    except UnknownQuant:
        raise BadParam("quant", NOT_A_QUANT) from None


def _memory(text: str) -> float | None:
    if not text:
        return None
    try:
        value = float(text.replace(",", ".")) if len(text) <= 10 else math.nan
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 < value <= MAX_MEMORY_GB):
        raise BadParam("memory", NOT_A_SIZE)
    return value


def read(query: Mapping[str, str], query_string: str = "") -> PageQuery:
    """The checked query; raises BadParam."""
    if len(query_string) > MAX_QUERY_CHARS:
        raise BadParam(None, QUERY_TOO_LONG)
    context = _text(query, "context")
    return PageQuery(
        profile=_choice(query, "profile", PROFILES, DEFAULT_PROFILE),
        context=context_tokens(context) if context else None,
        quant=_quant(_text(query, "quant")),
        engine=_choice(query, "engine", ENGINES, ENGINES[0]),
        fit=_choice(query, "fit", FITS, "yes"),
        sort=_choice(query, "sort", SORTS, "tok_s"),
        order=_choice(query, "order", ORDERS, "desc"),
        vendor=_text(query, "vendor") or None,
        memory=_memory(_text(query, "memory")),
        q=_text(query, "q"),
    )


__all__ = ["ENGINES", "BadParam", "PageQuery", "language", "read"]
