from django.apps import AppConfig


class AuditConfig(AppConfig):
    name = "caretaker.audit"
    verbose_name = "Audit trail"
