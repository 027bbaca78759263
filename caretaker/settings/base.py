"""Settings from the environment, with embedded defaults that need no outside service:
SQLite, the in-memory channel layer, Celery tasks run eagerly in process."""

import os
from datetime import timedelta
from pathlib import Path

import environ
from csp.constants import NONE, SELF, UNSAFE_INLINE

from speech.options import TranscriptionOptions

BASE_DIR = Path(__file__).resolve().parents[2]
env = environ.Env()
environ.Env.read_env(BASE_DIR / ".env")  # optional; the environment wins

DEBUG = env.bool("DEBUG", default=True)
# Development only: production.py requires SECRET_KEY and refuses to start without it.
SECRET_KEY = env("SECRET_KEY", default="caretaker-development-key-not-for-production")
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1", "[::1]"])
VAR_DIR = Path(env("CARETAKER_VAR_DIR", default=str(BASE_DIR / "var")))

INSTALLED_APPS = [
    "caretaker.server",  # first: its runserver (uvicorn) replaces Django's
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "axes",
    "django_ratelimit",
    "caretaker.wards",
    "caretaker.journal",
    "caretaker.alerts",
    "caretaker.audit",
    "caretaker.rulesets",
    "caretaker.care",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",  # the ASGI server serves none
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Secure by default: every view needs a login unless marked login_not_required.
    "django.contrib.auth.middleware.LoginRequiredMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "axes.middleware.AxesMiddleware",  # last: turns a lockout into its page
]
# Content-Security-Policy: scripts only from the app's own static files (the pages
# have no inline script), sockets and requests to this site, nothing framed.
# Inline styles stay allowed: the vendored editor (CodeMirror) and charts set them.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, UNSAFE_INLINE],
        "img-src": [SELF, "data:", "blob:"],
        "media-src": [SELF, "blob:"],  # the bedside replays its own recording
        "connect-src": [SELF],  # CSP 3: 'self' includes ws(s): to this site
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses locked-out logins
    "django.contrib.auth.backends.ModelBackend",
]

ROOT_URLCONF = "caretaker.urls"
ASGI_APPLICATION = "caretaker.asgi.application"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "frontend" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": env.db(
        "DATABASE_URL", default=f"sqlite:///{VAR_DIR / 'caretaker.sqlite3'}"
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several server/Celery threads write; wait for the lock instead of failing.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"


def redis_channel_layer(url: str) -> dict:
    """The Redis channel layer: Redis pub/sub, which publishes a group message once
    and lets each server process hand it to its own sockets (the list-based layer
    pops one message per socket from Redis: 500 round trips per alert at 500 open
    dashboards). Both deliver at most once; pages resync on connect. The socket
    timeout must exceed channels_redis's 5 s blocking wait (redis-py 8 cuts a read
    at 5 s by default: an idle websocket then crashed)."""
    return {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {"hosts": [{"address": url, "socket_timeout": 30}]},
    }


REDIS_URL = env("REDIS_URL", default="")
if REDIS_URL:
    CHANNEL_LAYERS = {"default": redis_channel_layer(REDIS_URL)}
else:
    CHANNEL_LAYERS = {
        "default": {"BACKEND": "caretaker.channel_layers.InMemoryChannelLayer"}
    }

CELERY_BROKER_URL = env("CELERY_BROKER_URL", default=REDIS_URL or "memory://")
CELERY_TASK_ALWAYS_EAGER = env.bool("CELERY_TASK_ALWAYS_EAGER", default=not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A task that a killed worker never acknowledged goes back to the queue after this
# long (Redis broker); the resume sweep below usually picks the message up sooner.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env.int("CARETAKER_BROKER_VISIBILITY_SECONDS", default=900)
}
# A message unfinished for this long lost its task (killed worker, restarted broker):
# every worker start and a beat run every minute queue it again.
CARETAKER_RESUME_AFTER_SECONDS = env.int("CARETAKER_RESUME_AFTER_SECONDS", default=120)

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
LANGUAGE_CODE = "en-gb"
TIME_ZONE = env("TIME_ZONE", default="Europe/London")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "frontend" / "static"]
STATIC_ROOT = VAR_DIR / "static"
MEDIA_URL = "media/"
MEDIA_ROOT = Path(env("MEDIA_ROOT", default=str(VAR_DIR / "media")))
LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/"

