"""caretaker: the Django project (web app, websockets, Celery tasks)."""

from caretaker.celery import app as celery_app

__all__ = ["celery_app"]
