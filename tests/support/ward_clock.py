"""The ward's clock as the tests see it, written apart from the app's own code."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone


def chart_day_start() -> datetime:
    """07:00 on the ward's clock, today's or, before it, yesterday's."""
    now = timezone.localtime()
    start = now.replace(hour=7, minute=0, second=0, microsecond=0)
    return start if start < now else start - timedelta(days=1)
