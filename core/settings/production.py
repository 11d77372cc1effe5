"""Production: the base settings, refusing to start on the embedded defaults."""

from core.settings.base import *  # noqa: F403
from core.settings.base import DATABASE_URL, REDIS_URL, SECRET_KEY, env

DEBUG = False
if not DATABASE_URL or not REDIS_URL:
    raise environ.ImproperlyConfigured(  # noqa: F405
        "Production needs DATABASE_URL (PostgreSQL) and REDIS_URL."
    )
if SECRET_KEY.startswith("dev-only"):
    raise environ.ImproperlyConfigured("Set DJANGO_SECRET_KEY in production.")  # noqa: F405
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = env.bool("DJANGO_SECURE_COOKIES", default=True)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
