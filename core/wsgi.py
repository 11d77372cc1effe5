"""WSGI entry point: the REST API alone, for a WSGI server (``granian --interface wsgi``).

Sockets need ASGI (core/asgi.py); a deployment that serves the API from a WSGI server routes
``/ws/`` to an ASGI one. The process is prepared as core/asgi.py prepares its own.
"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "core.settings.auto")
application = get_wsgi_application()

from core.ops.startup import ready_to_serve  # noqa: E402

ready_to_serve()
