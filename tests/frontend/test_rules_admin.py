"""A rules admin changes a threshold in the browser: a failing rule test stops the
first attempt, the fix is saved and activated, and the ward dashboard follows."""

import pytest

pytestmark = pytest.mark.slow


def edit_problems(page, old: str, new: str) -> None:
    page.click('[data-testid="tab-problems.lp"]')
    text = page.evaluate('window.caretakerRules.getText("problems.lp")')
    assert old in text
    page.evaluate(
        "([file, text]) => window.caretakerRules.setText(file, text)",
        ["problems.lp", text.replace(old, new)],
    )


def test_threshold_change_is_validated_activated_and_reaches_the_dashboard(
    login, app_server
):
    from playwright.sync_api import expect

    dashboard = login("nurse")
    dashboard.goto(f"{app_server}/wards/ward-7/")
    grace = dashboard.locator("#ward tr", has_text="Grace Okafor")
    chip = grace.locator(".problems [data-problem=hyperglycaemia]")
    expect(chip).to_have_text("High blood sugar")  # BM 12.4, by its display name

    admin = login("admin")
    admin.goto(f"{app_server}/rules/")
    admin.click("#rules-new-draft")
    # A slip: 13 instead of 130 would call every normal glucose hyperglycaemia.
    edit_problems(admin, "V > 110.", "V > 13.")
    admin.click("#rules-validate")
    expect(admin.locator("#rules-validation")).to_have_attribute("data-ok", "false")
    expect(admin.locator("#rules-errors")).to_contain_text(
        "normal blood glucose raises nothing"
    )

    edit_problems(admin, "V > 13.", "V > 130.")
    admin.fill("#rules-comment", "hyperglycaemia from 13.0 mmol/L on this ward")
    admin.click("#rules-save")
    admin.click("#version-activate")
    lost = admin.locator(
        '[data-testid=dry-run-row][data-changed="true"]', has_text="Grace Okafor"
    )
    expect(lost.locator("[data-testid=dry-run-lost]")).to_contain_text("hyperglycaemia")
    admin.click("#rules-activate-confirm")
    expect(admin.locator("#rules-messages")).to_be_visible()

    # The dashboard was not reloaded: the re-solved state arrives by websocket.
    expect(chip).to_have_count(0)
