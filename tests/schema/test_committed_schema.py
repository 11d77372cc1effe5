"""The OpenAPI schema committed beside the PWA (``pwa/src/api/schema.json``, from which
``schema.d.ts`` is generated) is the one the server describes now. A difference: run
``deploy/gen_api_types.sh`` and commit what it writes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMMITTED = ROOT / "pwa" / "src" / "api" / "schema.json"
# The integer fields' bounds follow the database backend; the committed dump is PostgreSQL's
# (production's). Dumping opens no connection, so the server need not be up.
DUMP_DATABASE = "postgres://postgres@127.0.0.1:5432/postgres"


def _dump(path: Path) -> dict:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "core.settings.test",
        "DATABASE_URL": DUMP_DATABASE,
    }
    command = ["manage.py", "spectacular", "--format", "openapi-json", "--file", str(path)]
    subprocess.run([sys.executable, *command], cwd=ROOT, env=env, check=True, capture_output=True)
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_committed_openapi_schema_is_current(tmp_path: Path) -> None:
    now = _dump(tmp_path / "schema.json")
    committed = json.loads(COMMITTED.read_text(encoding="utf-8"))
    now_schemas, old_schemas = now["components"]["schemas"], committed["components"]["schemas"]
    stale = sorted(set(now["paths"]) ^ set(committed["paths"]))
    stale += sorted(
        n
        for n in now_schemas.keys() | old_schemas.keys()
        if now_schemas.get(n) != old_schemas.get(n)
    )
    assert not stale, (
        f"pwa/src/api/schema.json is stale ({stale[:10]}): run deploy/gen_api_types.sh"
    )
    assert now == committed, "pwa/src/api/schema.json is stale: run deploy/gen_api_types.sh"
