"""Reading atoms back from clingo's text gives what clingo's own API gives."""

from __future__ import annotations

import clingo
from hypothesis import given, settings
from hypothesis import strategies as st

from logic.solver import atom_from_text


def _through_the_api(symbol: clingo.Symbol) -> tuple[str, tuple[object, ...]]:
    def value(argument: clingo.Symbol) -> object:
        if argument.type == clingo.SymbolType.Number:
            return argument.number
        if argument.type == clingo.SymbolType.String:
            return argument.string
        if argument.type == clingo.SymbolType.Function and not argument.arguments:
            return argument.name
        return str(argument)

    return symbol.name, tuple(value(a) for a in symbol.arguments)


TERMS = st.recursive(
    st.one_of(
        st.integers(min_value=-(2**31), max_value=2**31 - 1).map(clingo.Number),
        st.text(max_size=12).map(clingo.String),
        st.sampled_from(["temperature", "news2High", "a_b", "x'"]).map(clingo.Function),
        st.sampled_from([clingo.Infimum, clingo.Supremum]),
    ),
    lambda inner: st.one_of(
        st.lists(inner, min_size=1, max_size=3).map(lambda a: clingo.Function("f", a)),
        st.lists(inner, min_size=2, max_size=3).map(lambda a: clingo.Tuple_(a)),
    ),
    max_leaves=6,
)


@settings(max_examples=400, deadline=None)
@given(arguments=st.lists(TERMS, max_size=4))
def test_text_and_api_agree(arguments):
    symbol = clingo.Function("atom", arguments)
    name, plain = atom_from_text(str(symbol))
    assert (name, plain) == _through_the_api(symbol)


def test_strings_with_quotes_commas_and_backslashes():
    text = 'He said "38,4", then \\ left\nnext line'
    symbol = clingo.Function("description", [clingo.Function("p"), clingo.String(text)])
    assert atom_from_text(str(symbol)) == ("description", ("p", text))


def test_an_atom_without_arguments():
    assert atom_from_text("news2Complete") == ("news2Complete", ())
