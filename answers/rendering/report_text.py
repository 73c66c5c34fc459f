"""The command line's text for `table`, `summary`, `card` and `model` (answers.reports), in any
catalogue locale: every word through gettext, every number through answers.format."""

from __future__ import annotations

from typing import Any

from answers.facts.reports import CardReport, ModelLabel, ModelReport, SummaryReport, TableReport
from answers.knowledge import i18n
from answers.knowledge.credits import credit_lines
from answers.knowledge.i18n import N_
from answers.rendering import format as fmt

PROFILES = {"reference": N_("reference"), "measured": N_("measured")}
PREFILL_HEAD, TTFT_HEAD = N_("prefill tok/s"), N_("first token")
PER_USER_HEAD, TOTAL_HEAD, READING_USERS_HEAD = N_("per user"), N_("in all"), N_("users ≥ 10 tok/s")
FITS = {"comfortable": N_("comfortable"), "tight": N_("tight"), "no": N_("does not fit")}

# Record fields in the order `tpsbot model` lists them, with their labels.
FIELDS: dict[str, str] = {
    "aliases": N_("aliases"), "organization": N_("organization"), "organization_type": N_("organization type"),
    "country": N_("country"), "publication_date": N_("publication date"), "domain": N_("domain"),
    "tasks": N_("tasks"), "base_model": N_("base model"), "params_b": N_("parameters (billions)"),
    "active_params_b": N_("active parameters (billions)"), "parameter_notes": N_("parameter notes"),
    "training_compute_flop": N_("training compute (FLOP)"), "training_compute_method": N_("training compute method"),
    "finetune_compute_flop": N_("fine-tuning compute (FLOP)"), "training_data_size": N_("training data size"),
    "training_hardware": N_("training hardware"), "weights": N_("weights"), "license": N_("license"),
    "training_code": N_("training code"), "huggingface": N_("Hugging Face"), "confidence": N_("record confidence"),
    "citations": N_("citations"), "reference": N_("reference publication"), "link": N_("link"),
    "last_updated": N_("last updated"),
}


def _t(locale: str, msgid: str, **values: Any) -> str:
    text = i18n.gettext(locale, msgid)
    return text % values if values else text


def _fit(locale: str, fit: str | None) -> str:
    return _t(locale, FITS.get(fit or "no", FITS["no"]))


def model_label(m: ModelLabel, locale: str) -> str:
    if m.active_params_b is not None:
        size = _t(locale, N_("%(total)s B, %(active)s B active"), total=fmt.memory(m.params_b, locale),
                  active=fmt.memory(m.active_params_b, locale))
    else:
        size = _t(locale, N_("%(total)s B"), total=fmt.memory(m.params_b, locale))
    return f"{m.name} ({size})" if m.name else size


def _gb(value: float, locale: str) -> str:
    return _t(locale, N_("%(gb)s GB"), gb=fmt.gb(value, locale))


def _mem(value: float, locale: str) -> str:
    return _t(locale, N_("%(gb)s GB"), gb=fmt.memory(value, locale))


def _secs(value: float, locale: str) -> str:
    """A duration in seconds: one decimal below 100 s, whole seconds above (Babel digits)."""
    return fmt.decimal(value, 1, locale) if value < 100 else fmt.integer(value, locale)


def _s(value: float | None, locale: str) -> str:
    return _t(locale, N_("%(s)s s"), s=_secs(value, locale)) if value is not None else "—"


def throughput_intro(d: dict[str, Any], locale: str) -> list[str]:
    """The lines that say what the added columns are: a prompt of N tokens, N users."""
    out = []
    if d.get("prompt_tokens") is not None:
        out.append(_t(locale, N_("Prompt of %(tokens)s tokens: prefill speed and time to first token are calibrated "
                                 "llama.cpp figures (public llama-bench results; the reference calculator has no "
                                 "prefill figure), flash attention %(fa)s"),
                      tokens=fmt.integer(d["prompt_tokens"], locale),
                      fa=_t(locale, N_("on") if d.get("flash_attention", True) else N_("off"))))
    if d.get("users") is not None:
        out.append(_t(locale, N_("%(users)s users at once: each keeps a cache of the full context; their requests are "
                                 "batched (llama.cpp --parallel, vLLM): speed per user and in total"),
                      users=fmt.integer(d["users"], locale)))
    return out


