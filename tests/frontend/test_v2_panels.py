"""A v2 dictation at the bedside fills what issue 23 (item 6) shows, in headless
Chromium: the GCS chart with its parts, the oxygen given now under the SpO2 chart, the
fluid chart day by day, the SBAR and ward handovers, and the FHIR export."""

import re

import pytest

pytestmark = pytest.mark.slow

# As `python -m logic extract` reads it: gcs 14 with E4 V4 M6, oxygenFlow 2.0,
# oxygenSupply supplemental, oxygenDevice nasalCannula, fio2 28, urineOutput 300,
# fluidIntake 200, weight 70.0.
DICTATION = (
    "GCS 14, E4 V4 M6, on 2 litres nasal cannula, FiO2 28%, passed 300 mL of urine, "
    "drank 200 mL of water, weighs 70 kg"
)
OXYGEN = "Nasal cannula, O2 2.0 L/min, FiO2 28%"
GCS = "GCS 14 (E4 V4 M6)"

LINES = """figure => Chart.getChart(figure.querySelector("canvas")).data.datasets
  .map((d) => [d.label, d.data.map((p) => p.y)])"""


def test_a_dictation_fills_the_gcs_oxygen_and_fluid_panels_handovers_and_export(
    login, app_server, tmp_path
):
    from playwright.sync_api import expect

    page = login("nurse")
    errors: list[str] = []
    # Margaret Hill (bed 1): SpO2 96 on air, 350 mL of urine and 68 kg earlier.
    page.goto(f"{app_server}/patients/1/bedside/")
    page.fill("#text", DICTATION)
    page.click("#compose button[type=submit]")
    card = page.locator("#feed article.status-solved", has_text="FiO2 28%")
    expect(card.locator("li.fact", has_text="GCS 14")).to_have_count(1, timeout=180_000)
    expect(card).to_contain_text("Nasal cannula")

    # The patient chart: GCS with its parts, oxygen under SpO2, fluids by day.
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("response", lambda r: errors.append(r.url) if r.status >= 400 else None)
    page.goto(f"{app_server}/patients/1/")
    page.wait_for_selector("#charts[data-drawn]")
    gcs = page.locator('figure[data-parameter="gcs"]')
    assert gcs.evaluate(LINES)[:4] == [
        ["GCS", [14]],
        ["GCS eyes", [4]],
        ["GCS verbal", [4]],
        ["GCS motor", [6]],
    ]
    oxygen = page.locator('figure[data-parameter="oxygenSaturation"] .panel-now')
    expect(oxygen).to_have_attribute("data-panel", "oxygen")
    expect(oxygen).to_contain_text(f"Oxygen now: {OXYGEN}")
    fluids = page.locator('figure[data-parameter="fluidBalance"]')
    expect(fluids.locator("figcaption")).to_contain_text("from 07:00")
    today = fluids.locator("tbody tr").last
    cells = today.locator("td").all_inner_texts()
    assert cells[0].endswith("(so far)"), cells
    # Margaret's earlier 350 mL is today's too when it was passed after 07:00.
    assert cells[1] == "200 mL" and cells[2] in ("300 mL", "650 mL"), cells
    assert cells[3] == ("-100 mL" if cells[2] == "300 mL" else "-450 mL"), cells
    assert fluids.evaluate(LINES)[0][0] == "Intake"
    page.screenshot(path=str(tmp_path / "patient-v2-panels.png"), full_page=True)
    assert errors == []

    # The SBAR handover, then the ward's.
    page.goto(f"{app_server}/patients/1/handover/")
    handover = page.locator("article.handover")
    expect(handover.locator('[data-total="gcs"]')).to_contain_text(f"Last {GCS}")
    expect(handover.locator('.panel-now[data-panel="oxygen"]')).to_contain_text(
        f"Oxygen: {OXYGEN}"
    )
    expect(handover.locator(".fluid-balance")).to_contain_text(
        re.compile(r"Fluid balance -\d[\d,]* mL since 07:00")
    )
    page.screenshot(path=str(tmp_path / "handover-v2.png"), full_page=True)
    page.goto(f"{app_server}/wards/ward-7/handover/")
    margaret = page.locator("article.handover", has_text="Margaret Hill")
    expect(margaret.locator('[data-total="gcs"]')).to_contain_text(GCS)
    expect(margaret.locator('[data-panel="oxygen"]')).to_contain_text(OXYGEN)

    # The FHIR export: the entries and the chart day's totals.
    bundle = page.request.get(f"{app_server}/patients/1/fhir/").json()
    resources = [e["resource"] for e in bundle["entry"]]
    codes = {r["code"]["coding"][0]["code"] for r in resources}
    assert {"9269-2", "9267-6", "9270-0", "9268-4", "3151-8", "3150-0",
            "107117-4", "9187-6", "9103-3", "29463-7"} <= codes  # fmt: skip
    totals = {
        r["code"]["coding"][0]["code"]: r
        for r in resources
        if "effectivePeriod" in r and r["status"] == "preliminary"
    }
    assert totals["9108-2"]["valueQuantity"]["value"] == 200
    assert totals["9192-6"]["valueQuantity"]["value"] in (300, 650)
