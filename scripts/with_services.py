"""Run a command with private PostgreSQL and Redis servers on loopback:
``python scripts/with_services.py -- pytest tests/caretaker``.

The command sees ``DATABASE_URL`` (the app's role, no superuser), ``REDIS_URL`` and
``CARETAKER_AUDIT_ADMIN_URL`` (the administrator, who locks the audit table of the test
database down as in production); both servers are removed after.
"""

import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.servers import PostgresServer, RedisServer  # noqa: E402


def main(command: list[str]) -> int:
    print("==> starting private PostgreSQL and Redis on loopback", flush=True)
    postgres, redis = PostgresServer().create(), RedisServer().start()
    try:
        env = {
            **os.environ,
            "DATABASE_URL": postgres.url,
            "CARETAKER_AUDIT_ADMIN_URL": postgres.admin_url,
            "REDIS_URL": redis.url,
            # Handles for the tests that kill and restart the servers.
            "CARETAKER_TEST_POSTGRES": postgres.address,
            "CARETAKER_TEST_REDIS": redis.address,
        }
        return subprocess.run(command, env=env).returncode
    finally:
        RedisServer.attached(redis.address).kill()  # a test may have restarted it
        redis.stop()
        postgres.destroy()


if __name__ == "__main__":
    arguments = sys.argv[1:]
    sys.exit(main(arguments[1:] if arguments[:1] == ["--"] else arguments))
