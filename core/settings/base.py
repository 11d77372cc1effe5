"""Settings from the environment, with an embedded default when nothing is set.

Unset ``DATABASE_URL`` means SQLite in WAL mode under ``var/``; unset ``REDIS_URL`` means the
in-process channel layer, a local-memory cache and Celery tasks executed in-process. Bad values
fail loudly at start-up.
"""

from __future__ import annotations

from pathlib import Path

import environ

BASE_DIR = Path(__file__).resolve().parents[2]
VAR_DIR = BASE_DIR / "var"

env = environ.Env()

DEBUG = env.bool("DJANGO_DEBUG", default=True)
SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="dev-only-not-secret-change-me-in-production")
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "testserver"])
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "channels",
    "core.accounts",
    "core.eventstore",
    "core.matches",
    "core.notifications",
    "core.push",
    "core.ratings",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "core.urls"
ASGI_APPLICATION = "core.asgi.application"
WSGI_APPLICATION = "core.wsgi.application"
AUTH_USER_MODEL = "accounts.User"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ]
        },
    }
]

# --- Database ---------------------------------------------------------------------------------
DATABASE_URL = env.str("DATABASE_URL", default="")
if DATABASE_URL:
    DATABASES = {"default": env.db_url_config(DATABASE_URL)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env.bool(
        "LUDOTEKA_DB_POOL", default=True
    ):
        # A connection pool, not persistent connections: under ASGI each request may run on
        # another thread, and per-thread persistent connections pile up to "too many clients".
        DATABASES["default"]["CONN_MAX_AGE"] = 0
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": env.int("LUDOTEKA_DB_POOL_MIN", default=2),
            "max_size": env.int("LUDOTEKA_DB_POOL_MAX", default=16),
            "timeout": 10,
        }
    else:
        DATABASES["default"].setdefault("CONN_MAX_AGE", 60)
        DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
else:
    VAR_DIR.mkdir(exist_ok=True)
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": env.str("SQLITE_PATH", default=str(VAR_DIR / "ludoteka.sqlite3")),
            "OPTIONS": {
                # WAL lets readers run beside the single writer; IMMEDIATE takes the write lock at
                # BEGIN so two commands never deadlock upgrading a read lock.
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
            },
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: channel layer, cache, Celery ------------------------------------------------------
REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    # Pub/sub: one PUBLISH per announcement, pushed to each process, no per-process queue to
    # overflow (bench/realtime_bench.py). Announcements are hints (a lost one is made good by
    # the next, by the sockets' beat, or by a client's resume), so at-most-once is enough.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [REDIS_URL], "prefix": env.str("CHANNELS_PREFIX", "ludoteka")},
        }
    }
    CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL}
    }
    CELERY_BROKER_URL = env.str("CELERY_BROKER_URL", default=REDIS_URL)
    CELERY_RESULT_BACKEND = env.str("CELERY_RESULT_BACKEND", default=REDIS_URL)
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    CELERY_BROKER_URL = "memory://"
    CELERY_RESULT_BACKEND = None
    CELERY_TASK_ALWAYS_EAGER = True  # embedded default: tasks run in-process
# acks_late: a task is acknowledged when it ends, so one lost with its worker runs again. A pool
# process that dies has its task requeued at once (reject_on_worker_lost); a whole worker killed
# leaves the message unacknowledged, and Redis hands it out again after visibility_timeout
# seconds. That must exceed the longest a delivered task waits and runs, and a task held for its
# ETA is waiting: scheduling.run_at sends only ETAs within half of it (the beat sweep enforces
# later deadlines), else Redis would redeliver it over and over. Sooner than that, the sweep
# asks again for a bot move that has stalled for LUDOTEKA_BOT_STALL_SECONDS.
CELERY_TASK_ACKS_LATE = True
# Nothing waits on a task's return value: the database is the record of what happened.
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1  # with acks_late: a process reserves only the task it runs
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env.int("LUDOTEKA_CELERY_VISIBILITY_TIMEOUT", default=3600)
}
LUDOTEKA_BOT_STALL_SECONDS = env.float("LUDOTEKA_BOT_STALL_SECONDS", default=120.0)
if CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] < 1 or LUDOTEKA_BOT_STALL_SECONDS <= 0:
    raise environ.ImproperlyConfigured(
        "LUDOTEKA_CELERY_VISIBILITY_TIMEOUT and LUDOTEKA_BOT_STALL_SECONDS must be positive"
    )

