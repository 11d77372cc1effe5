"""Settings from the environment, with an embedded default when nothing is set: the development
mode (``core.settings.auto`` picks ``core.settings.production`` on production services).

Unset ``DATABASE_URL`` means SQLite in WAL mode under ``var/``; unset ``REDIS_URL`` means the
in-process channel layer, a local-memory cache and Celery tasks executed in-process. Bad values
fail loudly at start-up. No debug pages unless ``DJANGO_DEBUG=true``.
"""

from __future__ import annotations

import os
import re
import secrets
import time
from datetime import timedelta
from pathlib import Path

import environ

from core.ops.logs import logging_config

BASE_DIR = Path(__file__).resolve().parents[2]
VAR_DIR = BASE_DIR / "var"

env = environ.Env()

LUDOTEKA_MODE = "development"
# Debug pages list every URL pattern and setting: only when the developer asks for them.
DEBUG = env.bool("DJANGO_DEBUG", default=False)


def _development_key() -> str:
    """A key of this installation's own, made on first use in ``var/`` (ignored by git): never
    one published in the repository. Production refuses to start without DJANGO_SECRET_KEY."""
    path = VAR_DIR / "secret-key"
    for _ in range(50):
        try:
            key = path.read_text().strip()
        except FileNotFoundError:
            VAR_DIR.mkdir(exist_ok=True)
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                continue  # another process is writing it
            with os.fdopen(fd, "w") as out:
                out.write(secrets.token_urlsafe(50))
            continue
        if key:
            return key
        time.sleep(0.02)  # created, not yet written
    raise environ.ImproperlyConfigured(f"{path} is empty: delete it or set DJANGO_SECRET_KEY.")


SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="") or _development_key()
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
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI served from our own static files, no CDN
    "axes",  # failed log-ins per account and per address (see AXES_* below)
    "channels",
    "core.accounts",
    "core.eventstore",
    "core.matches",
    "core.notifications",
    "core.push",
    "core.ratings",
    "core.tournaments",
    "core.analysis",  # after core.matches and core.tournaments: it reads both
    "core.admin_inspect",  # after core.matches: its admin extends the match admin
]

MIDDLEWARE = [
    # First: probes and /metrics answered before host checks and HTTPS redirects; timing.
    "core.ops.middleware.Ops",
    "core.csp.ContentSecurityPolicy",  # on every answer below, the fast lane's included
    "core.api.guard.RequestGuard",  # first: it tracks every write, and bounds write requests
    # A token client's moves and legal-command reads, answered without the rest of the chain
    # and DRF's dispatch (core/hotlane/lane.py); anything else goes on down.
    "core.hotlane.lane.FastLane",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "axes.middleware.AxesMiddleware",  # last: the lock-out answer of non-API log-ins (admin)
]
# Axes first: it refuses a locked-out account or address before a password is checked.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
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
# Writes under contention fail fast and truthfully (core/api/guard.py): a write request is
# answered within LUDOTEKA_WRITE_BUDGET seconds of its arrival (503 "busy" with Retry-After,
# nothing applied, once that is spent), and no statement waits longer than
# LUDOTEKA_DB_LOCK_WAIT for a lock or a pooled connection. Together well under a client's
# usual 10 s timeout, so no write is applied after its client gave up.
LUDOTEKA_WRITE_BUDGET = env.float("LUDOTEKA_WRITE_BUDGET", default=5.0)
LUDOTEKA_DB_LOCK_WAIT = env.float("LUDOTEKA_DB_LOCK_WAIT", default=3.0)
if not 0 < LUDOTEKA_DB_LOCK_WAIT <= 60 or not 0 < LUDOTEKA_WRITE_BUDGET <= 60:
    raise environ.ImproperlyConfigured(
        "LUDOTEKA_DB_LOCK_WAIT and LUDOTEKA_WRITE_BUDGET must be within (0, 60] seconds"
    )
