"""The NEWS2 observation chart (score bands per parameter) as the rule set defines it.

The bands are read from the rules, never copied: the ``news2Chart`` and
``news2Spo2Chart`` facts give the measured parameters' rows, and what the rules say in
rules rather than in rows (SpO2 scale 2 on oxygen, consciousness, the aggregate band,
which background puts a patient on scale 2) is asked of clingo with small probe
programs. A rule set whose thresholds change gives a chart that follows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from functools import lru_cache
from types import MappingProxyType

from logic.alphabet import Alphabet
from logic.program import TimedStatement, program_build
from logic.ruleset import RuleSet
from logic.solver import Atom, program_solve
from logic.statements import Statement

CHART = ("news2Chart", 4)
SPO2_CHART = ("news2Spo2Chart", 4)
SUBSCORE = ("news2Subscore", 2)
SPO2 = "oxygenSaturation"
SUPPLY = "oxygenSupply"
CONSCIOUSNESS = "consciousness"
BACKGROUND = "backgroundInfo"
HIGHEST_SCORE = 20  # 3 points for each of six parameters, 2 for oxygen
_PROBE_AT = datetime(2000, 1, 1, tzinfo=UTC)

Rules = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Band:
    """Values from ``low`` to ``high`` (both included; None: no bound) score
    ``points``."""

    low: Decimal | None
    high: Decimal | None
    points: int


@dataclass(frozen=True)
class ValueBand:
    """A condition value (consciousness: ``alert``, ``confused`` ...) and its points."""

    value: str
    points: int


@dataclass(frozen=True)
class ScoreBand:
    """The clinical risk band of an aggregate score, without and with a single
    parameter scoring 3 (``low`` becomes ``low-medium``)."""

    score: int
    band: str
    band_single_3: str


@dataclass(frozen=True)
class News2Chart:
    """The printed chart of one rule set.

    ``parameters``: bands of each measured parameter scored by ``news2Chart`` rows.
    ``spo2``: SpO2 bands by scale (1, 2) from ``news2Spo2Chart`` rows.
    ``spo2_scale_2_above``: scale 2 above its rows, by oxygen supply (``air``,
    ``supplemental``). ``consciousness``: points per value. ``scores``: the band of
    each aggregate score. ``scale_2_background``: background values that put a patient
    on scale 2. ``steps``: the smallest difference between two values of a parameter.
    """

    parameters: Mapping[str, tuple[Band, ...]]
    spo2: Mapping[int, tuple[Band, ...]]
    spo2_scale_2_above: Mapping[str, tuple[Band, ...]]
    consciousness: tuple[ValueBand, ...]
    scores: tuple[ScoreBand, ...]
    scale_2_background: tuple[str, ...]
    steps: Mapping[str, Decimal]


_charts: dict[int, tuple[RuleSet, News2Chart]] = {}


def news2_bands(rules: RuleSet) -> News2Chart:
    """The NEWS2 chart of ``rules``, values in the alphabet's units (38.4, not 384).

    Probing runs a few dozen tiny programs (a tenth of a second); the chart is kept
    per rule set object (the application keeps one per stored version)."""
    kept = _charts.get(id(rules))
    if kept is not None and kept[0] is rules:
        return kept[1]
    if len(_charts) >= 16:
        _charts.clear()
    chart = _chart(rules)
    _charts[id(rules)] = (rules, chart)
    return chart


def _chart(rules: RuleSet) -> News2Chart:
    files: Rules = tuple((f.name, f.text) for f in rules.files)
    alphabet = rules.alphabet
    answer = program_solve(files, "", show=[CHART, SPO2_CHART])
    parameters: dict[str, list[Band]] = {}
    for name, low, high, points in answer.of(CHART[0]):
        band = _band(alphabet, str(name), low, high, points)
        parameters.setdefault(str(name), []).append(band)
    spo2: dict[int, list[Band]] = {}
    for scale, low, high, points in answer.of(SPO2_CHART[0]):
        spo2.setdefault(int(scale), []).append(_band(alphabet, SPO2, low, high, points))
    scale_2 = _scale_2_background(files, alphabet)
    above = _spo2_above(files, alphabet, spo2.get(2, []), scale_2)
    return News2Chart(
        parameters=_frozen(parameters),
        spo2=_frozen(spo2),
        spo2_scale_2_above=MappingProxyType(above),
        consciousness=_consciousness(files, alphabet),
        scores=_scores(files),
        scale_2_background=scale_2,
        steps=MappingProxyType(
            {n: Decimal(1) / m.scale for n, m in alphabet.measurements.items()}
        ),
    )


def _band(
    alphabet: Alphabet, name: str, low: object, high: object, points: object
) -> Band:
    scale = alphabet.measurements[name].scale if name in alphabet.measurements else 1

    def value(bound: object) -> Decimal | None:
        return Decimal(bound) / scale if isinstance(bound, int) else None

    return Band(value(low), value(high), int(str(points)))


def _frozen(
    rows: Mapping[str, list[Band]] | Mapping[int, list[Band]],
) -> MappingProxyType:  # type: ignore[type-arg]
    lowest = Decimal("-Infinity")
    return MappingProxyType(
        {
            key: tuple(sorted(bands, key=lambda b: lowest if b.low is None else b.low))
            for key, bands in sorted(rows.items())
        }
    )


def _subscores(
    files: Rules, alphabet: Alphabet, statements: Iterable[Statement]
) -> dict[str, int]:
    """The ``news2Subscore`` atoms for a patient who has just said ``statements``."""
    timed = [TimedStatement(s, _PROBE_AT) for s in statements]
    program = program_build(timed, alphabet=alphabet, now=_PROBE_AT)
    answer = program_solve(files, program.text, show=[SUBSCORE, ("spo2Scale", 1)])
    found = {str(p): int(str(v)) for p, v in answer.of(SUBSCORE[0])}
    found["spo2Scale"] = max(
        (int(str(s)) for (s,) in answer.of("spo2Scale")), default=1
    )
    return found


def _scale_2_background(files: Rules, alphabet: Alphabet) -> tuple[str, ...]:
    background = alphabet.conditions.get(BACKGROUND)
    if background is None:
        return ()
    return tuple(
        v.name
        for v in background.values
        if _subscores(files, alphabet, [Statement("condition", BACKGROUND, v.name)])[
            "spo2Scale"
        ]
        == 2
    )


def _spo2_above(
    files: Rules,
    alphabet: Alphabet,
    scale_2: Sequence[Band],
    scale_2_background: Sequence[str],
) -> dict[str, tuple[Band, ...]]:
    """Scale 2 above its highest row, where the points depend on oxygen: one probe per
    value and supply, joined into bands."""
    spo2 = alphabet.measurements.get(SPO2)
    supply = alphabet.conditions.get(SUPPLY)
    tops = [b.high for b in scale_2 if b.high is not None]
    if spo2 is None or supply is None or not tops or not scale_2_background:
        return {}
    on_scale_2 = Statement("condition", BACKGROUND, scale_2_background[0])
    values = range(int(max(tops) * spo2.scale) + 1, int(spo2.maximum * spo2.scale) + 1)
    result = {}
    for oxygen in supply.values:
        points = []
        for scaled in values:
            value = Decimal(scaled) / spo2.scale
            said = [
                on_scale_2,
                Statement("data", SPO2, value),
                Statement("condition", SUPPLY, oxygen.name),
            ]
            points.append((value, _subscores(files, alphabet, said).get(SPO2)))
        result[oxygen.name] = _joined(points, spo2.maximum)
    return result


def _joined(
    points: Sequence[tuple[Decimal, int | None]], maximum: Decimal
) -> tuple[Band, ...]:
    """Consecutive values with the same points as one band (the last one open)."""
    bands: list[Band] = []
    for value, score in points:
        if score is None:
            continue
        if bands and bands[-1].points == score:
            bands[-1] = Band(bands[-1].low, value, score)
        else:
            bands.append(Band(value, value, score))
    if bands and bands[-1].high == maximum:
        bands[-1] = Band(bands[-1].low, None, bands[-1].points)
    return tuple(bands)


def _consciousness(files: Rules, alphabet: Alphabet) -> tuple[ValueBand, ...]:
    condition = alphabet.conditions.get(CONSCIOUSNESS)
    if condition is None:
        return ()
    found = []
    for value in condition.values:
        said = [Statement("condition", CONSCIOUSNESS, value.name)]
        points = _subscores(files, alphabet, said).get(CONSCIOUSNESS)
        if points is not None:
            found.append(ValueBand(value.name, points))
    return tuple(found)


@lru_cache(maxsize=16)
def _scores(files: Rules) -> tuple[ScoreBand, ...]:
    """The band of each aggregate score, asked of the ``news2Band`` rules."""

    def band(facts: str) -> str:
        answer = program_solve(files, facts, show=[("news2Band", 1)])
        names: list[Atom] = sorted(answer.of("news2Band"), key=str)
        return str(names[0][0]) if names else ""

    return tuple(
        ScoreBand(
            s,
            band(f"news2Score({s})."),
            band(f"news2Score({s}). news2SingleParameter3."),
        )
        for s in range(HIGHEST_SCORE + 1)
    )