EMBEDDED_SERVICES = not DATABASE_URL or not REDIS_URL

# --- Sockets (realtime/), in seconds ----------------------------------------------------------
REALTIME_AUTH_TIMEOUT = env.float("LUDOTEKA_WS_AUTH_TIMEOUT", default=10.0)
REALTIME_PRESENCE_BEAT = env.float("LUDOTEKA_WS_PRESENCE_BEAT", default=25.0)
REALTIME_OUTBOX_POLL = env.float("LUDOTEKA_WS_OUTBOX_POLL", default=15.0)

# --- Ludoteka ---------------------------------------------------------------------------------
SNAPSHOT_EVERY = env.int("LUDOTEKA_SNAPSHOT_EVERY", default=50)
STATE_CACHE_SIZE = env.int("LUDOTEKA_STATE_CACHE_SIZE", default=512)
if SNAPSHOT_EVERY < 1:
    raise environ.ImproperlyConfigured("LUDOTEKA_SNAPSHOT_EVERY must be at least 1")

# --- Web Push (core/push/) -------------------------------------------------------------------
# Unset key: a development pair generated on first use in var/vapid-dev.json.
PUSH_VAPID_PRIVATE_KEY = env.str("LUDOTEKA_VAPID_PRIVATE_KEY", default="")
PUSH_VAPID_SUBJECT = env.str("LUDOTEKA_VAPID_SUBJECT", default="")
PUSH_VAPID_DEV_FILE = VAR_DIR / "vapid-dev.json"
PUSH_TIMEOUT = env.float("LUDOTEKA_PUSH_TIMEOUT", default=10.0)
# Plain-http and private-network endpoints: only for a local test push service.
PUSH_ALLOW_INSECURE_ENDPOINTS = env.bool("LUDOTEKA_PUSH_ALLOW_INSECURE_ENDPOINTS", default=False)
if not 0 < PUSH_TIMEOUT <= 60:
    raise environ.ImproperlyConfigured("LUDOTEKA_PUSH_TIMEOUT must be within (0, 60] seconds")

# --- REST framework ---------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PAGINATION_CLASS": "core.api.pagination.Pagination",
    "PAGE_SIZE": 20,
    "EXCEPTION_HANDLER": "core.api.errors.exception_handler",
    "URL_FORMAT_OVERRIDE": None,  # ?format= is ours (events: json or ndjson)
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.AnonRateThrottle",
        "rest_framework.throttling.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env.str("LUDOTEKA_THROTTLE_ANON", default="60/min"),
        "user": env.str("LUDOTEKA_THROTTLE_USER", default="1200/min"),
        "register": env.str("LUDOTEKA_THROTTLE_REGISTER", default="10/hour"),
        "chat": env.str("LUDOTEKA_THROTTLE_CHAT", default="30/min"),
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Ludoteka API",
    "DESCRIPTION": "Asynchronous play of classic euro board games.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
}

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("cs", "Čeština")]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="INFO")},
}

BOT_BUDGET_SECONDS = env.float("LUDOTEKA_BOT_BUDGET_SECONDS", default=1.0)

# --- Notifications (core/notifications/) -------------------------------------------------------
# The address the links in emails, pushes and webhooks point to.
LUDOTEKA_SITE_URL = env.str("LUDOTEKA_SITE_URL", default="http://127.0.0.1:8000")
# EMAIL_URL, e.g. smtp+tls://user:password@mail.example.org:587; by default mail is printed.
_email = env.email_url("EMAIL_URL", default="consolemail://")
globals().update({key: value for key, value in _email.items() if value is not None})
LUDOTEKA_EMAIL_BACKEND = _email["EMAIL_BACKEND"]
DEFAULT_FROM_EMAIL = env.str("LUDOTEKA_FROM_EMAIL", default="Ludoteka <noreply@localhost>")
LUDOTEKA_WEBHOOK_TIMEOUT = env.float("LUDOTEKA_WEBHOOK_TIMEOUT", default=10.0)
# Webhooks to loopback or private addresses: only for development and tests.
LUDOTEKA_WEBHOOK_ALLOW_PRIVATE = env.bool("LUDOTEKA_WEBHOOK_ALLOW_PRIVATE", default=False)
