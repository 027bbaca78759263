"""A partial NEWS2 in a real browser (issue 23, item 5): while a parameter has no
reading, the dashboard (by websocket), the bedside, the patient page and the handover
read "NEWS2 ≥ N, K of 7 missing" in grey stripes, never in a band's colour; a complete
score keeps its band's colour."""

import re

import pytest

pytestmark = pytest.mark.slow

# Resps 26 scores 3 and pulse 125 scores 2: at least 5, whatever else Grace has.
OBSERVATIONS = "resps 26, pulse 125"
# The bands' colours in app.css (--low, --lowmed, --med, --high), as computed.
BAND_COLOURS = {
    "rgb(85, 139, 47)",
    "rgb(249, 168, 37)",
    "rgb(239, 108, 0)",
    "rgb(198, 40, 40)",
}
PARTIAL = re.compile(r"≥ (\d+), (\d) of 7 missing")


def _background(locator) -> tuple[str, str]:
    return locator.evaluate(
        "node => [getComputedStyle(node).backgroundColor,"
        " getComputedStyle(node).backgroundImage]"
    )


def _reads_partial(score, prefix: str = "") -> None:
    """The score says "≥ N, K of 7 missing" and is striped grey, no band's colour."""
    from playwright.sync_api import expect

    expect(score).to_have_attribute("data-news2", "partial")
    match = PARTIAL.search(score.inner_text())
    assert match, score.inner_text()
    assert int(match.group(1)) >= 5 and 1 <= int(match.group(2)) <= 5
    assert score.inner_text().startswith(prefix + "≥ "), score.inner_text()
    badge = score.locator(".news2")
    assert "band-" not in badge.get_attribute("class")
    colour, image = _background(badge)
    assert colour not in BAND_COLOURS, colour
    assert "repeating-linear-gradient" in image, image


def test_a_partial_news2_is_never_in_a_bands_colour_and_says_what_is_missing(
    login, app_server, tmp_path
):
    from playwright.sync_api import expect

    dashboard = login("nurse")
    dashboard.goto(f"{app_server}/wards/ward-7/")
    row = dashboard.locator("#ward tr", has_text="Grace Okafor")
    cell = row.locator("td[data-type=news2] .news2-score")

    bedside = login("nurse")
    bedside.goto(
        app_server + row.locator("a", has_text="Bedside").get_attribute("href")
    )
    bedside.fill("#text", OBSERVATIONS)
    bedside.click("#compose button[type=submit]")
    card = bedside.locator("#feed article.status-solved", has_text=OBSERVATIONS)
    expect(card.locator("li.fact", has_text="Pulse 125")).to_have_count(
        1, timeout=120_000
    )

    # The dashboard was not reloaded: the partial score came by websocket.
    expect(cell).to_contain_text("≥ ")
    expect(cell).to_contain_text(re.compile(r"[1-5] of 7 missing"))
    _reads_partial(cell)
    assert "Air or oxygen" in cell.get_attribute("title")
    # A complete score beside it keeps its band's colour: Margaret's full set.
    complete = dashboard.locator("#ward tr", has_text="Margaret Hill").locator(
        "td[data-type=news2] .news2"
    )
    assert re.search(r"\bband-", complete.get_attribute("class"))
    assert _background(complete)[0] in BAND_COLOURS
    dashboard.screenshot(path=str(tmp_path / "dashboard.png"), full_page=True)

    on_bedside = bedside.locator("#news2 .news2-score")
    expect(on_bedside).to_contain_text("Air or oxygen")
    _reads_partial(on_bedside, "NEWS2 ")
    bedside.screenshot(path=str(tmp_path / "bedside.png"))

    page = login("nurse")
    page.goto(
        app_server + row.locator("a", has_text="Grace Okafor").get_attribute("href")
    )
    _reads_partial(page.locator(".news2-score"), "NEWS2 ")
    page.screenshot(path=str(tmp_path / "patient.png"))
    page.locator("a.button", has_text="Handover").click()
    page.wait_for_url("**/handover/")
    _reads_partial(page.locator(".news2-score"), "NEWS2 ")

    # Grace as she was for the tests after this one: both readings undone.
    for line in ("Resps 26", "Pulse 125"):
        card.locator("li.fact", has_text=line).locator("button.undo").click()
        expect(card.locator("li.fact", has_text=line)).to_have_count(0)
