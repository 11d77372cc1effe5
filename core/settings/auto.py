"""The settings every entry point starts with (manage.py, ASGI, WSGI, Celery), unless
``DJANGO_SETTINGS_MODULE`` names others.

The mode is explicit: ``LUDOTEKA_MODE=production`` or ``development``. Unset, it is production
when ``DATABASE_URL`` and ``REDIS_URL`` are both set (production services mean production
rules: ``core.settings.production`` refuses to start on anything weaker), and the embedded
development mode otherwise (``core.settings.base``: SQLite, in-process layer and tasks, no
debug pages unless ``DJANGO_DEBUG=true``). deploy/serve.sh says which at start-up.
"""

import os

_mode = os.environ.get("LUDOTEKA_MODE", "").strip().lower()
if not _mode:
    _services = os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL")
    _mode = "production" if _services else "development"
if _mode == "production":
    from core.settings.production import *  # noqa: F403
elif _mode == "development":
    from core.settings.base import *  # noqa: F403
else:
    from django.core.exceptions import ImproperlyConfigured

    raise ImproperlyConfigured(f"LUDOTEKA_MODE is production or development, not {_mode!r}.")
