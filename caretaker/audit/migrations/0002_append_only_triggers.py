"""The database itself refuses to change audit events, whatever code runs.

UPDATE is refused on SQLite and PostgreSQL. DELETE is refused on PostgreSQL only:
there the test database is emptied with TRUNCATE, which row triggers do not see,
while SQLite empties it with DELETE.
"""

from django.db import migrations

SQLITE = [
    """CREATE TRIGGER audit_auditevent_no_update BEFORE UPDATE ON audit_auditevent
       BEGIN SELECT RAISE(ABORT, 'audit events are append-only'); END;""",
]
POSTGRESQL = [
    """CREATE OR REPLACE FUNCTION audit_auditevent_refuse() RETURNS trigger AS $$
       BEGIN RAISE EXCEPTION 'audit events are append-only'; END;
       $$ LANGUAGE plpgsql;""",
    """CREATE TRIGGER audit_auditevent_append_only
       BEFORE UPDATE OR DELETE ON audit_auditevent
       FOR EACH ROW EXECUTE FUNCTION audit_auditevent_refuse();""",
]
REVERSE = {
    "sqlite": ["DROP TRIGGER IF EXISTS audit_auditevent_no_update;"],
    "postgresql": [
        "DROP TRIGGER IF EXISTS audit_auditevent_append_only ON audit_auditevent;",
        "DROP FUNCTION IF EXISTS audit_auditevent_refuse();",
    ],
}


def _run(statements_by_vendor):
    def run(apps, schema_editor):
        for statement in statements_by_vendor.get(schema_editor.connection.vendor, []):
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("audit", "0001_initial")]

    operations = [
        migrations.RunPython(
            _run({"sqlite": SQLITE, "postgresql": POSTGRESQL}), _run(REVERSE)
        ),
    ]
