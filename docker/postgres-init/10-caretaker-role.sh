#!/bin/sh
# The app's role, created once, on the first start of an empty data volume (the
# postgres image runs /docker-entrypoint-initdb.d then, and never again). No
# superuser, no CREATEROLE: `manage.py audit_lockdown` can then keep the audit table
# out of its reach. It may create tables in the public schema for its migrations; the
# database itself stays the administrator's.
set -eu
psql -v ON_ERROR_STOP=1 -v app_password="$CARETAKER_DB_PASSWORD" \
    --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<'SQL'
CREATE ROLE caretaker LOGIN PASSWORD :'app_password';
GRANT USAGE, CREATE ON SCHEMA public TO caretaker;
SQL
