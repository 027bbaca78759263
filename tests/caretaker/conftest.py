"""Fixtures for the Django side: a ward with a nurse assigned, and a patient on it;
the test database's audit table protected as production's is."""

import io

import pytest

from tests.caretaker.factories import PatientFactory, UserFactory, WardFactory
from tests.support import audit_db


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """On PostgreSQL, the test database's audit table is locked down by the command
    production runs (manage.py audit_lockdown), so that every test meets the app
    role's real limits there."""
    from django.core.management import call_command
    from django.db import connection

    if connection.vendor == "postgresql":
        with django_db_blocker.unblock():
            call_command(
                "audit_lockdown", admin_url=audit_db.admin_url(), stdout=io.StringIO()
            )


@pytest.fixture(scope="session", autouse=True)
def _audit_table_flushed_as_owner():
    """Transactional tests end with a flush of every table, the audit table included,
    which the app role may not do: the flush alone runs as the owner would
    (tests/support/audit_db.py)."""
    from django.db.backends.base.operations import BaseDatabaseOperations

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(
            BaseDatabaseOperations, "execute_sql_flush", audit_db.flush_as_owner
        )
        yield


@pytest.fixture
def ward(db):
    return WardFactory(code="ward-a", name="Ward A")


@pytest.fixture
def nurse(ward):
    user = UserFactory(username="nora")
    ward.staff.add(user)
    return user


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Rate-limit counters live in the cache: each test starts with none."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def ward_lead(ward):
    """A ward lead (the "ward lead" group) assigned to the ward."""
    from django.contrib.auth.models import Group

    user = UserFactory(username="liam")
    user.groups.add(Group.objects.get_or_create(name="ward lead")[0])
    ward.staff.add(user)
    return user


@pytest.fixture
def patient(ward):
    return PatientFactory(ward=ward, name="Margaret Hill", bed="1")


@pytest.fixture
def other_patient(db):
    """A patient on a ward the nurse is not assigned to."""
    return PatientFactory(ward=WardFactory(code="ward-b"), name="Other Ward")


@pytest.fixture
def tasks_in_process():
    """Celery tasks (and the tasks they queue) run in this process, whatever the
    broker: for tests of what a task does rather than how it travels."""
    from caretaker.celery import app

    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = eager
