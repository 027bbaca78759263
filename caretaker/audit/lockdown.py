"""PostgreSQL roles that keep the audit table append-only even for the app's own role.

Triggers alone do not: the role that owns a table may drop its triggers, and the role
that owns its schema may drop the table. So an owner role that nobody logs in as
(``caretaker_audit_owner``) takes the table, its id sequence and the trigger function,
and the app role keeps INSERT and SELECT. Only an administrator can do this (moving
ownership needs a superuser, or membership in both roles), which is why it is a
command run with an administrator's URL and not a migration: migrations run as the
app role, and an app role able to run it would be able to undo it.
"""

from __future__ import annotations

from typing import Any

import environ
import psycopg
from psycopg import sql

OWNER_ROLE = "caretaker_audit_owner"
TABLE = "audit_auditevent"
FUNCTION = "audit_auditevent_refuse()"
TRIGGERS = ("audit_auditevent_append_only", "audit_auditevent_no_truncate")
GRANTED = ("INSERT", "SELECT")
WITHHELD = ("UPDATE", "DELETE", "TRUNCATE", "REFERENCES", "TRIGGER")


class LockdownError(Exception):
    """The lockdown cannot be done as asked; the message says what to change."""


def admin_connect(admin_url: str, database: str) -> psycopg.Connection[Any]:
    """A connection with ``admin_url``'s credentials, host and options to
    ``database`` (the app's database: the URL's own database name is not used, so
    that the same URL serves the test database too)."""
    config = environ.Env.db_url_config(admin_url)
    return psycopg.connect(
        dbname=database,
        user=config.get("USER") or None,
        password=config.get("PASSWORD") or None,
        host=config.get("HOST") or None,
        port=config.get("PORT") or None,
        autocommit=True,  # transactions are explicit: admin.transaction()
        **config.get("OPTIONS", {}),
    )


def audit_lockdown(*, admin_url: str, database: str, app_role: str) -> None:
    """Give the audit table to the owner role and leave ``app_role`` INSERT and
    SELECT, in ``database``, as the administrator of ``admin_url``. Safe to run
    again (every deployment does); all of it or nothing happens."""
    with admin_connect(admin_url, database) as admin, admin.transaction():
        # Fail instead of waiting forever behind a session that holds the table.
        admin.execute("SET LOCAL lock_timeout = '30s'")
        _refuse_superuser_app(admin, app_role)
        _owner_role_ensure(admin, app_role)
        _schema_take_back(admin, app_role)
        _ownership_move(admin)
        _privileges_grant(admin, app_role)


def _refuse_superuser_app(admin: psycopg.Connection[Any], app_role: str) -> None:
    row = admin.execute(
        "SELECT rolsuper, rolcreaterole FROM pg_roles WHERE rolname = %s", [app_role]
    ).fetchone()
    if row is None:
        raise LockdownError(f"role {app_role!r} does not exist in this cluster")
    if row[0] or row[1]:
        raise LockdownError(
            f"the app role {app_role!r} is a superuser or may create roles, so it can "
            "undo any lockdown. Connect the app (DATABASE_URL) as a role without "
            "SUPERUSER and CREATEROLE (docs/security.md, 'Audit trail')."
        )


def _owner_role_ensure(admin: psycopg.Connection[Any], app_role: str) -> None:
    owner, app = sql.Identifier(OWNER_ROLE), sql.Identifier(app_role)
    exists = admin.execute(
        "SELECT 1 FROM pg_roles WHERE rolname = %s", [OWNER_ROLE]
    ).fetchone()
    if exists is None:
        admin.execute(sql.SQL("CREATE ROLE {} NOLOGIN").format(owner))
    admin.execute(sql.SQL("ALTER ROLE {} NOLOGIN").format(owner))
    # A member of the owner role has the owner's rights: the app must not be one.
    member = admin.execute(
        "SELECT 1 FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.member"
        " JOIN pg_roles g ON g.oid = m.roleid WHERE r.rolname = %s AND g.rolname = %s",
        [app_role, OWNER_ROLE],
    ).fetchone()
    if member is not None:
        admin.execute(sql.SQL("REVOKE {} FROM {}").format(owner, app))


def _schema_take_back(admin: psycopg.Connection[Any], app_role: str) -> None:
    """The owner of a schema may drop any table in it. Since PostgreSQL 15 the public
    schema belongs to the database's owner, which is often the app role (and always
    in tests, where Django creates the test database as the app role)."""
    schema, app_owns_it = admin.execute(
        "SELECT n.nspname, pg_has_role(%s, n.nspowner, 'MEMBER')"
        " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
        " WHERE c.oid = to_regclass(%s)",
        [app_role, TABLE],
    ).fetchone() or (None, False)
    if schema is None:
        raise LockdownError(f"no table {TABLE} here: run `manage.py migrate` first")
    if app_owns_it:
        name, owner = sql.Identifier(schema), sql.Identifier(OWNER_ROLE)
        admin.execute(sql.SQL("ALTER SCHEMA {} OWNER TO {}").format(name, owner))
        admin.execute(
            sql.SQL("GRANT USAGE, CREATE ON SCHEMA {} TO {}").format(
                name, sql.Identifier(app_role)
            )
        )


