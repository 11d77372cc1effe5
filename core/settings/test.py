"""Test settings: the base settings with fast hashing and no throttling surprises.

``DATABASE_URL`` picks the database as everywhere else (deploy/test.sh runs the suite on
PostgreSQL when it is up, and the store and pipeline tests once more on SQLite).
"""

from core.settings.base import *  # noqa: F403
from core.settings.base import DATABASES, REST_FRAMEWORK

# No connection pool in tests: test fixtures terminate and flush connections between tests,
# which a pool would hand out again broken. One connection per test thread, as Django expects.
if DATABASES["default"].get("OPTIONS", {}).pop("pool", None) is not None:
    DATABASES["default"]["CONN_MAX_AGE"] = 60

SECRET_KEY = "test-only-key-not-secret-0123456789abcdefghijklmnopqrstuvwxyz"
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CELERY_TASK_ALWAYS_EAGER = True
LUDOTEKA_TASKS_IN_BACKGROUND = False  # a request returns after the bots it woke have moved
# The outbox dispatched in the committing thread: a test's notifications exist when its request
# returns (tests/core/notifications/test_dispatcher.py runs the batching thread).
LUDOTEKA_OUTBOX_BATCH_SECONDS = 0.0
REST_FRAMEWORK = {
    **REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": {
        "anon": "1000/min",
        "user": "100000/min",
        "register": "1000/min",
        "register_name": "1000/min",
        "chat": "1000/min",
        "hint": "1000/min",
        "password_reset": "1000/min",
        "password_reset_email": "1000/min",
        "account_mail": "1000/min",
        "password_check": "1000/min",
        "account_link": "1000/min",
        "account_export": "1000/min",
    },
}
SNAPSHOT_EVERY = 10
BOT_BUDGET_SECONDS = 0.02
# Analyses and hints: a few search iterations (core/analysis), so a finished match costs little;
# and none unasked, so that the suite's many finished matches do not each run one
# (tests/core/analysis turns it on).
ANALYSIS_ON_FINISH = False
ANALYSIS_BUDGET_S = 0.01
ANALYSIS_HINT_BUDGET_S = 0.05
ANALYSIS_MAX_ITERATIONS = 8
