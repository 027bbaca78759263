"""python manage.py audit_lockdown [--admin-url URL] [--check]"""

import os
from typing import Any

import psycopg
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection

from caretaker.audit.lockdown import (
    OWNER_ROLE,
    LockdownError,
    audit_lockdown,
    audit_lockdown_problems,
)

ADMIN_URL_VARIABLE = "CARETAKER_AUDIT_ADMIN_URL"


class Command(BaseCommand):
    help = (
        f"PostgreSQL: give the audit table to the role {OWNER_ROLE} and leave the "
        "app's role (DATABASE_URL) only INSERT and SELECT on it, then check that the "
        "app's role can no longer change, delete, truncate, alter or drop audit events."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--admin-url",
            default=os.environ.get(ADMIN_URL_VARIABLE, ""),
            help=f"an administrator's database URL (default: ${ADMIN_URL_VARIABLE}); "
            "only its user, password, host, port and options are used, the "
            "database is the app's",
        )
        parser.add_argument(
            "--check",
            action="store_true",
            help="change nothing; fail if the app's role could rewrite the trail",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if connection.vendor != "postgresql":
            raise CommandError(
                "audit_lockdown is for PostgreSQL; this database is "
                f"{connection.vendor}, where triggers alone guard the audit trail "
                "(best effort, see docs/security.md)."
            )
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_user")
            (app_role,) = cursor.fetchone()
        if not options["check"]:
            self._lockdown(options["admin_url"], app_role)
        with connection.cursor() as cursor:
            problems = audit_lockdown_problems(cursor)
        if problems:
            raise CommandError(
                f"the app role {app_role} can still rewrite the audit trail:\n- "
                + "\n- ".join(problems)
                + "\nRun `manage.py audit_lockdown` with an administrator's URL."
            )
        self.stdout.write(
            f"audit trail append-only: {OWNER_ROLE} owns audit_auditevent; "
            f"{app_role} may only INSERT and SELECT."
        )

    def _lockdown(self, admin_url: str, app_role: str) -> None:
        if not admin_url:
            raise CommandError(
                f"give an administrator's database URL: --admin-url or "
                f"${ADMIN_URL_VARIABLE} (a superuser, or a role that is a member of "
                f"both {app_role} and {OWNER_ROLE}); the app's own role cannot "
                "lock itself out."
            )
        try:
            audit_lockdown(
                admin_url=admin_url,
                database=connection.settings_dict["NAME"],
                app_role=app_role,
            )
        except LockdownError as error:
            raise CommandError(str(error)) from error
        except psycopg.Error as error:
            raise CommandError(
                f"the lockdown failed as the administrator, nothing was changed: "
                f"{error}".strip()
            ) from error
