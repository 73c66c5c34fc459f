"""The catalog as the answers layer sees it: records in memory, resolvers, estimator inputs.

Loaded once per process (the bot keeps one; each CLI call makes one). GPUs load eagerly (818 rows,
a few ms); models and the resolvers only when a question names something, so `tpsbot summary
--params 7` stays fast.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path

from catalog.records import Architecture, GpuRecord, ModelRecord
from catalog.store import CatalogStore, StoreError  # StoreError: what a front end reports when the db fails
from estimator.model import Layout, LayerGroup, ModelSize, NativeShare


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
    ))


def model_size(record: ModelRecord) -> ModelSize | None:
    """Estimator input for a record; None when the record has no parameter count."""
    if record.params_b is None:
        return None
    nf = record.native_format
    native = None if nf is None else NativeShare(nf.params_b, nf.bits_per_weight, nf.active_params_b, nf.format)
    return ModelSize(record.params_b, record.active_params_b, layout_of(record.architecture), record.name, native)


class Knowledge:
    def __init__(self, gpus: list[GpuRecord], models: list[ModelRecord], store_path: Path | None = None,
                 imports: list[dict] | None = None) -> None:
        self.gpus = gpus
        self.models = models
        self.store_path = store_path
        self.imports = imports or []

    @classmethod
    async def load(cls, db_path: Path | None = None, *, with_models: bool = True) -> Knowledge:
        store = await CatalogStore.open(db_path)
        try:
            gpus = await store.gpus()
            models = await store.models() if with_models else []
            imports = await store.imports() if with_models else []
        finally:
            await store.close()
        return cls(gpus, models, store.path, imports)

    @cached_property
    def model_resolver(self):  # noqa: ANN201 — catalog.resolve.Resolver
        from catalog.resolve import Resolver

        return Resolver(((m.name, m.aliases, m) for m in self.models), kind="model")

    @cached_property
    def gpu_resolver(self):  # noqa: ANN201
        from catalog.resolve import Resolver

        return Resolver(((g.name, (), g) for g in self.gpus), kind="gpu")

    @property
    def epoch_snapshot(self) -> dict | None:
        return self.imports[-1] if self.imports else None
