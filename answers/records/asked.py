"""What is asked, typed, whichever way it came in: the one record between the reading and the facts.

A typed question (`answers.reading.question.read`: one reading of its text) and a slash command's or the
CLI's fields (`answers.reading.options.from_fields`) both become an `Asked`. The intent is then decided from
it in one place (answers/facts/routing.py), which changes it only through `msgspec.structs.replace`; the
facts resolve its names (answers/facts/entities.py). Nothing after it reads the question's text: what a
later stage needs of the words (the language, the spans as typed for "did you mean", an image model or a
phone named) is a field here, read once.
"""

from __future__ import annotations

from msgspec import Struct

from catalog.records import GpuRecord, ModelRecord


class CpuOnly(Struct, frozen=True):
    """A question with no graphics card: the RAM it names (size, type), None where it names none."""

    ram_gb: float | None = None
    ram_type: str | None = None
    ram_mts: int | None = None  # "ddr5-6000": answers/reading/ram_words.py
    ram_channels: int | None = None


# A setup as read: each card or chip as typed, with its count ("2x 3090 + 3060" → (("3090", 2), ("3060", 1))).
Parts = tuple[tuple[str, int], ...]


class OutOfScope(Struct, frozen=True):
    """What puts a question outside the estimator: `kind` (phone, board, speech, embedding, fine_tuning,
    from_scratch) and the phrase that says it, as typed (folded)."""

    kind: str
    named: str
    generic: bool = False  # the phrase names no model or device ("embedding", "my phone")
    said: str | None = None  # a phone or board with the model words after its phrase ("pixel 8 pro", "orange pi 5")


class MediaAsked(Struct, frozen=True):
    """An image, video, speech or embedding model, a phone or a board named (answers/reading/media_words.py)."""

    model: str | None = None  # a curated media record's name
    model2: str | None = None  # a second one named beside it ("flux schnell or sdxl"): both answered
    more: tuple[str, ...] = ()  # more of the same kind beyond the two ("X vs Y vs Z"): each answered after them
    kind_word: str | None = None  # image | video | speech | embedding, said without a model
    device: str | None = None  # a device record's name
    device_said: str | None = None  # the phrase that named it ("pixel 9 pro"): a phone's own memory
    # a second phone or board named beside it ("my pixel 9 pro, or an iphone 16 pro?"): both answered
    device2: str | None = None
    device2_said: str | None = None
    phone_generic: bool = False  # "my phone" with no chip named
    steps: int | None = None
    width: int | None = None
    height: int | None = None
    frames: int | None = None
    seconds: float | None = None  # seconds of video asked for
    precision: str | None = None  # bf16 | fp8 | Q8_0 | Q4_K_S | nf4 | int8
    tts: tuple[str, ...] = ()  # text-to-speech models named (catalog/data/media/tts.json), in catalog order
    tts_generic: bool = False  # text to speech asked about without a model ("tts local on cpu, which?")
    # a release of `model` the catalog lacks, as typed ("hunyuanvideo 1.5"): the answer says its figures are the
    # catalog's release, not that one
    other_release: str | None = None
    audio_seconds: float | None = None  # audio to transcribe ("2 hours of audio"): the answer gives its time
    items: int | None = None  # texts to embed or pairs to rerank ("2 million chunks"): the answer gives the total time
    items_long: bool = False  # the texts counted are whole long documents ("300k pdf"), not chunks
    # a voice assistant (speech to text + a language model + text to speech, answers/facts/voice_turn.py): the
    # speech-to-text model named beside the voice, and whether the whole turn is asked about
    stt: str | None = None
    voice: bool = False
    cloning: bool = False  # "voice cloning", "clonare la voce": the voices that make a voice from a short clip

    @property
    def any(self) -> bool:
        return bool(self.model or self.kind_word or self.device or self.phone_generic or self.tts
                    or self.tts_generic)


class Budget(Struct, frozen=True):
    """A price said ("under 400 bucks", a budget field "500 €"): checked against the known currencies and
    the largest amount by the facts (answers/facts/entities.py), which turn it into budget facts."""

    amount: float
    currency: str  # "USD", "EUR", "GBP", "BRL"… (the language's usual one when none was said)
    currency_said: bool = True  # False: the currency was assumed from the asker's language
    whole: bool = False  # for the whole machine ("$2500 total", "PC completo"), not the cards alone
    used: bool = False  # the asker would buy second-hand ("usada de preferencia", "gebraucht")