# Brute-force protection (django-axes): a username is locked out from one address
# after AXES_FAILURE_LIMIT failed logins in a row, for AXES_COOLOFF_MINUTES.
AXES_ENABLED = env.bool("AXES_ENABLED", default=True)
AXES_VERBOSE = False  # keeps command output (manage.py say) free of its banner
AXES_FAILURE_LIMIT = env.int("AXES_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("AXES_COOLOFF_MINUTES", default=15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# Proxies in front of the app that append to X-Forwarded-For (caretaker/proxy.py):
# 0 in development (none), 1 in production (the TLS proxy).
CARETAKER_TRUSTED_PROXIES = env.int("CARETAKER_TRUSTED_PROXIES", default=0)
AXES_CLIENT_IP_CALLABLE = "caretaker.proxy.client_ip"
RATELIMIT_IP_META_KEY = "caretaker.proxy.client_ip"
# Rate limits (django-ratelimit) count in the default cache. In development that is
# one process's memory, which is enough for the one web process there; production
# uses Redis, shared by every web process.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
SILENCED_SYSTEM_CHECKS = ["django_ratelimit.E003", "django_ratelimit.W001"]

# caretaker ---------------------------------------------------------------------------
# Rule sets are stored versions (caretaker/rulesets). This directory, when set, is the
# rule set stored as version 1 on first use instead of the shipped default
# (logic/rules/default); it must pass validation.
CARETAKER_RULES_DIR = env("CARETAKER_RULES_DIR", default="")
# Extraction (see docs/extraction.md): backend `llama` (embedded) or `openai` (any
# OpenAI-compatible endpoint, CARETAKER_LLM_BASE_URL/MODEL/API_KEY/CONSTRAINT), the
# embedded model, and the guide mode.
CARETAKER_LLM_BACKEND = env("CARETAKER_LLM_BACKEND", default="llama")
CARETAKER_LLM_EMBEDDED_MODEL = env("CARETAKER_LLM_EMBEDDED_MODEL", default="gemma3")
CARETAKER_LLM_GUIDE = env("CARETAKER_LLM_GUIDE", default="strict")
CARETAKER_LLM_THREADS = env.int("CARETAKER_LLM_THREADS", default=2)
CARETAKER_LLM_BASE_URL = env("CARETAKER_LLM_BASE_URL", default="")
CARETAKER_LLM_MODEL = env("CARETAKER_LLM_MODEL", default="default")
CARETAKER_LLM_API_KEY = env("CARETAKER_LLM_API_KEY", default="not-needed")
CARETAKER_LLM_CONSTRAINT = env("CARETAKER_LLM_CONSTRAINT", default="json_schema")
# Let a capable chat model (the openai backend) reword confirmations; a rewording is
# shown only when it has exactly the confirmation's numbers.
CARETAKER_LLM_WORDING = env.bool("CARETAKER_LLM_WORDING", default=False)
# Speech recognition: the CARETAKER_WHISPER_* variables (README) and the recogniser,
# CARETAKER_ASR_BACKEND (embedded tiny.en, or openai: an OpenAI-compatible server at
# CARETAKER_ASR_BASE_URL with CARETAKER_ASR_MODEL, CARETAKER_ASR_API_KEY and
# CARETAKER_ASR_TIMEOUT), read and checked once here, so a wrong value stops the
# start instead of failing the first message (docs/speech.md).
CARETAKER_TRANSCRIPTION = TranscriptionOptions.from_env(os.environ)
# Whisper and the embedded llama.cpp model run in supervised processes of their own
# (caretaker/modelhost.py): a native crash there fails one step, retried once, and
# never takes down the web server or the worker. Off only to measure what it costs.
CARETAKER_MODEL_ISOLATION = env.bool("CARETAKER_MODEL_ISOLATION", default=True)
# FHIR export (caretaker/journal/fhir.py): the identifier system of the hospital's
# medical record numbers, which Observation.subject carries.
CARETAKER_FHIR_MRN_SYSTEM = env(
    "CARETAKER_FHIR_MRN_SYSTEM", default="urn:caretaker:mrn"
)
# Password reset by e-mail (caretaker/password_reset.py): off where the hospital's
# directory owns passwords; when on, throttled and audited (needs EMAIL_* settings).
CARETAKER_PASSWORD_RESET = env.bool("CARETAKER_PASSWORD_RESET", default=False)
# Request bodies (caretaker/server/body_limit.py): refused with 413 before they are
# read. Every path takes at most CARETAKER_MAX_BODY_BYTES (a form, a rule set); the
# bedside message endpoint takes a recording of up to 10 MB plus its form fields.
CARETAKER_MAX_BODY_BYTES = env.int("CARETAKER_MAX_BODY_BYTES", default=1024 * 1024)
CARETAKER_MAX_UPLOAD_BYTES = env.int(
    "CARETAKER_MAX_UPLOAD_BYTES", default=10 * 1024 * 1024 + 64 * 1024
)
# Messages one user may submit (django-ratelimit rate: count/period).
CARETAKER_MESSAGE_RATE = env("CARETAKER_MESSAGE_RATE", default="30/m")
# Unacknowledged alerts: remind the ward after this long, then escalate to the lead.
CARETAKER_ALERT_RENOTIFY_MINUTES = env.int(
    "CARETAKER_ALERT_RENOTIFY_MINUTES", default=15
)
CARETAKER_ALERT_ESCALATE_MINUTES = env.int(
    "CARETAKER_ALERT_ESCALATE_MINUTES", default=30
)
# Celery beat (`celery -A caretaker beat`): solve every admitted patient again, so
# time rules such as observationsOverdue fire without a new message, and follow up
# unacknowledged alerts. A run that waited longer than its interval is dropped.
CARETAKER_REEVALUATE_SECONDS = env.int("CARETAKER_REEVALUATE_SECONDS", default=300)
CARETAKER_ALERT_FOLLOW_UP_SECONDS = env.int(
    "CARETAKER_ALERT_FOLLOW_UP_SECONDS", default=60
)
CELERY_BEAT_SCHEDULE = {
    "messages-resume": {
        "task": "caretaker.care.tasks.messages_resume_task",
        "schedule": 60.0,
        "options": {"expires": 60},
    },
    "patients-reevaluate": {
        "task": "caretaker.care.tasks.patients_reevaluate",
        "schedule": float(CARETAKER_REEVALUATE_SECONDS),
        "options": {"expires": CARETAKER_REEVALUATE_SECONDS},
    },
    "alerts-follow-up": {
        "task": "caretaker.care.tasks.alerts_follow_up_task",
        "schedule": float(CARETAKER_ALERT_FOLLOW_UP_SECONDS),
        "options": {"expires": CARETAKER_ALERT_FOLLOW_UP_SECONDS},
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", default="INFO")},
}
