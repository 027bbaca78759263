"""The Celery application; tasks run eagerly in process unless a broker is set."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "caretaker.settings.base")

app = Celery("caretaker")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
