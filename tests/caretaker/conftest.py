"""Fixtures for the Django side: a ward with a nurse assigned, and a patient on it."""

import pytest

from tests.caretaker.factories import PatientFactory, UserFactory, WardFactory


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
