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
    # The alphabet's other measurements are charted too, titled by it (issue 23).
    urine = page.locator('figure[data-parameter="urineOutput"]')
    assert urine.locator("figcaption").inner_text() == "Urine (mL)"
    assert page.locator('figure[data-parameter="weight"] canvas').count() == 1
    page.screenshot(path=str(tmp_path / "patient-chart.png"), full_page=True)
    assert errors == []


# Reads the consciousness chart as a nurse would: for each dot, the axis label on
# its row and the tooltip Chart.js shows when it is touched.
CONSCIOUSNESS_DOTS = """figure => {
  const chart = Chart.getChart(figure.querySelector("canvas"));
  const y = chart.scales.y;
  const axis = y.options.display === false ? [] : y.ticks;
  return chart.data.datasets[0].data.map((point, index) => {
    chart.tooltip.setActiveElements([{ datasetIndex: 0, index }], { x: 0, y: 0 });
    chart.update();
    const tick = axis.find((t) => t.value === point.y);
    return {
      axis: tick ? String(tick.label) : "",
      tooltip: chart.tooltip.body.flatMap((b) => b.lines).join(" "),
    };
  });
}"""


def test_every_consciousness_dot_is_labelled_for_a_nurse(login, app_server, tmp_path):
    """The consciousness panel names the level of each dot on its axis and in its
    tooltip as a nurse says it ("Alert"), not as the rules write it ("alert")."""
    page = login("nurse")
    page.goto(f"{app_server}/patients/1/")  # Margaret Hill: "she's alert"
    page.wait_for_selector("#charts[data-drawn]")
    panel = page.locator('figure[data-parameter="consciousness"]')
    panel.screenshot(path=str(tmp_path / "consciousness.png"))
    dots = panel.evaluate(CONSCIOUSNESS_DOTS)
    assert dots == [{"axis": "Alert", "tooltip": "Consciousness: Alert"}]
    # Every ACVPU level has its row, named, from the top down.
    top_down = panel.evaluate(
        "f => Chart.getChart(f.querySelector('canvas')).scales.y.ticks"
        ".slice().sort((a, b) => b.value - a.value).map((t) => t.label)"
    )
    assert top_down == [
        "Alert",
        "New confusion",
        "Responds to voice",
        "Responds to pain",
        "Unresponsive",
    ]
