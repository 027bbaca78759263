from django.apps import AppConfig


class CareConfig(AppConfig):
    """The top layer: actions that span apps, live pushes, pages and sockets."""

    name = "caretaker.care"
    verbose_name = "Care (actions across apps, pages and live updates)"