class PowerAsked(Struct, frozen=True):
    """A power question's conditions (answers/reading/power_words.py): the price of a kilowatt-hour and the hours a
    day the machine runs, each None when not said."""

    price_kwh: float | None = None
    currency: str | None = None  # "EUR", "USD"… (the language's usual one when only a number or "cents" was said)
    currency_said: bool = False
    hours_per_day: float | None = None


class KvAsked(Struct, frozen=True):
    """A question about the KV cache itself (answers/reading/kv_words.py): its size, how it is computed, why a
    runtime's memory grows with the context, or quantizing it against a lower weights' level."""

    types: tuple[str, ...] = ()  # the cache types named for the cache ("f16", "q8_0", "q4_0"), in order
    trade: bool = False  # weighs quantizing the cache against a lower weights' level ("q8 kv or Q6 to Q4?")
    context_setting: bool = False  # a runtime's context setting named (Ollama's num_ctx)


class TrainAsked(Struct, frozen=True):
    """A fine-tuning question's conditions (answers/reading/train_words.py): the examples, the training tokens in
    all, an example's length, the epochs, the method and the rental cloud named; None where not said."""

    examples: float | None = None
    tokens: float | None = None  # the dataset's tokens (one epoch), said outright ("1b tokens")
    example_tokens: float | None = None  # one example's length ("500 tokens each")
    epochs: float | None = None
    method: str | None = None  # "qlora" | "lora" (a full fine-tune is its own out-of-scope kind)
    provider: str | None = None  # "RunPod", "Vast.ai", "Lambda": the names of estimator/data/rental_prices.json
    dataset_mb: float | None = None  # the dataset said by its size ("a 200 MB dataset"): tokens from its bytes
    trainers: tuple[str, ...] = ()  # training programs named ("Unsloth", "ai-toolkit", "kohya_ss"), in file order
    steps: int | None = None  # training steps said ("2000 steps"): an image LoRA's run length
    sequence: int | None = None  # a training sequence's length said ("seq len 4096", "8k seq len"), in tokens
    tool_asked: bool = False  # which training program to use is asked ("which tool", "unsloth does multi gpu?")


class SpeaksAsked(Struct, frozen=True):
    """A language the question judges models in (answers/reading/language_words.py): its ISO 639-1 code, whether a
    variety was named ("European Portuguese"), and the model names typed beside it, as typed."""

    language: str
    variety: bool = False
    names: tuple[str, ...] = ()


