"""The "rules admin" group: its members edit, activate and roll back rule sets."""

from django.db import migrations

GROUP = "rules admin"


def group_create(apps, schema_editor):
    apps.get_model("auth", "Group").objects.get_or_create(name=GROUP)


def group_delete(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("rulesets", "0001_initial"),
    ]
    operations = [migrations.RunPython(group_create, group_delete)]
