"""Django serves the PWA: the app shell at / and at every client-side route, while /api/,
/admin/, /ws/ and /static/ keep their own handling (an unknown API path stays a JSON 404); the
shell and the built files go out precompressed (brotli, gzip) to clients that accept it, hashed
files cached for ever, the manifest with its own content type."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from django.test import Client, override_settings

import core.views

SHELL = "<!doctype html><title>Ludoteka</title><div id=app></div>"


@pytest.fixture
def built(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    index = tmp_path / "index.html"
    index.write_text(SHELL)
    monkeypatch.setattr(core.views, "PWA_INDEX", index)
    return index


@pytest.mark.parametrize(
    "path",
    ["/", "/matches/42", "/matches/42/replay", "/new", "/settings", "/players/anna", "/x/y/z"],
)
def test_client_routes_get_the_app_shell_never_cached(built: Path, path: str) -> None:
    res = Client().get(path)
    assert res.status_code == 200
    assert b"".join(res.streaming_content).decode() == SHELL
    assert res["Content-Type"].startswith("text/html")
    assert res["Cache-Control"] == "no-cache"


@pytest.mark.django_db
def test_the_servers_own_paths_keep_their_handling(built: Path) -> None:
    c = Client()
    api = c.get("/api/no-such-thing")
    assert api.status_code == 404
    assert api.json()["code"] == "not_found"
    assert c.get("/api/games").json()["results"]
    assert c.get("/admin/").status_code == 302  # the admin's login, not the shell
    assert c.get("/admin").status_code == 301
    assert c.get("/static/nothing.css").status_code == 404
    assert c.get("/ws/matches/1/").status_code == 404


def test_a_missing_file_is_a_404_not_the_shell(built: Path) -> None:
    res = Client().get("/favicon.ico")
    assert res.status_code == 404
    assert Client().post("/matches/1").status_code == 405


def test_without_a_build_the_front_door_points_at_the_api(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(core.views, "PWA_INDEX", tmp_path / "missing.html")
    res = Client().get("/")
    assert res.status_code == 200 and b"/api/docs/" in res.content


def test_the_shell_goes_out_precompressed_to_whoever_accepts_it(built: Path) -> None:
    (built.parent / "index.html.br").write_bytes(b"brotli bytes")
    (built.parent / "index.html.gz").write_bytes(b"gzip bytes")
    c = Client()
    res = c.get("/matches/42", HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert res["Content-Encoding"] == "br"
    assert b"".join(res.streaming_content) == b"brotli bytes"
    assert res["Vary"] == "Accept-Encoding" and res["Cache-Control"] == "no-cache"
    assert res["Content-Type"].startswith("text/html")
    res = c.get("/", HTTP_ACCEPT_ENCODING="gzip")
    assert res["Content-Encoding"] == "gzip"
    assert b"".join(res.streaming_content) == b"gzip bytes"
    res = c.get("/", HTTP_ACCEPT_ENCODING="br;q=0, identity")
    assert "Content-Encoding" not in res
    assert b"".join(res.streaming_content).decode() == SHELL


@pytest.fixture
def dist(tmp_path: Path) -> Iterator[Path]:
    """A build as pwa/build.plugins.ts leaves it: hashed assets with .br and .gz beside them, the
    manifest, served by whitenoise from the site's root (core/settings/base.py)."""
    root = tmp_path / "dist"
    (root / "assets").mkdir(parents=True)
    script = b"console.log('ludoteka');" * 200
    (root / "assets" / "main-Ab12Cd34.js").write_bytes(script)
    (root / "assets" / "main-Ab12Cd34.js.br").write_bytes(b"br:" + script[:50])
    (root / "assets" / "main-Ab12Cd34.js.gz").write_bytes(b"gz:" + script[:80])
    (root / "assets" / "icon-Zz9Yy8Xx.svg").write_bytes(
        b"<svg xmlns='http://www.w3.org/2000/svg'/>"
    )
    (root / "manifest.webmanifest").write_text('{"name": "Ludoteka"}')
    with override_settings(WHITENOISE_ROOT=root, WHITENOISE_AUTOREFRESH=False):
        yield root


def test_built_files_go_out_precompressed_long_cached_and_the_manifest_typed(dist: Path) -> None:
    c = Client()
    res = c.get("/assets/main-Ab12Cd34.js", HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert res.status_code == 200
    assert res["Content-Encoding"] == "br"
    assert b"".join(res.streaming_content) == (dist / "assets" / "main-Ab12Cd34.js.br").read_bytes()
    assert "Accept-Encoding" in res["Vary"]
    assert "immutable" in res["Cache-Control"]
    res = c.get("/assets/main-Ab12Cd34.js", HTTP_ACCEPT_ENCODING="gzip")
    assert res["Content-Encoding"] == "gzip"
    plain = c.get("/assets/main-Ab12Cd34.js")
    assert "Content-Encoding" not in plain
    # Icons under hashed names: cached for ever too.
    icon = c.get("/assets/icon-Zz9Yy8Xx.svg")
    assert icon["Content-Type"] == "image/svg+xml" and "immutable" in icon["Cache-Control"]
    manifest = c.get("/manifest.webmanifest")
    assert manifest["Content-Type"] == "application/manifest+json"
    assert "immutable" not in manifest.get("Cache-Control", "")
