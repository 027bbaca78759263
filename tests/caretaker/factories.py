"""factory_boy factories for the caretaker models."""

import factory
from django.contrib.auth.models import User
from django.db.models import Max
from django.utils import timezone

from caretaker.alerts.models import Alert
from caretaker.journal.models import Fact, Message
from caretaker.rulesets.models import RuleSetActivation, RuleSetVersion
from caretaker.wards.models import Patient, Ward
from logic.ruleset import default_ruleset_path
from logic.validation import ruleset_read_directory


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


class MessageFactory(factory.django.DjangoModelFactory):
    """A typed message, as received (nothing transcribed or extracted yet)."""

    class Meta:
        model = Message

    patient = factory.SubFactory(PatientFactory)
    said_at = factory.LazyFunction(timezone.now)
    text = "temp 37.2"
    transcript = factory.LazyAttribute(lambda o: o.text)


class FactFactory(factory.django.DjangoModelFactory):
    """A reading understood from a message: of the message's patient, said when the
    message was (``type`` and ``value`` make the canonical statement)."""

    class Meta:
        model = Fact

    message = factory.SubFactory(MessageFactory, status=Message.Status.SOLVED)
    patient = factory.SelfAttribute("message.patient")
    type = "temperature"
    value = "37.2"
    statement = factory.LazyAttribute(lambda o: f"data({o.type}, {o.value})")
    said_at = factory.SelfAttribute("message.said_at")


class AlertFactory(factory.django.DjangoModelFactory):
    """An alert nobody acknowledged yet, as the default rule set words it."""

    class Meta:
        model = Alert

    patient = factory.SubFactory(PatientFactory)
    problem = "hypoglycaemia"
    severity = "high"
    text = "Low blood sugar"
    first_derived_at = factory.LazyFunction(timezone.now)
    ruleset_version = "v1"


def _next_version_number() -> int:
    """After every stored version (the migrations store version 1)."""
    latest = RuleSetVersion.objects.aggregate(n=Max("number"))["n"]
    return (latest or 0) + 1


def _shipped_texts() -> tuple[str, dict[str, str], str]:
    alphabet, files, tests = ruleset_read_directory(default_ruleset_path())
    return alphabet, dict(files), tests or ""


class RuleSetVersionFactory(factory.django.DjangoModelFactory):
    """A global version with the shipped texts (valid unless ``files`` or
    ``alphabet`` say otherwise), numbered after the latest one."""

    class Meta:
        model = RuleSetVersion
        exclude = ("shipped",)

    shipped = factory.LazyFunction(_shipped_texts)
    number = factory.LazyFunction(_next_version_number)
    ward = None
    alphabet = factory.LazyAttribute(lambda o: o.shipped[0])
    files = factory.LazyAttribute(lambda o: o.shipped[1])
    tests = factory.LazyAttribute(lambda o: o.shipped[2])
    comment = "factory version"
    validated_at = factory.LazyFunction(timezone.now)


class RuleSetActivationFactory(factory.django.DjangoModelFactory):
    """The activation of a version for its own scope."""

    class Meta:
        model = RuleSetActivation

    version = factory.SubFactory(RuleSetVersionFactory)
    ward = factory.SelfAttribute("version.ward")