def throughput_line(r: dict[str, Any], locale: str) -> str | None:
    """One row's prefill / several-users figures in words (the setup line, the summary's picks)."""
    parts = []
    if r.get("prefill_tok_s") is not None:
        parts.append(_t(locale, N_("prefill about %(pp)s tok/s (%(range)s), first token after %(ttft)s "
                                   "(%(low)s–%(high)s)"),
                        pp=fmt.tok_s(r["prefill_tok_s"], locale),
                        range=fmt.tok_range(r["prefill_tok_s_low"], r["prefill_tok_s_high"], locale),
                        ttft=_s(r["ttft_s"], locale), low=_secs(r["ttft_s_low"], locale),
                        high=_secs(r["ttft_s_high"], locale)))
    if r.get("total_s") is not None:
        parts.append(_t(locale, N_("prompt and %(answer)s-token answer in %(total)s"),
                        answer=fmt.integer(r["answer_tokens"], locale), total=_s(r["total_s"], locale)))
    if r.get("per_user_tok_s") is not None:
        key = N_("%(users)s users: %(per)s tok/s each, %(total)s tok/s in all, needs %(need)s; up to %(most)s users "
                 "at ≥ 10 tok/s each") if r["users_fit"] else \
            N_("%(users)s users: %(per)s tok/s each, %(total)s tok/s in all, but their caches need %(need)s; up to "
               "%(most)s users at ≥ 10 tok/s each")
        parts.append(_t(locale, key, users=fmt.integer(r["users"], locale), per=fmt.tok_s(r["per_user_tok_s"], locale),
                        total=fmt.tok_s(r["total_tok_s"], locale), need=_gb(r["users_need_gb"], locale),
                        most=fmt.integer(r["users_at_reading_speed"], locale)))
    return "; ".join(parts) or None


def setup_line(d: dict[str, Any], locale: str) -> str | None:
    """One line on the setup a `table`/`summary` was also asked about (`--card "2x RTX 3090"`, `--ram`)."""
    if "cpu_only" in d:
        return cpu_only_line(d["cpu_only"], locale)
    line = _setup_rating(d, locale)
    if line is not None and (extra := throughput_line(d["setup"]["row"], locale)):
        line = f"{line}\n  {extra}"
    if line is not None and (cpu := cpu_ram_line(d["setup"]["row"], locale)):
        line = f"{line}\n  {cpu}"
    return line


def cpu_only_line(c: dict[str, Any], locale: str) -> str:
    """`--cpu` without a card: the level quoted on the processor and its RAM alone, its speeds, the RAM."""
    pick = c["pick"]
    line = _t(locale, N_("On the %(cpu)s alone: %(quant)s, about %(tok)s tok/s (%(range)s), needs %(need)s of RAM; "
                         "prompt about %(pp)s tok/s"),
              cpu=c["cpu"], quant=pick["quant"], tok=fmt.tok_s(pick["tok_s"], locale),
              range=fmt.tok_range(pick["tok_s_low"], pick["tok_s_high"], locale), need=_gb(pick["need_gb"], locale),
              pp=fmt.tok_s(c["prefill_tok_s"], locale))
    ram = cpu_ram_line({**c, "ram_cpu": c["cpu"]}, locale)
    return f"{line}\n  {ram}" if ram else line


def cpu_ram_line(r: dict[str, Any], locale: str) -> str | None:
    """What a named processor filled in of the RAM (--cpu), and how to correct it."""
    if not r.get("ram_cpu") or not r.get("ram_guessed"):
        return None
    return _t(locale, N_("RAM taken as the %(cpu)s's: %(channels)s channels of %(type)s-%(mts)s (%(gbps)s GB/s); "
                         "give --ram-speed and --ram-channels if yours differs"),
              cpu=r["ram_cpu"], channels=fmt.integer(r["ram_channels"], locale), type=r["ram_type"],
              mts=r["ram_mts"], gbps=fmt.integer(r["ram_bandwidth_gbps"], locale))


