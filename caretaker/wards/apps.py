from django.apps import AppConfig


class WardsConfig(AppConfig):
    name = "caretaker.wards"
    verbose_name = "Wards and patients"
