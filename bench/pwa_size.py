"""The PWA's page weight: the bytes of the first load on the wire, request by request.

The first load is what a browser fetches to draw the first screen of a new visitor: the page
(index.html), the entry script with the chunks it imports statically and their CSS, the
manifest and the icon the page links, and the service worker it registers. Board modules
(``src/boards/*``) are fetched when a match of their game opens; each is listed on its own.

The server sends the build's precompressed siblings (``.br``, ``.gz``, written at build time by
``pwa/build.plugins.ts``) to a client that accepts them, else the file itself. Without
``--url`` the figures are those files' sizes (the bodies exactly as sent); with ``--url`` each
request is made to a running server with ``Accept-Encoding: br`` and then ``gzip``, and the
bytes that came back are counted, headers included, with the encoding the server chose.
Reads the build's ``pwa/dist/.vite/manifest.json`` (run ``bash deploy/build_pwa.sh`` first;
``--build`` does it). Prints one JSON object.

    .venv/bin/python bench/pwa_size.py [--build] [--url http://127.0.0.1:8000]
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
import subprocess
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "pwa" / "dist"
ENCODINGS = ("br", "gzip")
SUFFIX = {"br": ".br", "gzip": ".gz"}


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


def linked_from_page(html: str) -> list[str]:
    """The files index.html makes a browser fetch by itself: its manifest and its icon (not the
    apple-touch-icon, which only a home screen asks for)."""
    links = re.findall(r'<link[^>]+rel="(?:manifest|icon)"[^>]*>', html)
    return [m.group(1).lstrip("/") for link in links if (m := re.search(r'href="([^"]+)"', link))]


def sent(path: Path) -> dict[str, int]:
    """The body sent for ``path`` without compression and with each encoding (the file itself
    where the build wrote no smaller sibling)."""
    raw = path.stat().st_size
    out = {"identity": raw}
    for enc in ENCODINGS:
        sibling = path.with_name(path.name + SUFFIX[enc])
        out[enc] = sibling.stat().st_size if sibling.exists() else raw
    return out


def measured(url: str, path: str) -> dict[str, Any]:
    """One request per encoding to a running server: the encoding it chose, the body's bytes
    and the bytes on the wire (status line and headers included)."""
    parts = urlsplit(url)
    out: dict[str, Any] = {}
    for enc in (*ENCODINGS, "identity"):
        https = parts.scheme == "https"
        connection = http.client.HTTPSConnection if https else http.client.HTTPConnection
        conn = connection(parts.netloc, timeout=30)
        try:
            conn.request("GET", "/" + path, headers={"Accept-Encoding": enc})
            res = conn.getresponse()
            body = res.read()
            head = len(f"HTTP/1.1 {res.status} {res.reason}\r\n") + sum(
                len(f"{k}: {v}\r\n") for k, v in res.getheaders()
            )
            out[enc] = {
                "status": res.status,
                "content_encoding": res.getheader("Content-Encoding") or "identity",
                "content_type": res.getheader("Content-Type"),
                "body_bytes": len(body),
                "wire_bytes": head + 2 + len(body),
            }
        finally:
            conn.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", action="store_true", help="Build the PWA first.")
    parser.add_argument("--url", help="Measure against this running server instead of the files.")
    args = parser.parse_args()
    if args.build:
        subprocess.run(["bash", str(ROOT / "deploy" / "build_pwa.sh")], check=True)
    manifest = json.loads((DIST / ".vite" / "manifest.json").read_text())
    entry = next(k for k, v in manifest.items() if v.get("isEntry") and k.endswith(".html"))
    shell_keys = static_closure(manifest, entry)
    page = (DIST / "index.html").read_text()
    first = ["index.html", *sorted(files_of(manifest, shell_keys) - {"index.html"})]
    first += [f for f in linked_from_page(page) if f not in first]
    first.append("sw.js")
    requests = []
    for f in first:
        row: dict[str, Any] = {"path": "/" if f == "index.html" else "/" + f, **sent(DIST / f)}
        if args.url:
            row["measured"] = measured(args.url, "" if f == "index.html" else f)
        requests.append(row)
    total = {enc: sum(r[enc] for r in requests) for enc in ("identity", *ENCODINGS)}
    boards: dict[str, Any] = {}
    for key, chunk in sorted(manifest.items()):
        if not (key.startswith("src/boards/") and chunk.get("isDynamicEntry")):
            continue
        own = sorted(files_of(manifest, static_closure(manifest, key) - shell_keys))
        sizes = [sent(DIST / f) for f in own]
        boards[Path(key).stem] = {
            "files": own,
            **{f"{enc}_bytes": sum(s[enc] for s in sizes) for enc in ("identity", *ENCODINGS)},
        }
    out: dict[str, Any] = {
        "first_load": {
            "requests": requests,
            "total_bytes": total,
            "total_kb": {enc: round(n / 1024, 1) for enc, n in total.items()},
        },
        "boards": boards,
        "budget_kb": 150,
    }
    if args.url:
        out["first_load"]["measured_wire_bytes"] = {
            enc: sum(r["measured"][enc]["wire_bytes"] for r in requests)
            for enc in (*ENCODINGS, "identity")
        }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