# The event store's append is a prepared statement (PostgreSQL). Behind PgBouncer in transaction
# mode that needs PgBouncer 1.21+ with max_prepared_statements > 0; else set this to false.
LUDOTEKA_DB_PREPARE = env.bool("LUDOTEKA_DB_PREPARE", default=True)
DATABASE_URL = env.str("DATABASE_URL", default="")
if DATABASE_URL:
    DATABASES = {"default": env.db_url_config(DATABASE_URL)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        _options = DATABASES["default"].setdefault("OPTIONS", {})
        _lock_ms = int(LUDOTEKA_DB_LOCK_WAIT * 1000)
        _options["options"] = f"{_options.get('options', '')} -c lock_timeout={_lock_ms}".strip()
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env.bool(
        "LUDOTEKA_DB_POOL", default=True
    ):
        # A connection pool, not persistent connections: under ASGI each request may run on
        # another thread, and per-thread persistent connections pile up to "too many clients".
        DATABASES["default"]["CONN_MAX_AGE"] = 0
        DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
            "min_size": env.int("LUDOTEKA_DB_POOL_MIN", default=2),
            "max_size": env.int("LUDOTEKA_DB_POOL_MAX", default=16),
            "timeout": LUDOTEKA_DB_LOCK_WAIT,  # then 503 busy, like a lock wait
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
                "timeout": LUDOTEKA_DB_LOCK_WAIT,  # the busy timeout: then 503 busy
            },
            # Kept per thread across requests: opening a connection (its PRAGMAs and Django's
            # SQL functions) cost a third of the embedded server's CPU per command when each
            # request opened and closed its own (bench/README.md, 2026-11-25). The request
            # threads are a fixed pool (core/hotlane/bridge.py), so the connections are bounded too.
            "CONN_MAX_AGE": 600,
            "CONN_HEALTH_CHECKS": True,
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: channel layer, cache, Celery ------------------------------------------------------
REDIS_URL = env.str("REDIS_URL", default="")
# Keeps two installations (or a CI run beside a developer's) apart on one Redis: the channel
# layer, the cache and the Celery broker's keys all start with it.
REDIS_PREFIX = env.str("LUDOTEKA_REDIS_PREFIX", default="")
if REDIS_URL:
    # Pub/sub: one PUBLISH per announcement, pushed to each process, no per-process queue to
    # overflow (bench/realtime_bench.py). Announcements are hints (a lost one is made good by
    # the next, by the sockets' beat, or by a client's resume), so at-most-once is enough.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                "hosts": [REDIS_URL],
                "prefix": env.str("CHANNELS_PREFIX", REDIS_PREFIX or "ludoteka"),
            },
        }
    }
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": REDIS_PREFIX,
            # One pool per process: else each request (a context of its own under ASGI) opens
            # a new connection to Redis for its throttle check (core/ops/cache.py).
            "OPTIONS": {"pool_class": "core.ops.cache.SharedConnectionPool"},
        }
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
# Celery's Django fixup closes a pool process's database connections before and after every
# task unless told to keep them this many tasks; and in a prefork pool it closes the whole
# connection pool, which the next task opens again (two new PostgreSQL sessions a task: 16 a
# second at 100 moves/s, bench/README.md). core/celery.py hands the connection back to the pool
# around each task instead, as Django does around a request; the fixup never gets to close it.
CELERY_DB_REUSE_MAX = 10**9
CELERY_WORKER_PREFETCH_MULTIPLIER = 1  # with acks_late: a process reserves only the task it runs
# Analyses of finished matches (core/analysis) take up to a minute each: a queue of their own,
# served by a worker of its own (``celery -A core worker -Q analysis``, deploy/), so that live
# bot moves on the default queue never wait behind them.
CELERY_TASK_ROUTES = {"core.analysis.tasks.*": {"queue": "analysis"}}
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env.int("LUDOTEKA_CELERY_VISIBILITY_TIMEOUT", default=3600),
    # A broker that hangs must not hold a request whose transaction has committed: the hand-off
    # gives up (logged; the sweeps recover the work) instead of waiting forever on the socket.
    # Above the worker's 1 s BRPOP poll, with room for a loaded machine.
    "socket_connect_timeout": 2,
    "socket_timeout": env.float("LUDOTEKA_BROKER_SOCKET_TIMEOUT", default=5.0),
}
if REDIS_PREFIX:
    CELERY_BROKER_TRANSPORT_OPTIONS["global_keyprefix"] = f"{REDIS_PREFIX}:"
