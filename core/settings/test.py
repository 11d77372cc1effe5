"""Test settings: the base settings with fast hashing and no throttling surprises.

``DATABASE_URL`` picks the database as everywhere else (deploy/test.sh runs the suite on
PostgreSQL when it is up, and the store and pipeline tests once more on SQLite).
"""

from core.settings.base import *  # noqa: F403
from core.settings.base import REST_FRAMEWORK

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CELERY_TASK_ALWAYS_EAGER = True
REST_FRAMEWORK = {
    **REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": {
        "anon": "1000/min",
        "user": "100000/min",
        "register": "1000/min",
        "chat": "1000/min",
    },
}
SNAPSHOT_EVERY = 10
BOT_BUDGET_SECONDS = 0.02
