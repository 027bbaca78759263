"""What the words right around a number say of it (`logic/extraction/readings.py`)."""

from __future__ import annotations

import pytest

from logic.extraction.readings import (
    clock_near,
    clock_said,
    denied,
    entry_at,
    entry_clock,
    half_heard,
    phase_entries,
    present_before,
    range_said,
    timed_entries,
)


def _at(text: str, number: str) -> int:
    return text.index(number)


@pytest.mark.parametrize(
    "text, number, expected",
    [
        ("BP 130 to 140 systolic", "130", {"range"}),
        ("sats between 88 and 92", "92", {"range"}),
        ("almost 200", "200", {"range"}),
        ("pain up to 8 overnight", "8", {"range"}),
        ("it goes up to like probably like a 7", "7", {"range"}),
        ("resps have come up to 24", "24", set()),
        ("dropped from 96 to 91", "96", {"historical"}),
        ("dropped from 96 to 91", "91", set()),
        ("sugars ranged from 8 to 13", "13", {"range"}),
        ("BP 120 over 80", "80", set()),
        ("pulse 88", "88", set()),
    ],
)
def test_range_said(text: str, number: str, expected: set[str]) -> None:
    assert range_said(text, (0, len(text)), _at(text, number)) == expected


def test_denied_present_and_half_heard() -> None:
    text = "Temp's not 39, it's 38.9"
    assert denied(text, _at(text, "39"))
    assert not denied(text, _at(text, "38.9"))
    assert present_before("his temp is 37.6", 4, _at("his temp is 37.6", "37.6"))
    assert not present_before("temp was 37.6", 0, _at("temp was 37.6", "37.6"))
    assert half_heard("blood sugar iron point 1", _at("blood sugar iron point 1", "1"))
    assert not half_heard("sugar 7.1", _at("sugar 7.1", "7.1"))


def test_times_of_day() -> None:
    text = "HR 92 at 0900; at 1100 HR 118"
    assert clock_near(text, (0, 13), _at(text, "92")) == 9 * 60
    assert clock_near(text, (15, len(text)), _at(text, "118")) == 11 * 60
    assert clock_near("pulse 70", (0, 8), 6) is None
    assert clock_said("at 0700", 3, 7)
    assert clock_said("at 14:30", 3, 8)
    assert not clock_said("BM 14.2", 3, 7)
    assert not clock_said("pulse 88", 6, 8)


def test_timed_entries_of_a_record() -> None:
    text = (
        "Triage (0620, CTAS 2): HR 108.\nnotes\nReassessment 0745: HR 84.\n08:10 seen"
    )
    entries = timed_entries(text)
    assert [minutes for _, minutes in entries] == [
        6 * 60 + 20,
        7 * 60 + 45,
        8 * 60 + 10,
    ]
    assert entry_clock(entries, text.index("notes")) == 6 * 60 + 20
    assert entry_clock(entries, text.index("84")) == 7 * 60 + 45
    # the reading's own entry when its sentence says no time
    assert clock_near(text, (text.index("notes"), text.index("notes") + 5),
                      text.index("notes")) == 6 * 60 + 20  # fmt: skip
    # one entry, or a time inside a line, is no timed record
    assert timed_entries("10:00 Obs: HR 80") == ()
    # a time less than half a day back is the same day, written out of order
    assert timed_entries("10:30 HR 100\n09:15 HR 90") == ((0, 630), (13, 555))
    # a time more than half a day back is the next day
    assert timed_entries("23:30 HR 100\n00:15 HR 90") == ((0, 1410), (13, 1455))
    assert timed_entries("HR 92 at 0900\nHR 118 at 1100") == ()


def test_phase_entries_of_a_record() -> None:
    text = "Pre-procedure: HR 102.\nTechnique: tap.\nPost-procedure (30 min): HR 90."
    entries = phase_entries(text)
    assert [later for _, later in entries] == [False, True]
    assert entry_at(entries, text.index("tap")) == entries[0]
    assert entry_at(entries, text.index("90")) == entries[1]
    # a later phase alone, or an earlier phase last, is no record of phases
    assert phase_entries("Post-procedure: HR 90.") == ()
    assert phase_entries("Recovery: HR 90.\nPre-op: HR 80.") == ()