# One quick retry of a failed publish (a dropped connection), not Celery's default three.
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0.1,
    "interval_step": 0.2,
    "interval_max": 0.2,
}
LUDOTEKA_BOT_STALL_SECONDS = env.float("LUDOTEKA_BOT_STALL_SECONDS", default=120.0)
if CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] < 1 or LUDOTEKA_BOT_STALL_SECONDS <= 0:
    raise environ.ImproperlyConfigured(
        "LUDOTEKA_CELERY_VISIBILITY_TIMEOUT and LUDOTEKA_BOT_STALL_SECONDS must be positive"
    )

EMBEDDED_SERVICES = not DATABASE_URL or not REDIS_URL
# In-process tasks in a server process run on its task thread (core/matches/scheduling.py), so a
# request answers without waiting for the bots' replies; off: in the committing request, before
# its answer (the tests: the bot has moved when a request returns). Commands always run inline.
LUDOTEKA_TASKS_IN_BACKGROUND = env.bool("LUDOTEKA_TASKS_IN_BACKGROUND", default=True)

# --- HTTP (core/asgi.py) ------------------------------------------------------------------------
# "threads": Django's WSGI handler on LUDOTEKA_HTTP_THREADS threads per server process
# (core/hotlane/bridge.py); "asgi": Django's ASGI handler. The sockets are ASGI either way.
LUDOTEKA_HTTP = env.str("LUDOTEKA_HTTP", default="threads")
LUDOTEKA_HTTP_THREADS = env.int("LUDOTEKA_HTTP_THREADS", default=8)
if LUDOTEKA_HTTP not in ("threads", "asgi") or LUDOTEKA_HTTP_THREADS < 1:
    raise environ.ImproperlyConfigured(
        "LUDOTEKA_HTTP must be threads or asgi, LUDOTEKA_HTTP_THREADS at least 1"
    )
# How long a thread holding the GIL keeps it when another wants it (Python's default: 5 ms).
# The event loop (every request's parsing, every socket frame) and every request thread back
# from a database or Redis round trip take the GIL again; behind busy threads each take could
# wait that long. 1 ms: open loop at 100 commands/s on 2 cores, p50 34 -> 20 ms and p99
# 243 -> 141 ms (bench/README.md, issue 42).
LUDOTEKA_GIL_SWITCH_MS = env.float("LUDOTEKA_GIL_SWITCH_MS", default=1.0)
if not 0.1 <= LUDOTEKA_GIL_SWITCH_MS <= 100:
    raise environ.ImproperlyConfigured("LUDOTEKA_GIL_SWITCH_MS must be within [0.1, 100]")
# The garbage collector's thresholds in a server process (Python's defaults: 700, 10, 10). A
# server's long-lived objects (cached match states, recent commits) are allocated at every move
# and promoted to the oldest generation, whose full pass then comes every few seconds under
# load and stops the process for 20-80 ms; the hot requests leave no cycles behind (lane.py's
# _let_go), so a tenth as many full passes hold little garbage (bench/README.md, sixth pass).
LUDOTEKA_GC_THRESHOLDS = tuple(env.list("LUDOTEKA_GC_THRESHOLDS", cast=int, default=[700, 10, 100]))
if len(LUDOTEKA_GC_THRESHOLDS) != 3 or not all(1 <= n <= 1_000_000 for n in LUDOTEKA_GC_THRESHOLDS):
    raise environ.ImproperlyConfigured(
        "LUDOTEKA_GC_THRESHOLDS must be three whole numbers within [1, 1000000], as 700,10,100"
    )

