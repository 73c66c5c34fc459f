"""A profile under an engine: the same interface (`estimator.profile.Profile`), so every table, summary,
setup and several-users figure is worked out for the engine asked without a second code path.

- llama.cpp itself is the profile unchanged (no wrapper: `for_engine` returns the profile).
- Ollama and LM Studio: llama.cpp's figures; Ollama's ladder starts at its default tags' level (Q4_K_M:
  `ollama pull` without a tag fetches it), a less compressed level only when forced.
- The other engines: their ladder of formats (vLLM: BF16, FP8, AWQ; MLX: 8-bit, 4-bit; ExLlama: EXL at
  8 … 2.5 bpw), their memory rule and their speed (estimator.engine_speed). A card the engine cannot run
  on, or a format it cannot run there, holds nothing: the row is "no" (the single-card answers say why
  with `estimator.engines.check`).
- Several cards: `pool_seconds` gives the engine's split (tensor parallel for vLLM/SGLang/TensorRT-LLM,
  `-sm row` when asked of llama.cpp); estimator.setups uses it when the profile has it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .card import Card
from .engine_speed import bytes_per_token_gb, engine_seconds, row_split_seconds, tp_size_valid
from .engines import DEFAULT_ENGINE, Engine, EngineConstants, Runs, check, engine_levels, runs_on
from .measured import card_class
from .memory import DEFAULT_CACHE_TYPE, model_weights_gb
from .model import ModelSize
from .profile import HoldsRule, MemoryParts, Profile
from .quants import Quant, quant
from .rows import Row, rate

MLX_OVERHEAD_GB = 0.5  # MLX's own buffers beside weights and cache (activations of one step): our round figure
# A smaller tensor-parallel group is counted only when its cards hold the weights with this margin beside them
# (the KV cache needs room; vLLM refuses to start without one full context's cache): our round figure.
TP_WEIGHTS_MARGIN = 1.15



class EngineProfile:
    """`base`'s rules under `engine` (not llama.cpp itself). Satisfies `estimator.profile.Profile`."""

    def __init__(self, base: Profile, c: EngineConstants, engine: str, split: str | None = None,
                 link: str | None = None) -> None:
        self.base, self.c = base, c
        self.engine: Engine = c.engine(engine)
        self.root: Engine = c.root(engine)
        self.name = base.name
        self.split = split or self.root.split
        self.link = link
        self.default_min_quality = base.default_min_quality
        self.levels: tuple[Quant, ...] = self._from_default(engine_levels(c, self.engine, base.levels))
        self.miss_quant = self.root.miss_quant or base.miss_quant
        self._own_speed = self.root.speed == "engine"

    def _from_default(self, levels: Sequence[Quant]) -> tuple[Quant, ...]:
        """Ollama: its default tags' level and the more compressed ones (a larger file only when forced)."""
        if not self.engine.default_quant:
            return tuple(levels)
        floor = quant(self.engine.default_quant).rank
        return tuple(q for q in levels if q.rank >= floor)

    def levels_for(self, model: ModelSize) -> tuple[Quant, ...]:
        """gpt-oss: its native MXFP4 file under every engine that reads MXFP4 (vLLM, SGLang, llama.cpp)."""
        if not self._own_speed:
            own = getattr(self.base, "levels_for", None)
            return self._from_default(own(model)) if own is not None else self.levels
        native = model.native is not None and model.native.format == "MXFP4"
        if native and "mxfp4" in self.root.formats:
            return (quant("MXFP4"),)
        return self.levels

    # ------------------------------------------------------------------ what runs where
    def runs(self, model: ModelSize, card: Card, q: Quant) -> bool:
        return isinstance(check(self.c, self.engine.name, q, card, model), Runs)

    def _mode(self, model: ModelSize, card: Card, q: Quant) -> str:
        r = check(self.c, self.engine.name, q, card, model)
        return r.mode if isinstance(r, Runs) else "native"

    # ------------------------------------------------------------------ memory
    def weights_gb(self, model: ModelSize, q: Quant) -> float:
        return model_weights_gb(model, q.bpw)

    def memory_parts(self, model: ModelSize, q: Quant, context: int,
                     cache_type: str = DEFAULT_CACHE_TYPE) -> MemoryParts:
        if not self._own_speed:
            return self.base.memory_parts(model, q, context, cache_type)
        cache = self.base.memory_parts(model, q, context, cache_type).cache_gb
        mem = self.root.memory
        runtime = mem.overhead_gb if mem is not None else MLX_OVERHEAD_GB
        return MemoryParts(self.weights_gb(model, q), cache, runtime)

    def need_gb(self, model: ModelSize, q: Quant, context: int, cache_type: str = DEFAULT_CACHE_TYPE) -> float:
        return self.memory_parts(model, q, context, cache_type).total_gb

    def holds_rule(self, card: Card) -> HoldsRule:
        if not runs_on(self.c, self.engine, card):
            return HoldsRule(0.0)
        mem = self.root.memory
        if mem is None or getattr(card, "unified_memory", False):
            return self.base.holds_rule(card)
        return HoldsRule(mem.utilization)

    def usable_gb(self, card: Card) -> float:
        return max(0.0, self.holds_rule(card).usable_gb(card.memory_gb))

    def pooled_usable_gb(self, view: Card, shared_gb: float) -> float:
        """A device of a setup (a card among several, a unified machine): nothing where the engine does not
        run, a serving engine's own memory rule on a discrete card, else the rule every profile shares."""
        if not runs_on(self.c, self.engine, view):
            return 0.0
        if self.root.memory is None or getattr(view, "unified_memory", False):
            return shared_gb
        return max(0.0, self.holds_rule(view).usable_gb(view.memory_gb))

    def fit(self, need: float, card: Card) -> str:
        mem = self.root.memory
        if not self._own_speed or mem is None:
            return self.base.fit(need, card)
        # judged on the memory alone (a pooled setup is rated as one view of its cards)
        return "comfortable" if need <= 0.8 * mem.utilization * card.memory_gb else "tight"

    def cache_kind(self, model: ModelSize) -> str:
        return self.base.cache_kind(model)

    # ------------------------------------------------------------------ speed
    def read_params_b(self, model: ModelSize) -> float:
        read = getattr(self.base, "read_params_b", None)
        return float(read(model)) if read is not None else model.params_b

    def gb_per_token(self, model: ModelSize, q: Quant) -> float:
        if not self._own_speed:
            return self.base.gb_per_token(model, q)
        return bytes_per_token_gb(self.read_params_b(model), model, q)  # the bytes engine_seconds streams

    def seconds(self, model: ModelSize, card: Card, q: Quant, tp: int = 1) -> float:
        if not self._own_speed:
            one = 1 / self.base.tok_s(model, card, q)
            if model.active_params_b is not None and model.active_params_b < model.params_b:
                one /= self.engine.moe_decode_share  # Ollama on a mixture of experts: slower than llama.cpp
            if tp == 1:
                return one
            return row_split_seconds(self.c, one, self._llama_t0(model, card), model, tp, self.link)
        t = engine_seconds(self.c, self.root, card, q, self.read_params_b(model), model,
                           self._mode(model, card, q), tp, self.link)
        family = getattr(self.base, "model_speed_of", None)  # the measured profile's per-family factor
        return t / float(family(model, self.root.name)) if family is not None else t

    def _llama_t0(self, model: ModelSize, card: Card) -> float:
        """The fixed part of llama.cpp's time per token on this card (measured profile; none under reference)."""
        t0 = getattr(self.base, "t0_s", None)
        if not t0:
            return 0.0
        base: Any = self.base
        read = max(self.read_params_b(model), base.t0_min_read_b)
        return float(t0[card_class(card)] * (read / 8) ** base.t0_size_exp)

    def tok_s(self, model: ModelSize, card: Card, q: Quant) -> float:
        return 1 / self.seconds(model, card, q)

    def tok_range(self, model: ModelSize, card: Card, q: Quant, tok_s: float) -> tuple[float, float, str]:
        if not self._own_speed:
            return self.base.tok_range(model, card, q, tok_s)
        conf = "medium" if self.c.decode[self.root.name].fitted else "low"
        lo, hi = self.c.range_of(self.root.name) or self.c.ranges[conf]
        return lo * tok_s, hi * tok_s, conf

    def pool_range(self, tok_s: float) -> tuple[float, float, str] | None:
        """The range of a figure on several cards under this engine: the spread of every engine's public
        rows on several cards (wider than one card's: the link and the split vary); None under llama.cpp's
        own figures (Ollama, LM Studio, `-sm row`), whose range is the profile's."""
        if not self._own_speed:
            return None
        conf = "medium" if self.c.decode[self.root.name].fitted else "low"
        lo, hi = self.c.engine_ranges.get("several cards") or self.c.ranges["low"]
        return lo * tok_s, hi * tok_s, conf

    def users_range(self) -> tuple[float, float] | None:
        """The factors on a per-user figure with several users at once (every engine's public rows of it);
        None under llama.cpp's own figures."""
        return self.c.engine_ranges.get("several users") if self._own_speed else None

    def pool_seconds(self, model: ModelSize, cards: Sequence[Card], q: Quant) -> float | None:
        """Several identical cards split the engine's way: tensor parallel (or llama.cpp `-sm row`);
        None: the layer split of estimator.setup_pool."""
        group = self.pool_group(model, cards, q)
        return None if group is None else group[1]

    def pool_group(self, model: ModelSize, cards: Sequence[Card], q: Quant) -> tuple[int, float, float] | None:
        """(cards in the group, its seconds per token, all the cards' seconds per token) under tensor parallel.

        The group's size is the operator's choice (--tensor-parallel-size): where fewer of the cards hold the
        model and the all-reduces of more cost more than the bytes they share, the figure is the faster
        group's, so adding a card never makes one request slower (the rest then serves more users); the
        answer says so and gives all the cards' figure beside it."""
        if self.split not in ("tensor", "row") or len(cards) < 2 or len({c.name for c in cards}) > 1:
            return None
        card, n = cards[0], len(cards)
        sizes = [k for k in range(1, n) if tp_size_valid(model, k) and self._holds_on(model, card, q, k)]
        if not tp_size_valid(model, n):  # 3 cards: no group of 3 (the heads do not divide); the largest that holds
            if not sizes:
                return None  # pipeline parallelism over all of them: about a layer split (estimator.setup_pool)
            t, k = min((self.seconds(model, card, q, tp=k), k) for k in sizes)
            return k, t, 0.0  # no figure for all of them in one group: the answer says why
        every = self.seconds(model, card, q, tp=n)
        best = min(((self.seconds(model, card, q, tp=k), k) for k in sizes), default=(every, n))
        return (best[1], best[0], every) if best[0] < every else (n, every, every)

    def _holds_on(self, model: ModelSize, card: Card, q: Quant, k: int) -> bool:
        """Whether `k` of these cards hold the weights with room for the runtime and a little cache."""
        runtime = self.memory_parts(model, q, 4096).runtime_gb
        return self.weights_gb(model, q) * TP_WEIGHTS_MARGIN <= k * (self.usable_gb(card) - runtime)

    # ------------------------------------------------------------------ every card
    def rate_many(self, model: ModelSize, cards: Sequence[Card], levels: Sequence[Quant], needs: Sequence[float],
                  miss_need: float) -> list[Row]:
        rows: list[Row] = []
        for card in cards:
            if not runs_on(self.c, self.engine, card):
                rows.append(Row(card, None, miss_need, "no", None, None, None, None))
                continue
            ok = [(q, n) for q, n in zip(levels, needs, strict=True) if self.runs(model, card, q)]
            if not ok:
                rows.append(Row(card, None, miss_need, "no", None, None, None, None))
                continue
            rows.append(rate(self, model, card, [q for q, _ in ok], [n for _, n in ok], miss_need))
        return rows


def for_engine(base: Profile, c: EngineConstants | None, engine: str | None, split: str | None = None,
               link: str | None = None) -> Profile:
    """`base` under `engine`: itself for llama.cpp with its default split, else an EngineProfile."""
    if c is None or (c.engine(engine).name == DEFAULT_ENGINE and split in (None, "layer")):
        return base
    return EngineProfile(base, c, engine or DEFAULT_ENGINE, split, link)


__all__ = ["EngineProfile", "for_engine"]
