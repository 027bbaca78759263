"""Fixtures for the whole suite."""

import pytest


@pytest.fixture(scope="session", autouse=True)
def _default_ruleset_after_flush():
    """A transactional test ends with a flush of every table, which removes the
    default rule set the migrations installed (rulesets 0003); Django then sends
    ``post_migrate``, as it does to restore permissions. The rule set is installed
    again there, so the next test starts from a database as migrated."""
    from django.db.models.signals import post_migrate

    def reinstall(sender, **kwargs) -> None:
        if sender.label == "rulesets":
            import importlib

            from django.apps import apps

            # The migration's own step, with the current models: one install path.
            migration = importlib.import_module(
                "caretaker.rulesets.migrations.0003_default_ruleset"
            )
            migration.default_install(apps, None)

    post_migrate.connect(reinstall, weak=False, dispatch_uid="test-default-ruleset")
    yield
    post_migrate.disconnect(dispatch_uid="test-default-ruleset")
