"""The NEWS2 observation chart on the patient page, in headless Chromium."""

import pytest

pytestmark = pytest.mark.slow


def test_patient_page_draws_banded_news2_charts(login, app_server, tmp_path):
    """The demo patient's page draws one chart per parameter shaded by the bands of
    the rules, the aggregate score, and a legend, with no console errors."""
    page = login("nurse")
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{app_server}/patients/1/")
    page.wait_for_selector("#charts[data-drawn]")
    figures = page.locator("#charts figure.chart")
    assert figures.count() == page.locator("#charts canvas").count() >= 3
    shaded = page.locator("#charts figure[data-parameter][data-bands]")
    parameters = shaded.evaluate_all("fs => fs.map(f => f.dataset.parameter)")
    assert "news2" in parameters
    assert {"heartRate", "temperature", "respiratoryRate"} & set(parameters)
    heart = page.locator('figure[data-parameter="temperature"]')
    if heart.count():
        assert int(heart.get_attribute("data-bands")) == 5  # five temperature rows
    assert page.locator(".chart-legend li").count() == 5
    page.screenshot(path=str(tmp_path / "patient-chart.png"), full_page=True)
    assert errors == []