# --- Sockets (realtime/), in seconds ----------------------------------------------------------
REALTIME_AUTH_TIMEOUT = env.float("LUDOTEKA_WS_AUTH_TIMEOUT", default=10.0)
REALTIME_PRESENCE_BEAT = env.float("LUDOTEKA_WS_PRESENCE_BEAT", default=25.0)
REALTIME_OUTBOX_POLL = env.float("LUDOTEKA_WS_OUTBOX_POLL", default=15.0)
# Sockets one user, and one match, may hold open in one server process (realtime/limits.py):
# past either a socket is closed with 4429. Tabs hold two each (the home screen, a match).
REALTIME_MAX_SOCKETS_PER_USER = env.int("LUDOTEKA_WS_MAX_PER_USER", default=20)
REALTIME_MAX_SOCKETS_PER_MATCH = env.int("LUDOTEKA_WS_MAX_PER_MATCH", default=1000)
if REALTIME_MAX_SOCKETS_PER_USER < 1 or REALTIME_MAX_SOCKETS_PER_MATCH < 1:
    raise environ.ImproperlyConfigured("LUDOTEKA_WS_MAX_PER_USER and _PER_MATCH must be positive")

# --- Ludoteka ---------------------------------------------------------------------------------
SNAPSHOT_EVERY = env.int("LUDOTEKA_SNAPSHOT_EVERY", default=50)
# How long a server process trusts an API token it has checked (core/hotlane/tokens.py); 0: never.
# A token revoked through another process keeps working there for at most this long.
LUDOTEKA_TOKEN_CACHE_SECONDS = env.float("LUDOTEKA_TOKEN_CACHE_SECONDS", default=30.0)
# A token unused for this many days stops working (core/accounts/tokens.py); 0: never.
LUDOTEKA_TOKEN_IDLE_DAYS = env.float("LUDOTEKA_TOKEN_IDLE_DAYS", default=90.0)
# How long the links mailed to verify an address or reset a password work (Django's own
# PasswordResetTokenGenerator reads PASSWORD_RESET_TIMEOUT, in seconds).
PASSWORD_RESET_TIMEOUT = int(env.float("LUDOTEKA_ACCOUNT_LINK_HOURS", default=24.0) * 3600)
if LUDOTEKA_TOKEN_IDLE_DAYS < 0 or PASSWORD_RESET_TIMEOUT < 60:
    raise environ.ImproperlyConfigured(
        "LUDOTEKA_TOKEN_IDLE_DAYS must be 0 or more, LUDOTEKA_ACCOUNT_LINK_HOURS at least a minute"
    )
# core/hotlane/lane.py: off only to compare with the full stack (it answers the same).
LUDOTEKA_FAST_LANE = env.bool("LUDOTEKA_FAST_LANE", default=True)
# core/hotlane/throttle.py: the per-user limit in one Redis script; off: DRF's two round trips
# (only to compare, bench/README.md).
LUDOTEKA_THROTTLE_SCRIPT = env.bool("LUDOTEKA_THROTTLE_SCRIPT", default=True)
# The most slots of a generous limit one Redis round trip takes for this process's next requests
# of the same user (core/hotlane/throttle.py says what that costs in exactness); 1: every request
# asks Redis.
LUDOTEKA_THROTTLE_LEASE = env.int("LUDOTEKA_THROTTLE_LEASE", default=8)
if LUDOTEKA_THROTTLE_LEASE < 1:
    raise environ.ImproperlyConfigured("LUDOTEKA_THROTTLE_LEASE must be 1 or more")
STATE_CACHE_SIZE = env.int("LUDOTEKA_STATE_CACHE_SIZE", default=512)
# How long the outbox dispatcher waits to take the commits of the next moments in the same run
# (core/notifications/dispatcher.py); 0: at once, in the committing thread. A tenth of a second
# is nothing to a "your turn" notification, and at 0.02 s the dispatch tasks sent took about 5 %
# of a web process's CPU under bench/api_bench.py's closed loop (py-spy --gil, 2026-11-25).
LUDOTEKA_OUTBOX_BATCH_SECONDS = env.float("LUDOTEKA_OUTBOX_BATCH_SECONDS", default=0.1)
if not 0 <= LUDOTEKA_OUTBOX_BATCH_SECONDS <= 60:
    raise environ.ImproperlyConfigured("LUDOTEKA_OUTBOX_BATCH_SECONDS must be 0 to 60")
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

