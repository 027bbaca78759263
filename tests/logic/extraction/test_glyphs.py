"""Typed text is folded before the guide reads it (issue 25, finding 10): Latin
look-alikes from Cyrillic and Greek, fullwidth forms and invisible characters no
longer make a value vanish, spans still point into the text as typed, and what
stays unreadable is shown as not understood."""

from __future__ import annotations

import pytest

from logic.alphabet import Alphabet
from logic.extraction.confirmation import confirmation_text
from logic.extraction.extractor import extract
from logic.extraction.glyphs import fold, unreadable
from logic.extraction.grammar import GuideMode
from logic.extraction.guide import guide_build
from logic.extraction.numbers import normalize, numbers_find
from logic.extraction.options import ExtractionOptions

STRICT = ExtractionOptions(guide=GuideMode.STRICT)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("t\u0435mp 38.4", [("data(temperature, 38.4)", "t\u0435mp 38.4")]),
        ("\u0422emp 38.4", [("data(temperature, 38.4)", "\u0422emp 38.4")]),
        ("temp \uff13\uff18.\uff14", [("data(temperature, 38.4)", "temp ３８.４")]),
        ("\u03bfxygen sats 95", [("data(oxygenSaturation, 95)", "οxygen sats 95")]),
        (
            "Sats 95 on \u03bfxygen",
            [
                ("data(oxygenSaturation, 95)", "Sats 95"),
                ("condition(oxygenSupply, supplemental)", "on οxygen"),
            ],
        ),
        (
            "\u0412\u0420 132/84, pul\u0455e 77",
            [
                ("data(systolicBP, 132)", "ВР 132"),
                ("data(diastolicBP, 84)", "/84"),
                ("data(heartRate, 77)", "pulѕe 77"),
            ],
        ),
        (
            "\uff50\uff55\uff4c\uff53\uff45 \uff19\uff12",
            [("data(heartRate, 92)", "ｐｕｌｓｅ ９２")],
        ),
        ("gluc\u200bose 6.1", [("data(bloodGlucose, 6.1)", "gluc\u200bose 6.1")]),
        # "…" is three characters once folded: what follows still maps back.
        (
            "Settled\u2026 t\u0435mp thirty seven point nine",
            [("data(temperature, 37.9)", "tеmp thirty seven point nine")],
        ),
    ],
)
def test_look_alike_letters_fullwidth_and_invisible_characters_are_read(
    alphabet: Alphabet, text: str, expected: list[tuple[str, str]]
) -> None:
    """Each value is recorded, and its evidence is the nurse's words as typed."""
    guide = guide_build(text, alphabet)
    got = [(c.statement.canonical(alphabet), guide.quote(c)) for c in guide.candidates]
    assert got == expected
    assert guide.unclear == ()


def test_the_evidence_of_a_folded_word_points_into_the_typed_text(
    alphabet: Alphabet, scripted: type
) -> None:
    """Through the extractor too: the evidence span covers the typed words."""
    text = "Settled\u2026 t\u0435mp 38.4"
    line = '"tеmp 38.4" => data(temperature, 38.4)'
    result = extract(text, alphabet=alphabet, options=STRICT, backend=scripted([line]))
    assert result.canonical == ("data(temperature, 38.4)",)
    [evidence] = result.evidence
    assert evidence.start is not None and evidence.end is not None
    assert text[evidence.start : evidence.end] == "t\u0435mp 38.4"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("t\u0436mp 38.4", "tжmp 38.4"),
        ("t\u2603mp 38.4", "t☃mp 38.4"),
        ("Pulse 72, t\u0436mp 38.4", "tжmp 38.4"),
    ],
)
def test_a_value_that_still_cannot_be_read_is_shown_as_not_understood(
    alphabet: Alphabet, scripted: type, text: str, words: str
) -> None:
    """A letter no fold makes Latin (Cyrillic ж, a snowman) leaves the word
    unreadable: its value is neither recorded nor bound to another type, and the
    nurse sees the words."""
    guide = guide_build(text, alphabet)
    assert all(c.statement.type != "temperature" for c in guide.candidates)
    assert words in [u.text for u in guide.unclear]
    assert all("38.4" not in guide.quote(c) for c in guide.candidates)
    backend = scripted(['"Pulse 72" => data(heartRate, 72)'])
    result = extract(text, alphabet=alphabet, options=STRICT, backend=backend)
    assert words in result.unclear
    confirmation = confirmation_text(
        result.statements, alphabet=alphabet, unclear=result.unclear
    )
    assert f"Not understood: '{words}'" in confirmation


def test_unreadable_words_are_shown_even_without_a_patient_word(
    alphabet: Alphabet,
) -> None:
    """What they say is unknown, so small talk is no reason to drop them."""
    guide = guide_build("t\u0436mp is high", alphabet)
    assert [u.text for u in guide.unclear] == ["tжmp is high"]


@pytest.mark.parametrize(
    "text", ["Temp 38.4°C.", "Zoë's pulse 70.", "Given 5 μg, sats 96.", "Café closed."]
)
def test_ward_notation_and_latin_accents_stay_readable(
    alphabet: Alphabet, text: str
) -> None:
    """Degrees, micro and accented Latin letters are no unreadable characters."""
    assert unreadable(normalize(text).text) == ()
    assert all(
        u.reason.startswith("no statement") for u in guide_build(text, alphabet).unclear
    )


def test_folding_keeps_a_map_back_for_every_change_of_length() -> None:
    """A ligature, an ellipsis and a zero-width space change the length; a
    look-alike letter or a fullwidth digit does not, and needs no map."""
    folded = fold("\ufb01ne\u2026 te\u200bmp \uff13\uff18")
    assert folded.text == "fine... temp 38"
    normalized = normalize("\ufb01ne\u2026 te\u200bmp thirty eight")
    assert normalized.text == "fine... temp 38"
    original = "\ufb01ne\u2026 te\u200bmp thirty eight"
    [number] = numbers_find(normalized)
    assert original[slice(*normalized.original_span(number.start, number.end))] == (
        "thirty eight"
    )
    start = normalized.text.index("temp")
    assert original[slice(*normalized.original_span(start, start + 4))] == (
        "te\u200bmp"
    )
