from django.apps import AppConfig


class WardsConfig(AppConfig):
    name = "caretaker.wards"
    verbose_name = "Wards and patients"

    def ready(self) -> None:
        from caretaker.wards.revocation import revocation_connect

        revocation_connect()
