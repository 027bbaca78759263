"""The database refuses DELETE, REPLACE and TRUNCATE of audit events too.

SQLite (best effort: any connection to the file may drop a trigger, so these guard
against mistakes and ORM side doors such as ``QuerySet._raw_delete``, not against
someone set on rewriting the file):
- DELETE is refused.
- An INSERT whose id already exists is refused. ``INSERT OR REPLACE`` deletes the old
  row implicitly, and that implicit delete fires no DELETE trigger (unless
  ``recursive_triggers`` is on), so the INSERT trigger is what catches it.
- An id below 1 is refused: in a BEFORE INSERT trigger an id not yet assigned reads
  as -1, so a stored row -1 would make every later insert look like a replacement.

PostgreSQL: TRUNCATE, which row triggers never see, is refused by a statement
trigger. What stops the app's own role from dropping these triggers is ownership:
``manage.py audit_lockdown`` (caretaker/audit/lockdown.py) gives the table to a role
the app cannot act as.

The test database is still emptied between transactional tests: the test suite's
flush does it as the table's owner would (tests/support/audit_db.py).

Careful on SQLite: a later migration that rebuilds this table (most AlterField and
RemoveField operations there) drops its triggers with the old table. It must create
them again; tests/caretaker/audit/test_append_only.py checks that they exist.
"""

from django.db import migrations

REFUSE = "SELECT RAISE(ABORT, 'audit events are append-only');"
SQLITE = [
    f"""CREATE TRIGGER audit_auditevent_no_delete BEFORE DELETE ON audit_auditevent
       BEGIN {REFUSE} END;""",
    f"""CREATE TRIGGER audit_auditevent_no_replace BEFORE INSERT ON audit_auditevent
       WHEN EXISTS (SELECT 1 FROM audit_auditevent WHERE id = NEW.id)
       BEGIN {REFUSE} END;""",
    """CREATE TRIGGER audit_auditevent_positive_id AFTER INSERT ON audit_auditevent
       WHEN NEW.id < 1
       BEGIN SELECT RAISE(ABORT, 'audit event ids start at 1'); END;""",
]
POSTGRESQL = [
    """CREATE TRIGGER audit_auditevent_no_truncate
       BEFORE TRUNCATE ON audit_auditevent
       FOR EACH STATEMENT EXECUTE FUNCTION audit_auditevent_refuse();""",
]
REVERSE = {
    "sqlite": [
        "DROP TRIGGER IF EXISTS audit_auditevent_no_delete;",
        "DROP TRIGGER IF EXISTS audit_auditevent_no_replace;",
        "DROP TRIGGER IF EXISTS audit_auditevent_positive_id;",
    ],
    "postgresql": [
        "DROP TRIGGER IF EXISTS audit_auditevent_no_truncate ON audit_auditevent;",
    ],
}


def _run(statements_by_vendor):
    def run(apps, schema_editor):
        for statement in statements_by_vendor.get(schema_editor.connection.vendor, []):
            schema_editor.execute(statement)

    return run


class Migration(migrations.Migration):
    dependencies = [("audit", "0002_append_only_triggers")]

    operations = [
        migrations.RunPython(
            _run({"sqlite": SQLITE, "postgresql": POSTGRESQL}), _run(REVERSE)
        ),
    ]
