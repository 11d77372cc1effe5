"""Production: the base settings with production services, refusing to start on anything weaker.

Chosen by ``core.settings.auto`` (every entry point's default) whenever ``DATABASE_URL`` and
``REDIS_URL`` are both set, or named explicitly. It refuses to start without PostgreSQL and
Redis, without a real ``DJANGO_SECRET_KEY``, or with ``DJANGO_DEBUG`` on; it runs behind a
TLS-terminating proxy that sets ``X-Forwarded-Proto`` (README: Production).
"""

from django.core.exceptions import ImproperlyConfigured

from core.settings.base import *  # noqa: F403
from core.settings.base import DATABASE_URL, DATABASES, DEBUG, REDIS_URL, env

LUDOTEKA_MODE = "production"


def _refuse(message: str) -> None:
    raise ImproperlyConfigured(message)


if DEBUG:
    _refuse("DJANGO_DEBUG must be off in production: the debug pages show settings and code.")
if not DATABASE_URL or not REDIS_URL:
    _refuse("Production needs DATABASE_URL (PostgreSQL) and REDIS_URL.")
if DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
    _refuse("Production needs PostgreSQL in DATABASE_URL (SQLite is the development mode's).")
SECRET_KEY = env.str("DJANGO_SECRET_KEY", default="")
WEAK_KEY_PREFIXES = ("dev-only", "django-insecure", "change-me", "test-only")
if len(SECRET_KEY) < 40 or len(set(SECRET_KEY)) < 10 or SECRET_KEY.startswith(WEAK_KEY_PREFIXES):
    _refuse(
        "Set DJANGO_SECRET_KEY to a long random value (40 characters or more), e.g. "
        "python3 -c 'import secrets; print(secrets.token_urlsafe(50))'."
    )

# TLS ends at the proxy, which says so in X-Forwarded-Proto (and must overwrite a client's).
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("LUDOTEKA_SSL_REDIRECT", default=True)
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SESSION_COOKIE_HTTPONLY = True
SECURE_HSTS_SECONDS = env.int("LUDOTEKA_HSTS_SECONDS", default=31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("LUDOTEKA_HSTS_INCLUDE_SUBDOMAINS", default=False)
SECURE_HSTS_PRELOAD = env.bool("LUDOTEKA_HSTS_PRELOAD", default=False)
# Django's defaults, stated: nosniff, no framing, same-origin referrers and opener.
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
