"""A warning reads its label once, wherever a nurse meets it: the bedside card and
its warnings, the ward dashboard (both by websocket), the patient page and the
handover. (Issue 23: "NEWS2 high (7 or more): NEWS2 of 7 or more: ...".)"""

import pytest

pytestmark = pytest.mark.slow

# A full set scoring 9 on either SpO2 scale: NEWS2 high.
OBSERVATIONS = "resps 26, sats 91 on air, BP 95 over 60, pulse 125, temp 39.2, alert"
LABEL = "NEWS2 high (7 or more)"  # the problem's label in news2.lp
ACTION = "emergency assessment by a clinical team"  # its description, after ": "


def _reads_label_once(text: str) -> None:
    assert text.count("7 or more") == 1, text
    assert f"{LABEL}: {ACTION}" in text, text


def test_a_news2_warning_reads_its_label_once_everywhere(login, app_server):
    from playwright.sync_api import expect

    dashboard = login("nurse")
    dashboard.goto(f"{app_server}/wards/ward-7/")
    row = dashboard.locator("#ward tr", has_text="Arthur Price")
    warning = dashboard.locator("#alerts .alert", has_text=LABEL)
    expect(warning).to_have_count(0)

    bedside = login("nurse")
    bedside.goto(
        app_server + row.locator("a", has_text="Bedside").get_attribute("href")
    )
    bedside.fill("#text", OBSERVATIONS)
    bedside.click("#compose button[type=submit]")
    card = bedside.locator("#feed article.status-solved", has_text="Pulse 125")
    on_card = card.locator(".alert", has_text=LABEL)
    expect(on_card).to_have_count(1, timeout=120_000)
    _reads_label_once(on_card.inner_text())
    # The dashboard was never reloaded: the warning arrived by websocket.
    expect(warning).to_have_count(1)
    _reads_label_once(warning.inner_text())
    # The bedside lists the patient's open warnings when it is opened again.
    bedside.reload()
    on_bedside = bedside.locator("#warnings .alert", has_text=LABEL)
    expect(on_bedside).to_have_count(1)
    _reads_label_once(on_bedside.inner_text())

    dashboard.goto(
        app_server + row.locator("a", has_text="Arthur Price").get_attribute("href")
    )
    problem = dashboard.locator(".problem[data-problem=news2High]")
    expect(problem.locator(".label")).to_have_text(LABEL)
    # Under the label, neither line says again what it says.
    expect(problem.locator(".meaning")).to_have_text(
        "The patient may be critically ill."
    )
    expect(problem.locator(".description")).to_have_text(
        ACTION.capitalize() + " with critical-care competencies; continuous monitoring."
    )

    dashboard.locator("a.button", has_text="Handover").click()
    dashboard.wait_for_url("**/handover/")
    situation = dashboard.locator(".sbar-problems li", has_text=LABEL)
    expect(situation).to_have_count(1)
    assert situation.inner_text().count("7 or more") == 1, situation.inner_text()
