"""Free-text question → intent, language and entities (model, cards, memory, context, quant).

Pipeline, cheapest first (a question costs well under a millisecond):
1. Clean: cap the input, drop Discord mentions/emoji/code fences, comma decimals → dots.
2. Numbers with units: memory ("12 GB", "8 Go", "24GiB"), context ("32k", "32768 tokens",
   "128K di contesto") and quant ("Q4", "q8", "IQ4_XS", "fp16", "4-bit") are taken out first, so
   "12 GB" can never be read as a card.
3. The remaining words are split into chunks at known words (question words, intent keywords,
   function words of the five languages). Chunks are then resolved: every sub-span is tried
   against the exact-name dictionaries (microseconds), and only the leftover chunks go through
   the fuzzy resolver. Model and card spans never overlap.
4. Language: weighted keyword scores; None when nothing or a tie.
5. Intent: a table of weighted patterns per intent per language (all languages are scored, as
   people mix them), then priors from the entities found (model + memory → can_run, a card
   only → card_models, two cards + model → compare, a model alone → model_info).

`model`/`card`/`card2` hold the resolved display name when resolution is unambiguous, otherwise
the span as typed (so the engine's own resolve() gives the "did you mean" candidates).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from pydantic import BaseModel

from catalog.resolve import Resolution, Resolver
from catalog.text import MEMORY_UNITS, fold
from estimator.quants import BY_NAME, QUANT_ALIASES

from .api import MAX_QUESTION_CHARS
from .intents_table import PARSER_INTENTS, PARSER_MODEL_INTENTS
from .setup_words import annotate as annotate_setup

MAX_INPUT = MAX_QUESTION_CHARS  # characters read from a question (the engine refuses longer ones)

LANGS = ("en", "it", "fr", "de", "es")


class Parsed(BaseModel):
    intent: str  # one of answers.api.INTENTS (never not_found/ambiguous/invalid: the engine decides)
    language: str | None  # "en", "it", "fr", "de", "es"; None when unclear
    model: str | None = None  # resolved display name, or the span as typed when unresolved
    card: str | None = None
    card2: str | None = None
    memory_gb: float | None = None
    context: int | None = None  # tokens
    quant: str | None = None  # canonical llama.cpp name ("Q4_K_M"); unknown levels kept uppercased
    # The spans exactly as typed, for messages like "I don't know «lama 9»".
    model_span: str | None = None
    card_span: str | None = None
    card2_span: str | None = None
    intents: list[str] = []  # every ask of a question with several ("who released X and when")
    # The hardware the asker owns when it is more than one plain card (answers/setup_words.py).
    gpu_count: int | None = None  # cards in the setup, when more than one
    setup: list[tuple[str, int]] | None = None  # (card or chip as typed, count)
    ram_gb: float | None = None  # system RAM beside the cards
    ram_type: str | None = None  # DDR4, DDR5…


# --------------------------------------------------------------------------- text cleaning
# Discord mentions (<@id>, <@&role>, <#channel>), custom emoji, and the @everyone/@here pings:
# none of them can name a model or a card, so they are removed before anything is read.
_MENTION_RE = re.compile(r"<(?:@[!&]?|#)\d+>|<a?:\w+:\d+>|@(?:everyone|here)\b", re.IGNORECASE)
_FENCE_RE = re.compile(r"```(?:[a-zA-Z]+\n)?|`")
_COMMA_DECIMAL_RE = re.compile(r"(\d),(\d{1,2})(?!\d)")  # "12,5 GB"; not "8,192 tokens"
_TOKEN_RE = re.compile(r"[^\s,;!?¿¡()\[\]{}\"“”«»<>*|'’`]+")


def clean(question: str) -> str:
    text = question[:MAX_INPUT]
    text = _MENTION_RE.sub(" ", text)
    text = _FENCE_RE.sub(" ", text)
    text = _COMMA_DECIMAL_RE.sub(r"\1.\2", text)
    return " ".join(text.split())


@dataclass
class Token:
    text: str  # as typed (trailing dots/colons stripped)
    low: str  # folded
    used: bool = False  # consumed by a number/unit/quant, never part of a name


def tokenize(text: str) -> list[Token]:
    out = []
    for raw in _TOKEN_RE.findall(text):
        raw = raw.strip(".:-")
        if raw:
            out.append(Token(raw, fold(raw)))
    return out


# --------------------------------------------------------------------------- numbers and units
_NUM = r"\d+(?:\.\d+)?"
_MEM_GLUED_RE = re.compile(rf"^({_NUM})({MEMORY_UNITS})$")
_MEM_UNIT_RE = re.compile(rf"^(?:{MEMORY_UNITS})$")
_CTX_GLUED_RE = re.compile(rf"^({_NUM})k$")
_CTX_MEGA_RE = re.compile(rf"^({_NUM})m$")
_NUMBER_RE = re.compile(rf"^{_NUM}$")
_CTX_WORDS = frozenset(
    {"context", "ctx", "contesto", "contexte", "kontext", "contexto", "kontextlange", "kontextfenster",
     "window", "finestra", "fenetre", "ventana", "token", "tokens", "tok"}
)
_TOKEN_UNITS = frozenset({"token", "tokens", "tok", "ctx"})

_BITS_TO_QUANT = {2: "Q2_K", 3: "Q3_K_M", 4: "Q4_K_M", 5: "Q5_K_M", 6: "Q6_K", 8: "Q8_0", 16: "F16"}
_QUANT_RE = re.compile(r"^(i?q\d(?:_[a-z0-9]+)*|b?fp?16|float16|mxfp4|int[48])$")
# "4-bit", "4bit", "4 bit" (the last as two tokens), "8 bits", "4-bits"
_BITS_RE = re.compile(r"^(\d{1,2})-?bits?$")




def canonical_quant(text: str) -> str | None:
    """"q4" → "Q4_K_M", "Q5_K_S" → "Q5_K_S", "fp16" → "F16", "4-bit" → "Q4_K_M"; None if not a quant."""
    low = fold(text).strip()
    bits = _BITS_RE.match(low)
    if bits:
        return _BITS_TO_QUANT.get(int(bits.group(1)))
    if low in QUANT_ALIASES:  # shorthands → level names: the estimator's one alias map
        return QUANT_ALIASES[low]
    if not _QUANT_RE.match(low):
        return None
    upper = low.upper()
    # Unknown but quant-shaped ("Q7") stays as typed (uppercased): the engine reports it invalid.
    return upper if upper in BY_NAME or upper.startswith(("Q", "IQ")) else None


def parse_memory(text: str) -> float | None:
    """A memory amount anywhere-shaped like "12 GB", "12gb", "12 Go", "12,5 GB"; None otherwise."""
    toks = tokenize(clean(text))
    mem, _ = _find_memory(toks)
    return mem


def parse_context(text: str) -> int | None:
    """Context length in tokens: "32k" → 32768, "32768 tokens", "128K di contesto", "1M context"."""
    toks = tokenize(clean(text))
    ctx, _ = _find_context(toks)
    return ctx


def _find_memory(toks: list[Token]) -> tuple[float | None, int | None]:
    """First memory amount and the index of its number token."""
    for i, t in enumerate(toks):
        if t.used:
            continue
        m = _MEM_GLUED_RE.match(t.low)
        if m:
            t.used = True
            return float(m.group(1)), i
        if _NUMBER_RE.match(t.low) and i + 1 < len(toks) and _MEM_UNIT_RE.match(toks[i + 1].low):
            t.used = toks[i + 1].used = True
            if i + 2 < len(toks) and toks[i + 2].low in {"vram", "ram", "memory"}:
                toks[i + 2].used = True
            return float(t.low), i
    return None, None


def _token_count(value: float) -> int:
    """Tokens as an int; an overflowing figure ("999…9", "1e306k") becomes one the bounds check
    refuses in words, instead of an OverflowError."""
    return int(value) if math.isfinite(value) and value < 1e18 else 10**18


def _find_context(toks: list[Token], gpus: Resolver | None = None) -> tuple[int | None, int | None]:
    """First context length and the index of its number. `gpus` keeps a card number that merely
    sits near the word "context" ("max context on a 4090") from being read as a length."""
    has_ctx_word = any(t.low in _CTX_WORDS for t in toks)
    for i, t in enumerate(toks):
        if t.used:
            continue
        nxt = toks[i + 1].low if i + 1 < len(toks) else ""
        m = _CTX_GLUED_RE.match(t.low)
        if m:  # "32k": k means 1,024 tokens in every context-length convention
            t.used = True
            return _token_count(float(m.group(1)) * 1024), i
        m = _CTX_MEGA_RE.match(t.low)
        if m and has_ctx_word:
            t.used = True
            return _token_count(float(m.group(1)) * 1024 * 1024), i
        if _NUMBER_RE.match(t.low):
            if nxt == "k":
                t.used = toks[i + 1].used = True
                return _token_count(float(t.low) * 1024), i
            if nxt in _TOKEN_UNITS or (
                has_ctx_word and float(t.low) >= 256 and _near_ctx_word(toks, i)
                and (gpus is None or gpus.lookup(t.text) is None)
            ):
                t.used = True
                return _token_count(float(t.low)), i
    return None, None


def _near_ctx_word(toks: list[Token], i: int) -> bool:
    return any(t.low in _CTX_WORDS for t in toks[max(0, i - 3): i + 4])


def _find_quant(toks: list[Token]) -> str | None:
    for i, t in enumerate(toks):
        if t.used:
            continue
        q = canonical_quant(t.low)
        if q is None and _NUMBER_RE.match(t.low) and i + 1 < len(toks) and toks[i + 1].low in {"bit", "bits"}:
            q = _BITS_TO_QUANT.get(_token_count(float(t.low)))
            if q:
                toks[i + 1].used = True
        if q is None:
            # ollama-style tags glue the quant to the name: "qwen3:8b-q4_K_M"
            m = re.search(r"[-:_](i?q\d(?:_[a-z0-9]+)*|fp16|f16)$", t.low)
            if m and (q := canonical_quant(m.group(1))):
                t.text = t.text[: m.start()]
                t.low = t.low[: m.start()]
                return q
            continue
        t.used = True
        return q
    return None


# --------------------------------------------------------------------------- vocabulary
# Function words and chatter of the five languages: never part of a model or card name.
_FUNCTION_WORDS = """
a an the is are was were be been do does did i me my mine you your we our it its this that these those
to of in on at for with and or but if so than then not no yes can could would should will shall may
might must have has had get got what which who whom whose when where why how much many any some
there here about into from by as up out just also really very please pls plz thanks thank thx hi hey
hello yo bro guys lol ok okay hmm um uh like one two both each other another still even only
vs versus vram ram memory gpu gpus card cards graphics video run running runs fit fits use using
model models llm locally local good fine need needs needed want bit bits enough both either
il lo la i gli le un una uno di da del della dei delle degli al alla ai alle col con su sul sulla per
tra fra e ed o che chi cosa come quanto quanta quanti quante quale quali dove quando perche mio mia
miei mie tuo tua mi ti ci si ne non piu meno anche ancora solo molto ho hai ha abbiamo posso puoi puo
sono e' gira girare girerebbe fa far fare serve servono scheda schede video modello modelli ciao grazie
ok sto questo questa quello quella
le la les un une des du de d l au aux ce cet cette ces mon ma mes ton ta tes son sa ses et ou que qui
quoi quel quelle quels quelles comment combien pourquoi quand est sont suis peut peux puis-je faut
il elle je tu nous vous on avec sans sur dans pour par pas ne plus moins aussi tres carte cartes
graphique modele modeles tourne tourner tournerait faire bonjour salut merci
der die das den dem des ein eine einen einem einer und oder aber wie was wer wo wann warum welche
welcher welches viel viele ich du mein meine meinem meinen meiner mit auf in im fur von zu zum zur
ist sind kann konnte kannst brauche braucht brauchen lauft laufen lasst genug nicht kein keine auch
noch nur sehr grafikkarte grafikkarten karte karten modell modelle hallo danke bitte es
el los las un una unos unas y o que quien como cuanto cuanta cuantos cuantas cual cuales donde cuando
por porque para con sin en de del al mi mis tu tus su sus es son puedo puede necesito necesita
correr corre ejecutar funciona funcionaria tarjeta tarjetas grafica modelo modelos hola gracias se lo
le muy mas menos tambien solo
corren girano tournent funcionan caben entrano passent aident aiutano helfen ayudan help helps
works working worked lassen gehen geht va vanno
tengo tienes tiene tenemos ho hai habe hab hast hat ai avoir own owns bought buy usar usare utiliser nutzen
benutzen verwenden lancer dessus drauf dollars dollar euro euros budget under price cheap prix prezzo precio
preis ok oder okay sure maybe think guess know wondering wonder question quick anyone someone somebody
# ordinary words that are also the whole name of some catalog model: in a question they are words
core steps switch spot dark plug neat calm draw align clue delight realm chief operator amplify
"""


@dataclass(frozen=True)
class Pattern:
    intent: str
    lang: str
    weight: float
    regex: re.Pattern[str]


# intent → language → [(weight, regex source)] on folded text ("¿Qué" → "¿que", "läuft" → "lauft").
# A regex names a way of asking; the entity priors in `_intent` break what the words leave open.
_INTENT_TABLE: dict[str, dict[str, list[tuple[float, str]]]] = {
    "can_run": {
        "all": [(2.0, r"\benough\b|\bsufficient\b|\bbasta\b|\bbastano\b|\bsuffit\b|\bsuffisant|\breicht\b|\bgenugt\b|\balcanza\b|\bsuficiente\b")],
        "en": [(3.0, r"\b(can|could|will|would|does|do) (i |it |you |my \S+ |a \S+ |the \S+ )?(run|fit|handle|load)\b"),
               (1.0, r"\brun(s|ning)?\b|\bfits?\b|\bhandle\b|\bwork on\b|\bload\b")],
        "it": [(1.5, r"\bgira\b|\bgirare\b|\bgirerebbe\b|\bfar girare\b|\bci sta\b|\bentra\b|\bcarica(re)?\b"),
               (1.0, r"\bfunziona\b|\bposso (usare|eseguire)\b|\bva su\b|\bregge\b")],
        "fr": [(1.5, r"\btourne(r|rait)?\b|\bfaire tourner\b|\bpasse\b|\brentre\b|\btient\b"),
               (1.0, r"\bfonctionne\b|\bpeut (executer|lancer)\b|\blancer\b")],
        "de": [(1.5, r"\blauft\b|\blaufen\b|\bpasst\b|\bausfuhren\b|\bzum laufen\b"),
               (1.0, r"\bkann ich\b|\bfunktioniert\b|\bschafft\b")],
        "es": [(1.5, r"\bcorre(r|ria)?\b|\bcabe\b|\bejecutar\b|\bmover\b|\bfunciona(ria)?\b"),
               (1.0, r"\bpuedo (usar|correr)\b|\baguanta\b")],
    },
    "fastest": {
        "en": [(4.0, r"\bfastest\b|\bquickest\b|\bbest (gpu|gpus|card|cards)\b|\btop (\d+ )?(gpu|gpus|card|cards)\b")],
        "it": [(4.0, r"\bpiu (veloci|veloce|rapide|rapida)\b|\b(schede|gpu) migliori\b|\bmigliori (schede|gpu)\b|\bla migliore\b")],
        "fr": [(4.0, r"\bplus rapides?\b|\bmeilleures? (cartes?|gpus?)\b|\b(cartes?|gpus?) les plus rapides\b")],
        "de": [(4.0, r"\bschnellsten?\b|\bbesten? (gpus?|grafikkarten?|karten?)\b")],
        "es": [(4.0, r"\bmas rapidas?\b|\bmejores? (tarjetas?|gpus?)\b|\bla mejor\b")],
    },
    "smallest": {
        "en": [(4.5, r"\bsmallest\b|\bcheapest\b|\bweakest\b|\bleast powerful\b|\blowest[- ]end\b|\bminimum (gpu|card)\b|\bsmallest (gpu|card)\b")],
        "it": [(4.5, r"\bpiu (piccola|piccole|economica|economiche|debole)\b|\b(scheda|gpu) minima\b")],
        "fr": [(4.5, r"\bplus (petite|petites|petit|faible)\b|\bmoins chere?s?\b|\b(carte|gpu) minimale\b")],
        "de": [(4.5, r"\bkleinsten?\b|\bgunstigsten?\b|\bschwachsten?\b")],
        "es": [(4.5, r"\bmas (pequena|pequenas|barata|baratas|debil)\b|\b(tarjeta|gpu) minima\b")],
    },
    "vram": {
        "all": [(3.0, r"\bvram\b|\bmemory\b|\bmemoria\b|\bmemoire\b|\bspeicher\b")],
        "en": [(4.0, r"\bhow (much|many) (vram|memory|gb|ram|gigs?)\b|\bvram (do(es)?|would|will) .{0,40}\bneed\b|\bmemory (requirements?|usage|footprint|needed)\b|\bvram (requirements?|usage|needed)\b|\brequirements?\b")],
        "it": [(4.0, r"\bquanta (vram|memoria|ram)\b|\bquanti (gb|giga)\b|\b(memoria|vram) (serve|servono|necessaria|richiesta)\b|\brequisiti\b")],
        "fr": [(4.0, r"\bcombien de (vram|memoire|go|ram)\b|\b(memoire|vram) (necessaire|requise)\b|\bconfig(uration)? requise\b")],
        "de": [(4.0, r"\bwie ?viele? (vram|speicher|gb|ram)\b|\bspeicherbedarf\b|\bvram[- ]bedarf\b|\banforderungen\b")],
        "es": [(4.0, r"\bcuanta (vram|memoria|ram)\b|\bcuantos (gb|gigas)\b|\b(memoria|vram) (necesita|necesaria|requiere)\b|\brequisitos\b")],
    },
    "speed": {
        "en": [(4.0, r"\bhow (fast|quick|quickly|slow)\b|\btokens? (per|a|/) ?(second|sec|s)\b|\btok/s\b|\bt/s\b|\btps\b|\bspeed\b|\bthroughput\b|\bhow many tokens\b")],
        "it": [(4.0, r"\bquanto (e |va )?(veloce|rapido|lento)\b|\bvelocita\b|\btoken al secondo\b|\bquanti token\b")],
        "fr": [(4.0, r"\ba quelle vitesse\b|\bvitesse\b|\btokens? par seconde\b|\bcombien de tokens\b|\bquelle rapidite\b")],
        "de": [(4.0, r"\bwie schnell\b|\bgeschwindigkeit\b|\btokens? pro sekunde\b|\bwie viele tokens\b")],
        "es": [(4.0, r"\bque tan rapido\b|\bcuan rapido\b|\bvelocidad\b|\btokens? por segundo\b|\bcuantos tokens\b|\bque rapido\b")],
    },
    "what_gpu": {
        "en": [(4.0, r"\b(which|what|wat|wich|witch|wut) (gpu|gpus|card|cards|graphics card|video card|hardware)\b|\b(gpu|card) (do|would|should) i (need|get|buy)\b|\brecommend\b|\bwhat should i buy\b")],
        "it": [(4.0, r"\b(quale|quali|che) (gpu|scheda|schede|scheda video|hardware)\b|\bmi (serve|consigli)\b|\bconsigli\b")],
        "fr": [(4.0, r"\b(quelle|quelles|quel|quels) (gpu|gpus|carte|cartes|carte graphique|materiel)\b|\bconseill")],
        "de": [(4.0, r"\b(welche|welcher|welches) (gpu|gpus|grafikkarte|grafikkarten|karte|hardware)\b|\bempfiehl")],
        "es": [(4.0, r"\b(que|cual|cuales) (gpu|gpus|tarjeta|tarjetas|tarjeta grafica|hardware)\b|\brecomiend")],
    },
    "why_quant": {
        "en": [(6.0, r"\bwhy\b.{0,60}\b(quant|quants|quantization|quantisation|q\d\S*|different levels?)\b")],
        "it": [(6.0, r"\bperche\b.{0,60}\b(quant|quantizzazione|q\d\S*|livell)")],
        "fr": [(6.0, r"\bpourquoi\b.{0,60}\b(quant|quantification|quantisation|q\d\S*|niveau)")],
        "de": [(6.0, r"\bwarum\b.{0,60}\b(quant|quantisierung|q\d\S*|stufe)")],
        "es": [(6.0, r"\bpor ?que\b.{0,60}\b(quant|cuantizacion|cuantificacion|q\d\S*|nivel)")],
    },
    "accuracy": {
        "en": [(5.0, r"\bhow (accurate|reliable|precise|good) (are|is)\b|\baccura(te|cy)\b|\breliab(le|ility)\b|\b(these|your|the) (estimates|numbers|figures)\b|\btrust\b")],
        "it": [(5.0, r"\bprecis[ei]\b|\bprecisione\b|\baccurat[ei]\b|\baffidabil[ei]\b|\bstime\b|\bfidarmi\b")],
        "fr": [(5.0, r"\bprecises?\b|\bprecision\b|\bfiables?\b|\bfiabilite\b|\bestimations?\b")],
        "de": [(5.0, r"\bwie genau\b|\bgenauigkeit\b|\bzuverlassig\b|\bschatzungen\b|\bgenau sind\b")],
        "es": [(5.0, r"\bprecis[ao]s?\b|\bprecision\b|\bfiables?\b|\bestimaciones\b|\bexactitud\b")],
    },
    "two_gpus": {
        "all": [(6.0, r"\b(two|dual|due|deux|zwei|dos|2) ?x? ?(rtx |gtx |rx )?(\d{4}s?|\d{2} ?(gb|go|gib))\b")],
        "en": [(6.0, r"\b(two|2|dual|multiple|multi|second|another|extra) ?(x )?(\S+ )?(gpus?|cards?|\d{4}s)\b|\bmulti-gpu\b|\bsli\b|\bnvlink\b|\bdual\b")],
        "it": [(6.0, r"\b(due|2|seconda|un'altra|altra) (\S+ )?(gpu|schede|scheda)\b|\bmulti-?gpu\b")],
        "fr": [(6.0, r"\b(deux|2|deuxieme|seconde|autre) (\S+ )?(gpus?|cartes?)\b|\bmulti-?gpu\b")],
        "de": [(6.0, r"\b(zwei|2|zweite|zweiten|weitere) (\S+ )?(gpus?|grafikkarten?|karten?)\b|\bmulti-?gpu\b")],
        "es": [(6.0, r"\b(dos|2|segunda|otra) (\S+ )?(gpus?|tarjetas?)\b|\bmulti-?gpu\b")],
    },
    "offload": {
        "all": [(6.5, r"\b(too big|too large|troppo grande|trop gros|trop grand|zu gross|demasiado grande)\b")],
        "en": [(6.5, r"\boffload(ing)?\b|\b(does ?n.?t|does not|won.?t|will not|not) fit\b|\bsystem (ram|memory)\b|\bcpu\b|\bsplit\b.{0,30}\bram\b")],
        "it": [(6.5, r"\boffload\b|\bnon (ci )?(entra|sta|sta in)\b|\bram di sistema\b|\bcpu\b|\bscaricare sulla cpu\b")],
        "fr": [(6.5, r"\boffload\b|\bdechargement\b|\bdecharger\b|\bne (rentre|tient) pas\b|\bram systeme\b|\bcpu\b|\bprocesseur\b")],
        "de": [(6.5, r"\boffload\b|\bauslager|\bpasst nicht\b|\bcpu\b|\barbeitsspeicher\b|\bsystem-?ram\b|\bprozessor\b")],
        "es": [(6.5, r"\boffload\b|\bdescargar en la cpu\b|\bno cabe\b|\bcpu\b|\bram del sistema\b|\bprocesador\b")],
    },
    "open_source": {
        "en": [(5.0, r"\bopen[- ]?(source|weights?)\b|\blicen[cs]e\b|\bis \S+( \S+){0,4} open\b|\bproprietary\b|\bfree to use\b|\bcommercial use\b")],
        "it": [(5.0, r"\bopen[- ]?source\b|\blicenza\b|\bpesi aperti\b|\b(e|sono) (aperto|libero|open)\b|\bcodice aperto\b|\buso commerciale\b")],
        "fr": [(5.0, r"\bopen[- ]?source\b|\blicence\b|\bpoids ouverts\b|\blibre\b|\bcode ouvert\b|\busage commercial\b")],
        "de": [(5.0, r"\bopen[- ]?source\b|\blizenz\b|\boffene gewichte\b|\bquelloffen\b|\bfrei verfugbar\b|\bkommerziell\b")],
        "es": [(5.0, r"\bopen[- ]?source\b|\bcodigo abierto\b|\blicencia\b|\bpesos abiertos\b|\bes libre\b|\buso comercial\b")],
    },
    "parameters": {
        "en": [(5.0, r"\bhow many param(eter)?s?\b|\bparam(eter)?s?\b|\bparameter count\b|\bhow big is\b|\bhow large is\b")],
        "it": [(5.0, r"\bparametri\b|\bquanto e grande\b")],
        "fr": [(5.0, r"\bparametres?\b|\bquelle taille\b")],
        "de": [(5.0, r"\bparameter\b|\bwie gross ist\b")],
        "es": [(5.0, r"\bparametros\b|\bque tamano\b|\bcuan grande\b")],
    },
    "maker": {
        "en": [(6.0, r"\bwho (made|makes|created|developed|built|trained|released|is behind|owns)\b|\bwhose\b|\b(which|what) (company|lab|org|organization)\b|\bmade by\b|\bdeveloper\b")],
        "it": [(6.0, r"\bchi (ha )?(fatto|creato|sviluppato|addestrato|rilasciato|c'e dietro|produce)\b|\bdi chi e\b|\bquale (azienda|societa|laboratorio)\b|\b(creato|sviluppato|fatto) da\b")],
        "fr": [(6.0, r"\bqui (a )?(cree|fait|developpe|entraine|publie|sorti|lance|est derriere)\b|\bde qui est\b|\bquelle (entreprise|societe|boite)\b|\b(cree|developpe) par\b")],
        "de": [(6.0, r"\bwer (hat|steckt)\b|\bvon wem\b|\bwelche (firma|organisation|unternehmen)\b|\bentwickelt von\b|\bhersteller\b")],
        "es": [(6.0, r"\bquien (hizo|creo|desarrollo|entreno|lanzo|saco|esta detras|hace)\b|\bde quien es\b|\bque (empresa|compania|laboratorio)\b|\b(creado|desarrollado|hecho) por\b")],
    },
    "release": {
        "en": [(6.0, r"\bwhen (was|did|is)\b.{0,50}\b(release|released|come out|came out|launch|launched|published|announced|out)\b|\brelease date\b|\bhow old\b")],
        "it": [(6.0, r"\bquando (e|fu|e stato|e stata|hanno)\b.{0,40}\b(uscito|uscita|rilasciato|rilasciata|pubblicato|presentato|lanciato)\b|\bdata di (uscita|rilascio)\b|\bquando e uscito\b|\bquando\b.{0,40}\buscit")],
        "fr": [(6.0, r"\bquand\b.{0,50}\b(sorti|sortie|publie|lance|annonce)\b|\bdate de (sortie|publication)\b")],
        "de": [(6.0, r"\bwann\b.{0,50}\b(erschienen|veroffentlicht|rausgekommen|herausgekommen|vorgestellt|released)\b|\berscheinungsdatum\b|\bwie alt\b")],
        "es": [(6.0, r"\bcuando\b.{0,50}\b(salio|lanzado|lanzo|publicado|publico|presentado|lanzaron)\b|\bfecha de (lanzamiento|salida|publicacion)\b")],
    },
    "purpose": {
        "en": [(5.0, r"\bwhat (is|s|are)\b.{1,40}\b(for|used for|good for|good at)\W*$|\bwhat does\b.{1,40}\bdo\b|\bused for\b|\bpurpose\b|\bwhat can \S+( \S+){0,3} do\b|\buse cases?\b")],
        "it": [(5.0, r"\ba (cosa|che) serve\b|\bper cosa\b|\bcosa fa\b|\ba che cosa serve\b|\bscopo\b")],
        "fr": [(5.0, r"\ba quoi sert\b|\bsert a quoi\b|\bque fait\b|\bca sert\b|\butilite\b|\bfait quoi\b")],
        "de": [(5.0, r"\bwofur\b|\bwozu\b|\bwas macht\b|\bzweck\b|\bwas kann\b \S+( \S+){0,3} (tun|machen)\b")],
        "es": [(5.0, r"\bpara que sirve\b|\bpara que se usa\b|\bque hace\b|\bproposito\b|\bpara que es\b")],
    },
    "download": {
        "en": [(6.0, r"\bdownload\b|\bwhere (can|do|to|should) (i )?(get|find|grab)\b|\bhugging ?face\b|\bweights? link\b|\blink to\b")],
        "it": [(6.0, r"\bscaric(are|o|arlo|arla)\b|\bdove (lo |la )?(trovo|prendo|posso trovare)\b|\bdownload\b")],
        "fr": [(6.0, r"\btelecharg|\bou (le |la )?(trouver|trouve|recuperer)\b|\bdownload\b")],
        "de": [(6.0, r"\bherunterlad|\brunterlad|\bwo (bekomme|finde|kriege|gibt)\b|\bdownload\b")],
        "es": [(6.0, r"\bdescargar(lo|la)?\b(?!.{0,30}\bcpu\b)|\bdonde (lo |la )?(consigo|encuentro|bajo)\b|\bbajar(lo|la)?\b|\bdownload\b")],
    },
    "compute": {
        "en": [(6.0, r"\b(training )?compute\b|\bflops?\b|\bhow (much|expensive) .{0,30}\btrain|\bgpu[- ]hours\b|\bcost to train\b")],
        "it": [(6.0, r"\bcalcolo\b|\bflops?\b|\bquanto (e )?costato (addestrar|allenar)|\bpotenza di calcolo\b|\bcompute\b")],
        "fr": [(6.0, r"\bcalcul\b|\bflops?\b|\bpuissance de calcul\b|\bcompute\b|\bcout d.entrainement\b")],
        "de": [(6.0, r"\brechenaufwand\b|\brechenleistung\b|\btrainingsaufwand\b|\bflops?\b|\bcompute\b|\brechenzeit\b")],
        "es": [(6.0, r"\bcomputo\b|\bflops?\b|\bpotencia de calculo\b|\bcompute\b|\bcalculo\b")],
    },
    "card_models": {
        "en": [(4.0, r"\bwhat can (i|my|a|an|the)\b.{0,40}\b(run|handle|fit)\b|\b(which|what) (models?|llms?)\b|\bwhat (runs|will run|fits)\b|\bwhat (should|could) i run\b|\bbest models? (for|on)\b")],
        "it": [(4.0, r"\bcosa (posso|ci posso|riesco a) (far girare|usare|eseguire|girare|caricare)\b|\bquali modelli\b|\bche modelli\b|\bcosa gira\b|\bcosa ci gira\b")],
        "fr": [(4.0, r"\bque (puis-je|je peux|peut) .{0,30}(tourner|faire tourner|lancer|executer)\b|\bquels? modeles?\b|\bqu.est-ce qu(i|e) .{0,30}tourne|\bquoi faire tourner\b")],
        "de": [(4.0, r"\bwas (kann|lauft|laufen|passt)\b.{0,40}\b(laufen|lassen|ausfuhren|drauf)?\b|\bwelche modelle?\b")],
        "es": [(4.0, r"\bque (puedo|se puede) (correr|ejecutar|usar|mover)\b|\bque modelos?\b|\bcuales modelos\b|\bque corre\b")],
    },
    "compare": {
        "en": [(4.0, r"\bcompare\b|\bcomparison\b|\bvs\.?\b|\bversus\b|\bdifference between\b|\bwhich is better\b|\bbetter\b.{0,40}\bor\b")],
        "it": [(4.0, r"\bconfront(a|are|o)\b|\bparagon|\bmeglio\b.{0,40}\bo\b|\bdifferenza tra\b|\bvs\b")],
        "fr": [(4.0, r"\bcompar(e|er|aison)\b|\bmieux\b.{0,40}\bou\b|\bdifference entre\b|\bvs\b")],
        "de": [(4.0, r"\bvergleich(e|en)?\b|\bbesser\b.{0,40}\boder\b|\bunterschied zwischen\b|\bvs\b")],
        "es": [(4.0, r"\bcompar(a|ar|acion)\b|\bmejor\b.{0,40}\bo\b|\bdiferencia entre\b|\bvs\b")],
    },
    "longest_context": {
        "en": [(6.0, r"\b(longest|max|maximum|biggest|largest|most) (context|ctx)\b|\bhow (much|long|big) (a )?(context|ctx)\b|\bcontext (can|could) i\b|\bmax(imum)? context length\b")],
        "it": [(6.0, r"\bcontesto (piu lungo|massimo|maggiore)\b|\bquanto contesto\b|\bmassimo contesto\b|\bcontesto .{0,20}\bmassimo\b")],
        "fr": [(6.0, r"\bcontexte (le plus long|maximal|maximum|max)\b|\bcombien de contexte\b|\bquel contexte\b|\bplus long contexte\b")],
        "de": [(6.0, r"\b(langste|langsten|maximale|maximalen|grosste|grossten) kontext|\bwie viel kontext\b|\bwie lang.{0,20}kontext\b|\bmax(imal)?e? kontextlange\b")],
        "es": [(6.0, r"\bcontexto (mas largo|maximo|mas grande)\b|\bcuanto contexto\b|\bmaximo contexto\b")],
    },
    "model_info": {
        "en": [(2.5, r"\btell me (about|more)\b|\binfo\b|\binformation\b|\bdetails\b|\bdescribe\b"),
               (1.0, r"\bwhat is\b|\bwhat s\b")],  # weak: "what is" starts many other questions
        "it": [(2.5, r"\bparlami di\b|\binformazioni\b|\binfo\b|\bdimmi (di|qualcosa)\b"),
               (1.0, r"\bcos.e\b|\bche cos.e\b")],
        "fr": [(2.5, r"\bparle[- ]moi\b|\binfos?\b|\binformations\b|\bdis-moi\b"),
               (1.0, r"\bc.est quoi\b|\bqu.est-ce que\b")],
        "de": [(2.5, r"\berzahl\b|\binfos?\b|\binformationen\b|\bdetails\b"),
               (1.0, r"\bwas ist\b")],
        "es": [(2.5, r"\bhablame\b|\binformacion\b|\binfo\b|\bdetalles\b|\bcuentame\b"),
               (1.0, r"\bque es\b")],
    },
    "help": {
        "en": [(6.0, r"^\W*(help|commands?|usage|\?)\W*$|\bhow (do|does|can) (i|you) use (you|this|the bot)\b|\bwhat can you do\b|\bhelp me\b|\bwhat do you do\b")],
        "it": [(6.0, r"^\W*(aiuto|comandi)\W*$|\bcosa (sai|puoi) fare\b|\bcome (si usa|funzioni|ti uso)\b|\baiuto\b")],
        "fr": [(6.0, r"^\W*(aide|commandes)\W*$|\bque (sais|peux)-tu faire\b|\bcomment (tu marches|t.utiliser|ca marche)\b|\baide\b")],
        "de": [(6.0, r"^\W*(hilfe|befehle)\W*$|\bwas kannst du\b|\bwie (benutze|nutze) ich (dich|den bot)\b|\bhilfe\b")],
        "es": [(6.0, r"^\W*(ayuda|comandos)\W*$|\bque (sabes|puedes) hacer\b|\bcomo (te uso|funcionas)\b|\bayuda\b")],
    },
}

# Language hints: (weight, folded words). Words shared by two languages get low weights.
_LANG_WORDS: dict[str, list[tuple[float, str]]] = {
    "en": [(2.0, "what how can does do much many which who when why the my need run is are will would i "
                 "fast fastest much it tell about download released made compare smallest help for on of "
                 "at top speed requirements count training max cards runs fit usage get got have has with"),
           (0.5, "gpu card model context")],
    "it": [(2.0, "gira girare quanta quanto quanti quale quali posso scheda schede mia mio della dello "
                 "serve cosa perche chi quando uscito confronta piu veloce parlami sono aiuto il gli di "
                 "e' fatto creato contesto dove scaricare ci sta migliori aiutano girano le schede"),
           (0.7, "una con che la mi per su da")],
    "fr": [(2.0, "tourne tourner combien quelle quel quels quelles faut puis-je mon ma ma carte cartes est-ce "
                 "pourquoi qui quand sorti vitesse plus les des une du au avec sur aide telecharger "
                 "contexte peut je ou rapide parle-moi c'est pour quoi ces sont elles aident il sert est-il"),
           (0.7, "la de que le est un")],
    "de": [(2.0, "wie viel viele braucht brauche kann welche welcher meine meiner mit lauft laufen "
                 "schnell wer wann warum ich ist die der das und grafikkarte karte hilfe erschienen "
                 "kontext von zwei vergleiche oder wo auf einer einem fur uber mir was beste passt nicht "
                 "helfen erzahl"),
           (0.5, "es")],
    "es": [(2.0, "que cuanta cuanto cuantos necesito puedo correr tarjeta tarjetas cual cuales "
                 "quien cuando salio velocidad los las del para hablame ayuda descargar rapido "
                 "contexto donde es mejor dos necesita corre"),
           (0.7, "una con mi de la en un")],
}


@cache
def _patterns() -> tuple[Pattern, ...]:
    return tuple(
        Pattern(intent, lang, weight, re.compile(src))
        for intent, by_lang in _INTENT_TABLE.items()
        for lang, rows in by_lang.items()
        for weight, src in rows
    )


@cache
def _lang_weights() -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for lang, rows in _LANG_WORDS.items():
        for weight, words in rows:
            for w in words.split():
                out.setdefault(w, {})[lang] = max(out.get(w, {}).get(lang, 0.0), weight)
    return out


@cache
def _stopwords() -> frozenset[str]:
    """Function words plus every plain word the intent patterns use: none of them names a thing."""
    words = {w for line in _FUNCTION_WORDS.splitlines() if not line.startswith("#") for w in line.split()}
    for by_lang in _INTENT_TABLE.values():
        for rows in by_lang.values():
            for _w, src in rows:
                plain = re.sub(r"\\[a-zA-Z]", " ", src)  # drop \b, \S… before reading words
                words.update(w for w in re.findall(r"[a-z]{3,}", plain))
    # Words that are also parts of names: keep them out of the stop list.
    words -= {"ti", "super", "max", "mini", "pro", "small", "large", "base", "air", "next", "coder", "x",
              "xt", "xtx", "d", "m", "vl", "vision", "instruct", "turbo", "flash", "plus", "ultra", "rtx", "gtx",
              "rx", "code", "nano", "lite", "medium", "thinking", "chat", "arc", "titan", "tesla", "quadro"}
    return frozenset(words)


# --------------------------------------------------------------------------- entity spans
@dataclass
class Span:
    start: int
    end: int  # exclusive
    kind: str  # "model" | "gpu"
    res: Resolution
    text: str

    @property
    def score(self) -> float:
        top = self.res.best or (self.res.candidates[0] if self.res.candidates else None)
        return top.score if top else 0.0


_ON_WORDS = frozenset({"on", "su", "sur", "auf", "en", "with", "con", "avec", "mit", "my", "mia", "mio", "ma",
                       "mon", "meine", "meiner", "meinem", "mi", "una", "une", "einer", "einem", "a", "an",
                       "sulla", "sul", "vs", "and", "e", "et", "und", "y", "or", "o", "ou", "oder"})
_MAX_SPAN = 7


def _content(tok: Token, stop: frozenset[str]) -> bool:
    return not tok.used and tok.low not in stop


def _find_spans(toks: list[Token], models: Resolver, gpus: Resolver) -> tuple[list[Span], list[str]]:
    """Resolved spans in reading order, and the runs of content words nothing matched."""
    stop = _stopwords()
    # Chunks: maximal runs of content tokens.
    chunks: list[tuple[int, int]] = []
    i = 0
    while i < len(toks):
        if _content(toks[i], stop):
            j = i
            while j < len(toks) and _content(toks[j], stop):
                j += 1
            chunks.append((i, j))
            i = j
        else:
            i += 1
    spans: list[Span] = []
    unknown: list[str] = []
    taken = [False] * len(toks)
    for a, b in chunks:
        # 1. exact names, longest first (cheap dictionary lookups)
        for n in range(min(_MAX_SPAN, b - a), 0, -1):
            for s in range(a, b - n + 1):
                if any(taken[s: s + n]):
                    continue
                text = " ".join(t.text for t in toks[s: s + n])
                if len(text) < 2 or (n == 1 and toks[s].low.isdigit() and len(toks[s].low) < 3):
                    continue
                for kind, resolver in _kind_order(toks, s, models, gpus):
                    res = resolver.lookup(text)
                    if res is not None:
                        spans.append(Span(s, s + n, kind, res, text))
                        for k in range(s, s + n):
                            taken[k] = True
                        break
        # 2. leftovers go through the fuzzy resolvers, trimmed from the edges if need be
        k = a
        while k < b:
            if taken[k]:
                k += 1
                continue
            e = k
            while e < b and not taken[e]:
                e += 1
            _fuzzy_run(toks, k, e, models, gpus, spans, unknown)
            k = e
    spans.sort(key=lambda sp: sp.start)
    return spans, unknown


def _kind_order(toks: list[Token], s: int, models: Resolver, gpus: Resolver) -> list[tuple[str, Resolver]]:
    """A word like "on"/"my"/"su" before the span makes it a card first; otherwise a model first."""
    if s > 0 and toks[s - 1].low in _ON_WORDS:
        return [("gpu", gpus), ("model", models)]
    return [("model", models), ("gpu", gpus)]


def _fuzzy_run(
    toks: list[Token], a: int, b: int, models: Resolver, gpus: Resolver,
    spans: list[Span], unknown: list[str], depth: int = 0,
) -> None:
    """Best fuzzy span inside toks[a:b] (the whole run, then with words trimmed off either end);
    what is left on either side is searched the same way ("lama 3 8b rtx 3080 tii")."""
    tries = [(a, b)]
    for cut in (1, 2):
        if b - a > cut:
            tries += [(a + cut, b), (a, b - cut)]
    best: Span | None = None
    for s, e in tries:
        text = " ".join(t.text for t in toks[s:e])
        if len(text.replace(" ", "")) < 3:
            continue
        for kind, resolver in _kind_order(toks, s, models, gpus):
            res = resolver.resolve(text)
            if res.best is None and not res.ambiguous:
                continue
            if e - s == 1 and not any(ch.isdigit() for ch in text) and (res.best is None or res.best.score < 90):
                continue  # one plain word, loosely matched: an ordinary word ("corren" ≈ "CoRe"), not a name
            if res.best is None and text.replace(".", "").isdigit():
                continue  # a bare number that only starts names ("under 1000 dollars") is not a card
            span = Span(s, e, kind, res, text)
            if best is None or span.score > best.score + 1e-9:
                best = span
        if best is not None and best.res.best is not None and best.score >= 95:
            break
    if best is None:
        unknown.append(" ".join(t.text for t in toks[a:b]))
        return
    spans.append(best)
    if depth < 2:
        for s, e in ((a, best.start), (best.end, b)):
            if e > s and len("".join(t.text for t in toks[s:e])) >= 3:
                _fuzzy_run(toks, s, e, models, gpus, spans, unknown, depth + 1)


# --------------------------------------------------------------------------- language and intent
def detect_language(folded: str, raw: str = "") -> str | None:
    """Language by weighted keyword scores; None when no keyword or a tie."""
    weights = _lang_weights()
    score = dict.fromkeys(LANGS, 0.0)
    if re.search(r"(^|\s)è(\s|$)", raw.casefold()):
        score["it"] += 2.0  # "è" alone is Italian's "is"
    for w in set(re.findall(r"[a-z]+(?:'[a-z]*)?", folded)) | set(re.findall(r"[a-z]+(?:-[a-z]+)+", folded)):
        for lang, wt in weights.get(w, {}).items():
            score[lang] += wt
    if "¿" in folded or "¡" in folded:
        score["es"] += 3
    if re.search(r"\b(qu|l|d|j|c)'", folded):
        score["fr"] += 1.5
    if re.search(r"\b(un|dell|nell|sull|quest|c)'", folded):
        score["it"] += 1.0
    ranked = sorted(score.items(), key=lambda kv: -kv[1])
    if ranked[0][1] <= 0 or ranked[0][1] == ranked[1][1]:
        return None
    return ranked[0][0]


def _intent(folded: str, has_model: bool, n_cards: int, has_memory: bool, has_context: bool) -> str:
    # PARSER_INTENTS (answers.intents_table) is in tie-breaking order: more specific questions first.
    scores = dict.fromkeys(PARSER_INTENTS, 0.0)
    for p in _patterns():
        if p.regex.search(folded):
            # One hit per intent per language is enough; several languages do not add up twice.
            scores[p.intent] = max(scores[p.intent], p.weight)
    # Entity priors: what the question is about when the words leave it open.
    if has_model and has_memory:
        scores["can_run"] += 2.5
    if has_model and n_cards == 1:
        scores["can_run"] += 2.5
        scores["speed"] += 0.5
    if n_cards >= 2:
        # Two named cards: "is X faster on A or B" is a comparison even with "faster" in it.
        scores["compare"] += 4.5 if has_model else 1.5
    if n_cards >= 1 and not has_model:
        scores["card_models"] += 2.5
        for intent in ("can_run", "vram", "parameters", "maker", "release", "purpose", "download", "compute",
                       "open_source", "model_info"):
            scores[intent] -= 2.0  # these are about a model
    if has_memory and not has_model and n_cards == 0:
        scores["card_models"] += 2.0
    if has_model and n_cards == 0 and not has_memory:
        scores["model_info"] += 2.0
    if has_model:
        scores["help"] -= 4.0
    if has_model and has_context:
        scores["vram"] += 1.0
    if not has_model and n_cards == 0:
        for intent in ("can_run", "vram", "speed", "model_info"):
            scores[intent] -= 1.0
    best = max(PARSER_INTENTS, key=lambda k: (scores[k], -PARSER_INTENTS.index(k)))
    return best if scores[best] >= 2.0 else "fallback"


# --------------------------------------------------------------------------- entry point
def parse(question: str, models: Resolver, gpus: Resolver) -> Parsed:
    """Intent, language and entities of one free-text question."""
    text = clean(question)
    toks = tokenize(text)
    folded = " ".join(t.low for t in toks)
    language = detect_language(fold(text), text)

    quant = _find_quant(toks)
    context, _ = _find_context(toks, gpus)
    memory, mem_at = _find_memory(toks)
    spans, unknown = _find_spans(toks, models, gpus)

    model_span = max((s for s in spans if s.kind == "model"), key=_span_rank, default=None)
    cards = [s for s in spans if s.kind == "gpu"][:2]

    # "rtx 3060 12gb": a size right after a card is part of the card's name when that is a card.
    if cards and memory is not None and mem_at == cards[0].end:
        fuller = f"{cards[0].text} {toks[mem_at].text}" + (
            f" {toks[mem_at + 1].text}" if mem_at + 1 < len(toks) and not _MEM_GLUED_RE.match(toks[mem_at].low) else ""
        )
        res = gpus.resolve(fuller)
        if res.best is not None and res.best.score >= 100:
            cards[0] = Span(cards[0].start, mem_at + 1, "gpu", res, fuller)
            memory = None

    # A card-shaped phrase nothing matched ("rtx 9999"): keep it as the card, so the engine answers
    # "no such card" instead of quietly answering without it.
    unknown_card = None
    if not cards:
        for phrase in unknown:
            hit = _CARD_SHAPE_RE.search(phrase.casefold())
            if hit:
                unknown_card = phrase[hit.start():]
                unknown.remove(phrase)
                break
    n_cards = len(cards) + (unknown_card is not None)
    intent = _intent(folded, model_span is not None, n_cards, memory is not None, context is not None)
    model_text = _value(model_span)
    if model_span is None and unknown:
        # Words nothing matched ("can I run llama 9 on 12 GB"): if the question reads as one about a
        # model, hand them on as the model so the engine answers "not found" with suggestions.
        guess = max(unknown, key=len)
        as_model = _intent(folded, True, n_cards, memory is not None, context is not None)
        # Intents about one model: an unmatched name in such a question is a model name.
        if as_model in PARSER_MODEL_INTENTS and len(guess.replace(" ", "")) >= 3:
            intent, model_text = as_model, guess
    return annotate_setup(Parsed(
        intent=intent,
        language=language,
        model=model_text,
        card=_value(cards[0]) if cards else unknown_card,
        card2=_value(cards[1]) if len(cards) > 1 else None,
        memory_gb=memory,
        context=context,
        quant=quant,
        model_span=model_span.text if model_span else (model_text if model_text else None),
        card_span=cards[0].text if cards else unknown_card,
        card2_span=cards[1].text if len(cards) > 1 else None,
    ), question)


# Vendor series words followed by a model number: how people type a graphics card.
_CARD_SHAPE_RE = re.compile(
    r"\b(?:rtx|gtx|rx|radeon|geforce|quadro|tesla|instinct|arc)\s*[a-z]?\d{2,5}\b"
    r"|\bm\d{1,2}\s+(?:pro|max|ultra)\b|\bmi\d{3}[a-z]?\b"  # Apple chips ("m9 ultra"), Instinct parts ("mi400")
)


def _span_rank(span: Span) -> tuple[float, int]:
    return (span.score + (5 if span.res.best is not None else 0), span.end - span.start)


def _value(span: Span | None) -> str | None:
    if span is None:
        return None
    return span.res.best.name if span.res.best is not None else span.text


def make_parser(models: Resolver, gpus: Resolver) -> Callable[[str], Parsed]:
    """A one-argument parse() bound to the catalog's resolvers."""
    return lambda question: parse(question, models, gpus)
