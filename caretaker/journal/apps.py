from django.apps import AppConfig


class JournalConfig(AppConfig):
    name = "caretaker.journal"
    verbose_name = "Messages and facts"
