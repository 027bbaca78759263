"""The database keeps the audit trail append-only, whatever SQL the app sends.

On PostgreSQL the tests run as the app role, with the audit table locked down as in
production (tests/caretaker/conftest.py): what the app may not do fails for want of
rights. On SQLite triggers refuse what they can (best effort)."""

import io
from collections.abc import Callable

import psycopg
import pytest
from django.core.management import CommandError, call_command
from django.db import DatabaseError, connection, transaction

from caretaker.audit.lockdown import OWNER_ROLE, TRIGGERS, admin_connect
from caretaker.audit.models import Action, AuditEvent
from caretaker.audit.services import audit_record
from tests.support import audit_db

pytestmark = pytest.mark.django_db
postgresql_only = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="PostgreSQL roles"
)
sqlite_only = pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite")
# Why the database refused: no right (PostgreSQL) or a trigger (both).
REFUSALS = (
    "permission denied",
    "must be owner",
    "must have admin option",
    "append-only",
    "ids start at 1",
)


def refused(statement: str, params: tuple = ()) -> str:
    """Run ``statement`` as the app; return the database's refusal (fails the test
    if the statement ran, or failed for some other reason such as a typo)."""

    def run() -> None:
        with connection.cursor() as cursor:
            cursor.execute(statement, params)

    return refused_by_database(run)


def refused_by_database(run: Callable[[], object]) -> str:
    with pytest.raises(DatabaseError) as error, transaction.atomic():
        run()
    message = str(error.value)
    assert any(reason in message for reason in REFUSALS), message
    return message


@pytest.fixture
def event(nurse, patient) -> AuditEvent:
    return audit_record(user=nurse, action=Action.CHART_VIEW, obj=patient)


def assert_unchanged(event: AuditEvent) -> None:
    stored = AuditEvent.objects.get(pk=event.pk)
    assert (stored.action, stored.username) == (Action.CHART_VIEW, "nora")


def test_update_is_refused(event):
    refused("UPDATE audit_auditevent SET action = 'x' WHERE id = %s", (event.pk,))
    assert_unchanged(event)


def test_delete_is_refused(event):
    refused("DELETE FROM audit_auditevent WHERE id = %s", (event.pk,))
    assert_unchanged(event)


def test_the_orm_raw_delete_is_refused(event):
    """``QuerySet._raw_delete`` skips the model's own refusal; the database does not."""
    events = AuditEvent.objects.filter(pk=event.pk)
    refused_by_database(lambda: events._raw_delete(events.db))
    assert_unchanged(event)


def test_the_app_may_insert_and_read_with_plain_sql(event):
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO audit_auditevent (at, username, action, object_type,"
            " object_id, detail) VALUES (CURRENT_TIMESTAMP, '', 'raw.insert', '', '',"
            " '{}') RETURNING id"
        )
        (new_id,) = cursor.fetchone()
        cursor.execute(
            "SELECT action FROM audit_auditevent WHERE id IN (%s, %s) ORDER BY id",
            (event.pk, new_id),
        )
        assert cursor.fetchall() == [(Action.CHART_VIEW,), ("raw.insert",)]


def test_every_trigger_is_in_place():
    """A later migration that rebuilds the table on SQLite drops its triggers with
    it: this names them all."""
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute(
                "SELECT name FROM sqlite_master WHERE type = 'trigger'"
                " AND tbl_name = 'audit_auditevent'"
            )
            expected = {
                "audit_auditevent_no_update",
                "audit_auditevent_no_delete",
                "audit_auditevent_no_replace",
                "audit_auditevent_positive_id",
            }
        else:
            cursor.execute(
                "SELECT tgname FROM pg_trigger WHERE NOT tgisinternal"
                " AND tgrelid = 'audit_auditevent'::regclass AND tgenabled = 'O'"
            )
            expected = set(TRIGGERS)
        assert {name for (name,) in cursor.fetchall()} == expected


@sqlite_only
def test_sqlite_refuses_insert_or_replace_of_a_stored_event(event):
    """REPLACE deletes the stored row without firing DELETE triggers; the INSERT
    trigger refuses an id that exists."""
    for verb in ("INSERT OR REPLACE", "REPLACE"):
        refused(
            f"{verb} INTO audit_auditevent (id, at, username, action, object_type,"
            " object_id, detail)"
            " VALUES (%s, CURRENT_TIMESTAMP, 'x', 'x', '', '', '{}')",
            (event.pk,),
        )
    assert_unchanged(event)


@sqlite_only
def test_sqlite_refuses_ids_below_one(event):
    """An unassigned id reads -1 in a BEFORE INSERT trigger: a stored row -1 would
    make every later event look like a replacement and be refused."""
    refused(
        "INSERT INTO audit_auditevent (id, at, username, action, object_type,"
        " object_id, detail) VALUES (-1, CURRENT_TIMESTAMP, '', 'x', '', '', '{}')"
    )
    audit_record(user=None, action=Action.RULE_CHANGE)


