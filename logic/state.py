"""A patient's epistemic state: what the rules conclude from the patient's facts."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, tzinfo
from types import MappingProxyType
from typing import Any

from logic.alphabet import Alphabet
from logic.extraction.confirmation import type_label
from logic.history import history_need
from logic.program import PatientProgram, TimedStatement, program_build
from logic.ruleset import RuleSet
from logic.solver import Answer, program_solve

SEVERITY_ORDER = {"high": 0, "medium": 1, "low": 2}

# What the state is read from; the rules contract (logic/rules/README.md) defines them.
OUTPUT_PREDICATES = (
    ("current", 3),
    ("background", 1),
    ("problem", 1),
    ("severity", 2),
    ("description", 2),
    ("label", 2),
    ("meaning", 2),
    ("evidence", 4),
    ("news2Complete", 0),
    ("news2Missing", 1),
    ("news2Param", 1),
    ("news2PartialScore", 1),
    ("news2Subscore", 2),
    ("news2Score", 1),
    ("news2Band", 1),
    ("news2SingleParameter3", 0),
    ("monitoringInterval", 1),
    ("fluidBalance", 1),
    ("dayStart", 1),
    ("notAssessed", 2),
)


@dataclass(frozen=True)
class Problem:
    """An active problem, with the facts that derived it."""

    name: str
    severity: str
    description: str
    support: tuple[TimedStatement, ...]
    label: str = ""
    """The display name a nurse reads ("Rising temperature after surgery")."""
    meaning: str = ""
    """One line on what the problem means."""

    @property
    def title(self) -> str:
        """The label, or the rule name for rule sets written before labels."""
        return self.label or self.name


@dataclass(frozen=True)
class News2:
    """The NEWS2 result: a score and band when complete; when partial, what is
    missing and the least the score can be ("NEWS2 >= 3, 2 of 7 missing")."""

    complete: bool
    score: int | None = None
    band: str | None = None
    subscores: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    single_parameter_3: bool = False
    missing: tuple[str, ...] = ()
    # Seconds between full sets of observations, when the rules derive one.
    monitoring_interval: int | None = None
    score_at_least: int | None = None
    """While partial: the points of the parameters present (a lower bound; no band)."""
    parameters: tuple[str, ...] = ()
    """The parameters the rules score (the seven of NEWS2), in the rules' names."""

    @property
    def partial(self) -> bool:
        """Whether a parameter has no reading, so the score is only a lower bound."""
        return not self.complete


@dataclass(frozen=True)
class FluidBalance:
    """Intake minus output (mL) charted since the chart's day start."""

    ml: int
    since: datetime


@dataclass(frozen=True)
class NotAssessed:
    """A problem the rules could not assess, and why ("No weight recorded: ...")."""

    name: str
    reason: str
    label: str = ""


@dataclass(frozen=True)
class PatientState:
    """Current values, background, problems and NEWS2 of one patient at ``now``."""

    now: datetime
    current: Mapping[str, TimedStatement]
    background: tuple[str, ...]
    problems: tuple[Problem, ...]
    news2: News2
    ground_atoms: int = field(default=0, compare=False)
    fluid_balance: FluidBalance | None = None
    not_assessed: tuple[NotAssessed, ...] = ()

    @property
    def problem_names(self) -> frozenset[str]:
        """Names of the active problems."""
        return frozenset(p.name for p in self.problems)


def patient_state_solve(
    facts: Iterable[TimedStatement],
    *,
    rules: RuleSet,
    now: datetime | None = None,
    full_history: bool = False,
    zone: tzinfo = UTC,
) -> PatientState:
    """Build the patient's program from ``facts``, solve it with ``rules`` and read the
    epistemic state back. ``now`` defaults to the latest fact's time.

    ``zone`` is the ward's time zone (``ZoneInfo("Europe/London")``): the chart's day
    start (07:00 by default, a rule-set constant) is on the ward's clock. Readings the
    rules cannot see are left out (:mod:`logic.history`); the answer is the same
    either way. ``full_history`` keeps every reading regardless, to compare and to
    measure."""
    files = [(f.name, f.text) for f in rules.files]
    need = None if full_history else history_need(files, rules.alphabet.accumulating)
    program = program_build(
        facts,
        alphabet=rules.alphabet,
        now=now,
        depth=None if need is None else need.depth,
        windows=None if need is None else need.windows,
        zone=zone,
    )
    answer = program_solve(files, program.text, show=OUTPUT_PREDICATES)
    return _state_from_answer(answer, program)


