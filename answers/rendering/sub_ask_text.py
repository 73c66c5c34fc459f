"""Lines that answer what a message asked beside its main question, from the facts built for it: a chip named
without its memory in a comparison (answers/facts/chip_sizes.py), power and its cost beside a comparison
(answers/facts/side_power.py)."""

from __future__ import annotations

from typing import Any

from answers.knowledge import i18n
from answers.knowledge.i18n import N_
from answers.rendering import format as fmt
from answers.rendering import markdown

# A comparison's side named as a chip without its memory, moved to the size that holds the model.
CHIP_MOVED = N_("The %(default)s cannot hold it at the usual quality: that side is the %(card)s, the smallest "
                "memory size of that chip that does.")
# …no model asked: the chip's other sizes, with their bandwidth where it differs.
CHIP_SIZES = N_("%(default)s is the smallest size of that chip; it also comes as %(sizes)s: more memory holds larger "
                "models.")


def chip_lines(facts: dict[str, Any], lang: str) -> list[str]:
    """One line per chip side named without its memory."""
    lines = []
    for c in facts.get("chip_sizes") or ():
        if c.get("moved"):
            lines.append(i18n.gettext(lang, CHIP_MOVED) % {"default": markdown.escape(c["default"]),
                                                            "card": markdown.escape(c["card"])})
        elif not c.get("model_asked"):
            first = c["sizes"][0]
            others = ", ".join(
                fmt.memory(x["memory_gb"], lang) + " GB"
                + (f" ({fmt.integer(x['bandwidth_gbps'], lang)} GB/s)"
                   if x["bandwidth_gbps"] != first["bandwidth_gbps"] else "")
                for x in c["sizes"][1:])
            lines.append(i18n.gettext(lang, CHIP_SIZES) % {"default": markdown.escape(c["default"]), "sizes": others})
    return lines


# Power beside a comparison: each side's whole machine at the wall while generating.
POWER_HEAD = N_("Power while generating (the whole machine at the wall):")
POWER_SIDE = N_("%(side)s: about %(watts)s W, %(per_wh)s tokens per watt-hour")
POWER_SIDE_PRICE = N_("%(side)s: about %(watts)s W, %(hour)s an hour of generating at %(price)s per kWh, "
                      "%(million)s per million tokens")
# …and idle with the model loaded, and a month at the hours said (or assumed), a kWh price said.
POWER_IDLE_MONTH = N_("%(side)s idle with the model loaded: about %(idle)s W, %(idle_hour)s an hour; a month: about "
                      "%(month)s (%(kwh)s kWh)")
POWER_HOURS_SAID = N_("The month counts %(hours)s hours a day generating, as you say, and the rest of the day idle.")
POWER_HOURS_ASSUMED = N_("The month assumes %(hours)s hours a day generating and the rest of the day idle with the "
                         "model loaded; say your hours for your own figure. Turned off when unused, the idle part "
                         "goes away.")
POWER_BEST = N_("%(side)s makes about %(ratio)s× as many tokens per kWh.")
POWER_EVEN = N_("Both make about as many tokens per kWh.")


def power_lines(facts: dict[str, Any], lang: str) -> list[str]:
    """The power and cost of each compared side, and which makes more tokens per kWh."""
    p = facts.get("power_sides")
    if not p:
        return []
    lines = [i18n.gettext(lang, POWER_HEAD)]
    for side in p["sides"]:
        values = {"side": markdown.escape(side["label"]), "watts": fmt.integer(side["watts"], lang),
                  "per_wh": fmt.integer(side["tok_per_wh"], lang)}
        if p.get("price_kwh") is not None:
            cur = p["currency"]
            values.update(hour=fmt.unit_price(side["hour_cost"], cur, lang),
                          price=fmt.unit_price(p["price_kwh"], cur, lang),
                          million=fmt.unit_price(side["million_cost"], cur, lang))
            lines.append("- " + i18n.gettext(lang, POWER_SIDE_PRICE) % values)
            if side.get("month_cost") is not None:
                lines.append("- " + i18n.gettext(lang, POWER_IDLE_MONTH) % {
                    "side": values["side"], "idle": fmt.integer(side["idle_watts"], lang),
                    "idle_hour": fmt.unit_price(side["idle_hour_cost"], cur, lang),
                    "month": fmt.unit_price(side["month_cost"], cur, lang),
                    "kwh": fmt.integer(side["month_kwh"], lang)})
        else:
            lines.append("- " + i18n.gettext(lang, POWER_SIDE) % values)
    if p.get("price_kwh") is not None and p.get("hours_per_day"):
        hours = fmt.decimal(p["hours_per_day"], 0 if float(p["hours_per_day"]).is_integer() else 1, lang)
        lines.append(i18n.gettext(lang, POWER_HOURS_SAID if p.get("hours_said") else POWER_HOURS_ASSUMED)
                     % {"hours": hours})
    if p["ratio"] >= 1.1:
        lines.append(i18n.gettext(lang, POWER_BEST) % {"side": markdown.escape(p["sides"][p["best"]]["label"]),
                                                        "ratio": fmt.decimal(p["ratio"], 1, lang)})
    else:
        lines.append(i18n.gettext(lang, POWER_EVEN))
    return lines


