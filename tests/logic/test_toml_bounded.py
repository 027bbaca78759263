"""TOML read with a bound on nesting: what tomllib reads is read the same; deeper
nesting is a TOMLDecodeError with its place, whatever strings and comments hold."""

import tomllib

import pytest

from logic.toml_bounded import MAX_DEPTH, toml_loads

WITHIN = [
    'a = [[1, 2], [3, [4, {x = "]]]"}]]]\n',
    "# [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\nb = 1\n",
    's = "' + "[" * 100 + '"\n',
    "t = '" + "{" * 100 + "'\n",
    'm = """\n' + "[" * 100 + '\n"""\n',
    "n = '''" + "[" * 100 + "'''\n",
    'q = """ends with quotes"""""\nr = [1]\n',
    'e = "escaped \\" [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["\n',
    "[[test]]\nname = 'x'\nfacts = [{statement = 'a', at = 'b'}]\n",
    "v = " + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "\n",
]


@pytest.mark.parametrize("text", WITHIN)
def test_toml_within_the_bound_reads_as_tomllib_reads_it(text):
    assert toml_loads(text) == tomllib.loads(text)


@pytest.mark.parametrize(
    "text",
    [
        "v = " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n",
        "v = " + "[" * 5000 + "]" * 5000 + "\n",
        "v = " + "{a = " * 5000 + "1" + "}" * 5000 + "\n",
        "ok = 1\nv = " + "[" * 100_000,  # never closed: refused before the parser
    ],
)
def test_deeper_nesting_is_refused_with_its_place(text):
    with pytest.raises(tomllib.TOMLDecodeError, match=r"nested more than 32 deep"):
        toml_loads(text)
    with pytest.raises(tomllib.TOMLDecodeError, match=r"\(at line \d+, column \d+\)"):
        toml_loads(text)


def test_an_unclosed_string_is_left_to_tomllib():
    with pytest.raises(tomllib.TOMLDecodeError):
        toml_loads('a = "never closed\nb = [[[[[[[[[[\n')
