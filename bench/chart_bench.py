"""The patient page's NEWS2 chart in headless Chromium: a week of 15-minute
observations (about 700 readings of each parameter) from navigation to drawn charts."""

from __future__ import annotations

import statistics
import time
from typing import Any

from bench.app import DEMO_PASSWORD, app_server, database_prepared
from bench.common import progress
from tests.frontend.conftest import CHROMIUM, CHROMIUM_ARGS

# Runs inside `manage.py shell`: one patient with READINGS full sets of observations,
# one message per set, bulk-created (solving each would take the bench's whole time).
POPULATE = """
from datetime import timedelta
from django.utils import timezone
from caretaker.journal.models import Fact, Message
from caretaker.wards.models import Patient, Ward
ward = Ward.objects.get(code="ward-7")
patient = Patient.objects.create(ward=ward, record_number="RN-BENCH", name="Bench Chart",
                                 bed="99", admitted_at=timezone.now())
start = timezone.now() - timedelta(minutes=15 * {readings})
messages, facts = [], []
for i in range({readings}):
    at = start + timedelta(minutes=15 * i)
    values = {{"respiratoryRate": 14 + i % 12, "oxygenSaturation": 90 + i % 10,
              "systolicBP": 95 + i % 40, "heartRate": 60 + i % 80,
              "temperature": round(35.5 + (i % 40) / 10, 1)}}
    text = ", ".join(f"{{k}} {{v}}" for k, v in values.items())
    message = Message(patient=patient, said_at=at, text=text, transcript=text,
                      status="solved", news2_score=i % 12)
    messages.append((message, values))
Message.objects.bulk_create([m for m, _ in messages])
for message, values in messages:
    for name, value in values.items():
        facts.append(Fact(patient=patient, message=message, type=name, value=str(value),
                          statement=f"data({{name}}, {{value}})", said_at=message.said_at))
    supply = "supplemental" if message.news2_score > 6 else "air"
    facts.append(Fact(patient=patient, message=message, type="oxygenSupply",
                      value=supply, statement=f"condition(oxygenSupply, {{supply}})",
                      said_at=message.said_at))
Fact.objects.bulk_create(facts)
print(patient.pk)
"""


def run(quick: bool) -> dict[str, Any]:
    """Median and spread of the patient page's chart render time (ms) over a few
    loads: the script's own drawing time and navigation to drawn charts."""
    from playwright.sync_api import sync_playwright

    readings = 700  # a week of observations every 15 minutes (672), and a few more
    loads = 3 if quick else 10
    progress("chart", f"preparing a patient with {readings} readings per parameter")
    database = database_prepared(POPULATE.format(readings=readings))
    draw_ms, page_ms = [], []
    with app_server(database=database) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        context = browser.new_context(viewport={"width": 1024, "height": 768})
        page = context.new_page()
        page.set_default_timeout(120_000)
        page.goto(f"{url}/accounts/login/")
        page.fill("input[name=username]", "nurse")
        page.fill("input[name=password]", DEMO_PASSWORD)
        page.click("button[type=submit], input[type=submit]")
        page.wait_for_load_state()
        page.goto(f"{url}/wards/ward-7/")
        row = page.locator("tr[data-patient]", has_text="Bench Chart")
        path = f"/patients/{row.get_attribute('data-patient')}/"
        for _ in range(loads + 1):  # the first load warms caches and is not counted
            started = time.perf_counter()
            page.goto(url + path)
            page.wait_for_selector("#charts[data-drawn]")
            page_ms.append((time.perf_counter() - started) * 1000)
            draw_ms.append(float(page.get_attribute("#charts", "data-render-ms")))
        charts = int(page.get_attribute("#charts", "data-drawn"))
        browser.close()
    draw_ms, page_ms = draw_ms[1:], page_ms[1:]
    return {
        "readings_per_parameter": readings,
        "charts": charts,
        "loads": loads,
        "draw_ms_median": round(statistics.median(draw_ms), 1),
        "draw_ms_max": round(max(draw_ms), 1),
        "page_ms_median": round(statistics.median(page_ms), 1),
        "page_ms_max": round(max(page_ms), 1),
    }