# A second card of one the asker has, offered instead of the machine asked about ("or do I get another 3090?").
PAIR_RUNS = N_("With a second %(card)s instead (%(label)s, %(usable)s GB usable): it holds it at %(quant)s, about "
               "%(tok)s tok/s, needing %(need)s GB.")
PAIR_SHORT = N_("With a second %(card)s instead (%(label)s, %(usable)s GB usable): it still does not hold it whole; "
                "that needs about %(need)s GB.")


def pair_lines(facts: dict[str, Any], lang: str) -> list[str]:
    """The figure for two of the card offered as a second one, or that they do not hold the model either."""
    p = facts.get("pair_option")
    if not p or not p.get("label") or not p.get("usable_gb"):
        return []
    values = {"card": markdown.escape(p["card"]), "label": markdown.escape(p["label"]),
              "usable": fmt.decimal(p["usable_gb"], 1, lang), "need": fmt.decimal(p.get("need_gb") or 0.0, 1, lang)}
    if p.get("quant") and p.get("tok_s") and p.get("fit") not in (None, "no"):
        return [i18n.gettext(lang, PAIR_RUNS) % {**values, "quant": f"`{p['quant']}`",
                                                  "tok": fmt.decimal(p["tok_s"], 1, lang)}]
    if p.get("need_gb"):
        return [i18n.gettext(lang, PAIR_SHORT) % values]
    return []


# Two engines weighed for several people: how many requests the memory holds at once (the serving answer's pool).
AT_ONCE = N_("Requests at once: with %(tokens)s tokens of context each, the memory left after the weights holds "
             "%(most)s at once; the others wait in the queue.")
AT_ONCE_EIGHT = N_("Requests at once: with %(tokens)s tokens of context each, the memory left after the weights "
                   "holds %(most)s at once, %(eight)s with an 8-bit cache; the others wait in the queue.")
AT_ONCE_ALL = N_("Requests at once: with %(tokens)s tokens of context each, the memory left after the weights holds "
                 "%(most)s at once, so all %(users)s fit.")


def at_once_line(facts: dict[str, Any], lang: str) -> str | None:
    """How many requests fit at once, from the first side's serving figures; None without them."""
    row, pool = facts.get("row"), facts.get("pool")
    if not isinstance(row, dict) or not row.get("max_users_memory") or not row.get("users"):
        return None
    context = facts.get("context") or row.get("context_per_user")
    eight = pool.get("eight_bit") if isinstance(pool, dict) else None
    values = {"tokens": fmt.integer(context, lang), "most": fmt.integer(row["max_users_memory"], lang)}
    if row["max_users_memory"] >= row["users"]:
        return i18n.gettext(lang, AT_ONCE_ALL) % {**values, "users": fmt.integer(row["users"], lang)}
    if isinstance(eight, dict) and eight.get("max_users_memory"):
        return i18n.gettext(lang, AT_ONCE_EIGHT) % {**values, "eight": fmt.integer(eight["max_users_memory"], lang)}
    return i18n.gettext(lang, AT_ONCE) % values


# The pick between two phones or boards (answers/facts/device_pick.py).
DEVICE_ONLY = N_("**My pick: %(pick)s**: it runs %(model)s, and %(other)s does not.")
DEVICE_FASTER = N_("**My pick: %(pick)s**: about %(ratio)s× as fast as %(other)s for %(model)s.")
DEVICE_MEMORY = N_("**My pick: %(pick)s**: more memory for an app (%(gb)s GB against %(gb2)s GB), so it holds larger "
                   "models; its memory reads at %(bw)s GB/s against %(bw2)s GB/s, which sets the speed of the same "
                   "model on each.")


def device_pick_line(pick: dict[str, Any] | None, lang: str) -> str | None:
    if not pick:
        return None
    values = {"pick": markdown.escape(pick["pick"]), "other": markdown.escape(pick["other"]),
              "model": markdown.escape(pick.get("model") or "")}
    if pick["why"] == "only":
        return i18n.gettext(lang, DEVICE_ONLY) % values
    if pick["why"] == "faster":
        return i18n.gettext(lang, DEVICE_FASTER) % {**values, "ratio": fmt.decimal(pick["ratio"], 1, lang)}
    return i18n.gettext(lang, DEVICE_MEMORY) % {
        **values, "gb": fmt.decimal(pick["usable_gb"], 1, lang), "gb2": fmt.decimal(pick["other_usable_gb"], 1, lang),
        "bw": fmt.decimal(pick["bandwidth_gbps"], 1, lang), "bw2": fmt.decimal(pick["other_bandwidth_gbps"], 1, lang)}
