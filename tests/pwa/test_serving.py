"""Django serves the PWA: the app shell at / and at every client-side route, while /api/,
/admin/, /ws/ and /static/ keep their own handling (an unknown API path stays a JSON 404)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.test import Client

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