def _state_from_answer(answer: Answer, program: PatientProgram) -> PatientState:
    current = {}
    for type_name, value, seconds in answer.of("current"):
        fact = program.reading(str(type_name), value, int(seconds))
        if fact is not None:
            current[str(type_name)] = fact
    return PatientState(
        now=program.origin + timedelta(seconds=program.now_seconds),
        current=MappingProxyType(dict(sorted(current.items()))),
        background=_background(answer, program),
        problems=_problems(answer, program),
        news2=_news2(answer),
        ground_atoms=answer.ground_atoms,
        fluid_balance=_fluid_balance(answer, program),
        not_assessed=_not_assessed(answer),
    )


def _fluid_balance(answer: Answer, program: PatientProgram) -> FluidBalance | None:
    balance = next((int(b) for (b,) in answer.of("fluidBalance")), None)
    since = next((int(t) for (t,) in answer.of("dayStart")), None)
    if balance is None or since is None:
        return None
    return FluidBalance(balance, program.origin + timedelta(seconds=since))


def _not_assessed(answer: Answer) -> tuple[NotAssessed, ...]:
    label = {str(name): str(text) for name, text in answer.of("label")}
    found = [
        NotAssessed(str(name), str(reason), label.get(str(name), ""))
        for name, reason in answer.of("notAssessed")
    ]
    return tuple(sorted(found, key=lambda n: (n.name, n.reason)))


def _background(answer: Answer, program: PatientProgram) -> tuple[str, ...]:
    first_said: dict[str, datetime] = {}
    for fact in program.readings.values():
        statement = fact.statement
        if statement.type == "backgroundInfo":
            value = str(statement.value)
            first_said[value] = min(first_said.get(value, fact.at), fact.at)
    values = {str(v) for (v,) in answer.of("background")}
    return tuple(sorted(values, key=lambda v: (first_said.get(v, program.origin), v)))


def _problems(answer: Answer, program: PatientProgram) -> tuple[Problem, ...]:
    severity = {str(name): str(level) for name, level in answer.of("severity")}
    description = {str(name): str(text) for name, text in answer.of("description")}
    label = {str(name): str(text) for name, text in answer.of("label")}
    meaning = {str(name): str(text) for name, text in answer.of("meaning")}
    support: dict[str, list[TimedStatement]] = {}
    for name, type_name, value, seconds in answer.of("evidence"):
        fact = program.reading(str(type_name), value, int(seconds))
        if fact is not None:
            support.setdefault(str(name), []).append(fact)
    problems = [
        Problem(
            name=name,
            severity=severity.get(name, "medium"),
            description=description.get(name, ""),
            support=tuple(
                sorted(support.get(name, []), key=lambda f: (f.at, f.statement.type))
            ),
            label=label.get(name, ""),
            meaning=meaning.get(name, ""),
        )
        for name in (str(n) for (n,) in answer.of("problem"))
    ]
    return tuple(
        sorted(problems, key=lambda p: (SEVERITY_ORDER.get(p.severity, 9), p.name))
    )


def _news2(answer: Answer) -> News2:
    subscores = {str(p): int(s) for p, s in answer.of("news2Subscore")}
    if not answer.holds("news2Complete"):
        missing = sorted(str(p) for (p,) in answer.of("news2Missing"))
        return News2(
            complete=False,
            missing=tuple(missing),
            subscores=MappingProxyType(dict(sorted(subscores.items()))),
            # Rule sets written before news2PartialScore: its definition, here.
            score_at_least=next(
                (int(s) for (s,) in answer.of("news2PartialScore")),
                sum(subscores.values()),
            ),
            parameters=tuple(sorted(str(p) for (p,) in answer.of("news2Param"))),
        )
    score = next((int(s) for (s,) in answer.of("news2Score")), None)
    band = next((str(b) for (b,) in answer.of("news2Band")), None)
    return News2(
        complete=True,
        score=score,
        band=band,
        subscores=MappingProxyType(dict(sorted(subscores.items()))),
        single_parameter_3=answer.holds("news2SingleParameter3"),
        parameters=tuple(sorted(str(p) for (p,) in answer.of("news2Param"))),
        monitoring_interval=min(
            (int(i) for (i,) in answer.of("monitoringInterval")), default=None
        ),
    )


