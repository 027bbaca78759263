from django.apps import AppConfig


class RulesetsConfig(AppConfig):
    name = "caretaker.rulesets"
    label = "rulesets"
    verbose_name = "Rule sets"
