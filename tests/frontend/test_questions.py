"""A spoken value in doubt is asked, in a real browser: the bedside confirms it, the
dashboard dismisses one. The recording is real (espeak-ng), heard by the real
Whisper and read by the real language model in the app `make run` serves."""

import base64
import shutil
import subprocess
import uuid

import pytest

pytestmark = pytest.mark.slow

POST_AUDIO = """async ([url, wav, id]) => {
  const bytes = Uint8Array.from(atob(wav), (c) => c.charCodeAt(0));
  const data = new FormData();
  data.append("audio", new Blob([bytes], { type: "audio/wav" }), "said.wav");
  data.append("client_id", id);
  const answer = await postForm(url, data);
  return answer.ok;
}"""


@pytest.fixture(scope="module")
def heart_rate_180(tmp_path_factory) -> str:
    """ "Heart rate 180", spoken: in the chart's extreme band for every patient."""
    espeak = shutil.which("espeak-ng")
    assert espeak, "espeak-ng is installed by scripts/system-deps.sh"
    wav = tmp_path_factory.mktemp("voice") / "hr.wav"
    subprocess.run([espeak, "-v", "en-us", "-s", "150", "-w", str(wav),
                    "Heart rate 180."], check=True)  # fmt: skip
    return base64.b64encode(wav.read_bytes()).decode()


def say(page, app_server, patient_href: str, wav: str) -> None:
    """Send a recording from the bedside page, as its Hold-to-talk button does."""
    page.goto(app_server + patient_href)
    url = page.locator("#bedside").get_attribute("data-post")
    assert page.evaluate(POST_AUDIO, [url, wav, str(uuid.uuid4())])


def bedside_href(page, app_server, name: str) -> str:
    page.goto(f"{app_server}/wards/ward-7/")
    row = page.locator("#ward tr", has_text=name)
    return row.locator("a", has_text="Bedside").get_attribute("href")


def test_the_bedside_asks_and_a_confirmed_value_is_recorded(
    login, app_server, heart_rate_180
):
    from playwright.sync_api import expect

    page = login("nurse")
    say(
        page, app_server, bedside_href(page, app_server, "Grace Okafor"), heart_rate_180
    )
    question = page.locator("#feed .question", has_text="Pulse 180?")
    expect(question).to_have_count(1, timeout=180_000)
    expect(question).to_contain_text("extreme band")
    asked = page.locator(".question", has_text="Pulse 180?")
    message = page.locator("#feed article", has=asked).get_attribute("data-message")
    card = page.locator(f'#feed article[data-message="{message}"]')
    expect(card.locator("li.fact", has_text="Pulse 180")).to_have_count(0)
    question.locator("button.confirm").click()
    expect(card.locator("li.fact", has_text="Pulse 180")).to_have_count(1)
    expect(page.locator("#feed .question", has_text="Pulse 180?")).to_have_count(0)


def test_the_dashboard_asks_and_a_dismissed_value_never_counts(
    login, app_server, heart_rate_180
):
    from playwright.sync_api import expect

    dashboard = login("nurse")
    dashboard.goto(f"{app_server}/wards/ward-7/")
    row = dashboard.locator("#ward tr", has_text="Arthur Price")
    heart_rate = row.locator("td[data-type=heartRate]")
    before = heart_rate.inner_text()
    bedside = login("nurse")
    say(bedside, app_server, bedside_href(bedside, app_server, "Arthur Price"),
        heart_rate_180)  # fmt: skip
    # The dashboard was never reloaded: the question arrives by websocket.
    question = dashboard.locator("#questions .question", has_text="Pulse 180?")
    expect(question).to_have_count(1, timeout=180_000)
    expect(question).to_contain_text("Arthur Price")
    question.locator("button.dismiss").click()
    expect(question).to_have_count(0)
    expect(heart_rate).to_have_text(before)
    dashboard.reload()
    expect(dashboard.locator("#questions .question")).to_have_count(0)
