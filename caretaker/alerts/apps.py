from django.apps import AppConfig


class AlertsConfig(AppConfig):
    name = "caretaker.alerts"
    verbose_name = "Alerts"
