"""Install the default rule set as version 1, active for every ward: a fresh
database solves patients from the first message, and no read ever has to write."""

from django.db import migrations
from django.utils import timezone

from caretaker.rulesets.defaults import default_ruleset_read


def default_install(apps, schema_editor):
    Version = apps.get_model("rulesets", "RuleSetVersion")
    Activation = apps.get_model("rulesets", "RuleSetActivation")
    Audit = apps.get_model("rulesets", "RuleSetAudit")
    Event = apps.get_model("audit", "AuditEvent")
    if Activation.objects.filter(ward=None).exists():
        return  # a database that already has its rule set (installed on first use)
    default = default_ruleset_read()
    version = Version.objects.filter(number=1).first()
    if version is None:
        version = Version.objects.create(
            number=1,
            alphabet=default.alphabet,
            files=dict(sorted(default.files.items())),
            tests=default.tests,
            comment="shipped default",
            validated_at=timezone.now(),
        )
        _audit(Audit, Event, "imported", version, default.source)
    Activation.objects.create(ward=None, version=version)
    _audit(Audit, Event, "activated", version, default.source)


def _audit(Audit, Event, action, version, detail):
    Audit.objects.create(action=action, version=version, detail=detail)
    Event.objects.create(
        action=f"rule.{action}",
        object_type="rulesets.rulesetversion",
        object_id=str(version.pk),
        detail={"detail": detail},
    )


class Migration(migrations.Migration):
    dependencies = [
        ("rulesets", "0002_rules_admin_group"),
        ("audit", "0003_refuse_delete_replace_truncate"),
    ]
    operations = [migrations.RunPython(default_install, migrations.RunPython.noop)]
