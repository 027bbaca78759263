"""Caretaker's logic core: alphabet, statements, per-patient answer-set programs.

Plain Python: nothing here imports Django. The web application imports this package.
"""

from logic.alphabet import Alphabet, ConditionType, MeasurementType, alphabet_load
from logic.diagnostics import (
    AlphabetError,
    Diagnostic,
    LogicError,
    RuleSetError,
    StatementError,
)
from logic.program import TimedStatement
from logic.ruleset import RuleSet, default_ruleset, ruleset_load
from logic.state import (
    FluidBalance,
    News2,
    NotAssessed,
    PatientState,
    Problem,
    patient_state_solve,
    state_to_json,
    state_to_record,
)
from logic.statements import Statement, Unclear, statement_parse

__all__ = [
    "Alphabet",
    "AlphabetError",
    "ConditionType",
    "Diagnostic",
    "FluidBalance",
    "LogicError",
    "MeasurementType",
    "News2",
    "NotAssessed",
    "PatientState",
    "Problem",
    "RuleSet",
    "RuleSetError",
    "Statement",
    "StatementError",
    "TimedStatement",
    "Unclear",
    "alphabet_load",
    "default_ruleset",
    "patient_state_solve",
    "ruleset_load",
    "state_to_json",
    "state_to_record",
    "statement_parse",
]
