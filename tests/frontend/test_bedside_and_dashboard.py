"""A nurse at the bedside and the ward dashboard, in a real browser against the app
served as `make run` serves it (embedded model, in-memory channel layer)."""

import pytest

pytestmark = pytest.mark.slow

RISING = "Rising temperature after surgery"  # the problem's label in problems.lp


def test_typed_temperature_reaches_bedside_and_dashboard_and_ack_clears_it(
    login, app_server
):
    from playwright.sync_api import expect

    dashboard = login("nurse")
    dashboard.goto(f"{app_server}/wards/ward-7/")
    row = dashboard.locator("#ward tr", has_text="Margaret Hill")
    temperature = row.locator("td[data-type=temperature]")
    expect(temperature).not_to_have_text("39.2")
    warning = dashboard.locator("#alerts .alert", has_text=RISING)
    expect(warning).to_have_count(0)

    bedside = login("nurse")
    bedside.goto(
        app_server + row.locator("a", has_text="Bedside").get_attribute("href")
    )
    bedside.fill("#text", "temperature 39.2")
    bedside.click("#compose button[type=submit]")

    card = bedside.locator("#feed article.status-solved", has_text="39.2")
    expect(card).to_contain_text("Temp 39.2 °C", timeout=120_000)
    expect(card).to_contain_text("from “temperature 39.2”")
    expect(card).to_contain_text(RISING)

    # The dashboard was never reloaded: the value and the warning arrive by websocket.
    expect(temperature).to_have_text("39.2")
    expect(row.locator(".problems")).to_contain_text(RISING)
    expect(warning).to_have_count(1)
    warning.locator("button.ack").click()
    expect(warning).to_have_count(0)
    # Acknowledged for the whole ward: a fresh load does not show it again.
    dashboard.reload()
    expect(row.locator("td[data-type=temperature]")).to_have_text("39.2")
    expect(dashboard.locator("#alerts .alert", has_text=RISING)).to_have_count(0)


def test_undo_on_the_bedside_card_retracts_the_fact(login, app_server):
    page = login("nurse")
    page.goto(f"{app_server}/wards/ward-7/")
    row = page.locator("#ward tr", has_text="Grace Okafor")
    page.goto(app_server + row.locator("a", has_text="Bedside").get_attribute("href"))
    page.fill("#text", "pulse 96")
    page.click("#compose button[type=submit]")
    card = page.locator("#feed article.status-solved", has_text="pulse 96")
    expect_fact = card.locator("li.fact", has_text="Pulse 96")
    from playwright.sync_api import expect

    expect(expect_fact).to_have_count(1, timeout=120_000)
    expect_fact.locator("button.undo").click()
    expect(card.locator("li.fact", has_text="Pulse 96")).to_have_count(0)
    page.goto(f"{app_server}/wards/ward-7/")
    # Grace had no pulse recorded before: after the undo she has none again.
    heart_rate = page.locator("#ward tr", has_text="Grace Okafor").locator(
        "td[data-type=heartRate]"
    )
    expect(heart_rate).to_have_text("–")


def test_every_page_runs_under_the_content_security_policy(login, app_server):
    """No inline script or handler is refused by the CSP, on any page a nurse or a
    rules admin opens; the bedside's patient picker (once an inline handler) works."""
    refused = []
    for user, paths in (
        ("nurse", ["/wards/ward-7/", "/patients/1/", "/patients/1/bedside/"]),
        ("admin", ["/rules/", "/rules/edit/", "/rules/v1/activate/", "/audit/"]),
    ):
        page = login(user)
        page.on(
            "console",
            lambda m: (
                refused.append(m.text) if "Content Security Policy" in m.text else None
            ),
        )
        for path in paths:
            page.goto(app_server + path)
            page.wait_for_load_state("networkidle")
    assert refused == []

    page = login("nurse")
    page.goto(f"{app_server}/patients/1/bedside/")
    page.select_option("#pick select", label="2 · Arthur Price")
    page.wait_for_url("**/patients/2/bedside/")


def _no_logic_syntax(page) -> None:
    """What a nurse sees (``<details>`` closed) has no statement syntax."""
    visible = page.inner_text("body")
    assert "data(" not in visible and "condition(" not in visible, visible


def test_the_nurse_reads_plain_values_and_undoes_a_bp_line_at_once(
    login, app_server, tmp_path
):
    """Typed "temp 38.6, BP 128 over 76": the card reads "Temp 38.6 °C" and
    "BP 128/76"; one Undo on the BP line takes both values off the dashboard. No
    page a nurse opens shows logic syntax outside "details"."""
    from playwright.sync_api import expect

    dashboard = login("nurse")
    dashboard.goto(f"{app_server}/wards/ward-7/")
    row = dashboard.locator("#ward tr", has_text="Grace Okafor")
    bedside = login("nurse")
    bedside.goto(
        app_server + row.locator("a", has_text="Bedside").get_attribute("href")
    )
    bedside.fill("#text", "temp 38.6, BP 128 over 76")
    bedside.click("#compose button[type=submit]")

    card = bedside.locator("#feed article.status-solved", has_text="BP 128")
    bp = card.locator("li.fact", has_text="BP 128/76")
    expect(bp).to_have_count(1, timeout=120_000)
    expect(card.locator("li.fact", has_text="Temp 38.6 °C")).to_have_count(1)
    expect(card.locator("strong", has_text="Recorded:")).to_have_count(0)
    expect(row.locator("td[data-type=bp]")).to_have_text("128/76")
    expect(row.locator("td[data-type=temperature]")).to_have_text("38.6")
    # The statements are there for the leads, behind "details".
    expect(
        card.locator("details code", has_text="data(systolicBP, 128)")
    ).to_be_hidden()
    _no_logic_syntax(bedside)
    bedside.screenshot(path=str(tmp_path / "bedside.png"), full_page=True)

    bp.locator("button.undo").click()
    expect(card.locator("li.fact", has_text="BP 128/76")).to_have_count(0)
    expect(card.locator("li.fact", has_text="Temp 38.6 °C")).to_have_count(1)
    # Both values left the dashboard row at once (by websocket, no reload).
    expect(row.locator("td[data-type=bp]")).to_have_text("–")
    expect(row.locator("td[data-type=temperature]")).to_have_text("38.6")
    # Problems by label: Grace's BM 12.4 is "High blood sugar", not a rule name.
    expect(row.locator(".problems")).to_contain_text("High blood sugar")
    expect(row.locator(".problems")).not_to_contain_text("hyperglycaemia")
    _no_logic_syntax(dashboard)
    dashboard.screenshot(path=str(tmp_path / "dashboard.png"), full_page=True)

    chart = login("nurse")
    chart.goto(
        app_server + row.locator("a", has_text="Grace Okafor").get_attribute("href")
    )
    expect(
        chart.locator(".problem .label", has_text="High blood sugar")
    ).to_be_visible()
    expect(chart.locator(".journal-entry", has_text="Temp 38.6 °C")).to_have_count(1)
    _no_logic_syntax(chart)
    assert "hyperglycaemia" not in chart.inner_text("body")
    chart.screenshot(path=str(tmp_path / "patient.png"), full_page=True)
