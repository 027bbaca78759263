"""`make run`'s configuration: the language model's process is killed while it works
on a nurse's message. The server, its pages and its websockets stay up; the nurse
sees why the message failed and retries it."""

import signal

import pytest

from caretaker.modelhost import HOSTS
from tests.support.crash import ModelKiller

pytestmark = pytest.mark.slow


def test_a_model_process_killed_mid_message_leaves_the_server_and_sockets_up(
    login, app_server
):
    from playwright.sync_api import expect

    dashboard = login("nurse")
    dashboard.goto(f"{app_server}/wards/ward-7/")
    row = dashboard.locator("#ward tr", has_text="Arthur Price")
    heart_rate = row.locator("td[data-type=heartRate]")
    expect(heart_rate).not_to_have_text("131")

    bedside = login("nurse")
    bedside.goto(
        app_server + row.locator("a", has_text="Bedside").get_attribute("href")
    )
    with ModelKiller(
        app_server.pid, HOSTS["language model"], times=2, sig=signal.SIGSEGV
    ) as kills:
        bedside.fill("#text", "pulse 131")
        bedside.click("#compose button[type=submit]")
        failed = bedside.locator("#feed article.status-failed", has_text="pulse 131")
        expect(failed).to_contain_text("crashed (SIGSEGV)", timeout=120_000)
    assert len(kills.killed) == 2
    expect(failed).to_contain_text("retried once")

    # The server still answers, and both pages' sockets still deliver.
    assert bedside.request.get(f"{app_server}/wards/ward-7/").ok
    failed.locator("button.retry").click()
    solved = bedside.locator("#feed article.status-solved", has_text="pulse 131")
    expect(solved).to_contain_text("data(heartRate, 131)", timeout=120_000)
    expect(heart_rate).to_have_text("131")  # by websocket: the dashboard never reloaded
