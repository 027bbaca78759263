"""The morning round benchmark's schedule, and the app names its worker stamps."""

from bench.round_schedule import (
    ROUND_S,
    SPOKEN_SHARE,
    arrivals_per_minute,
    busiest_slice,
    round_schedule,
)


def test_every_patient_sends_one_set_within_the_round() -> None:
    """1,200 sets, one per bed, all within 30 minutes; a fifth of them spoken."""
    arrivals = round_schedule()
    assert len(arrivals) == 1200
    assert len({a.record for a in arrivals}) == 1200
    assert all(0 <= a.at < ROUND_S for a in arrivals)
    assert sum(a.spoken for a in arrivals) == round(1200 * SPOKEN_SHARE)
    assert sum(arrivals_per_minute(arrivals)) == 1200


def test_a_ward_is_walked_bed_by_bed() -> None:
    """Each ward's nurse goes bed 1 to 30 in order, 20 s to a few minutes apart."""
    ward = [a for a in round_schedule() if a.ward == 3]
    assert [a.bed for a in ward] == list(range(1, 31))
    gaps = [b.at - a.at for a, b in zip(ward, ward[1:], strict=False)]
    assert min(gaps) > 20 and max(gaps) < 400


def test_the_slice_is_the_busiest_stretch_of_the_round() -> None:
    """The slice keeps the round's own arrivals and its rate is at least the mean."""
    arrivals = round_schedule()
    start, chosen = busiest_slice(arrivals, 300)
    assert chosen == [a for a in arrivals if start <= a.at < start + 300]
    assert len(chosen) >= 1200 * 300 / ROUND_S


def test_the_worker_stamps_steps_the_app_still_has() -> None:
    """bench/round_worker.py wraps these by name: a rename must fail here."""
    from caretaker.care import actions, push
    from caretaker.journal import services

    for name in ("message_transcribe", "message_extract", "message_solved"):
        assert callable(getattr(services, name))
    assert callable(actions._patient_solve)
    assert callable(push.message_push)
