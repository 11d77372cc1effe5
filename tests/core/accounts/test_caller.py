"""The caller of a view, typed: the signed-in user, or a 401 for an anonymous one."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory
from rest_framework.exceptions import NotAuthenticated

from core.accounts.caller import signed_in
from tests.conftest import make_user


@pytest.mark.django_db
def test_the_signed_in_user_is_the_caller() -> None:
    request = RequestFactory().get("/")
    request.user = user = make_user()
    assert signed_in(request) == user


def test_an_anonymous_caller_is_refused_with_401() -> None:
    request = RequestFactory().get("/")
    request.user = AnonymousUser()
    with pytest.raises(NotAuthenticated):
        signed_in(request)
