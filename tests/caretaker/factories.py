"""factory_boy factories for the caretaker models."""

import factory
from django.contrib.auth.models import User
from django.utils import timezone

from caretaker.wards.models import Patient, Ward


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"nurse{n}")
    password = factory.django.Password("pw")


class WardFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Ward
        django_get_or_create = ("code",)

    code = factory.Sequence(lambda n: f"ward-{n}")
    name = factory.LazyAttribute(lambda o: o.code.title())


class PatientFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Patient

    ward = factory.SubFactory(WardFactory)
    record_number = factory.Sequence(lambda n: f"RN{n:05d}")
    name = factory.Faker("name")
    bed = factory.Sequence(str)
    admitted_at = factory.LazyFunction(timezone.now)