@sqlite_only
def test_lockdown_is_for_postgresql_only():
    with pytest.raises(CommandError, match="for PostgreSQL"):
        call_command("audit_lockdown", "--check", stdout=io.StringIO())


@postgresql_only
def test_the_tests_run_as_the_app_role():
    """Not a superuser, no member of the owner role: a test passing here says what
    the app itself can do."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT rolsuper, rolcreaterole, pg_has_role(%s, 'MEMBER')"
            " FROM pg_roles WHERE rolname = current_user",
            (OWNER_ROLE,),
        )
        assert cursor.fetchone() == (False, False, False)
    refused(f"SET ROLE {OWNER_ROLE}")


@postgresql_only
@pytest.mark.parametrize(
    "statement",
    [
        "TRUNCATE audit_auditevent",
        "TRUNCATE audit_auditevent CASCADE",
        "ALTER TABLE audit_auditevent ADD COLUMN forged text",
        "ALTER TABLE audit_auditevent DISABLE TRIGGER ALL",
        "ALTER TABLE audit_auditevent OWNER TO CURRENT_USER",
        "DROP TRIGGER audit_auditevent_append_only ON audit_auditevent",
        "DROP TRIGGER audit_auditevent_no_truncate ON audit_auditevent",
        "DROP TABLE audit_auditevent",
        "DROP SCHEMA public CASCADE",
        "DROP FUNCTION audit_auditevent_refuse() CASCADE",
        pytest.param(
            "CREATE OR REPLACE FUNCTION audit_auditevent_refuse() RETURNS trigger AS"
            " $$ BEGIN RETURN NULL; END; $$ LANGUAGE plpgsql",
            id="replace the trigger function",
        ),
        "GRANT caretaker_audit_owner TO CURRENT_USER",
        pytest.param(
            "INSERT INTO audit_auditevent (id, at, username, action, object_type,"
            " object_id, detail) SELECT id, at, '', 'x', '', '', '{}'"
            " FROM audit_auditevent ON CONFLICT (id) DO UPDATE SET action = 'x'",
            id="upsert over a stored event",
        ),
        "SELECT setval(pg_get_serial_sequence('audit_auditevent', 'id'), 1)",
    ],
)
def test_postgresql_refuses_the_app_role(event, statement):
    """No right to change, empty, alter or drop the table, or to become its owner."""
    refused(statement)
    assert_unchanged(event)


@postgresql_only
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    "statement",
    [
        "TRUNCATE audit_auditevent",
        "DELETE FROM audit_auditevent",
        "UPDATE audit_auditevent SET action = 'x'",
    ],
)
def test_the_triggers_bind_even_the_administrator(nurse, patient, statement):
    """Past the privileges, the triggers: a role with every right (here a superuser)
    must first disable them, which only the owner or a superuser may do. TRUNCATE
    needs a statement trigger: row triggers never see it. (A transactional test: in
    the test's own transaction, pending foreign key checks would refuse the
    TRUNCATE before the trigger could.)"""
    audit_record(user=nurse, action=Action.CHART_VIEW, obj=patient)
    database = connection.settings_dict["NAME"]
    with (
        admin_connect(audit_db.admin_url(), database) as admin,
        pytest.raises(psycopg.Error, match="append-only"),
        admin.transaction(),
    ):
        admin.execute(statement)
    assert AuditEvent.objects.filter(action=Action.CHART_VIEW).count() == 1


@postgresql_only
def test_lockdown_check_passes_for_the_app_role():
    output = io.StringIO()
    call_command("audit_lockdown", "--check", stdout=output)
    assert f"{OWNER_ROLE} owns audit_auditevent" in output.getvalue()


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_lockdown_runs_again_on_every_deployment():
    """Each deployment runs it after migrate: a second run changes nothing and
    passes its own check."""
    call_command("audit_lockdown", admin_url=audit_db.admin_url(), stdout=io.StringIO())
    call_command("audit_lockdown", "--check", stdout=io.StringIO())


@pytest.mark.django_db(transaction=True)
def test_transactional_tests_still_start_empty(nurse, patient):
    """Committed events (and the users they name) are flushed after this test, as
    the owner would (tests/support/audit_db.py); the triggers come back after. The
    database starts as migrated: with the default rule set's installation only."""
    audit_record(user=nurse, action=Action.CHART_VIEW, obj=patient)
    assert list(AuditEvent.objects.values_list("action", flat=True)) == [
        Action.CHART_VIEW,
        "rule.activated",
        "rule.imported",
    ]