# --- Client addresses (core/api/clientip.py) ----------------------------------------------------
# How many proxies in front of the web processes set or append X-Forwarded-For: 0 (none, the
# default) counts the TCP peer and ignores the header; behind N proxies only their hops count.
# Every per-address limit (the throttles, the log-in lock-out) follows it.
LUDOTEKA_PROXY_COUNT = env.int("LUDOTEKA_PROXY_COUNT", default=0)
if not 0 <= LUDOTEKA_PROXY_COUNT <= 10:
    raise environ.ImproperlyConfigured("LUDOTEKA_PROXY_COUNT must be 0 to 10")

# --- REST framework ---------------------------------------------------------------------------
REST_FRAMEWORK = {
    "NUM_PROXIES": LUDOTEKA_PROXY_COUNT,
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "core.hotlane.tokens.CachedTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PAGINATION_CLASS": "core.api.pagination.Pagination",
    "PAGE_SIZE": 20,
    "EXCEPTION_HANDLER": "core.api.errors.exception_handler",
    # JSON bodies only: form encodings read a blank field as absent and a repeated one as a
    # list, so what the schema calls invalid would pass (415 for them).
    # Nesting bounded before parsing (core/boundedjson.py): a 400, never a RecursionError.
    "DEFAULT_PARSER_CLASSES": ["core.api.parsers.JSONParser"],
    "DEFAULT_RENDERER_CLASSES": [
        "core.api.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "URL_FORMAT_OVERRIDE": None,  # ?format= is ours (events: json or ndjson)
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_THROTTLE_CLASSES": [
        "rest_framework.throttling.AnonRateThrottle",
        "core.hotlane.throttle.UserRateThrottle",
    ],
    "DEFAULT_THROTTLE_RATES": {
        "anon": env.str("LUDOTEKA_THROTTLE_ANON", default="60/min"),
        "user": env.str("LUDOTEKA_THROTTLE_USER", default="1200/min"),
        "register": env.str("LUDOTEKA_THROTTLE_REGISTER", default="10/hour"),
        # Attempts to register one user name (whoever makes them): no probing a name's fate.
        "register_name": env.str("LUDOTEKA_THROTTLE_REGISTER_NAME", default="5/hour"),
        "chat": env.str("LUDOTEKA_THROTTLE_CHAT", default="30/min"),
        # Hints (core/analysis): each is a second or two of search in the request.
        "hint": env.str("LUDOTEKA_THROTTLE_HINT", default="20/min"),
        # Account mail and passwords (core/accounts/apis.py): a reset asked per address and per
        # account named, a verification link sent again, a current password guessed.
        "password_reset": env.str("LUDOTEKA_THROTTLE_PASSWORD_RESET", default="10/hour"),
        "password_reset_email": env.str("LUDOTEKA_THROTTLE_PASSWORD_RESET_EMAIL", default="3/hour"),
        "account_mail": env.str("LUDOTEKA_THROTTLE_ACCOUNT_MAIL", default="5/hour"),
        "password_check": env.str("LUDOTEKA_THROTTLE_PASSWORD_CHECK", default="10/hour"),
        "account_link": env.str("LUDOTEKA_THROTTLE_ACCOUNT_LINK", default="30/hour"),
        "account_export": env.str("LUDOTEKA_THROTTLE_ACCOUNT_EXPORT", default="10/hour"),
    },
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Ludoteka API",
    "DESCRIPTION": "Asynchronous play of classic euro board games.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI from drf-spectacular-sidecar's static files: pinned with the package, offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Request bodies as components of their own, so that they say what input takes (a text
    # field that may not be blank has minLength 1), which answers need not.
    "COMPONENT_SPLIT_REQUEST": True,
    # One name per choice set that several components share.
    "ENUM_NAME_OVERRIDES": {
        "MatchStatusEnum": "core.matches.models.Match.Status",
        "TournamentStatusEnum": "core.tournaments.models.Tournament.Status",
        "NotificationKindEnum": "core.notifications.models.Kind",
        "NotificationModeEnum": "core.notifications.models.Mode",
        "SeatKindEnum": "core.matches.models.Seat.Kind",
        "SeatStatusEnum": "core.matches.models.Seat.Status",
        "TournamentFormatEnum": "core.tournaments.models.Tournament.Format",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.api.schema.document_pagination",  # every list's page parameters
        "core.api.schema.document_text",  # non-blank text is not only spaces either
        "core.api.schema.document_errors",  # every operation's error answers
    ],
}