def _setup_rating(d: dict[str, Any], locale: str) -> str | None:
    if "setup" not in d:
        return None
    r = d["setup"]["row"]
    tok = fmt.tok_s(r["tok_s"], locale) if r["tok_s"] is not None else None
    rng = fmt.tok_range(r["tok_s_low"], r["tok_s_high"], locale) if r["tok_s"] is not None else None
    if r["fit"] == "offload":
        return _t(locale, N_("Setup %(setup)s: runs with offload at %(quant)s, about %(tok)s tok/s (%(range)s); "
                             "%(offload)s read from %(ram)s of %(ram_type)s RAM at %(ram_bw)s"),
                  setup=r["card"], quant=r["quant"], tok=tok, range=rng, offload=_gb(r["offload_gb"], locale),
                  ram=_mem(r["ram_gb"], locale), ram_type=r["ram_type"],
                  ram_bw=_t(locale, N_("%(gbps)s GB/s"), gbps=fmt.integer(r["ram_bandwidth_gbps"], locale)))
    if r["quant"]:
        return _t(locale, N_("Setup %(setup)s: %(quant)s, about %(tok)s tok/s (%(range)s), needs %(need)s of "
                             "%(usable)s usable, %(fit)s"),
                  setup=r["card"], quant=r["quant"], tok=tok, range=rng, need=_gb(r["need_gb"], locale),
                  usable=_gb(r["usable_gb"], locale), fit=_fit(locale, r["fit"]))
    if r["slow_tok_s"]:
        return _t(locale, N_("Setup %(setup)s: no; with offload only about %(tok)s tok/s"),
                  setup=r["card"], tok=fmt.tok_s(r["slow_tok_s"], locale))
    return _t(locale, N_("Setup %(setup)s: no; needs %(need)s, %(usable)s usable"),
              setup=r["card"], need=_gb(r["need_gb"], locale), usable=_gb(r["usable_gb"], locale))


def engine_line(d: dict[str, Any], locale: str) -> list[str]:
    """Which engine and formats the figures assume (llama.cpp and its GGUF levels unless --engine said)."""
    if not d.get("engine"):
        return []
    msgid = (N_("Engine assumed: %(engine)s (the default; --engine vllm, mlx, exllamav2… for another); "
                "levels tried: %(levels)s") if d["engine"] == "llama.cpp"
             else N_("Engine: %(engine)s; formats tried: %(levels)s"))
    return [_t(locale, msgid, engine=d.get("engine_label") or d["engine"],
               levels=", ".join(d.get("engine_levels") or ()))]


REFUSALS = {
    "engine_hardware": N_("%(engine)s does not run on %(card)s"),
    "format_engine": N_("%(engine)s does not read %(quant)s files"),
    "format_hardware": N_("%(engine)s cannot run %(quant)s on %(card)s"),
}
NEAREST = N_("nearest that works there: %(nearest)s")
AT_LEVEL = N_("%(engine)s at %(quant)s")
OTHER_ENGINE = N_("%(other)s runs %(quant)s on %(card)s")
WEIGHT_ONLY = N_("%(engine)s runs %(quant)s on %(card)s as weight-only FP8 (W8A16, Marlin kernels): half the "
                 "memory of BF16, without FP8 compute")


def check_line(d: dict[str, Any], locale: str) -> list[str]:
    """A level asked for on one card: whether the engine runs it there, and else the nearest that works
    (answers/facts/engine_facts.py `engine_check`)."""
    ch = d.get("engine_check")
    if not ch:
        return []
    label = d.get("engine_label") or d.get("engine") or ""
    if ch["runs"]:
        return [_t(locale, WEIGHT_ONLY, engine=label, quant=ch["quant"], card=ch["card"])] \
            if ch.get("mode") == "weight_only" else []
    parts = [_t(locale, REFUSALS[ch["reason"]], engine=label, quant=ch["quant"], card=ch["card"])]
    if ch.get("nearest_quant"):
        nearest = ch["nearest_quant"]
        if ch.get("nearest_engine_label"):
            nearest = _t(locale, AT_LEVEL, engine=ch["nearest_engine_label"], quant=nearest)
        parts.append(_t(locale, NEAREST, nearest=nearest))
    if ch.get("other_engine"):
        parts.append(_t(locale, OTHER_ENGINE, other=ch.get("other_engine_label") or ch["other_engine"],
                        quant=ch["quant"], card=ch["card"]))
    return ["; ".join(parts)]


