"""The morning round of a 40-ward hospital: when each of its 1,200 observation sets
arrives, what it says, and whether it is typed or a recording."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bench.hospital import BEDS, WARDS
from bench.hospital_seed import record_number

ROUND_S = 1800.0  # every patient's set within 30 minutes
BAY = 6  # beds per bay: a nurse does a bay, then moves on
SPOKEN_SHARE = 0.2
ABNORMAL_SHARE = 0.05  # a set that raises a NEWS2 alert


@dataclass(frozen=True)
class Arrival:
    at: float  # seconds from the start of the round
    ward: int
    bed: int
    spoken: bool
    text: str

    @property
    def record(self) -> str:
        return record_number(self.ward, self.bed)


def observation_words(rng: random.Random, abnormal: bool) -> str:
    """A full set as a nurse types it at the bedside."""
    if abnormal:
        rr, sats, sbp, hr = rng.randint(23, 26), rng.randint(90, 92), 98, 118
    else:
        rr, sats = rng.randint(13, 19), rng.randint(96, 99)
        sbp, hr = rng.randint(112, 150), rng.randint(60, 88)
    return (
        f"Resps {rr}, sats {sats} on air, BP {sbp} over {rng.randint(62, 88)}, "
        f"pulse {hr}, alert, temp {rng.randint(362, 378) / 10:.1f}."
    )


def _ward_times(rng: random.Random) -> list[float]:
    """One nurse's round of one ward: a bay's beds back to back (40-60 s each),
    30-90 s between bays, one break of 1-4 minutes; wards start up to 2 minutes
    apart and finish in the round's last 5 minutes, each at its own pace."""
    start, t, times = rng.uniform(0, 120), 0.0, []
    breather = rng.randrange(1, BEDS // BAY)
    for bed in range(BEDS):
        if bed and bed % BAY == 0:
            t += rng.uniform(30, 90)
            if bed // BAY == breather:
                t += rng.uniform(60, 240)
        t += rng.uniform(40, 60)  # the set is sent as the nurse finishes the bed
        times.append(t)
    pace = (rng.uniform(ROUND_S - 300, ROUND_S - 1) - start) / times[-1]
    return [start + x * pace for x in times]


def round_schedule(seed: int = 24) -> list[Arrival]:
    """Every patient's set, in order of arrival (1,200 within ``ROUND_S``)."""
    rng = random.Random(seed)
    count = WARDS * BEDS
    spoken = set(rng.sample(range(count), round(count * SPOKEN_SHARE)))
    abnormal = set(rng.sample(range(count), round(count * ABNORMAL_SHARE)))
    arrivals = []
    for ward in range(1, WARDS + 1):
        for bed, at in enumerate(_ward_times(rng), start=1):
            index = (ward - 1) * BEDS + bed - 1
            text = observation_words(rng, index in abnormal)
            arrivals.append(Arrival(at, ward, bed, index in spoken, text))
    return sorted(arrivals, key=lambda a: a.at)


def busiest_slice(arrivals: list[Arrival], seconds: float) -> tuple[float, list]:
    """The ``seconds`` of the round with the most arrivals (starts on a 10 s grid):
    its start and its arrivals."""
    starts = [s * 10.0 for s in range(int((ROUND_S - seconds) // 10) + 1)]
    best = max(starts, key=lambda s: sum(s <= a.at < s + seconds for a in arrivals))
    return best, [a for a in arrivals if best <= a.at < best + seconds]


def arrivals_per_minute(arrivals: list[Arrival]) -> list[int]:
    """How many sets arrive in each minute of the round."""
    minutes = [0] * int(ROUND_S // 60)
    for arrival in arrivals:
        minutes[min(len(minutes) - 1, int(arrival.at // 60))] += 1
    return minutes
