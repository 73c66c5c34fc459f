"""A processor named by the asker, as the estimator takes it: catalog.cpu_names finds the record,
this turns it into estimator.cpu_machine.CpuSpec (a core count said beside the name wins).

The one bridge between the CPU table and the arithmetic, so the command line (`--cpu`) and the chat
reader (`Asked.cpu`, `Asked.cpu_cores`) fill the machine the same way.
"""

from __future__ import annotations

from catalog.cpu_names import CpuMatch, resolve_cpu
from catalog.cpus import CpuRecord
from estimator.cpu_machine import CpuSpec


def spec_of(record: CpuRecord, cores: int | None = None) -> CpuSpec:
    """The estimator's view of a processor; `cores` (said) replaces the record's count."""
    return CpuSpec(record.full_name, cores or record.cores, record.ghz, record.isa, record.channels, record.ram,
                   record.segment, record.amx)


def find_cpu(text: str | None, cores: int | None = None) -> CpuSpec | None:
    """The processor a name means, as a CpuSpec; None for no name or one the table does not list."""
    if not text:
        return None
    match: CpuMatch | None = resolve_cpu(text)
    if match is None:
        return None
    return spec_of(match.cpu, cores or match.cores_said)


__all__ = ["find_cpu", "spec_of"]