def table(r: TableReport, locale: str = i18n.DEFAULT) -> str:
    lines = [_t(locale, N_("%(model)s at %(tokens)s tokens of context, profile %(profile)s: "
                           "%(count)s cards can run it"),
                model=model_label(r.model, locale), tokens=fmt.integer(r.context, locale),
                profile=_t(locale, PROFILES[r.profile]), count=fmt.integer(r.cards_fit, locale))]
    lines += engine_line(r.data, locale)
    lines += check_line(r.data, locale)
    lines += throughput_intro(r.data, locale)
    if line := setup_line(r.data, locale):
        lines.append(line)
    h = [_t(locale, m) for m in (N_("tok/s"), N_("range"), N_("card"), N_("vendor"), N_("memory"), N_("bandwidth"),
                                 N_("release"), N_("needs"), N_("quant"), N_("fit"))]
    lines.append(f"{h[0]:>7} {h[1]:>11}  {h[2]:<36} {h[3]:<7} {h[4]:>7} {h[5]:>11} {h[6]:<8} {h[7]:>8} {h[8]:<7} {h[9]}"
                 + _extra_head(r.data, locale))
    for row in r.data["rows"]:
        runs = row["tok_s"] is not None
        speed = fmt.tok_s(row["tok_s"], locale) if runs else "—"
        rng = fmt.tok_range(row["tok_s_low"], row["tok_s_high"], locale) if runs else ""
        bandwidth = _t(locale, N_("%(gbps)s GB/s"), gbps=fmt.integer(row["bandwidth_gbps"], locale))
        lines.append(
            f"{speed:>7} {rng:>11}  {row['card'][:36]:<36} {row['vendor']:<7} {_mem(row['memory_gb'], locale):>7} "
            f"{bandwidth:>11} {row['release'] or '':<8} {_gb(row['need_gb'], locale):>8} {row['quant'] or '—':<7} "
            f"{_fit(locale, row['fit'])}" + _extra_cells(row, locale)
        )
    return "\n".join(lines)


def _extra_head(d: dict[str, Any], locale: str) -> str:
    """Column titles for the prompt / several-users figures, when asked."""
    out = ""
    if d.get("prompt_tokens") is not None:
        pp, first = _t(locale, PREFILL_HEAD), _t(locale, TTFT_HEAD)
        out += f"  {pp:>13} {first:>11}"
    if d.get("users") is not None:
        per, total, most = _t(locale, PER_USER_HEAD), _t(locale, TOTAL_HEAD), _t(locale, READING_USERS_HEAD)
        out += f"  {per:>9} {total:>9} {most:>16}"
    return out


def _extra_cells(row: dict[str, Any], locale: str) -> str:
    out = ""
    if "prefill_tok_s" in row:
        pp = fmt.tok_s(row["prefill_tok_s"], locale) if row["prefill_tok_s"] is not None else "—"
        out += f"  {pp:>13} {_s(row['ttft_s'], locale):>11}"
    if "per_user_tok_s" in row:
        per = fmt.tok_s(row["per_user_tok_s"], locale) if row["per_user_tok_s"] is not None else "—"
        total = fmt.tok_s(row["total_tok_s"], locale) if row["total_tok_s"] is not None else "—"
        out += f"  {per:>9} {total:>9} {fmt.integer(row['users_at_reading_speed'], locale):>16}"
    return out


def summary(r: SummaryReport, locale: str = i18n.DEFAULT) -> str:
    d = r.data
    n = lambda v: fmt.integer(v, locale)  # noqa: E731
    out = [_t(locale, N_("%(model)s — %(fit)s of %(total)s cards can run it (context %(tokens)s, profile %(profile)s)"),
              model=model_label(r.model, locale), fit=n(d["cards_fit"]), total=n(d["cards_total"]),
              tokens=n(r.context), profile=_t(locale, PROFILES[r.profile]))]
    out += engine_line(d, locale)
    out += throughput_intro(d, locale)
    # Headline picks (answers/facts/picks.py): the reference profile prints the pages' picks and adds the home
    # pick where the page's is not a card for home use; other profiles print the home picks instead.
    home_first = r.profile != "reference" and not (d.get("picks") or {}).get("only_data_centre")
    out += _headline_lines(d, home_first, locale)
    if d["median_tok_s"] is not None:
        out.append(_t(locale, N_("Median speed: %(tok)s tok/s; %(count)s cards at reading speed (≥ 10 tok/s) "
                                 "or faster"),
                      tok=fmt.gb(d["median_tok_s"], locale), count=n(d["above_reading_speed"])))
    out += _by_memory_lines(d, home_first, locale)
    if d["closest_miss_gb"] is not None:
        out.append(_t(locale, N_("Closest miss: short by %(gb)s"), gb=_gb(d["closest_miss_gb"], locale)))
    out.append(_t(locale, N_("Distinct quantization levels: %(count)s"), count=n(d["distinct_quant_levels"])))
    if e := d["range_example"]:
        out.append(_t(locale, N_("Range on %(card)s: %(range)s tok/s"), card=e["card"],
                      range=fmt.tok_range(e["tok_s_low"], e["tok_s_high"], locale)))
    if line := setup_line(d, locale):
        out.append(line)
    return "\n".join(out)


