"""Who is calling: the player signed in on a request, as the project's ``User``.

``request.user`` is typed ``User | AnonymousUser``. The API's default permission
(``IsAuthenticated``) turns anonymous callers away before a view runs, so its views read the
caller here: typed, and checked once more, so that a view that loosened its permissions and
forgot it answers 401 ``not_authenticated`` instead of handing an ``AnonymousUser`` to a service.
"""

from __future__ import annotations

from django.http import HttpRequest
from rest_framework.exceptions import NotAuthenticated
from rest_framework.request import Request

from core.accounts.models import User


def signed_in(request: Request | HttpRequest) -> User:
    """The signed-in caller; ``NotAuthenticated`` (401) for an anonymous one."""
    user = request.user
    if not isinstance(user, User):
        raise NotAuthenticated()
    return user
