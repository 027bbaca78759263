"""The test database's audit table, locked down as in production and emptied between
transactional tests the way only its owner could.

The app role cannot empty the audit table, by design; yet Django's test runner
flushes every table after each transactional test (``transaction=True``), and the
tables the audit events point to (users, patients, wards) cannot be emptied while
events point to them. So the flush, and nothing else, runs with the owner's powers:
- PostgreSQL: the administrator (``CARETAKER_AUDIT_ADMIN_URL``) runs Django's own
  flush statement (one TRUNCATE of every table), with triggers off for that
  transaction (``session_replication_role = replica``, a superuser's setting).
- SQLite: the flush takes the audit table's triggers off, empties the tables and
  puts back exactly the triggers it took off, in one transaction.
The tests themselves run as the app role against the protected table.
"""

from __future__ import annotations

import os
from typing import Any

from django.db import transaction

from caretaker.audit.lockdown import TABLE, admin_connect

ADMIN_URL_VARIABLE = "CARETAKER_AUDIT_ADMIN_URL"


def admin_url() -> str:
    """The administrator's URL; the PostgreSQL test run cannot do without it."""
    url = os.environ.get(ADMIN_URL_VARIABLE, "")
    if not url:
        raise RuntimeError(
            f"the Django tests on PostgreSQL need ${ADMIN_URL_VARIABLE}, an "
            "administrator who locks the audit table down and empties the test "
            "database; run them through scripts/with_services.py, which sets it"
        )
    return url


def flush_as_owner(ops: Any, sql_list: list[str]) -> None:
    """Stands in for ``DatabaseOperations.execute_sql_flush`` in tests."""
    connection = ops.connection
    if connection.vendor == "postgresql":
        _flush_postgresql(connection.settings_dict["NAME"], sql_list)
    elif connection.vendor == "sqlite":
        _flush_sqlite(connection, sql_list)
    else:
        raise NotImplementedError(f"no audit-aware flush for {connection.vendor}")


def _flush_postgresql(database: str, sql_list: list[str]) -> None:
    with admin_connect(admin_url(), database) as admin, admin.transaction():
        admin.execute("SET LOCAL lock_timeout = '60s'")
        admin.execute("SET LOCAL session_replication_role = replica")
        for statement in sql_list:
            admin.execute(statement)


def _flush_sqlite(connection: Any, sql_list: list[str]) -> None:
    with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
        cursor.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger'"
            " AND tbl_name = %s ORDER BY name",
            [TABLE],
        )
        triggers = cursor.fetchall()
        for name, _ in triggers:
            cursor.execute(f"DROP TRIGGER {connection.ops.quote_name(name)}")
        for statement in sql_list:
            cursor.execute(statement)
        for _, definition in triggers:
            cursor.execute(definition)