def _headline_lines(d: dict[str, Any], home_first: bool, locale: str) -> list[str]:
    """The smallest, fastest and cheapest cards: a page's pick is left out where its home pick leads
    (`home_first`), and a home pick is added where the page's own pick is no card for home use."""
    p = d.get("picks") or {}
    page_home = p.get("page_home") or {}
    out = []
    if p.get("only_data_centre"):
        out.append(_t(locale, N_("Only data-centre cards hold it: %(cards)s"), cards=", ".join(p["data_centre_cards"])))
    if (s := d["smallest"]) and not (home_first and p.get("smallest")):
        out.append(_t(locale, N_("Smallest card: %(card)s · %(memory)s · %(quant)s · %(tok)s tok/s · needs %(need)s"),
                      card=s["card"], memory=_mem(s["memory_gb"], locale), quant=s["quant"],
                      tok=fmt.tok_s(s["tok_s"], locale), need=_gb(s["need_gb"], locale)))
    if (h := p.get("smallest")) and not p.get("only_data_centre") and (home_first or not page_home.get("smallest")):
        out.append(_t(locale, N_("Smallest card you can buy and use: %(card)s · %(memory)s · %(quant)s · "
                                 "%(tok)s tok/s · needs %(need)s"),
                      card=h["card"], memory=_mem(h["memory_gb"], locale), quant=h["quant"],
                      tok=fmt.tok_s(h["tok_s"], locale), need=_gb(h["need_gb"], locale)))
    if (f := d["fastest"]) and not (home_first and p.get("fastest")):
        out.append(_t(locale, N_("Fastest card: %(card)s · %(tok)s tok/s · %(memory)s"), card=f["card"],
                      tok=fmt.tok_s(f["tok_s"], locale), memory=_mem(f["memory_gb"], locale)))
        if extra := throughput_line(f, locale):
            out.append(f"  {extra}")
    if (h := p.get("fastest")) and not p.get("only_data_centre") and (home_first or not page_home.get("fastest")):
        out.append(_t(locale, N_("Fastest card you can buy and use: %(card)s · %(tok)s tok/s · %(memory)s"),
                      card=h["card"], tok=fmt.tok_s(h["tok_s"], locale), memory=_mem(h["memory_gb"], locale)))
    c = d.get("cheapest") or {}
    if c.get("by") == "price":
        out.append(_t(locale, N_("Cheapest card by launch price: %(card)s · %(price)s · %(quant)s · %(tok)s tok/s"),
                      card=c["pick"]["card"], price=fmt.usd(c["pick"]["launch_price_usd"], locale),
                      quant=c["pick"]["quant"], tok=fmt.tok_s(c["pick"]["tok_s"], locale)))
    return out


