"""The PWA's page weight: gzipped bytes of the shell's first load and of each board chunk.

The first load is what the browser fetches to draw the first screen: index.html, the entry
script with the chunks it imports statically, and their CSS. Board modules (``src/boards/*``)
are loaded on demand when a match of their game opens; each is listed on its own. Reads the
build's ``pwa/dist/.vite/manifest.json`` (run ``bash deploy/build_pwa.sh`` first; ``--build``
does it). Prints one JSON object.

    .venv/bin/python bench/pwa_size.py [--build]
"""

from __future__ import annotations

import argparse
import gzip
import json
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "pwa" / "dist"


def gz(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=9))


def static_closure(manifest: dict[str, Any], key: str) -> set[str]:
    """The manifest keys ``key`` imports statically, itself included."""
    seen: set[str] = set()
    todo = [key]
    while todo:
        k = todo.pop()
        if k in seen:
            continue
        seen.add(k)
        todo.extend(manifest[k].get("imports", []))
    return seen


def files_of(manifest: dict[str, Any], keys: set[str]) -> set[str]:
    files: set[str] = set()
    for k in keys:
        files.add(manifest[k]["file"])
        files.update(manifest[k].get("css", []))
    return files


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", action="store_true", help="Build the PWA first.")
    args = parser.parse_args()
    if args.build:
        subprocess.run(["bash", str(ROOT / "deploy" / "build_pwa.sh")], check=True)
    manifest = json.loads((DIST / ".vite" / "manifest.json").read_text())
    entry = next(k for k, v in manifest.items() if v.get("isEntry") and k.endswith(".html"))
    shell_keys = static_closure(manifest, entry)
    shell_files = sorted(files_of(manifest, shell_keys) | {"index.html"})
    shell = {f: gz(DIST / f) for f in shell_files}
    boards: dict[str, Any] = {}
    for key, chunk in sorted(manifest.items()):
        if not (key.startswith("src/boards/") and chunk.get("isDynamicEntry")):
            continue
        own = files_of(manifest, static_closure(manifest, key) - shell_keys)
        slug = Path(key).stem
        boards[slug] = {
            "gzip_bytes": sum(gz(DIST / f) for f in own),
            "files": sorted(own),
        }
    out = {
        "shell_first_load_gzip_bytes": sum(shell.values()),
        "shell_first_load_gzip_kb": round(sum(shell.values()) / 1024, 1),
        "shell_files": shell,
        "service_worker_gzip_bytes": gz(DIST / "sw.js"),
        "boards": boards,
        "budget_kb": 150,
    }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
