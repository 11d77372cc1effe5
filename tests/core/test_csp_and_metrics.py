"""Issue 40, finding 9: no Content-Security-Policy on ``/`` or ``/api``, and ``/metrics``
answered anonymously in production mode. Now every answer carries a strict policy (no inline
script, nothing from elsewhere) and production shows the metrics only for a token or on an
internal listener."""

from __future__ import annotations

import re
import socket
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client

from core import csp
from core.accounts.services import user_token
from core.hotlane.tokens import token_cache
from core.matches import services
from core.ops.metrics import serve_on_bind
from tests.conftest import make_user


def _script_src(policy: str) -> str:
    [directive] = [d.strip() for d in policy.split(";") if d.strip().startswith("script-src")]
    return directive


def _strict(policy: str) -> None:
    assert _script_src(policy) == "script-src 'self'", policy
    for directive in ("default-src 'self'", "object-src 'none'", "frame-ancestors 'none'"):
        assert directive in policy, policy
    assert "unsafe-eval" not in policy and "*" not in policy and "http" not in policy


def _style_src(policy: str) -> str:
    [directive] = [d.strip() for d in policy.split(";") if d.strip().startswith("style-src")]
    return directive


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/matches/42", "/settings", "/api/games", "/api/docs/"])
def test_every_page_and_api_answer_has_a_strict_policy(path: str) -> None:
    res = Client().get(path)
    assert res.status_code == 200, (path, res.status_code)
    _strict(res["Content-Security-Policy"])


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/matches/42", "/settings", "/api/games"])
def test_the_app_and_the_api_allow_no_inline_style(path: str) -> None:
    # The boards' styles are files (tests/pwa/test_csp.py runs every board under this policy).
    res = Client().get(path)
    assert _style_src(res["Content-Security-Policy"]) == "style-src 'self'", path


@pytest.mark.django_db
def test_only_the_packages_html_pages_get_inline_styles(admin_client: Client) -> None:
    docs = Client().get("/api/docs/")
    assert _style_src(docs["Content-Security-Policy"]) == "style-src 'self' 'unsafe-inline'"
    admin = admin_client.get("/admin/")
    assert admin.status_code == 200
    _strict(admin["Content-Security-Policy"])
    assert "'unsafe-inline'" in _style_src(admin["Content-Security-Policy"])
    assert "'unsafe-inline'" not in _style_src(
        Client().get("/api/games")["Content-Security-Policy"]
    )


@pytest.fixture
def tokens() -> Iterator[None]:
    token_cache.clear()
    cache.clear()
    yield
    token_cache.clear()


@pytest.mark.django_db
def test_the_fast_lanes_answers_carry_the_policy_too(race_game: str, tokens: None) -> None:
    alice, bob = make_user(), make_user()
    match = services.match_create(
        user=alice,
        game=race_game,
        n_players=2,
        seats=[services.SeatSpec("me"), services.SeatSpec("user", username=bob.username)],
    )
    services.match_join(match_id=match.pk, user=bob)
    auth = f"Token {user_token(user=alice)}"
    for _ in range(2):  # the second takes the fast lane (the first fills the token cache)
        res = Client().get(f"/api/matches/{match.pk}/legal", HTTP_AUTHORIZATION=auth)
        assert res.status_code == 200
        _strict(res["Content-Security-Policy"])


@pytest.mark.django_db
def test_the_api_documentation_runs_no_inline_script() -> None:
    page = Client().get("/api/docs/").content.decode()
    scripts = re.findall(r"<script([^>]*)>", page)
    assert scripts and all("src=" in attrs for attrs in scripts), scripts
    init = Client().get("/api/docs/?script=")
    assert init.status_code == 200 and "SwaggerUIBundle" in init.content.decode()


def test_the_policy_names_only_this_site() -> None:
    for policy in (csp.POLICY, csp.TEMPLATE_POLICY):
        _strict(policy)
        assert "'unsafe-inline'" not in _script_src(policy)


# --- /metrics --------------------------------------------------------------------------------


@pytest.mark.django_db
def test_production_refuses_metrics_to_the_public(settings: Any) -> None:
    settings.LUDOTEKA_MODE = "production"
    settings.LUDOTEKA_METRICS_TOKEN = ""
    res = Client().get("/metrics")
    assert res.status_code == 404
    assert b"ludoteka_" not in res.content


@pytest.mark.django_db
def test_production_shows_metrics_for_the_token(settings: Any) -> None:
    settings.LUDOTEKA_MODE = "production"
    settings.LUDOTEKA_METRICS_TOKEN = "s3cret-metrics"
    assert Client().get("/metrics").status_code == 401
    res = Client().get("/metrics", HTTP_AUTHORIZATION="Bearer s3cret-metrics")
    assert res.status_code == 200 and b"ludoteka_" in res.content


def test_the_internal_listener_serves_the_metrics() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert serve_on_bind(f"127.0.0.1:{port}")
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as res:
        assert b"ludoteka_" in res.read()
    assert not serve_on_bind(f"127.0.0.1:{port}")  # taken: another process of the host has it