def _by_memory_lines(d: dict[str, Any], home_first: bool, locale: str) -> list[str]:
    """The best card of each memory size; where a home pick of that size exists it is printed (after the
    page's best under the reference profile) instead of the page's best alone."""
    p = d.get("picks") or {}
    page_home = p.get("page_home") or {}
    out = []
    for size, best in d["by_memory"].items():
        memory = _mem(float(size), locale)
        home = (p.get("by_memory") or {}).get(size)
        if home and not home["data_centre"] and (home_first or not (page_home.get("by_memory") or {}).get(size)):
            if not home_first and best:
                out.append(_t(locale, N_("Best %(memory)s card: %(card)s · %(quant)s · needs %(need)s · "
                                         "%(tok)s tok/s · %(fit)s"),
                              memory=memory, card=best["card"], quant=best["quant"], need=_gb(best["need_gb"], locale),
                              tok=fmt.tok_s(best["tok_s"], locale), fit=_fit(locale, best["fit"])))
            out.append(_t(locale, N_("Best %(memory)s card you can buy and use: %(card)s · %(quant)s · "
                                     "needs %(need)s · %(tok)s tok/s · %(fit)s"),
                          memory=memory, card=home["card"], quant=home["quant"], need=_gb(home["need_gb"], locale),
                          tok=fmt.tok_s(home["tok_s"], locale), fit=_fit(locale, home["fit"])))
            continue
        if best:
            out.append(_t(locale, N_("Best %(memory)s card: %(card)s · %(quant)s · needs %(need)s · "
                                     "%(tok)s tok/s · %(fit)s"),
                          memory=memory, card=best["card"], quant=best["quant"], need=_gb(best["need_gb"], locale),
                          tok=fmt.tok_s(best["tok_s"], locale), fit=_fit(locale, best["fit"])))
            if extra := throughput_line(best, locale):
                out.append(f"  {extra}")
        else:
            out.append(_t(locale, N_("Best %(memory)s card: none runs it"), memory=memory))
    return out


def card(r: CardReport, locale: str = i18n.DEFAULT, limit: int | None = None) -> str:
    c = r.card
    lines = [_t(locale, N_("%(card)s (%(vendor)s, %(memory)s, %(bandwidth)s) runs %(fit)s of %(total)s catalog models "
                           "at %(tokens)s tokens of context:"),
                card=r.label or c.name, vendor=c.vendor, memory=_mem(c.memory_gb, locale),
                bandwidth=_t(locale, N_("%(gbps)s GB/s"), gbps=fmt.integer(c.bandwidth_gbps, locale)),
                fit=fmt.integer(r.models_fit, locale), total=fmt.integer(r.models_total, locale),
                tokens=fmt.integer(r.context, locale))]
    lines += engine_line(r.data, locale)
    lines += check_line(r.data, locale)
    lines += throughput_intro(r.data, locale)
    h = [_t(locale, m) for m in (N_("tok/s"), N_("range"), N_("model"), N_("needs"), N_("quant"), N_("fit"))]
    lines.append(f"{h[0]:>7} {h[1]:>11}  {h[2]:<40} {h[3]:>9} {h[4]:<7} {h[5]:<11}" + _extra_head(r.data, locale))
    for m in r.data["models"][: limit or None]:
        speed_range = fmt.tok_range(m["tok_s_low"], m["tok_s_high"], locale)
        lines.append(f"{fmt.tok_s(m['tok_s'], locale):>7} {speed_range:>11}  "
                     f"{(m['model'] or '')[:40]:<40} {_gb(m['need_gb'], locale):>9} {m['quant']:<7} "
                     f"{_fit(locale, m['fit']):<11}" + _extra_cells(m, locale))
    return "\n".join(lines)


def _value(value: Any) -> str:
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)


def model(r: ModelReport, locale: str = i18n.DEFAULT) -> str:
    rec = r.record
    fields = r.data["model"]
    lines = [rec.name]
    for key, label in FIELDS.items():
        if key in fields:
            lines.append(f"  {_t(locale, label)}: {_value(fields[key])}")
    if rec.architecture:
        a = rec.architecture
        kinds = ", ".join(
            (_t(locale, N_("%(layers)s× %(kind)s (window %(window)s)"), layers=g.layers, kind=g.kind,
                window=fmt.integer(g.window, locale))
             if g.window else _t(locale, N_("%(layers)s× %(kind)s"), layers=g.layers, kind=g.kind))
            for g in a.attention
        )
        lines.append("  " + _t(locale, N_("architecture: %(layers)s layers, hidden %(hidden)s, %(heads)s heads / "
                                          "%(kv)s KV heads × %(dim)s; attention: %(kinds)s"),
                               layers=a.layers, hidden=fmt.integer(a.hidden_size, locale), heads=a.attention_heads,
                               kv=a.kv_heads, dim=a.head_dim, kinds=kinds))
    sources = "; ".join(f"{k}: {v.source} {v.detail}".strip() for k, v in rec.provenance.items())
    lines.append("  " + _t(locale, N_("sources: %(sources)s"), sources=sources))
    lines += [f"  {c}" for c in credit_lines(r.sources, locale)]
    return "\n".join(lines)