class Asked(Struct, frozen=True):
    """The entities and refinements of one ask, before any name resolves.

    Fields marked *said* are what the question or the fields say; fields marked *decided* are set only by
    answers/facts/routing.py while it decides the intent (their defaults mean "nothing decided")."""

    # -- how it was asked (a question's; a command's fields leave them unset)
    intent: str | None = None  # the reader's intent (one of answers.api.INTENTS); routing decides the answer's
    language: str | None = None  # "en", "it", "fr", "de", "es", "pt"; None when the words do not tell
    # -- what the answer is about (names as typed or resolved by the reader; records a caller holds)
    model: str | ModelRecord | None = None  # the model; a generic stand-in record once routing sized it
    model2: str | ModelRecord | None = None  # a second model: side by side ("X vs Y") or loaded at once
    card: str | GpuRecord | None = None  # one card, or the first card of a setup
    card2: str | GpuRecord | None = None  # a second card, set side by side
    card_typed: str | None = None  # the card's words exactly as typed (its variants are said back)
    card2_typed: str | None = None  # the second card's words as typed
    model_span: str | None = None  # the model's words as typed ("I don't know «lama 9»")
    model2_span: str | None = None  # the second model's words as typed
    memory_gb: float | None = None  # an amount of memory asked about ("on 12 GB"), no card named
    # -- the hardware the asker owns, when it is more than one plain card
    setup: Parts | None = None  # cards with counts, a Mac by its memory, a card with RAM beside it
    setup2: Parts | None = None  # a second setup set side by side ("2x 3090 or one a6000")
    more_sides: tuple[Parts, ...] = ()  # sides beyond the second ("3090 vs 4060 ti vs 5060 ti"), each answered
    gpu_count: int | None = None  # cards in the setup, when more than one (reported in a refusal)
    ram_gb: float | None = None  # system RAM beside the cards
    ram_type: str | None = None  # "DDR5"; said, or the named CPU platform's
    ram_mts: int | None = None  # "ddr5-6000": the RAM's speed, MT/s
    ram_channels: int | None = None  # "12 channels"
    cpu: CpuOnly | None = None  # no graphics card ("no gpu, 64gb ram"): the machine's RAM is the memory
    cpu_named: str | None = None  # "i9 13900k": a processor named as the device, said back
    chip_named: str | None = None  # "ryzen ai max+ 395": a processor with its own graphics, the machine's chip
    # -- options of the estimate
    context: int | None = None  # tokens (a prompt's length when longer: the cache holds the prompt)
    quant: str | None = None  # one level asked for ("Q4_K_M")
    cache_type: str | None = None  # the KV cache's type ("q8_0")
    task: str | None = None  # "coding", "vision"…: only models good at it
    budget: Budget | None = None  # a price to stay within, or a card's asked price
    # a card's price where the asker lives, said beside a budget ("3090 usada ta uns 4 mil aqui"): the card's
    # number as typed and the price, used for that card instead of the kept ones
    local_price: tuple[str, Budget] | None = None
    # every card's price said beside the budget, in order ("5090 tá uns 18k aqui, 3090 usada uns 4500"), the
    # over-budget ones too: each card of a comparison is priced at the asker's figure
    local_prices: tuple[tuple[str, Budget], ...] = ()
    prompt_tokens: int | None = None  # "how long for a 32k prompt": the prompt's length
    users: int | None = None  # "vllm 4 users": people served at once
    per_day: int | None = None  # "200 users a day": a daily count, turned into people at once by the facts
    per_day_requests: bool = False  # that count is of requests ("500 requests per day"), not people
    backend: str | None = None  # "vulkan", "rocm": the runtime a prefill figure is for
    observed_tok_s: float | None = None  # "my 7900 xtx gets 20 t/s": a speed the asker states
    target_tok_s: float | None = None  # "which gpu for 100 tok/s on X": a speed wanted, no hardware named
    # -- said, read by routing to decide the intent (never by the facts)
    intents: tuple[str, ...] = ()  # every ask of the message in reading order ("who made X and when")
    task_as_model: bool = False  # the model's words were task words only ("best coding model"): a list asked
    model_size_b: float | None = None  # a model named by its size alone ("enough for a 70b?")
    model_typed: str | None = None  # the words around that size no catalog model has ("mythomax 13b")
    model_size_stand_in: bool = False  # that size was not said ("q4 or q8?"): a stand-in, said so
    generic_sizes: tuple[float, ...] = ()  # "a 7b and a 14b at the same time": sizes loaded at once
    together: bool = False  # two models loaded at once; after routing: answered so (`model2` the second)
    quants: tuple[str, ...] = ()  # every level named ("q8 or q4 for X")
    quant_question: bool = False  # "which quant fits 24 GB"
    cheapest: bool = False  # "cheapest card for X"
    biggest: bool = False  # "biggest model for a 3090"
    memory_apart: bool = False  # a size typed apart from the one card ("16gb or a 3090")
    memory_is_ram: bool = False  # the only memory said was system RAM ("128 gigs of ddr5"), no card named
    # an asking phrase of the intent read (not only the entities' priors): the message asks something the bot
    # answers, so a topic out of scope beside it is a line, never the answer (answers/facts/routing.py)
    asked_plainly: bool = False
    courtesy: bool = False  # "thanks!": after routing, kept only for a help answer (one line)
    # -- decided by routing
    levels: tuple[str, ...] = ()  # the levels weighed against each other (why_quant)
    lead: str | None = None  # the line that comes first: "cheapest", "biggest", "levels"
    model_stand_in: bool = False  # no model named: a common one stands in, and the answer says so
    # "in offload" with no hardware named: the usual offload machine (a 24 GB card beside a server's RAM,
    # estimator machine.offload_stand_in) stands in, and the answer says so
    offload_stand_in: bool = False
    mac_unsized: str | None = None  # "or should I get a mac studio?": a Mac with no chip or memory, as typed
    # -- said, and stated back in the answer's `asked` (answers/facts/stated.py); the estimate may not use them
    more_models: tuple[str, ...] = ()  # models named beyond the first two ("X, Y or Z?")
    # a size asked apart after the model named (size, its level, the first model's line at that size as typed:
    # "…? and a 70b at q4?", "llama 3.1 8b and 70b"): answered in its own part
    more_sizes: tuple[tuple[float, str | None, str | None], ...] = ()
    context_said: int | None = None  # the context length as said (`context` may be raised to a prompt's)
    output_tokens: int | None = None  # "2000-token answers": the answer's length
    cpu_cores: int | None = None  # "16 cores"
    cpu_sockets: int | None = None  # "2x Xeon Gold 6430", "dual epyc": server processors in that many sockets
    engine: str | None = None  # "vllm", "ollama": the serving engine named (answers/lexicon/conditions.toml)
    quant_format: str | None = None  # "AWQ", "EXL2", "MLX": a weight format that is not a GGUF level
    # two engines or formats weighed, each (engine, level or format): answered on both sides
    # (answers/facts/engine_versus.py)
    versus: tuple[tuple[str | None, str | None], tuple[str | None, str | None]] | None = None
    # the sides named beyond those two ("exl3 vs gguf vs awq": AWQ), each weighed beside them
    versus_more: tuple[tuple[str | None, str | None], ...] = ()
    # every weight format and engine named, in order ("NVFP4", "FP8", "ollama", "GGUF", "UD"): a question about
    # them with no model named is answered about them (answers/facts/format_notes.py)
    formats_named: tuple[str, ...] = ()
    device: str | None = None  # "MacBook Pro M3 Max", "Jetson Orin Nano": a machine named, not a card
    ram_from_platform: tuple[str, ...] = ()  # RAM keys a named CPU platform filled in (assumed, not said)
    # -- what else the words say, for the answers outside language models' ratings (a question's only)
    image_model: str | None = None  # "do I need a 5090 for Flux?": an image model named outside a model name
    cpu_only: bool = False  # "without a gpu", "no gpu, 64gb ram": the graphics card left out
    # a topic the bot does not answer ("install cuda", "fan noise", "smarter than", "open webui", "jailbreak",
    # "rumours"): answers/lexicon/off_topic.toml, read by answers/reading/off_topic_words.py
    off_topic: str | None = None
    out_of_scope: OutOfScope | None = None  # a phone, a board, speech, embeddings, fine-tuning: not rated
    media: MediaAsked | None = None  # an image/video/speech/embedding model, a phone or a board
    unread: tuple[str, ...] = ()  # words read as a condition the reader could not place ("8 cores performance")
    # what the message asks beside its main question ("and how many experts?", "decode and pp", "x1 risers?"):
    # kinds of answers/reading/also_words.py, each answered in a line by answers/facts/also.py
    also: tuple[str, ...] = ()
    # the link between the cards said ("pcie 4.0 x8/x8", "x1 risers", "with nvlink", "thunderbolt"): "nvlink",
    # "pcie4x8", "x1" (answers/reading/link_words.py); a tensor-parallel figure pays for it
    link: str | None = None
    # speculative decoding said ("MTP/4", "dflash", "a draft model"): the decode figures carry its public gain
    # (answers/reading/speculative_words.py, answers/facts/speculative.py)
    speculative: bool = False
    # a second card of one named, offered as an option to buy ("or buy another 3090", "vale montar com 2?"): the
    # cards it may be of as typed, most likely first (answers/reading/pair_words.py); the facts weigh two of it
    pair_of: tuple[str, ...] = ()
    # a hosted API's cost set against running the model at home ("openrouter vs correrlo en casa"): the API prices
    # kept for the model beside the energy a million tokens take at home (answers/facts/api_home.py)
    api_cost: bool = False
    # practical know-how asked ("rocm on windows", "faster-whisper or whisper.cpp"): ids of
    # answers/knowledge/knowhow.json (answers/reading/knowhow_words.py), each said in a sourced line
    knowhow: tuple[str, ...] = ()
    # models or a speed asked for in so many words ("which model runs on it?", "how fast?"): a problem's line then
    # keeps the list after it instead of being the whole answer (answers/rendering/knowhow_text.py)
    knowhow_lists: bool = False
    # the work named for the model (answers/reading/work_words.py): documents to summarise, and the language the
    # work is in ("pdf in italiano", "roleplay em pt-br"): a list picks for them and says so
    documents: bool = False
    work_language: str | None = None
    also_mts: tuple[int, ...] = ()  # every RAM speed named ("ddr5-6000 … ddr5-8000?"): a faster one weighed
    power: PowerAsked | None = None  # a kWh price and hours a day said (answers/reading/power_words.py)
    speaks: SpeaksAsked | None = None  # a language models are judged in (answers/reading/language_words.py)
    kv: KvAsked | None = None  # a question about the KV cache itself (answers/reading/kv_words.py)
    train: TrainAsked | None = None  # a fine-tuning run's examples, tokens, epochs… (answers/reading/train_words.py)
    # the task models are weighed for ("for tool calling", "zum Coden"): an axis of answers/lexicon/task_axes.toml
    # (answers/reading/task_axis_words.py); public scores on it in answers/knowledge/task_scores.json
    task_axis: str | None = None
    task_judged: bool = False  # "how good is it at…": one model's scores on the task are asked
