"""A power price said beside two options to buy ("… or one 5090? power is 0.35 €/kWh") gets each option's bill: the
whole machine at the wall generating and idle with the model loaded, per hour and per month (at the hours said,
else an assumed working day, said so).

Golden figures by hand from the sourced constants (estimator/data/power_constants.json: a card draws 0.8 of its
board power generating, 20 W idle; the rest of the machine 100 W generating, 50 W idle) and the board powers
(TechPowerUp: RTX 3090 350 W, RTX 5090 575 W):
- 2× 3090: 2·350·0.8 + 100 = 660 W generating, 2·20 + 50 = 90 W idle
- 5090: 575·0.8 + 100 = 560 W generating, 20 + 50 = 70 W idle
A month (365/12 days) at h hours generating, the rest idle: (load·h + idle·(24−h)) / 1000 · 30.4167 kWh."""

from __future__ import annotations

import pytest

DAYS = 365 / 12


def _month(load: float, idle: float, hours: float, price: float) -> float:
    return (load * hours + idle * (24 - hours)) / 1000 * DAYS * price


CASES = [
    ("two used 3090s or a single 5090 for qwen3 32b? electricity is 0.40 EUR per kWh, about 6 hours a day", "en",
     0.40, 6.0),
    ("meglio due 3090 usate o una 5090 per qwen3 32b? la corrente costa 0,30 €/kWh", "it", 0.30, 4.0),
    ("dos 3090 usadas o una 5090 para qwen3 32b? el kwh me sale a 0,25 €", "es", 0.25, 4.0),
    ("duas 3090 usadas ou uma 5090 pra qwen3 32b? energia a R$ 1,10 o kWh, uso 8 horas por dia", "pt", 1.10, 8.0),
    ("deux 3090 d'occasion ou une 5090 pour qwen3 32b ? l'électricité est à 0,28 €/kWh", "fr", 0.28, 4.0),
]


@pytest.mark.parametrize(("question", "lang", "price", "hours"), CASES)
def test_each_option_gets_its_bill(engine, question, lang, price, hours) -> None:
    a = engine.ask(question, locale=lang)
    p = a.facts["power_sides"]
    by = {s["label"]: s for s in p["sides"]}
    pair, one = by["2× GeForce RTX 3090"], by["GeForce RTX 5090"]
    assert round(pair["watts"]) == 660 and round(pair["idle_watts"]) == 90
    assert round(one["watts"]) == 560 and round(one["idle_watts"]) == 70
    assert pair["hour_cost"] == pytest.approx(0.660 * price) and one["idle_hour_cost"] == pytest.approx(0.070 * price)
    assert p["hours_per_day"] == hours
    assert pair["month_cost"] == pytest.approx(_month(660, 90, hours, price), rel=1e-3)
    assert one["month_cost"] == pytest.approx(_month(560, 70, hours, price), rel=1e-3)
    text = a.text.replace("\xa0", " ")
    assert "kWh" in text and "90 W" in text and "70 W" in text


def test_the_text_gives_the_month_in_the_askers_language(engine) -> None:
    a = engine.ask("zwei gebrauchte 3090 oder eine 5090 für 70b modelle? strom kostet 0,35 €/kWh", locale="de")
    # 2× 3090 at 4 h/day: (660·4 + 90·20)/1000 · 30.4167 · 0.35 = 47.27 €; 5090: (560·4 + 70·20) → 38.75 €
    text = a.text.replace("\xa0", " ")
    assert "47,27 €" in text and "38,75 €" in text, text
    assert "Leerlauf" in text and "4 Stunden" in text


def test_no_price_no_bill(engine) -> None:
    a = engine.ask("two used 3090s or a single 5090 for qwen3 32b?", locale="en")
    assert "power_sides" not in a.facts