def _ownership_move(admin: psycopg.Connection[Any]) -> None:
    owner = sql.Identifier(OWNER_ROLE)
    # The table's indexes and its identity sequence follow the table.
    admin.execute(
        sql.SQL("ALTER TABLE {} OWNER TO {}").format(sql.Identifier(TABLE), owner)
    )
    admin.execute(sql.SQL(f"ALTER FUNCTION {FUNCTION} OWNER TO {{}}").format(owner))


def _privileges_grant(admin: psycopg.Connection[Any], app_role: str) -> None:
    table, app = sql.Identifier(TABLE), sql.Identifier(app_role)
    admin.execute(sql.SQL("REVOKE ALL ON TABLE {} FROM PUBLIC, {}").format(table, app))
    admin.execute(sql.SQL("GRANT SELECT, INSERT ON TABLE {} TO {}").format(table, app))
    sequence = admin.execute(
        "SELECT n.nspname, c.relname FROM pg_class c"
        " JOIN pg_namespace n ON n.oid = c.relnamespace"
        " WHERE c.oid = pg_get_serial_sequence(%s, 'id')::regclass",
        [TABLE],
    ).fetchone()
    if sequence is not None:
        name = sql.Identifier(*sequence)
        admin.execute(
            sql.SQL("REVOKE ALL ON SEQUENCE {} FROM PUBLIC, {}").format(name, app)
        )
        admin.execute(sql.SQL("GRANT USAGE ON SEQUENCE {} TO {}").format(name, app))


def audit_lockdown_problems(cursor: Any) -> list[str]:
    """What still lets the role of ``cursor`` (the app's own connection) change or
    remove audit events; an empty list when nothing does. Reads catalogs only."""
    cursor.execute(
        "SELECT current_user, rolsuper OR rolcreaterole FROM pg_roles"
        " WHERE rolname = current_user"
    )
    role, all_powerful = cursor.fetchone()
    if all_powerful:
        return [f"the app role {role} is a superuser or may create roles"]
    cursor.execute("SELECT to_regclass(%s), to_regprocedure(%s)", [TABLE, FUNCTION])
    if None in cursor.fetchone():
        return [f"no table {TABLE} or no {FUNCTION}: run `manage.py migrate` first"]
    return [
        *_ownership_problems(cursor, role),
        *_privilege_problems(cursor, role),
        *_trigger_problems(cursor),
    ]


def _ownership_problems(cursor: Any, role: str) -> list[str]:
    # pg_has_role(owner, 'MEMBER') is true when the current role is the owner or
    # a member of it: either way it may act as the owner.
    cursor.execute(
        "SELECT c.relowner::regrole::text, pg_has_role(c.relowner, 'MEMBER'),"
        " n.nspowner::regrole::text, pg_has_role(n.nspowner, 'MEMBER'),"
        " p.proowner::regrole::text, pg_has_role(p.proowner, 'MEMBER')"
        " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace, pg_proc p"
        " WHERE c.oid = to_regclass(%s) AND p.oid = to_regprocedure(%s)",
        [TABLE, FUNCTION],
    )
    row = cursor.fetchone()
    problems = []
    if row[0] != OWNER_ROLE:
        problems.append(f"{TABLE} is owned by {row[0]}, not {OWNER_ROLE}")
    for (owner, acts_as), what in zip(
        (row[0:2], row[2:4], row[4:6]),
        (TABLE, f"the schema of {TABLE} (may drop it)", FUNCTION),
        strict=True,
    ):
        if acts_as:
            problems.append(f"{role} can act as {owner}, the owner of {what}")
    cursor.execute("SELECT rolcanlogin FROM pg_roles WHERE rolname = %s", [OWNER_ROLE])
    if (cursor.fetchone() or (True,))[0]:
        problems.append(f"{OWNER_ROLE} is missing or may log in")
    return problems


def _privilege_problems(cursor: Any, role: str) -> list[str]:
    cursor.execute("SHOW server_version_num")
    withheld = list(WITHHELD)
    if int(cursor.fetchone()[0]) >= 170000:
        withheld.append("MAINTAIN")  # VACUUM FULL, CLUSTER, ... (PostgreSQL 17)
    problems = []
    for privilege in (*GRANTED, *withheld):
        cursor.execute("SELECT has_table_privilege(%s, %s)", [TABLE, privilege])
        if cursor.fetchone()[0] != (privilege in GRANTED):
            verb = "lacks" if privilege in GRANTED else "has"
            problems.append(f"{role} {verb} {privilege} on {TABLE}")
    return problems


def _trigger_problems(cursor: Any) -> list[str]:
    cursor.execute(
        "SELECT tgname FROM pg_trigger WHERE tgrelid = to_regclass(%s)"
        " AND NOT tgisinternal AND tgenabled IN ('O', 'A')",
        [TABLE],
    )
    enabled = {name for (name,) in cursor.fetchall()}
    return [
        f"trigger {name} on {TABLE} is missing or disabled: run `manage.py migrate`"
        for name in TRIGGERS
        if name not in enabled
    ]
