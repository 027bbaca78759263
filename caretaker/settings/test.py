"""Test settings: the embedded defaults, or the real services when DATABASE_URL and
REDIS_URL are set (CI runs the suite both ways)."""

import tempfile
from pathlib import Path

from caretaker.settings.base import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast logins
MEDIA_ROOT = Path(tempfile.mkdtemp(prefix="caretaker-media-"))
# django-axes needs the request in authenticate(), which the test client's login()
# does not pass; tests log in with force_login, and the lockout tests switch it on.
AXES_ENABLED = False
