"""One ASGI server process with the platform tests' game registered, for the multi-process tests.

    python -m tests.realtime.server PORT

The environment picks the database and Redis (``SQLITE_PATH``/``DATABASE_URL``, ``REDIS_URL``,
``CHANNELS_PREFIX``) exactly as for the real server.
"""

from __future__ import annotations

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "core.settings.test")
    from games import registry

    registry.GAME_MODULES["race"] = "tests.core.fake_engine"
    import uvicorn

    uvicorn.run(
        "core.asgi:application",
        host="127.0.0.1",
        port=int(sys.argv[1]),
        log_level="warning",
        lifespan="off",
    )


if __name__ == "__main__":
    main()
