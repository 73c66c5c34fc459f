"""A processor named by the asker, as the estimator takes it: catalog.cpu_names finds the record,
this turns it into estimator.cpu_machine.CpuSpec (a core count said beside the name wins).

The one bridge between the CPU table and the arithmetic, so the command line (`--cpu`) and the chat
reader (`Asked.cpu`, `Asked.cpu_cores`) fill the machine the same way.
"""

from __future__ import annotations

from catalog.cpu_names import CpuMatch, resolve_cores, resolve_cpu
from catalog.cpus import CpuRecord, load_cpus
from catalog.text import fold
from estimator.cpu_machine import CpuSpec


def spec_of(record: CpuRecord, cores: int | None = None, sockets: int = 1) -> CpuSpec:
    """The estimator's view of a processor; `cores` (said) replaces the record's count, which two sockets
    of a server part double ("2x Xeon Gold 6430": 64 cores, two sockets of 8 channels)."""
    sockets = sockets if record.segment == "server" else 1
    return CpuSpec(record.full_name, cores or record.cores * sockets, record.ghz, record.isa, record.channels,
                   record.ram, record.segment, record.amx, sockets)


def find_cpu(text: str | None, cores: int | None = None, sockets: int | None = None) -> CpuSpec | None:
    """The processor a name means, as a CpuSpec; None for no name or one the table does not list."""
    if not text:
        return None
    match: CpuMatch | None = resolve_cpu(text)
    if match is None:
        return _unnamed_arm(text, cores)
    return spec_of(match.cpu, cores or match.cores_said, sockets or 1)


def _unnamed_arm(text: str, cores: int | None) -> CpuSpec | None:
    """"Cix CP8180 (Arm CPU)", "an arm processor with 12 cores": an Arm processor the table does not list is
    the table's unnamed Arm CPU (its cores, clock and NEON width), the core count said winning; else None."""
    if "arm" not in fold(text).split():
        return None
    generic = next((r for r in load_cpus() if r.vendor == "Arm"), None)
    if generic is None:
        return None
    said = resolve_cores(text)
    return spec_of(generic, cores or said)


__all__ = ["find_cpu", "spec_of"]
