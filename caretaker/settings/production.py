"""Production settings: every secret and service comes from the environment, and the
app refuses to start without them.

Required: SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL (PostgreSQL only), REDIS_URL.
"""

from django.core.exceptions import ImproperlyConfigured

from caretaker.settings.base import *  # noqa: F403
from caretaker.settings.base import env


def _required(name: str) -> str:
    value: str = env(name, default="")
    if not value:
        raise ImproperlyConfigured(
            f"{name} is not set. caretaker.settings.production refuses to start "
            f"without it; set the {name} environment variable (see the README, "
            "'Production')."
        )
    return value


DEBUG = False
SECRET_KEY = _required("SECRET_KEY")
ALLOWED_HOSTS = [h.strip() for h in _required("ALLOWED_HOSTS").split(",") if h.strip()]
CSRF_TRUSTED_ORIGINS = env.list(
    "CSRF_TRUSTED_ORIGINS",
    default=[f"https://{host}" for host in ALLOWED_HOSTS if not host.startswith(".")],
)
DATABASES = {"default": env.db_url_config(_required("DATABASE_URL"))}
# The audit trail is append-only for the app's own role only on PostgreSQL (roles and
# ownership, docs/security.md); SQLite's triggers are a best effort any connection
# can drop.
if DATABASES["default"]["ENGINE"] not in (
    "django.db.backends.postgresql",
    "django.contrib.gis.db.backends.postgis",
):
    raise ImproperlyConfigured(
        f"DATABASE_URL names a {DATABASES['default']['ENGINE'].rsplit('.', 1)[-1]} "
        "database; caretaker.settings.production runs on PostgreSQL only, which keeps "
        "the audit trail out of the app's reach. Set DATABASE_URL to "
        "postgres://USER:PASSWORD@HOST:5432/NAME (see docs/security.md, 'Audit trail')."
    )
DATABASES["default"]["CONN_MAX_AGE"] = env.int("CONN_MAX_AGE", default=60)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True

REDIS_URL = _required("REDIS_URL")
CHANNEL_LAYERS = {"default": redis_channel_layer(REDIS_URL)}  # noqa: F405
# Rate limits and login lockouts are counted where every web process sees them.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": env("CACHE_URL", default=REDIS_URL),
    }
}
# Django's own Redis cache increments atomically; django-ratelimit lists only
# third-party Redis caches, hence its warning.
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.W001"]
CELERY_BROKER_URL = env("CELERY_BROKER_URL", default=REDIS_URL)
CELERY_TASK_ALWAYS_EAGER = False

# HTTPS only, behind a TLS-terminating proxy that sets X-Forwarded-Proto.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=True)
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
SESSION_COOKIE_NAME = "__Host-sessionid"  # sent only over HTTPS, to this host only
CSRF_COOKIE_NAME = "__Host-csrftoken"
SESSION_COOKIE_AGE = env.int("SESSION_COOKIE_AGE", default=12 * 3600)  # one shift
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# One TLS proxy in front (docker/compose.yaml's, or the hospital's): login lockout and
# rate limits count the client's address it forwards, not its own.
CARETAKER_TRUSTED_PROXIES = env.int("CARETAKER_TRUSTED_PROXIES", default=1)
