"""The shift handover in a real browser: from the patient page's button, under the
content security policy, with a screenshot to look at (kept in pytest's tmp_path)."""

import pytest

pytestmark = pytest.mark.slow


def test_handover_button_opens_the_sbar_of_the_demo_patient(
    login, app_server, tmp_path
):
    from playwright.sync_api import expect

    page = login("nurse")
    refused = []
    page.on(
        "console",
        lambda m: (
            refused.append(m.text) if "Content Security Policy" in m.text else None
        ),
    )
    page.goto(f"{app_server}/wards/ward-7/")
    page.locator("#ward tr", has_text="Margaret Hill").locator(
        "a", has_text="Margaret Hill"
    ).click()
    page.locator("a.button", has_text="Handover").click()
    page.wait_for_url("**/handover/")
    handover = page.locator("article.handover")
    expect(handover).to_contain_text("Margaret Hill")
    for heading in ("Situation", "Background", "Assessment", "Recommendation"):
        expect(handover.locator("h3", has_text=heading)).to_have_count(1)
    # The demo's pain score was said 8 hours ago: within the last shift.
    expect(handover.locator(".handover-vitals")).to_contain_text("Pain 3/10")
    expect(handover).to_contain_text("Had surgery")
    text = handover.inner_text()
    assert "data(" not in text and "condition(" not in text
    page.screenshot(path=str(tmp_path / "handover.png"), full_page=True)

    page.goto(f"{app_server}/wards/ward-7/handover/")
    # Every patient of the demo ward, one after another on one page.
    expect(page.locator("article.handover", has_text="Arthur Price")).to_have_count(1)
    assert page.locator("article.handover").count() >= 2
    page.emulate_media(media="print")
    expect(page.locator("header.top")).to_be_hidden()
    page.screenshot(path=str(tmp_path / "ward-handover-print.png"), full_page=True)
    assert refused == []