# --- Log-in brute force (django-axes) -----------------------------------------------------------
# Failed log-ins are counted per account and, separately, per address: either reaching
# AXES_FAILURE_LIMIT within the cool-off locks it out for AXES_COOLOFF_TIME (429 with
# Retry-After), whatever the password. A success resets the account's count. Only failures
# count, so a player who types their password right is never slowed down. Registration has
# DRF throttles instead (per address, and per requested user name).
AXES_FAILURE_LIMIT = env.int("LUDOTEKA_LOGIN_FAILURES", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.float("LUDOTEKA_LOGIN_COOLOFF_MINUTES", default=15.0))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_HTTP_RESPONSE_CODE = 429
AXES_LOCKOUT_CALLABLE = "core.api.errors.lockout_response"  # the API's JSON 429
AXES_CLIENT_IP_CALLABLE = "core.api.clientip.client_ip"  # the throttles' address, one rule
AXES_DISABLE_ACCESS_LOG = True  # no row per successful log-in
AXES_VERBOSE = False
if AXES_FAILURE_LIMIT < 1 or AXES_COOLOFF_TIME.total_seconds() <= 0:
    raise environ.ImproperlyConfigured("LUDOTEKA_LOGIN_FAILURES and the cool-off must be positive")

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("cs", "Čeština")]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# The built PWA (pwa/dist, from `npm run build`) is served at the site root by whitenoise: its
# hashed files under /assets/ may be cached for ever (as the static files' hashed names, which
# this setting would otherwise stop whitenoise from recognising); index.html goes through
# core.views.home.
PWA_DIST = BASE_DIR / "pwa" / "dist"
WHITENOISE_ROOT = PWA_DIST if PWA_DIST.is_dir() else None
WHITENOISE_IMMUTABLE_FILE_TEST = r"^/assets/|^/static/.+\.[0-9a-f]{12}\.\w+$"
# The web app manifest's own type (whitenoise knows no .webmanifest: application/octet-stream).
# The build writes .br and .gz beside each text file (pwa/build.plugins.ts): whitenoise sends the
# smallest the request's Accept-Encoding allows, with Vary: Accept-Encoding.
WHITENOISE_MIMETYPES = {".webmanifest": "application/manifest+json"}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    # Checks nothing: its password_changed hook revokes every token and session of the account
    # whenever its password changes, wherever from (core/accounts/passwords.py).
    {"NAME": "core.accounts.passwords.RevokeOnPasswordChange"},
]

# LUDOTEKA_LOG_FORMAT: plain ("LEVEL logger: message", the level first, so that an error line
# is an error line to whoever reads the log: CI fails the production run on one) or json (one
# object per line, core/ops/logs.py); either carries the match and command being worked on.
LUDOTEKA_LOG_FORMAT = env.str("LUDOTEKA_LOG_FORMAT", default="plain").strip().lower()
try:
    LOGGING = logging_config(env.str("LOG_LEVEL", default="INFO"), LUDOTEKA_LOG_FORMAT)
except ValueError as _err:
    raise environ.ImproperlyConfigured(str(_err)) from None
# A Celery worker keeps these settings' handlers (and so the JSON lines) instead of its own.
CELERY_WORKER_HIJACK_ROOT_LOGGER = LUDOTEKA_LOG_FORMAT == "plain"

