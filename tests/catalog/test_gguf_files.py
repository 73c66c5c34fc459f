"""The published GGUF files' sizes (catalog/data/gguf_files.json): checked at load, tied to catalog models."""

from __future__ import annotations

import pytest
from msgspec import ValidationError

from catalog.builtin import load_builtin_models
from catalog.gguf_files import GgufFile, file_sizes, load_gguf_files, published

ROW = {"model": "GLM-4.5-Air", "level": "Q4_K_M", "size": 73.0, "unit": "GB", "repo": "unsloth/GLM-4.5-Air-GGUF",
       "source": "https://ollama.com/MichelRosselli/GLM-4.5-Air"}


def test_every_file_belongs_to_a_catalog_model_with_its_ffn_shape() -> None:
    records = {r.name: r for r in load_builtin_models()}
    for f in load_gguf_files():
        assert f.model in records, f.model
        arch = records[f.model].architecture
        assert arch is not None and (arch.intermediate_size or arch.moe_intermediate_size), f.model
        assert f.source.startswith("http"), f


def test_the_table_covers_moe_and_dense_models_and_unsloth_levels() -> None:
    files = load_gguf_files()
    assert len(files) >= 60
    levels = {f.level for f in files}
    assert {"UD-IQ1_S", "UD-IQ1_M", "UD-Q2_K_XL", "UD-Q3_K_XL", "UD-Q4_K_XL", "Q4_K_M", "Q8_0", "MXFP4"} <= levels
    models = {f.model for f in files}
    assert {"DeepSeek-R1", "GLM-4.5-Air", "GLM-4.6", "Kimi K2", "Qwen3-30B-A3B", "Llama 3.1 8B"} <= models


def test_units_are_converted_as_listed() -> None:
    """Hugging Face lists 10^9-byte GB; the estimator works in GiB: 73.0 GB is 67.99 GiB."""
    f = GgufFile.checked(ROW)
    assert f.gib == pytest.approx(73.0e9 / 2**30)
    assert GgufFile.checked({**ROW, "size": 109.381, "unit": "GiB"}).gib == 109.381


@pytest.mark.parametrize("bad", [{"level": "Q4_K_ZZ"}, {"unit": "TB"}, {"size": 0}, {"repo": "no slash"},
                                 {"source": ""}])
def test_a_bad_row_is_rejected_at_load(bad: dict) -> None:
    with pytest.raises(ValidationError):
        GgufFile.checked({**ROW, **bad})


def test_levels_are_read_as_people_write_them() -> None:
    assert GgufFile.checked({**ROW, "level": "ud-q2_k_xl"}).level == "UD-Q2_K_XL"


def test_several_files_of_a_level_give_their_median() -> None:
    both = published("GLM-4.5-Air", "BF16")
    assert len(both) == 2
    assert dict(file_sizes("GLM-4.5-Air"))["BF16"] == pytest.approx(sum(f.gib for f in both) / 2)
