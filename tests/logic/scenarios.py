"""Building blocks for rule scenarios."""

from __future__ import annotations

# Seven NEWS2 parameters all scoring 0 on scale 1; tests override one at a time.
NORMAL_OBS = {
    "respiratoryRate": "data(respiratoryRate, 16)",
    "oxygenSaturation": "data(oxygenSaturation, 97)",
    "oxygenSupply": "condition(oxygenSupply, air)",
    "systolicBP": "data(systolicBP, 120)",
    "heartRate": "data(heartRate, 70)",
    "consciousness": "condition(consciousness, alert)",
    "temperature": "data(temperature, 37.0)",
}


def observations(**overrides: str) -> list[tuple[float, str]]:
    """A full set of normal observations at minute 0, with some statements replaced."""
    chosen = {**NORMAL_OBS, **overrides}
    return [(0, text) for text in chosen.values()]
