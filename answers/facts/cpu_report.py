"""The command line's machine options read together: the RAM said by `--ram-type` and in the card field,
and a model on a named processor alone (`table`/`summary` with `--cpu` and no `--card`).

Kept apart from answers.facts.reports, which holds the reports; this is the machine's part of a request.
"""

from __future__ import annotations

from typing import Any

from answers.api import ReportError
from answers.facts.setup_request import SetupRequest
from answers.facts.setups import cpu_facts
from answers.knowledge.cpus import find_cpu
from answers.knowledge.i18n import N_
from answers.reading import ram_words
from estimator.cpu_machine import CpuSpec
from estimator.model import InvalidInput
from estimator.ranking import Query
from estimator.setups import SetupConstants

UNKNOWN_CPU = N_("no processor in the table matches %(text)s "
                 "(try a model number such as 7950X, i9-13900K or EPYC 9654)")


def ram_said(req: SetupRequest) -> ram_words.RamWords:
    """The RAM as said by --ram-type ("DDR5-6000") and in the card field, each read on its own: "DDR5"
    beside "3090" is no DDR5-3090. The option wins where both say something."""
    flag, field = ram_words.read(req.ram_type or ""), ram_words.read(req.text or "")
    return ram_words.RamWords(flag.kind or field.kind, flag.mts or field.mts, flag.channels or field.channels,
                              flag.platform or field.platform)


def named_cpu(req: SetupRequest) -> CpuSpec | None:
    """The processor --cpu names; an unknown name is a clear error, not a silent default."""
    cpu = find_cpu(req.cpu)
    if req.cpu and cpu is None:
        raise ReportError(UNKNOWN_CPU, text=repr(req.cpu))
    return cpu


def cpu_only_data(constants: SetupConstants, q: Query, req: SetupRequest) -> dict[str, Any]:
    """The model on the named processor and its RAM alone: each level's need, the level quoted, its speed
    and prompt speed (answers.facts.setups.cpu_facts), with the processor as taken."""
    cpu = named_cpu(req)
    said = ram_said(req)
    try:
        facts = cpu_facts(q.profile, q.model, constants, q.context, q.min_quality, q.forced_quant, req.ram_gb,
                          said.kind or req.ram_type, q.cache_type, ram_mts=req.ram_mts or said.mts,
                          ram_channels=req.ram_channels or said.channels, cpu=cpu)
    except InvalidInput as exc:  # "DDR4-9000", 40 channels: one clear line
        raise ReportError.text(str(exc)) from None
    facts["cpu"] = None if cpu is None else cpu.name
    return facts


__all__ = ["UNKNOWN_CPU", "cpu_only_data", "named_cpu", "ram_said"]