def state_to_json(state: PatientState, rules: RuleSet) -> dict[str, Any]:
    """The state as the JSON object the command line prints: each problem's support
    as text (``data(temperature, 38.4) at 2026-11-20T10:00:00Z``)."""
    return _state_json(
        state, rules, lambda p: [timed_statement_text(f, rules) for f in p.support]
    )


def state_to_record(state: PatientState, rules: RuleSet) -> dict[str, Any]:
    """The state as the web app stores and pushes it: as :func:`state_to_json`, but
    each problem's support is structured (:func:`support_record`), so that nothing
    outside the logic core parses statement text back."""
    return _state_json(state, rules, lambda p: support_record(p.support, rules))


def support_record(
    support: Iterable[TimedStatement], rules: RuleSet
) -> list[dict[str, str]]:
    """Supporting facts as ``{"statement", "type", "at"}`` objects: the canonical
    statement (what the app stores facts as), its type and the UTC time it was said."""
    return [
        {
            "statement": f.statement.canonical(rules.alphabet),
            "type": f.statement.type,
            "at": iso_utc(f.at),
        }
        for f in support
    ]


def _state_json(
    state: PatientState,
    rules: RuleSet,
    support: Callable[[Problem], list[Any]],
) -> dict[str, Any]:
    alphabet = rules.alphabet
    news2: dict[str, Any] = {"complete": state.news2.complete}
    if state.news2.complete:
        news2 |= {
            "score": state.news2.score,
            "band": state.news2.band,
            "subscores": dict(state.news2.subscores),
            "single_parameter_3": state.news2.single_parameter_3,
        }
        if state.news2.monitoring_interval is not None:
            news2["monitoring_interval"] = state.news2.monitoring_interval
    else:
        # Only fields added after "complete" and "missing": older readers still work.
        news2 |= {
            "missing": list(state.news2.missing),
            "partial": True,
            "missing_labels": list(type_labels(state.news2.missing, alphabet)),
            "parameter_count": len(state.news2.parameters),
            "subscores": dict(state.news2.subscores),
        }
        if state.news2.score_at_least is not None:
            news2["score_at_least"] = state.news2.score_at_least
    document: dict[str, Any] = {
        "current": {
            name: fact.statement.json_value(alphabet)
            for name, fact in state.current.items()
        },
        "background": list(state.background),
        "problems": [
            {
                "name": problem.name,
                "severity": problem.severity,
                "description": problem.description,
                "label": problem.title,
                "meaning": problem.meaning,
                "support": support(problem),
            }
            for problem in state.problems
        ],
        "news2": news2,
    }
    # Added with the fluid chart, only when there is something: older readers and
    # states without fluids read the same keys as before.
    if state.fluid_balance is not None:
        document["fluid_balance"] = {
            "ml": state.fluid_balance.ml,
            "since": iso_utc(state.fluid_balance.since),
        }
    if state.not_assessed:
        document["not_assessed"] = [
            {"name": n.name, "label": n.label or n.name, "reason": n.reason}
            for n in state.not_assessed
        ]
    return document


def type_labels(types: Iterable[str], alphabet: Alphabet) -> tuple[str, ...]:
    """Types as a chart heads them ("Temp", "Air or oxygen"), in the order the
    alphabet lists them (the chart's order); a type it lacks comes last, by name."""
    order = {
        name: i for i, name in enumerate([*alphabet.measurements, *alphabet.conditions])
    }
    ranked = sorted(types, key=lambda t: (order.get(t, len(order)), t))
    return tuple(type_label(t, alphabet) for t in ranked)


def timed_statement_text(fact: TimedStatement, rules: RuleSet) -> str:
    """``data(temperature, 38.4) at 2026-11-20T10:00:00Z``."""
    return f"{fact.statement.canonical(rules.alphabet)} at {iso_utc(fact.at)}"


def iso_utc(moment: datetime) -> str:
    """An aware time as ISO 8601 in UTC with a ``Z``."""
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")
