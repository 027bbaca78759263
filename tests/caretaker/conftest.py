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


@pytest.fixture
def patient(ward):
    return PatientFactory(ward=ward, name="Margaret Hill", bed="1")


@pytest.fixture
def other_patient(db):
    """A patient on a ward the nurse is not assigned to."""
    return PatientFactory(ward=WardFactory(code="ward-b"), name="Other Ward")