# --- Operations (core/ops/): probes, metrics ----------------------------------------------------
# /metrics requires "Authorization: Bearer <token>" when this is set. In production, without it,
# the public port refuses /metrics (404): serve them on an internal address instead with
# LUDOTEKA_METRICS_BIND (host:port, e.g. 127.0.0.1:9100), a listener of the web process's own.
LUDOTEKA_METRICS_TOKEN = env.str("LUDOTEKA_METRICS_TOKEN", default="")
LUDOTEKA_METRICS_BIND = env.str("LUDOTEKA_METRICS_BIND", default="")
if LUDOTEKA_METRICS_BIND and not re.fullmatch(
    r"\[?[^\s\[\]]*\]?:[0-9]{1,5}", LUDOTEKA_METRICS_BIND
):
    raise environ.ImproperlyConfigured("LUDOTEKA_METRICS_BIND is host:port, e.g. 127.0.0.1:9100")

BOT_BUDGET_SECONDS = env.float("LUDOTEKA_BOT_BUDGET_SECONDS", default=1.0)

# --- Analysis and hints (core/analysis/) -------------------------------------------------------
# Seconds of search per decision point of an analysis; unset: the game's own default
# (games.analysis.DEFAULT_BUDGET_S, at most a minute of one core for a two-player game).
_analysis_budget = env.str("LUDOTEKA_ANALYSIS_BUDGET_S", default="")
ANALYSIS_BUDGET_S: float | None = float(_analysis_budget) if _analysis_budget else None
# Analyse every finished match with people in it (off: only when someone asks for it).
ANALYSIS_ON_FINISH = env.bool("LUDOTEKA_ANALYSIS_ON_FINISH", default=True)
# Seconds a hint searches, in the request that asks (at most 2).
ANALYSIS_HINT_BUDGET_S = env.float("LUDOTEKA_ANALYSIS_HINT_BUDGET_S", default=1.5)
# A cap on search iterations per estimate (tests: a few, so they are quick); unset: none.
_analysis_iterations = env.str("LUDOTEKA_ANALYSIS_MAX_ITERATIONS", default="")
ANALYSIS_MAX_ITERATIONS: int | None = int(_analysis_iterations) if _analysis_iterations else None
if (ANALYSIS_BUDGET_S is not None and ANALYSIS_BUDGET_S <= 0) or not (
    0 < ANALYSIS_HINT_BUDGET_S <= 2
):
    raise environ.ImproperlyConfigured(
        "LUDOTEKA_ANALYSIS_BUDGET_S must be positive and LUDOTEKA_ANALYSIS_HINT_BUDGET_S "
        "between 0 and 2 seconds"
    )
if ANALYSIS_MAX_ITERATIONS is not None and ANALYSIS_MAX_ITERATIONS < 1:
    raise environ.ImproperlyConfigured("LUDOTEKA_ANALYSIS_MAX_ITERATIONS must be 1 or more")

# --- Notifications (core/notifications/) -------------------------------------------------------
# The address the links in emails, pushes and webhooks point to.
LUDOTEKA_SITE_URL = env.str("LUDOTEKA_SITE_URL", default="http://127.0.0.1:8000")
if not re.fullmatch(r"https?://[^/\s?#]+(/[^\s?#]*)?", LUDOTEKA_SITE_URL):
    raise environ.ImproperlyConfigured(
        f"LUDOTEKA_SITE_URL must be the site's address, like https://play.example.org, "
        f"not {LUDOTEKA_SITE_URL!r}: every mailed link starts with it."
    )
# EMAIL_URL, e.g. smtp+tls://user:password@mail.example.org:587; by default mail is printed.
_email = env.email_url("EMAIL_URL", default="consolemail://")
globals().update({key: value for key, value in _email.items() if value is not None})
LUDOTEKA_EMAIL_BACKEND = _email["EMAIL_BACKEND"]
DEFAULT_FROM_EMAIL = env.str("LUDOTEKA_FROM_EMAIL", default="Ludoteka <noreply@localhost>")
LUDOTEKA_WEBHOOK_TIMEOUT = env.float("LUDOTEKA_WEBHOOK_TIMEOUT", default=10.0)
# Webhooks to loopback or private addresses: only for development and tests.
LUDOTEKA_WEBHOOK_ALLOW_PRIVATE = env.bool("LUDOTEKA_WEBHOOK_ALLOW_PRIVATE", default=False)
